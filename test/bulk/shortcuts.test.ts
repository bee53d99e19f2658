/**
 * `portfolio-reporting/bulk` over real HTTP against the mock, with faults placed on chosen requests: what each shortcut
 * does when an answer is lost (5xx after the mock applied the request), when nothing was applied (5xx
 * before), on a 429, and on a 409 — and what ends up in the store.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Bulk, type BulkProgress } from '../../src/bulk/index.js';
import { ConflictError, InternalServerError, PortfolioReporting } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { type Fault, type FaultyMock, placedFaults, serveWithFaults } from '../helpers/faulty-mock.js';
import { addAccount, addStock } from '../helpers/mock-seeds.js';

const mock = createMockService();
let server: FaultyMock;
let prs: PortfolioReporting;
let bulk: Bulk;
/** The faults of the current test: the first request whose body contains a key gets its fault. */
let faults: Record<string, Fault> = {};

beforeAll(async () => {
  server = await serveWithFaults(
    mock,
    placedFaults(() => faults),
  );
  prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bulk-test-token' });
  bulk = new Bulk(prs);
});
afterEach(() => {
  mock.reset();
  server.reset();
  faults = {};
});
afterAll(() => server.close());

const stock = (id: string, ccyCode = 'EUR') => ({
  type: 'stock-instrument' as const,
  attributes: { name: `Stock ${id}`, securityIdentifier: id, ccyCode, countryCode: 'DE' },
});
const quick = { concurrency: 1, retryDelay: { initial: 1 } };

describe('bulk.instruments', () => {
  it('sends a create again after a lost answer and reports the 303 as existing; duplicates are existing', async () => {
    faults = { DE000000000B: 'fail-after', DE000000000C: 'rate-limited' };
    const results = await bulk.instruments(
      [stock('DE000000000A'), stock('DE000000000B'), stock('DE000000000A'), stock('DE000000000C')],
      quick,
    );
    const ids = ['DE000000000A', 'DE000000000B', 'DE000000000C'].map(
      (s) => mock.store.instruments.findByIdentifier(s, 'EUR')?.id,
    );
    expect(mock.store.instruments.size).toBe(3);
    expect(
      results.map((r) => (r.ok ? { index: r.index, id: r.value.id, created: r.created, attempts: r.attempts } : r)),
    ).toEqual([
      { index: 0, id: ids[0], created: true, attempts: 1 },
      { index: 1, id: ids[1], created: false, attempts: 2 },
      { index: 2, id: ids[0], created: false, attempts: 1 },
      { index: 3, id: ids[2], created: true, attempts: 2 },
    ]);
    expect(server.log).toMatchObject({ rateLimited: 1, failedAfter: 1 });
  });

  it('fails a row the SDK refuses, with its ValidationError, and sends the others', async () => {
    const bad = { type: 'fee-instrument', attributes: { name: 'Custody fee' } } as unknown as ReturnType<typeof stock>;
    const results = await bulk.instruments([bad, stock('DE000000000D')]);
    expect(results[0]).toMatchObject({
      index: 0,
      ok: false,
      attempts: 1,
      error: { name: 'ValidationError', issues: [{ path: 'type' }] },
    });
    expect(results[1]).toMatchObject({ index: 1, ok: true, created: true });
    expect(server.log.requests).toBe(1);
  });
});

