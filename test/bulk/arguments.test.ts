/**
 * The bulk runner's arguments, as plain JavaScript can pass them: items that are not an array (a Map or a Set
 * never settled, a string ran once per character), a callback that is not a function (a `TypeError` halfway
 * through, or every item failing with "fn is not a function"), a first argument of `prices` that is neither an
 * id nor the items. Each is one `ValidationError` naming the argument, before any call; nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import { Bulk } from '../../src/bulk/index.js';
import { ValidationError } from '../../src/index.js';
import { recordingClient } from '../helpers/recording-fetch.js';

async function refusal(start: (bulk: Bulk) => Promise<unknown>) {
  const { prs, requests } = recordingClient({ status: 201, body: { data: { type: 'stock-instrument', id: 'i1' } } });
  const error = await start(new Bulk(prs)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect(requests, 'nothing is sent').toHaveLength(0);
  return (error as ValidationError).message;
}

describe('bulk arguments', () => {
  it.each([
    ['a Map', new Map([[1, 2]]), 'must be an array, got a Map (Array.from makes one of any iterable)'],
    ['a Set', new Set([1]), 'must be an array, got a Set (Array.from makes one of any iterable)'],
    ['a string', 'ab', 'must be an array, got "ab"'],
    ['a symbol', Symbol('rows'), 'must be an array, got symbol Symbol(rows)'],
    ['undefined', undefined, 'is required'],
  ])('items given as %s: refused, for run and for every shortcut, each naming itself', async (_what, items, got) => {
    const expected = (method: string) => `bulk.${method}: items: ${got} (nothing was sent)`;
    expect(await refusal((bulk) => bulk.run(items as never, (x) => x))).toBe(expected('run'));
    expect(await refusal((bulk) => bulk.instruments(items as never))).toBe(expected('instruments'));
    expect(await refusal((bulk) => bulk.prices('i1', items as never))).toBe(expected('prices'));
    expect(await refusal((bulk) => bulk.netAssetValues('i1', items as never))).toBe(expected('netAssetValues'));
    expect(await refusal((bulk) => bulk.transactions(items as never))).toBe(expected('transactions'));
  });

  it('items with a hole: refused naming its index, for run and for every shortcut, before any item runs', async () => {
    const seen: unknown[] = [];
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is under test
    const items = ['a', , 'c'];
    const expected = 'bulk.run: items.1: is a hole in the array: give an item at every index (nothing was sent)';
    expect(await refusal((bulk) => bulk.run(items, (x) => seen.push(x)))).toBe(expected);
    expect(seen, 'fn was never called').toEqual([]);
    const rows = [{}, {}];
    delete rows[0];
    for (const [method, start] of [
      ['instruments', (bulk: Bulk) => bulk.instruments(rows as never)],
      ['prices', (bulk: Bulk) => bulk.prices('i1', rows as never)],
      ['transactions', (bulk: Bulk) => bulk.transactions(rows as never)],
    ] as const)
      expect(await refusal(start)).toBe(
        `bulk.${method}: items.0: is a hole in the array: give an item at every index (nothing was sent)`,
      );
  });

  it('a run whose fn is not a function: refused before any item', async () => {
    expect(await refusal((bulk) => bulk.run([1, 2], 5 as never))).toBe(
      'bulk.run: fn: must be a function, got number 5 (nothing was sent)',
    );
  });

  it('callbacks, idempotent and signal of the wrong kind: every one named in one error', async () => {
    const message = await refusal((bulk) =>
      bulk.run([1], (x) => x, {
        onProgress: 5 as never,
        onResult: 'log' as never,
        verify: {} as never,
        idempotent: 'yes' as never,
        signal: { aborted: false } as never,
      }),
    );
    expect(message).toBe(
      'bulk.run: onProgress: must be a function, got number 5; onResult: must be a function, got "log"; verify: must be a function, got an object; idempotent: must be true or false, got "yes"; signal: must be an AbortSignal, got an object (nothing was sent)',
    );
  });

  it('a concurrency given as a function is named by its kind', async () => {
    expect(await refusal((bulk) => bulk.run([1], (x) => x, { concurrency: (() => 4) as never }))).toBe(
      'bulk.run: concurrency: must be a whole number from 1 to 64, got a function (nothing was sent)',
    );
  });

  it.each([
    [
      'a floor above the most (it was lowered without a word)',
      { concurrency: 2, minConcurrency: 16 },
      'minConcurrency: must not exceed concurrency (2), got 16',
    ],
    [
      'a floor above the default most',
      { minConcurrency: 9 },
      'minConcurrency: must not exceed concurrency (8, its default), got 9',
    ],
    [
      'a first delay above the cap (every delay was the cap)',
      { retryDelay: { initial: 5000, max: 10 } },
      'retryDelay.initial: must not exceed retryDelay.max (10), got 5000',
    ],
    [
      'a first delay above the default cap',
      { retryDelay: { initial: 20_000 } },
      'retryDelay.initial: must not exceed retryDelay.max (10000, its default), got 20000',
    ],
    [
      'both',
      { concurrency: 1, minConcurrency: 2, retryDelay: { initial: 2, max: 1 } },
      'minConcurrency: must not exceed concurrency (1), got 2; retryDelay.initial: must not exceed retryDelay.max (1), got 2',
    ],
  ])('options with %s: refused naming both, before any item', async (_what, options, issues) => {
    let called = false;
    expect(await refusal((bulk) => bulk.run([1], () => (called = true), options))).toBe(
      `bulk.run: ${issues} (nothing was sent)`,
    );
    expect(called, 'fn was never called').toBe(false);
  });

  it('takes a floor equal to the most, and a cap below the default first delay with no first delay of its own', async () => {
    const { prs } = recordingClient({ status: 201, body: {} });
    const seen: number[] = [];
    const results = await new Bulk(prs).run([1, 2], (x) => x, {
      concurrency: 4,
      minConcurrency: 4,
      retryDelay: { max: 100 },
      onProgress: (p) => seen.push(p.concurrency),
    });
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(new Set(seen)).toEqual(new Set([4]));
  });

  it('prices and net asset values whose first argument is neither an id nor the items', async () => {
    const expected = (method: string) =>
      `bulk.${method}: instrumentId: must be the instrument's id (a string) or the items (an array), got symbol Symbol(id) (nothing was sent)`;
    const items = [{ attributes: { date: '2024-01-02', value: 1 } }];
    expect(await refusal((bulk) => bulk.prices(Symbol('id') as never, items as never))).toBe(expected('prices'));
    expect(await refusal((bulk) => bulk.netAssetValues(Symbol('id') as never, items as never))).toBe(
      expected('netAssetValues'),
    );
  });
});

describe('new Bulk(client)', () => {
  function constructionRefusal(client: unknown): string {
    try {
      new Bulk(client as never);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).message;
    }
    return expect.unreachable('it was constructed');
  }

  it.each([
    ['nothing (a shortcut threw a TypeError)', undefined, 'new Bulk(): client: is required'],
    [
      'an empty object (every item failed with a TypeError)',
      {},
      'new Bulk(): client: must be a PortfolioReporting client (with instruments.create()), got an object',
    ],
    [
      'a client without transactions',
      { instruments: { create() {}, prices: { create() {}, list() {} }, netAssetValues: { create() {}, list() {} } } },
      'new Bulk(): client: must be a PortfolioReporting client (with transactions.create()), got an object',
    ],
    [
      'the client’s options instead of the client',
      { baseUrl: 'https://prs.test', accessToken: 't' },
      'new Bulk(): client: must be a PortfolioReporting client (with instruments.create()), got an object',
    ],
    [
      'a string',
      'prs',
      'new Bulk(): client: must be a PortfolioReporting client (with instruments.create()), got "prs"',
    ],
  ])('given %s: refused at construction', (_what, client, message) => {
    expect(constructionRefusal(client)).toBe(message);
  });

  it('takes a PortfolioReporting client', () => {
    const { prs } = recordingClient({ status: 201, body: {} });
    expect(new Bulk(prs)).toBeInstanceOf(Bulk);
  });
});
