/**
 * Rows 36–50 and 78–95: clients, legal entities, accounts, depositories, reporting entities, portfolios,
 * performance and custodian holdings.
 */
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../src/index.js';
import { BASE64URL, type E2E, failure, HEX24, hitsOf } from '../harness.js';

export function structureArea(e: E2E): void {
  describe('clients', () => {
    it('create → retrieve → listed (over pages) → update merges → delete → 404; a client that owns something stays (409)', async () => {
      const created = [];
      for (const name of ['Alpha', 'Beta', 'Gamma'])
        created.push(await e.prs.clients.create({ attributes: { name, segment: 'family office' } }));
      const [alpha] = created as [(typeof created)[number]];
      expect(alpha).toEqual({
        id: expect.stringMatching(HEX24),
        type: 'client',
        attributes: { name: 'Alpha', segment: 'family office' },
      });
      expect(await e.prs.clients.retrieve(alpha.id)).toEqual(alpha);
      const before = e.hits.length;
      const all = await e.prs.clients.list();
      expect(all.map((c) => c.id)).toEqual(expect.arrayContaining(created.map((c) => c.id)));
      expect(e.hits.slice(before).length).toBe(Math.ceil(all.length / 2));

      await e.prs.clients.update(alpha.id, { attributes: { name: 'Alpha Family Office' } });
      expect((await e.prs.clients.retrieve(alpha.id)).attributes).toEqual({
        name: 'Alpha Family Office',
        segment: 'family office',
      });

      await e.prs.clients.legalEntities.create(alpha.id, { attributes: { name: 'Alpha AB' } });
      const kept = await failure(() => e.prs.clients.delete(alpha.id), ConflictError);
      expect(kept.errors[0]?.detail).toBe(`client ${alpha.id} still has 1 legal entity; delete them first`);
      const beta = created[1]?.id as string;
      await e.prs.clients.delete(beta);
      await failure(() => e.prs.clients.retrieve(beta), NotFoundError);
      expect((await e.prs.clients.list()).map((c) => c.id)).not.toContain(beta);
    });
  });

  describe('legal entities, accounts, depositories', () => {
    it('the whole lifecycle: create, read, list, update, delete in order', async () => {
      const client = await e.prs.clients.create({ attributes: { name: 'Muster Family' } });
      const le = await e.prs.clients.legalEntities.create(client.id, { attributes: { name: 'Muster AG' } });
      expect(le).toEqual({
        id: expect.stringMatching(HEX24),
        type: 'legal-entity',
        attributes: { name: 'Muster AG' },
        relationships: { client: { data: { type: 'client', id: client.id } } },
      });
      const other = await e.prs.clients.legalEntities.create(client.id, {
        attributes: { name: 'Muster Immobilien AG' },
      });
      const third = await e.prs.clients.legalEntities.create(client.id, { attributes: { name: 'Muster Stiftung' } });
      expect((await e.prs.clients.legalEntities.list(client.id)).map((x) => x.attributes.name)).toEqual([
        'Muster AG',
        'Muster Immobilien AG',
        'Muster Stiftung',
      ]);

      const chfAnswer = await e.prs.legalEntities.accounts
        .create(le.id, {
          attributes: { externalIdentifier: 'CH93 0076 2011 6238 5295 7', ccyCode: 'CHF', excludeFromReporting: false },
        })
        .withResponse();
      expect([chfAnswer.response.status, chfAnswer.created]).toEqual([201, true]);
      const chf = chfAnswer.data;
      expect(chf.attributes).toEqual({
        externalIdentifier: 'CH93 0076 2011 6238 5295 7',
        ccyCode: 'CHF',
        excludeFromReporting: false,
      });
      const depository = await e.prs.legalEntities.depositories.create(le.id, {
        attributes: { name: 'Custody', externalIdentifier: 'D-1001' },
        relationships: { accounts: [chf.id] },
      });
      const eur = await e.prs.legalEntities.accounts.create(le.id, {
        attributes: { externalIdentifier: 'CH56 0483 5012 3456 7800 9', ccyCode: 'EUR' },
        relationships: { depository: depository.id },
      });
      const usd = await e.prs.legalEntities.accounts.create(le.id, {
        attributes: { externalIdentifier: 'US-1', ccyCode: 'USD' },
      });
      expect(eur.relationships?.depositories?.data?.map((d) => d.id)).toEqual([depository.id]);

      const read = await e.prs.legalEntities.retrieve(le.id);
      expect(read.relationships?.accounts?.data?.map((a) => a.id)).toEqual([chf.id, eur.id, usd.id]);
      expect(read.relationships?.depositories?.data?.map((d) => d.id)).toEqual([depository.id]);
      expect((await e.prs.legalEntities.accounts.list(le.id)).map((a) => a.attributes.ccyCode)).toEqual([
        'CHF',
        'EUR',
        'USD',
      ]);
      expect((await e.prs.legalEntities.depositories.list(le.id)).map((d) => d.id)).toEqual([depository.id]);
      expect(
        (await e.prs.depositories.retrieve(depository.id)).relationships?.accounts?.data?.map((a) => a.id),
      ).toEqual([chf.id, eur.id]);

      await e.prs.legalEntities.update(le.id, { attributes: { name: 'Muster Holding AG' } });
      await e.prs.accounts.update(chf.id, { attributes: { name: 'Main account' } });
      await e.prs.depositories.update(depository.id, { attributes: { name: 'Main custody' } });
      expect((await e.prs.legalEntities.retrieve(le.id)).attributes.name).toBe('Muster Holding AG');
      expect((await e.prs.accounts.retrieve(chf.id)).attributes).toEqual({
        name: 'Main account',
        externalIdentifier: 'CH93 0076 2011 6238 5295 7',
        ccyCode: 'CHF',
        excludeFromReporting: false,
      });
      expect((await e.prs.depositories.retrieve(depository.id)).attributes).toEqual({
        name: 'Main custody',
        externalIdentifier: 'D-1001',
      });

      const owner = await failure(() => e.prs.legalEntities.delete(le.id), ConflictError);
      expect(owner.errors[0]?.detail).toBe(
        `legal entity ${le.id} still has 3 account(s) and 1 depository(ies); delete them first`,
      );
      await e.prs.depositories.delete(depository.id);
      await failure(() => e.prs.depositories.retrieve(depository.id), NotFoundError);
      expect((await e.prs.accounts.retrieve(eur.id)).relationships?.depositories).toBeUndefined();
      for (const a of [chf, eur, usd]) await e.prs.accounts.delete(a.id);
      await failure(() => e.prs.accounts.retrieve(chf.id), NotFoundError);
      await e.prs.legalEntities.delete(le.id);
      await failure(() => e.prs.legalEntities.retrieve(le.id), NotFoundError);
      expect((await e.prs.clients.legalEntities.list(client.id)).map((x) => x.id)).toEqual([other.id, third.id]);
    });
  });

  describe('reporting entities, portfolios, performance, custodian holdings', () => {
    it('reporting entities and portfolios: create, read, list (also through the deprecated client route), update, delete', async () => {
      const client = await e.prs.clients.create({ attributes: { name: 'Lind Family' } });
      const entity = await e.prs.clients.reportingEntities.create(client.id, {
        attributes: { name: 'Lind family', ccyCode: 'SEK' },
      });
      expect(entity).toEqual({
        id: expect.stringMatching(HEX24),
        type: 'reporting-entity',
        attributes: { name: 'Lind family', ccyCode: 'SEK' },
        relationships: { client: { data: { type: 'client', id: client.id } } },
      });
      expect(await e.prs.reportingEntities.retrieve(entity.id)).toEqual(entity);
      expect((await e.prs.clients.reportingEntities.list(client.id)).map((r) => r.id)).toEqual([entity.id]);

      const portfolios = [];
      for (const name of ['Core', 'Growth', 'Income'])
        portfolios.push(await e.prs.reportingEntities.portfolios.create(entity.id, { attributes: { name } }));
      const [core] = portfolios as [(typeof portfolios)[number]];
      expect(await e.prs.portfolios.retrieve(core.id)).toEqual({
        id: core.id,
        type: 'portfolio',
        attributes: { name: 'Core' },
        relationships: { reportingEntity: { data: { type: 'reporting-entity', id: entity.id } } },
      });
      expect((await e.prs.reportingEntities.portfolios.list(entity.id)).map((p) => p.attributes?.name)).toEqual([
        'Core',
        'Growth',
        'Income',
      ]);
      const deprecated = await e.prs.clients.portfolios.list(client.id).withResponse();
      expect(deprecated.data.map((p) => p.id)).toEqual(portfolios.map((p) => p.id));
      expect(hitsOf(e, 95).at(-1)?.url.searchParams.get('page[offset]')).toBe('2');

      await e.prs.reportingEntities.update(entity.id, { attributes: { ccyCode: 'EUR' } });
      await e.prs.portfolios.update(core.id, { attributes: { name: 'Core holdings' } });
      expect((await e.prs.reportingEntities.retrieve(entity.id)).attributes).toEqual({
        name: 'Lind family',
        ccyCode: 'EUR',
      });
      expect((await e.prs.portfolios.retrieve(core.id)).attributes).toEqual({ name: 'Core holdings' });

      await failure(() => e.prs.reportingEntities.delete(entity.id), ConflictError);
      for (const p of portfolios) await e.prs.portfolios.delete(p.id);
      await failure(() => e.prs.portfolios.retrieve(core.id), NotFoundError);
      await e.prs.reportingEntities.delete(entity.id);
      await failure(() => e.prs.reportingEntities.retrieve(entity.id), NotFoundError);
    });

    it('performance: market value at both ends of the period from the positions held', async () => {
      const client = await e.prs.clients.create({ attributes: { name: 'Perf' } });
      const entity = await e.prs.clients.reportingEntities.create(client.id, {
        attributes: { name: 'Perf', ccyCode: 'EUR' },
      });
      const portfolio = await e.prs.reportingEntities.portfolios.create(entity.id, { attributes: { name: 'Core' } });
      const stock = await e.prs.instruments.create({
        type: 'stock-instrument',
        attributes: { name: 'PERF', securityIdentifier: 'PERF-E2E', ccyCode: 'EUR', countryCode: 'DE' },
      });
      await e.prs.instruments.prices.create(stock.id, { attributes: { date: '2023-12-29', value: 40 } });
      await e.prs.instruments.prices.create(stock.id, { attributes: { date: '2024-06-28', value: 50 } });
      e.mock.store.positions.add({ portfolioId: portfolio.id, instrumentId: stock.id, units: 100 });

      const result = await e.prs.performance.retrieve(entity.id, {
        query: { fromDate: '2024-01-01', toDate: '2024-06-30' },
      });
      expect(result).toEqual({
        id: expect.stringMatching(BASE64URL),
        type: 'performance',
        attributes: {
          fromDate: '2024-01-01',
          toDate: '2024-06-30',
          ccyCode: 'EUR',
          startMarketValue: 4000,
          endMarketValue: 5000,
          absoluteReturn: 1000,
          relativeReturn: 0.25,
        },
        relationships: { reportingEntity: { data: { type: 'reporting-entity', id: entity.id } } },
      });
    });

    it('custodian holdings of a legal entity, page by page; an unknown legal entity → 404', async () => {
      const client = await e.prs.clients.create({ attributes: { name: 'Custody' } });
      const le = await e.prs.clients.legalEntities.create(client.id, { attributes: { name: 'Custody AB' } });
      const seeded = [1, 2, 3].map((i) =>
        e.mock.store.custodianHoldings.add({
          legalEntityId: le.id,
          attributes: { isin: `SE000000000${i}`, units: i * 10 },
        }),
      );
      const listed = await e.prs.custodianHoldings.list(le.id);
      expect(listed.map((h) => [h.id, h.type, h.attributes])).toEqual(
        seeded.map((h) => [h.id, 'custodian-holding', h.attributes]),
      );
      await failure(() => e.prs.custodianHoldings.list('000000000000000000000000'), NotFoundError);
    });
  });
}
