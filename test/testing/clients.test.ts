import { describe, expect, it } from 'vitest';
import { stockSeed } from '../helpers/seeds.js';
import { BASE64URL, HEX24, seedStructure, useHarness } from './harness.js';

describe('clients, reporting entities, portfolios (shapes not shown: attributes kept as given)', () => {
  const h = useHarness();

  it('creates, reads, lists, PATCHes (merge, 204) and deletes a client', async () => {
    const created = await h.post('/api/v2/clients', {
      data: { type: 'client', attributes: { name: 'Berg', segment: 'family-office' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: created.body.data.id,
      type: 'client',
      attributes: { name: 'Berg', segment: 'family-office' },
    });
    expect(created.body.data.id).toMatch(HEX24);
    const id = created.body.data.id;
    expect(
      (await h.patch(`/api/v2/clients/${id}`, { data: { id, type: 'client', attributes: { name: 'Berg AB' } } }))
        .status,
    ).toBe(204);
    expect((await h.get(`/api/v2/clients/${id}`)).body.data.attributes).toEqual({
      name: 'Berg AB',
      segment: 'family-office',
    });
    expect((await h.get('/api/v2/clients')).body.data).toHaveLength(1);
    expect((await h.post('/api/v2/clients', { data: { type: 'legal-entity', attributes: {} } })).status).toBe(409);
    expect((await h.del(`/api/v2/clients/${id}`)).status).toBe(204);
  });

  it('refuses a relationship in a create of a client, reporting entity or portfolio (400 naming it), storing nothing', async () => {
    const { client, reportingEntity: entity } = seedStructure(h.mock);
    const portfolios = h.mock.store.portfolios.size;
    const cases = [
      ['/api/v2/clients', 'client', 'owner'],
      [`/api/v2/clients/${client.id}/reporting-entities`, 'reporting-entity', 'client'],
      [`/api/v2/reporting-entities/${entity.id}/portfolios`, 'portfolio', 'client'],
    ] as const;
    for (const [path, type, name] of cases) {
      const res = await h.post(path, {
        data: {
          type,
          attributes: { name: 'X' },
          relationships: { [name]: { data: { type: 'client', id: client.id } } },
        },
      });
      expect([res.status, res.body.errors[0].detail]).toEqual([
        400,
        `data.relationships.${name} is not a relationship of ${type} (the reference shows none for it)`,
      ]);
    }
    expect(h.mock.store.portfolios.size).toBe(portfolios);
  });

  it('keeps a client that still owns resources: 409 naming them', async () => {
    const { client } = seedStructure(h.mock);
    const res = await h.del(`/api/v2/clients/${client.id}`);
    expect(res.status).toBe(409);
    expect(res.body.errors[0].detail).toBe(
      `client ${client.id} still has 1 legal entity, 1 reporting entity; delete them first`,
    );
    h.mock.store.legalEntities.add({ clientId: client.id, name: 'Berg Invest AB' });
    expect((await h.del(`/api/v2/clients/${client.id}`)).body.errors[0].detail).toBe(
      `client ${client.id} still has 2 legal entities, 1 reporting entity; delete them first`,
    );
  });

  it('creates reporting entities and portfolios under their owners; the deprecated client portfolios list says so', async () => {
    const client = h.mock.store.clients.add({ name: 'Berg' });
    const entity = await h.post(`/api/v2/clients/${client.id}/reporting-entities`, {
      data: { type: 'reporting-entity', attributes: { name: 'Family', ccyCode: 'SEK' } },
    });
    expect(entity.status).toBe(201);
    expect(entity.body.data.relationships).toEqual({ client: { data: { type: 'client', id: client.id } } });
    const portfolio = await h.post(`/api/v2/reporting-entities/${entity.body.data.id}/portfolios`, {
      data: { type: 'portfolio', attributes: { name: 'Core' } },
    });
    expect(portfolio.body.data.relationships).toEqual({
      reportingEntity: { data: { type: 'reporting-entity', id: entity.body.data.id } },
    });
    expect((await h.get(`/api/v2/reporting-entities/${entity.body.data.id}/portfolios`)).body.data).toHaveLength(1);
    const deprecated = await h.get(`/api/v2/clients/${client.id}/portfolios`);
    expect(deprecated.body.data.map((p: { id: string }) => p.id)).toEqual([portfolio.body.data.id]);
    expect(deprecated.headers.get('deprecation')).toBe('true');
    expect((await h.del(`/api/v2/reporting-entities/${entity.body.data.id}`)).status).toBe(409);
    expect(
      (
        await h.patch(`/api/v2/portfolios/${portfolio.body.data.id}`, {
          data: { type: 'portfolio', attributes: { name: 'Core 2' } },
        })
      ).status,
    ).toBe(204);
    expect((await h.get(`/api/v2/portfolios/${portfolio.body.data.id}`)).body.data.attributes).toEqual({
      name: 'Core 2',
    });
    expect((await h.del(`/api/v2/portfolios/${portfolio.body.data.id}`)).status).toBe(204);
    expect(
      (
        await h.patch(`/api/v2/reporting-entities/${entity.body.data.id}`, {
          data: { type: 'reporting-entity', attributes: { ccyCode: 'EUR' } },
        })
      ).status,
    ).toBe(204);
    expect((await h.del(`/api/v2/reporting-entities/${entity.body.data.id}`)).status).toBe(204);
  });

  it("keeps a reporting entity that owns private instruments (409), and takes its id out of users' read access", async () => {
    const { client, reportingEntity: entity, portfolio } = seedStructure(h.mock);
    const s = h.mock.store;
    const other = s.reportingEntities.add({ clientId: client.id, attributes: { name: 'Other' } });
    const both = s.users.add({
      clientId: client.id,
      firstName: 'Ada',
      lastName: 'Berg',
      contactEmail: 'ada@example.com',
      readAccessToReportingEntities: [entity.id, other.id],
    });
    const apart = s.users.add({
      clientId: client.id,
      firstName: 'Bo',
      lastName: 'Berg',
      contactEmail: 'bo@example.com',
      readAccessToReportingEntities: [other.id],
    });
    const owned = s.instruments.add({
      kind: 'other',
      attributes: { securityIdentifier: 'BOAT-1' },
      reportingEntityId: entity.id,
    });
    const path = `/api/v2/reporting-entities/${entity.id}`;
    const kept = await h.del(path);
    expect(kept.status).toBe(409);
    expect(kept.body.errors[0].detail).toBe(
      `reporting entity ${entity.id} still has 1 portfolio(s), 1 private instrument(s); delete them first`,
    );
    expect((await h.del(`/api/v2/portfolios/${portfolio.id}`)).status).toBe(204);
    const stillOwns = await h.del(path);
    expect(stillOwns.status).toBe(409);
    expect(stillOwns.body.errors[0].detail).toBe(
      `reporting entity ${entity.id} still has 1 private instrument(s); delete them first`,
    );
    // Nothing changed by a refusal: the entity, its instrument and the read access stay.
    expect(s.reportingEntities.get(entity.id)).toBeDefined();
    expect(s.instruments.get(owned.id)?.reportingEntityId).toBe(entity.id);
    expect(s.users.expect(both.id).readAccessToReportingEntities).toEqual([entity.id, other.id]);
    expect((await h.del(`/api/v2/assets/${owned.id}`)).status).toBe(204);
    expect((await h.del(path)).status).toBe(204);
    expect((await h.get(path)).status).toBe(404);
    expect((await h.get(`/api/v2/users/${both.id}`)).body.data.relationships.readAccessToReportingEntities).toEqual({
      data: [{ type: 'reporting-entity', id: other.id }],
    });
    expect(s.users.expect(apart.id).readAccessToReportingEntities).toEqual([other.id]);
  });

  it('answers performance from the seeded holdings over the period', async () => {
    const s = seedStructure(h.mock);
    const acme = h.mock.store.instruments.add({
      kind: 'stock',
      attributes: stockSeed({ securityIdentifier: 'US1', ccyCode: 'EUR' }),
    });
    h.mock.store.prices.add({ instrumentId: acme.id, date: '2024-01-01', value: 100 });
    h.mock.store.prices.add({ instrumentId: acme.id, date: '2024-06-30', value: 110 });
    h.mock.store.positions.add({ portfolioId: s.portfolio.id, instrumentId: acme.id, units: 10 });
    const res = await h.get(`/api/v2/performance/reporting-entities/${s.reportingEntity.id}`, {
      fromDate: '2024-01-01',
      toDate: '2024-06-30',
    });
    expect(res.body.data.id).toMatch(BASE64URL);
    expect(res.body.data.type).toBe('performance');
    expect(res.body.data.attributes).toEqual({
      fromDate: '2024-01-01',
      toDate: '2024-06-30',
      ccyCode: 'EUR',
      startMarketValue: 1000,
      endMarketValue: 1100,
      absoluteReturn: 100,
      relativeReturn: 0.1,
    });
  });

  it('lists seeded custodian holdings of a legal entity', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const row = h.mock.store.custodianHoldings.add({
      legalEntityId: legalEntity.id,
      attributes: { depositoryNumber: '7001', marketValue: 1000 },
    });
    expect((await h.get(`/api/v2/custodian-holdings/legal-entities/${legalEntity.id}`)).body.data).toEqual([
      {
        id: row.id,
        type: 'custodian-holding',
        attributes: { depositoryNumber: '7001', marketValue: 1000 },
        relationships: { legalEntity: { data: { type: 'legal-entity', id: legalEntity.id } } },
      },
    ]);
  });
});
