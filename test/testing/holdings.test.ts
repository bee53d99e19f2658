import { describe, expect, it } from 'vitest';
import type { MockService } from '../../src/testing/index.js';
import { bondSeed } from '../helpers/seeds.js';
import { BASE64URL, seedStructure, useHarness } from './harness.js';

/** Two portfolios; ACME (USD stock) 10 units, priced 100 on 01-01 and 110 on 01-03; a bond 5 units at 98 on depository D. */
function seedHoldings(mock: MockService) {
  const s = seedStructure(mock);
  const store = mock.store;
  const income = store.portfolios.add({ reportingEntityId: s.reportingEntity.id, attributes: { name: 'Income' } });
  const acme = store.instruments.add({
    kind: 'stock',
    attributes: { name: 'ACME', securityIdentifier: 'US1', ccyCode: 'USD', countryCode: 'US' },
  });
  const bund = store.instruments.add({
    kind: 'bond',
    attributes: bondSeed({ securityIdentifier: 'DE1' }),
  });
  store.prices.add({ instrumentId: acme.id, date: '2024-01-01', value: 100 });
  store.prices.add({ instrumentId: acme.id, date: '2024-01-03', value: 110 });
  store.prices.add({ instrumentId: bund.id, date: '2023-12-29', value: 98 });
  store.positions.add({ portfolioId: s.portfolio.id, instrumentId: acme.id, units: 10 });
  store.positions.add({
    portfolioId: income.id,
    depositoryId: s.depository.id,
    instrumentId: bund.id,
    units: 5,
    fromDate: '2024-01-02',
  });
  return { ...s, income, acme, bund };
}

const view = (
  holdings: {
    attributes: { date: string; marketValue: number };
    relationships: Record<string, { data: { id: string } }>;
  }[],
) =>
  holdings.map((x) => [
    x.attributes.date,
    x.attributes.marketValue,
    ...Object.keys(x.relationships)
      .filter((k) => k !== 'reportingEntity')
      .map((k) => `${k}:${x.relationships[k]?.data.id}`),
  ]);