describe('bulk.prices', () => {
  it('looks the price up after a lost answer or a 409: same date and value is existing, another value stays a conflict', async () => {
    const acme = addStock(mock.store, 'US0000000001');
    mock.store.prices.add({ instrumentId: acme.id, date: '2024-01-02', value: 102 });
    mock.store.prices.add({ instrumentId: acme.id, date: '2024-01-03', value: 99 });
    faults = { '2024-01-01': 'fail-after', '2024-01-04': 'fail-before' };
    const results = await bulk.prices(
      acme.id,
      [
        { attributes: { date: '2024-01-01', value: 101 } },
        { attributes: { date: '2024-01-02', value: 102 } },
        { attributes: { date: '2024-01-03', value: 103 } },
        { attributes: { date: '2024-01-04', value: 104 } },
      ],
      quick,
    );
    const stored = mock.store.prices.of(acme.id);
    expect(stored.map((p) => [p.date, p.value])).toEqual([
      ['2024-01-01', 101],
      ['2024-01-02', 102],
      ['2024-01-03', 99],
      ['2024-01-04', 104],
    ]);
    const idOf = (date: string) => stored.find((p) => p.date === date)?.id;
    expect(results[0]).toMatchObject({ ok: true, created: false, attempts: 1, value: { id: idOf('2024-01-01') } });
    expect(results[1]).toMatchObject({ ok: true, created: false, attempts: 1, value: { id: idOf('2024-01-02') } });
    expect(results[2]).toMatchObject({ ok: false, attempts: 1 });
    expect((results[2] as { error: unknown }).error).toBeInstanceOf(ConflictError);
    expect(results[2]).not.toHaveProperty('uncertain');
    // A 500 before the mock: the lookup finds nothing, so the price is sent again.
    expect(results[3]).toMatchObject({ ok: true, created: true, attempts: 2, value: { id: idOf('2024-01-04') } });
  });

  it('reads an instrument’s prices once when many rows are already there (a re-run without its journal)', async () => {
    const acme = addStock(mock.store, 'US0000000001');
    const dates = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
    for (const date of dates) mock.store.prices.add({ instrumentId: acme.id, date, value: 100 });
    const results = await bulk.prices(
      acme.id,
      dates.map((date) => ({ attributes: { date, value: 100 } })),
    );
    expect(results.map((r) => r.ok && r.created)).toEqual([false, false, false, false, false]);
    // Five POSTs answered 409, and one read of the instrument's prices.
    expect(server.log.requests).toBe(6);
    expect(mock.store.prices.size).toBe(5);
  });

  it('takes items that each name their instrument', async () => {
    const [a, b] = ['US0000000001', 'US0000000002'].map((securityIdentifier) =>
      addStock(mock.store, securityIdentifier),
    );
    const results = await bulk.prices([
      { instrumentId: a?.id as string, attributes: { date: '2024-02-01', value: 1 } },
      { instrumentId: b?.id as string, attributes: { date: '2024-02-01', value: 2 } },
    ]);
    expect(results.every((r) => r.ok && r.created)).toBe(true);
    expect(mock.store.prices.of(a?.id as string).map((p) => p.value)).toEqual([1]);
    expect(mock.store.prices.of(b?.id as string).map((p) => p.value)).toEqual([2]);
  });
});

describe('bulk.netAssetValues', () => {
  it('never creates a NAV twice: a lost answer is found by a lookup, a failure before the mock is sent again', async () => {
    const fund = mock.store.instruments.add({
      kind: 'private-market-fund-commitment-based',
      attributes: {
        fund: {
          name: 'Fund I',
          managerName: 'M',
          ccyCode: 'EUR',
          strategy: 'venture-capital',
          investmentRegion: 'europe',
          vintageDate: '2020-01-01',
        },
      },
    });
    faults = { '2024-03-31': 'fail-after', '2024-06-30': 'fail-before' };
    const results = await bulk.netAssetValues(
      fund.id,
      [
        { attributes: { officialDate: '2024-03-31', value: 1_000_000 } },
        { attributes: { officialDate: '2024-06-30', effectiveDate: null, value: 1_100_000 } },
      ],
      quick,
    );
    const navs = mock.store.netAssetValues.all();
    expect(navs.map((n) => [n.officialDate, n.value])).toEqual([
      ['2024-03-31', 1_000_000],
      ['2024-06-30', 1_100_000],
    ]);
    expect(results[0]).toMatchObject({ ok: true, created: false, attempts: 1, value: { id: navs[0]?.id } });
    expect(results[1]).toMatchObject({ ok: true, created: true, attempts: 2, value: { id: navs[1]?.id } });
  });
});

