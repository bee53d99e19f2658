import { describe, expect, it } from 'vitest';
import { bondSeed } from '../helpers/seeds.js';
import { type Harness, seedStructure, UUID, useHarness } from './harness.js';

const condition = (type: string, field: string, value: string) => ({
  type: 'condition',
  condition: { type, [field]: value },
});

/** ACME (US, USD, Equities) 10 × 100 = 1000 and a bund (DE, EUR, Fixed income) 5 × 98 = 490: 1490 in all. */
function seed(h: Harness) {
  const s = seedStructure(h.mock);
  const store = h.mock.store;
  const acme = store.instruments.add({
    kind: 'stock',
    attributes: { name: 'ACME', securityIdentifier: 'US1', ccyCode: 'USD', countryCode: 'US' },
  });
  const bund = store.instruments.add({
    kind: 'bond',
    attributes: bondSeed({ securityIdentifier: 'DE1' }),
  });
  store.prices.add({ instrumentId: acme.id, date: '2024-01-01', value: 100 });
  store.prices.add({ instrumentId: bund.id, date: '2024-01-01', value: 98 });
  store.positions.add({ portfolioId: s.portfolio.id, instrumentId: acme.id, units: 10 });
  store.positions.add({ portfolioId: s.portfolio.id, instrumentId: bund.id, units: 5 });
  const equities = store.instrumentClasses.where((c) => c.name === 'Equities')[0]?.id as string;
  return { ...s, acme, bund, equities };
}

async function createLimit(h: Harness, clientId: string, attributes: Record<string, unknown>, parentLimit?: string) {
  const relationships: Record<string, unknown> = { client: { data: { type: 'client', id: clientId } } };
  if (parentLimit) relationships.parentLimit = { data: { type: 'limit', id: parentLimit } };
  return h.post('/api/v2/limits', {
    data: { type: 'limit', attributes: { ccyCode: 'EUR', startDate: '2024-01-01', ...attributes }, relationships },
  });
}

