/**
 * A holdings report for one reporting entity: market value per portfolio at each month end, the positions
 * on the last day with their asset class and weight, and the performance over the period.
 *
 *   npx tsx examples/holdings-report.ts                         the embedded mock, seeded with a sample client
 *   PRS_BASE_URL=… PRS_ACCESS_TOKEN=… npx tsx examples/holdings-report.ts <reportingEntityId> [fromDate] [toDate]
 */
import { holdingAsset, type PortfolioReporting } from 'portfolio-reporting';
import type { MockStore } from 'portfolio-reporting/testing';
import { runExample } from './lib/connect.js';
import { heading, money, percent, table } from './lib/table.js';

const [entityArg, fromDate = '2024-01-01', toDate = '2024-06-30'] = process.argv.slice(2);

/** The mock's sample: one reporting entity with two portfolios, four instruments, monthly prices. */
function seedSample(store: MockStore): void {
  const client = store.clients.add({ name: 'Lindqvist Family Office' });
  const le = store.legalEntities.add({ clientId: client.id, name: 'Lindqvist Invest AB' });
  const account = store.accounts.add({ legalEntityId: le.id, externalIdentifier: 'SE-ACC-1', ccyCode: 'EUR' });
  const depository = store.depositories.add({
    legalEntityId: le.id,
    externalIdentifier: 'SE-DEP-1',
    accountIds: [account.id],
  });
  const entity = store.reportingEntities.add({
    clientId: client.id,
    attributes: { name: 'Lindqvist family', ccyCode: 'EUR' },
  });
  const core = store.portfolios.add({ reportingEntityId: entity.id, attributes: { name: 'Core' } });
  const satellite = store.portfolios.add({ reportingEntityId: entity.id, attributes: { name: 'Satellite' } });
  const held = [
    {
      kind: 'stock',
      name: 'Novo Nordisk',
      id: 'DK0062498333',
      portfolio: core,
      units: 300,
      from: '2023-12-29',
      closes: [98.1, 105.3, 112.6, 117.9, 121.4, 128.7],
    },
    {
      kind: 'mutual-fund',
      name: 'Nordic Equity Fund',
      id: 'SE0000123456',
      portfolio: core,
      units: 1_200,
      from: '2023-12-29',
      closes: [24.1, 24.9, 25.6, 25.2, 26.3, 26.8],
    },
    {
      kind: 'bond',
      name: 'Sweden 1 % 2029',
      id: 'SE0011281922',
      portfolio: core,
      units: 400,
      from: '2023-12-29',
      closes: [94.2, 94.8, 95.1, 94.6, 95.3, 95.9],
      terms: { couponFrequency: 'annually', dayCountConvention: 'actual/actual', maturityDate: '2029-11-12' },
    },
    {
      kind: 'stock',
      name: 'Spotify',
      id: 'LU1778762911',
      portfolio: satellite,
      units: 80,
      from: '2024-03-15',
      closes: [178.0, 210.5, 244.0, 255.2, 262.8, 276.1],
    },
  ] as const;
  const monthEnds = ['2024-01-31', '2024-02-29', '2024-03-29', '2024-04-30', '2024-05-31', '2024-06-28'];
  for (const h of held) {
    // The store takes records as the service reports them, typed per kind: a bond needs its coupon terms.
    const common = { name: h.name, securityIdentifier: h.id, ccyCode: 'EUR', countryCode: h.id.slice(0, 2) };
    const instrument = store.instruments.add(
      h.kind === 'bond'
        ? { kind: h.kind, attributes: { ...common, ...h.terms } }
        : { kind: h.kind, attributes: common },
    );
    // A price on the day the position opens, then month-end closes.
    store.prices.add({ instrumentId: instrument.id, date: h.from, value: h.closes[0] });
    for (const [i, close] of h.closes.entries())
      store.prices.add({ instrumentId: instrument.id, date: monthEnds[i] as string, value: close });
    store.positions.add({
      portfolioId: h.portfolio.id,
      depositoryId: depository.id,
      instrumentId: instrument.id,
      units: h.units,
      fromDate: h.from,
    });
  }
}