describe('bulk.transactions', () => {
  const interest = (accountId: string, comment: string) => ({
    type: 'account-interest-transaction' as const,
    attributes: { accountAmount: 12.5, tradeDate: '2024-03-31', valueDate: '2024-03-31', comment },
    relationships: { account: accountId },
  });

  it('does not send a transaction again after a 5xx: it ends uncertain, whether or not the mock applied it', async () => {
    const { account } = addAccount(mock.store);
    faults = { 'ref-1': 'fail-after', 'ref-2': 'fail-before' };
    const results = await bulk.transactions(
      [interest(account.id, 'ref-1'), interest(account.id, 'ref-2'), interest(account.id, 'ref-3')],
      quick,
    );
    expect(results[0]).toMatchObject({ index: 0, ok: false, uncertain: true, attempts: 1 });
    expect((results[0] as { error: unknown }).error).toBeInstanceOf(InternalServerError);
    expect(results[1]).toMatchObject({ index: 1, ok: false, uncertain: true, attempts: 1 });
    expect(results[2]).toMatchObject({ index: 2, ok: true, created: true, attempts: 1 });
    expect(mock.store.transactions.all().map((t) => t.attributes.comment)).toEqual(['ref-1', 'ref-3']);
    expect(server.log.requests).toBe(3);
  });

  it('uses the caller’s verify to recognise a transaction whose answer was lost', async () => {
    const { account } = addAccount(mock.store);
    faults = { 'ref-1': 'fail-after', 'ref-2': 'fail-before' };
    const results = await bulk.transactions([interest(account.id, 'ref-1'), interest(account.id, 'ref-2')], {
      ...quick,
      verify: async (input) => {
        const listed = await prs.transactions.list({
          accountId: account.id,
          fromDate: '2024-03-31',
          toDate: '2024-03-31',
        });
        return listed.find((t) => (t.attributes as { comment?: string }).comment === input.attributes.comment);
      },
    });
    expect(results[0]).toMatchObject({ ok: true, created: false, attempts: 1 });
    expect(results[1]).toMatchObject({ ok: true, created: true, attempts: 2 });
    expect(mock.store.transactions.all().map((t) => t.attributes.comment)).toEqual(['ref-1', 'ref-2']);
  });
});

describe('bulk.run', () => {
  it('sees each 429 when the call takes ctx.options, re-attempts GETs after a 5xx, and keeps created from an APIPromise', async () => {
    const ids = ['US0000000001', 'US0000000002', 'US0000000003'].map(
      (securityIdentifier) => addStock(mock.store, securityIdentifier).id,
    );
    faults = {
      [`GET /api/v3/instruments/${ids[0]}`]: 'rate-limited',
      [`GET /api/v3/instruments/${ids[1]}`]: 'fail-before',
    };
    let last: BulkProgress | undefined;
    const read = await bulk.run(ids, (id, _i, { options }) => prs.instruments.retrieve(id, options), {
      ...quick,
      onProgress: (p) => {
        last = p;
      },
    });
    expect(read.map((r) => (r.ok ? [r.value.id, r.attempts, r.created] : r))).toEqual([
      [ids[0], 2, undefined],
      [ids[1], 2, undefined],
      [ids[2], 1, undefined],
    ]);
    expect(last).toMatchObject({ done: 3, total: 3, ok: 3, failed: 0, inFlight: 0, rateLimited: 1, retries: 2 });

    const made = await bulk.run(
      [stock('DE000000000E'), stock('DE000000000E')],
      (input, _i, { options }) => prs.instruments.create(input, options),
      quick,
    );
    expect(made.map((r) => r.ok && r.created)).toEqual([true, false]);
  });
});