describe('limits', () => {
  const h = useHarness();

  it('creates a limit (201, UUID id), reads and lists it', async () => {
    const s = seed(h);
    const limitFilter = condition('instrument-class-is', 'instrument-class-id', s.equities);
    const res = await createLimit(h, s.client.id, {
      name: 'Equities cap',
      limitFilter,
      limitType: { type: 'absolute', values: { min: null, max: 900 } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(UUID);
    expect(res.body.data).toEqual({
      id: res.body.data.id,
      type: 'limit',
      attributes: {
        name: 'Equities cap',
        ccyCode: 'EUR',
        startDate: '2024-01-01',
        limitFilter,
        limitType: { type: 'absolute', values: { min: null, max: 900 } },
      },
      relationships: { client: { data: { type: 'client', id: s.client.id } } },
    });
    expect((await h.get(`/api/v2/limits/${res.body.data.id}`)).body).toEqual(res.body);
    expect((await h.get(`/api/v2/clients/${s.client.id}/limits`)).body.data).toHaveLength(1);
  });

  it('refuses a relationship other than client and parentLimit (400), nothing created', async () => {
    const s = seed(h);
    const res = await h.post('/api/v2/limits', {
      data: {
        type: 'limit',
        attributes: {
          name: 'L',
          ccyCode: 'EUR',
          startDate: '2024-01-01',
          limitFilter: condition('currency-code-is', 'currency-code', 'EUR'),
          limitType: { type: 'limit-group' },
        },
        relationships: {
          client: { data: { type: 'client', id: s.client.id } },
          parent: { data: { type: 'limit', id: 'nope' } },
        },
      },
    });
    expect([res.status, res.body]).toEqual([
      400,
      { errors: [{ status: 400, detail: 'data.relationships.parent is not a relationship of limit' }] },
    ]);
    expect(h.mock.store.limits.size).toBe(0);
  });

  it('computes an absolute status from the holdings matched by the filter', async () => {
    const s = seed(h);
    const id = (
      await createLimit(h, s.client.id, {
        name: 'Equities cap',
        limitFilter: condition('instrument-class-is', 'instrument-class-id', s.equities),
        limitType: { type: 'absolute', values: { min: null, max: 900 } },
      })
    ).body.data.id;
    const status = await h.get(`/api/v2/limits/${id}/status`, { date: '2024-01-02' });
    expect(status.body).toEqual({
      data: {
        id,
        type: 'limit-status',
        attributes: {
          date: '2024-01-02',
          limitType: { type: 'absolute', values: { min: null, max: 900 } },
          currentValue: 1000,
          isBreached: true,
        },
      },
    });
    // Before any price nothing is held: 0, within bounds.
    expect((await h.get(`/api/v2/limits/${id}/status`, { date: '2023-12-31' })).body.data.attributes).toMatchObject({
      currentValue: 0,
      isBreached: false,
    });
  });

  it('computes a proportional status against its parent group; the group itself has no value', async () => {
    const s = seed(h);
    const group = await createLimit(h, s.client.id, {
      name: 'Berg family',
      limitFilter: condition('reporting-entity-is', 'reporting-entity-id', s.reportingEntity.id),
      limitType: { type: 'limit-group' },
    });
    const usd = await createLimit(
      h,
      s.client.id,
      {
        name: 'USD at most half',
        limitFilter: {
          type: 'or',
          filters: [
            condition('currency-code-is', 'currency-code', 'USD'),
            condition('country-code-is', 'country-code', 'XX'),
          ],
        },
        limitType: { type: 'proportional', values: { min: 0.1, max: 0.5 } },
      },
      group.body.data.id,
    );
    expect(usd.body.data.relationships.parentLimit).toEqual({ data: { type: 'limit', id: group.body.data.id } });
    const statuses = await h.get(`/api/v2/clients/${s.client.id}/limits-status`, { date: '2024-01-02' });
    expect(
      statuses.body.data.map((x: { id: string; attributes: Record<string, unknown> }) => [
        x.id,
        x.attributes.currentValue,
        x.attributes.isBreached,
      ]),
    ).toEqual([
      [group.body.data.id, null, undefined],
      [usd.body.data.id, 0.671141, true],
    ]);
  });

  it('matches and / is-not conditions', async () => {
    const s = seed(h);
    const limitFilter = {
      type: 'and',
      filters: [
        condition('country-code-is-not', 'country-code', 'US'),
        condition('security-identifier-is', 'security-identifier', 'DE1'),
      ],
    };
    const id = (
      await createLimit(h, s.client.id, {
        name: 'Bund',
        limitFilter,
        limitType: { type: 'absolute', values: { min: 500, max: null } },
      })
    ).body.data.id;
    expect((await h.get(`/api/v2/limits/${id}/status`, { date: '2024-01-02' })).body.data.attributes).toMatchObject({
      currentValue: 490,
      isBreached: true,
    });
  });

  it('refuses a malformed filter or type, and a status without a date', async () => {
    const s = seed(h);
    const res = await createLimit(h, s.client.id, {
      name: 'x',
      limitFilter: { type: 'condition', condition: { type: 'sector-is', sector: 'tech' } },
      limitType: { type: 'absolute', values: { max: '10' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toMatch(
      /^data\.attributes\.limitFilter\.condition\.type must be one of country-code-is, country-code-is-not, .*; data\.attributes\.limitType\.values\.max must be a number or null$/,
    );
    // A kind named like a member every object inherits is no condition kind either.
    const inherited = await createLimit(h, s.client.id, {
      name: 'x',
      limitFilter: { type: 'condition', condition: { type: 'constructor-is', constructor: 'x' } },
      limitType: { type: 'limit-group' },
    });
    expect(inherited.status).toBe(400);
    expect(inherited.body.errors[0].detail).toMatch(
      /^data\.attributes\.limitFilter\.condition\.type must be one of country-code-is, country-code-is-not, .*$/,
    );
    const ok = (
      await createLimit(h, s.client.id, {
        name: 'x',
        limitFilter: condition('currency-code-is', 'currency-code', 'EUR'),
        limitType: { type: 'limit-group' },
      })
    ).body.data.id;
    const noDate = await h.get(`/api/v2/limits/${ok}/status`);
    expect(noDate.status).toBe(400);
    expect(noDate.body.errors[0].detail).toBe('query parameter date is required');
  });

  it("refuses what the SDK's create rule refuses (400, the SDK's words), nothing created", async () => {
    const s = seed(h);
    const eur = condition('currency-code-is', 'currency-code', 'EUR');
    const group = { type: 'limit-group' };
    const cases: [Record<string, unknown>, string][] = [
      [
        { limitFilter: eur, limitType: { type: 'proportional', values: { min: 5, max: 2 } } },
        'data.attributes.limitType.values.min must be a fraction from 0 to 1 (0.10 = 10%), got number 5; data.attributes.limitType.values.max must be a fraction from 0 to 1 (0.10 = 10%), got number 2; data.attributes.limitType.values.min must not exceed max (2), got 5',
      ],
      [
        { limitFilter: eur, limitType: { type: 'absolute', values: {} } },
        'data.attributes.limitType.values.min is required; data.attributes.limitType.values.max is required',
      ],
      [
        { limitFilter: eur, limitType: { type: 'limit-group', junk: 1 } },
        'data.attributes.limitType.junk is not a known field here (accepted: type)',
      ],
      [
        {
          limitFilter: {
            type: 'condition',
            condition: { type: 'currency-code-is', 'currency-code': 'EUR', extra: 'x' },
          },
          limitType: group,
        },
        'data.attributes.limitFilter.condition.extra is not a known field here (accepted: type, currency-code)',
      ],
      [
        { limitFilter: { type: 'and', filters: [eur], note: 'x' }, limitType: group },
        'data.attributes.limitFilter.note is not a known field here (accepted: type, filters)',
      ],
      [
        { limitFilter: condition('currency-code-is', 'currency-code', 'not a currency'), limitType: group },
        'data.attributes.limitFilter.condition.currency-code must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "not a currency"',
      ],
      [
        { limitFilter: condition('country-code-is', 'country-code', 'sweden'), limitType: group },
        'data.attributes.limitFilter.condition.country-code must be a two-letter upper-case ISO 3166-1 country code, e.g. CH, got "sweden"',
      ],
      // An attribute the mock's own check refuses keeps its words; the SDK's rule adds what that check does not see.
      [
        {
          name: '',
          extra: 1,
          limitFilter: { type: 'condition', condition: { type: 'sector-is', sector: 'tech' } },
          limitType: { type: 'absolute', values: { min: 3, max: 2 } },
        },
        'data.attributes.name must be a non-empty string, got ""; data.attributes.limitFilter.condition.type must be one of country-code-is, country-code-is-not, instrument-class-is, instrument-class-is-not, detailed-instrument-class-is, detailed-instrument-class-is-not, currency-code-is, currency-code-is-not, security-identifier-is, security-identifier-is-not, reporting-entity-is, reporting-entity-is-not, reporting-portfolio-is, reporting-portfolio-is-not; data.attributes.extra is not a field that can be sent here (known: name, ccyCode, startDate, limitFilter, limitType); data.attributes.limitType.values.min must not exceed max (2), got 3',
      ],
    ];
    for (const [attributes, detail] of cases) {
      const res = await createLimit(h, s.client.id, { name: 'L', ...attributes });
      expect({ attributes, status: res.status, body: res.body }).toEqual({
        attributes,
        status: 400,
        body: { errors: [{ status: 400, detail }] },
      });
    }
    expect(h.mock.store.limits.size).toBe(0);
  });

  it('deletes a limit (204) but not one that is still a parent (409)', async () => {
    const s = seed(h);
    const parent = (
      await createLimit(h, s.client.id, {
        name: 'p',
        limitFilter: condition('currency-code-is', 'currency-code', 'EUR'),
        limitType: { type: 'limit-group' },
      })
    ).body.data.id;
    const child = (
      await createLimit(
        h,
        s.client.id,
        {
          name: 'c',
          limitFilter: condition('currency-code-is', 'currency-code', 'EUR'),
          limitType: { type: 'proportional', values: { min: null, max: 1 } },
        },
        parent,
      )
    ).body.data.id;
    expect((await h.del(`/api/v2/limits/${parent}`)).status).toBe(409);
    expect((await h.del(`/api/v2/limits/${child}`)).status).toBe(204);
    expect((await h.del(`/api/v2/limits/${parent}`)).status).toBe(204);
  });
});