/** The last day of each month within the period, and the period's last day. */
function monthEnds(from: string, to: string): Set<string> {
  const ends = new Set<string>([to]);
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    const next = new Date(d.getTime() + 86_400_000);
    if (next.getUTCDate() === 1) ends.add(d.toISOString().slice(0, 10));
  }
  return ends;
}

async function byPortfolio(prs: PortfolioReporting, entityId: string): Promise<void> {
  const portfolios = await prs.reportingEntities.portfolios.list(entityId);
  const names = new Map(portfolios.map((p) => [p.id, String(p.attributes?.name ?? p.id)]));
  const { data } = await prs.holdings.list(entityId, { fromDate, toDate, expand: ['portfolios'] });
  const ends = monthEnds(fromDate, toDate);
  const grid = new Map<string, Map<string, number>>();
  for (const h of data.filter((x) => ends.has(x.attributes.date))) {
    const row = grid.get(h.attributes.date) ?? new Map<string, number>();
    row.set(h.relationships?.portfolio?.data?.id ?? '', h.attributes.marketValue);
    grid.set(h.attributes.date, row);
  }
  const ids = [...names.keys()];
  const rows = [...grid].map(([date, values]) => [
    date,
    ...ids.map((id) => money(values.get(id) ?? 0)),
    money([...values.values()].reduce((a, b) => a + b, 0)),
  ]);
  console.log(heading(`Market value per portfolio, ${fromDate} to ${toDate}`));
  console.log(table(['date', ...ids.map((id) => names.get(id) as string), 'total'], rows));
}

async function positionsOn(prs: PortfolioReporting, entityId: string): Promise<void> {
  const day = new Date(Date.parse(`${toDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const { data, included } = await prs.assetHoldings.list(entityId, { fromDate: day, toDate, include: ['asset'] });
  const last = data.filter((h) => h.attributes.date === toDate);
  const classIds = [
    ...new Set(last.map((h) => h.relationships?.assetClass?.data?.id).filter((id) => id !== undefined)),
  ];
  const classes = new Map(
    await Promise.all(classIds.map(async (id) => [id, (await prs.assetClasses.retrieve(id)).attributes.name] as const)),
  );
  const total = last.reduce((sum, h) => sum + h.attributes.marketValue, 0);
  console.log(heading(`Positions on ${toDate}`));
  const rows = last
    .sort((a, b) => b.attributes.marketValue - a.attributes.marketValue)
    .map((h) => {
      const asset = holdingAsset(h, included);
      const name = asset?.attributes && 'name' in asset.attributes ? String(asset.attributes.name) : (asset?.id ?? '?');
      const cls = classes.get(h.relationships?.assetClass?.data?.id ?? '') ?? '';
      return [
        name,
        cls,
        h.attributes.unitsInHolding,
        h.attributes.ccyCode,
        money(h.attributes.marketValue),
        percent(total ? h.attributes.marketValue / total : 0),
      ];
    });
  console.log(table(['asset', 'asset class', 'units', 'currency', 'market value', 'weight'], rows));
}

async function performanceOver(prs: PortfolioReporting, entityId: string): Promise<void> {
  const result = await prs.performance.retrieve(entityId, { query: { fromDate, toDate } });
  // The reference does not show the performance fields: every attribute is printed as the service sent it.
  const rows = (Array.isArray(result) ? result : [result])
    .flatMap((r) => Object.entries(r.attributes ?? {}))
    .map(([name, value]) => [
      name,
      typeof value === 'number' && !/relative/i.test(name) ? money(value) : String(value),
    ]);
  console.log(heading('Performance'));
  console.log(table(['attribute', 'value'], rows));
}

await runExample(
  async ({ prs, mock }) => {
    const entityId = entityArg ?? mock?.store.reportingEntities.all()[0]?.id;
    if (!entityId)
      throw new Error(
        'give the reporting entity id: npx tsx examples/holdings-report.ts <reportingEntityId> [fromDate] [toDate]',
      );
    const entity = await prs.reportingEntities.retrieve(entityId);
    console.log(`\nReporting entity: ${String(entity.attributes?.name ?? entity.id)} (${entity.id})`);
    await byPortfolio(prs, entityId);
    await positionsOn(prs, entityId);
    await performanceOver(prs, entityId);
  },
  { seed: seedSample },
);