describe('holdings', () => {
  const h = useHarness();

  it('answers one aggregated holding per date over the closed interval, Base64URL ids', async () => {
    const { reportingEntity } = seedHoldings(h.mock);
    const res = await h.get(`/api/v2/holdings/reporting-entities/${reportingEntity.id}`, {
      fromDate: '2024-01-01',
      toDate: '2024-01-03',
    });
    expect(res.status).toBe(200);
    expect(view(res.body.data)).toEqual([
      ['2024-01-01', 1000],
      ['2024-01-02', 1490],
      ['2024-01-03', 1590],
    ]);
    expect(res.body.data[0].attributes.ccyCode).toBe('EUR');
    expect(res.body.data[0].relationships).toEqual({
      reportingEntity: { data: { type: 'reporting-entity', id: reportingEntity.id } },
    });
    expect(res.body.data.every((x: { id: string; type: string }) => BASE64URL.test(x.id) && x.type === 'holding')).toBe(
      true,
    );
    expect(res.body.included).toBeUndefined();
    // A day with nothing priced still has its one holding, worth 0.
    const before = await h.get(`/api/v2/holdings/reporting-entities/${reportingEntity.id}`, {
      fromDate: '2023-12-30',
      toDate: '2023-12-31',
    });
    expect(view(before.body.data)).toEqual([
      ['2023-12-30', 0],
      ['2023-12-31', 0],
    ]);
  });

  it('groups by the expanded dimensions; a holding without a depository has no depository relationship', async () => {
    const s = seedHoldings(h.mock);
    const res = await h.get(`/api/v2/holdings/reporting-entities/${s.reportingEntity.id}`, {
      fromDate: '2024-01-02',
      toDate: '2024-01-03',
      expand: 'portfolios,depositories',
    });
    expect(view(res.body.data)).toEqual([
      ['2024-01-02', 1000, `portfolio:${s.portfolio.id}`],
      ['2024-01-02', 490, `portfolio:${s.income.id}`, `depository:${s.depository.id}`],
      ['2024-01-03', 1100, `portfolio:${s.portfolio.id}`],
      ['2024-01-03', 490, `portfolio:${s.income.id}`, `depository:${s.depository.id}`],
    ]);
    const classes = await h.get(`/api/v2/holdings/reporting-entities/${s.reportingEntity.id}`, {
      fromDate: '2024-01-02',
      toDate: '2024-01-03',
      expand: 'assetClasses',
    });
    expect(classes.body.data[0].relationships.assetClass).toEqual({
      data: { type: 'asset-class', id: s.acme.instrumentClassId },
    });
  });

  it('with expand=assets and include=asset carries each asset as GET /assets/:id returns it', async () => {
    const s = seedHoldings(h.mock);
    const res = await h.get(`/api/v2/holdings/reporting-entities/${s.reportingEntity.id}`, {
      fromDate: '2024-01-02',
      toDate: '2024-01-03',
      expand: 'assets',
      include: 'asset',
    });
    expect(res.body.data[0].relationships.asset).toEqual({ data: { type: 'stock-asset', id: s.acme.id } });
    expect(res.body.data[0].attributes.ccyCode).toBe('USD');
    const asset = await h.get(`/api/v2/assets/${s.acme.id}`);
    expect(res.body.included).toEqual([asset.body.data, (await h.get(`/api/v2/assets/${s.bund.id}`)).body.data]);
  });

  it('answers asset holdings with units, every relationship and the included assets', async () => {
    const s = seedHoldings(h.mock);
    const res = await h.get(`/api/v2/asset-holdings/reporting-entities/${s.reportingEntity.id}`, {
      fromDate: '2024-01-02',
      toDate: '2024-01-03',
      include: 'asset',
    });
    expect(res.body.data).toHaveLength(4);
    const [first] = res.body.data;
    expect(first.type).toBe('asset-holding');
    expect(first.attributes).toEqual({ ccyCode: 'USD', date: '2024-01-02', marketValue: 1000, unitsInHolding: 10 });
    expect(Object.keys(first.relationships)).toEqual([
      'reportingEntity',
      'portfolio',
      'asset',
      'assetClass',
      'assetClassDetailed',
    ]);
    expect(res.body.included.map((a: { id: string }) => a.id)).toEqual([s.acme.id, s.bund.id]);
  });

  it.each([
    [
      { fromDate: '2024-01-03', toDate: '2024-01-03' },
      'fromDate (2024-01-03) must be before toDate (2024-01-03): the period is the closed interval from fromDate to toDate',
    ],
    [
      { fromDate: '2024-01-04', toDate: '2024-01-03' },
      'fromDate (2024-01-04) must be before toDate (2024-01-03): the period is the closed interval from fromDate to toDate',
    ],
    [{ toDate: '2024-01-03' }, 'query parameter fromDate is required'],
    [
      { fromDate: '2024-01-01', toDate: '2024-01-03', expand: 'countries' },
      'expand accepts portfolios, depositories, assets, assetClasses, assetClassesDetailed; got "countries"',
    ],
    [
      { fromDate: '2024-01-01', toDate: '2024-01-03', include: 'portfolio' },
      'include accepts only "asset", got "portfolio"',
    ],
  ])('refuses %j with a 400 saying what is wrong', async (query, detail) => {
    const { reportingEntity } = seedHoldings(h.mock);
    const res = await h.get(
      `/api/v2/holdings/reporting-entities/${reportingEntity.id}`,
      query as Record<string, string>,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ status: 400, detail }] });
  });
});

describe('pagination', () => {
  const h = useHarness({ pageSize: 2 });

  it('answers a long collection page by page with an absolute links.next, keeping the query', async () => {
    const s = seedHoldings(h.mock);
    const pages: unknown[][] = [];
    let next: string | undefined =
      `${h.url}/api/v2/holdings/reporting-entities/${s.reportingEntity.id}?fromDate=2024-01-01&toDate=2024-01-05&include=asset&expand=assets`;
    const nexts: string[] = [];
    while (next) {
      const res = await h.call('GET', next.slice(h.url.length));
      pages.push(res.body.data);
      expect(res.body.included.length).toBeGreaterThan(0);
      next = res.body.links?.next;
      if (next) nexts.push(next);
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 2, 1]);
    expect(nexts[0]).toBe(
      `${h.url}/api/v2/holdings/reporting-entities/${s.reportingEntity.id}?fromDate=2024-01-01&toDate=2024-01-05&include=asset&expand=assets&page%5Boffset%5D=2`,
    );
    expect(pages.flat()).toHaveLength(9);
  });

  it('has no links when everything fits on one page', async () => {
    const res = await h.get('/api/v2/custodians');
    expect(res.body.data).toHaveLength(2);
    expect(res.body.links).toBeUndefined();
  });
});
