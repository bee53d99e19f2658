/**
 * `new Bulk(prs)`: the runner for any call, and shortcuts for the loads users write most — instruments, prices,
 * net asset values and transactions — each with the rule that makes sending again safe, or not.
 */
// Types only, and from the root: this entry calls the client it is given, so none of the client's code is bundled twice.

import { extraArguments } from '../core/arity.js';
import { mustBe } from '../core/describe.js';
import { ValidationError } from '../core/errors.js';
import type {
  APIPromise,
  Instrument,
  InstrumentCreateParams,
  NetAssetValue,
  NetAssetValueCreateAttributes,
  PortfolioReporting,
  Price,
  PriceCreateAttributes,
  RequestOptions,
  SeriesCreateParams,
  Transaction,
  TransactionCreateParams,
} from '../index.js';
import {
  type BulkCallContext,
  type BulkOptions,
  type BulkResult,
  type CallOutcome,
  type CallPolicy,
  runBulk,
} from './runner.js';

/** A time-series value for `prices` / `netAssetValues` when each names its own instrument. */
export interface SeriesItem<A> {
  /** The instrument the value belongs to. */
  instrumentId: string;
  /** The value's attributes, as for the single create. */
  attributes: A;
}

/** Options of `bulk.run`: the pool's options and what is known about the calls. */
export type BulkRunOptions<I, T> = BulkOptions<I, T> & CallPolicy<I, T>;

/** Options of `bulk.transactions`: a transaction has no natural key, so only a caller's `verify` can recognise one. */
export type BulkTransactionOptions<I> = BulkOptions<I, Transaction> & Pick<CallPolicy<I, Transaction>, 'verify'>;

/** The client's namespaces the shortcuts call: a `PortfolioReporting` client has them. */
export type BulkResources = Pick<PortfolioReporting, 'instruments' | 'transactions'>;

/** The calls of the client the shortcuts make. */
const CLIENT_CALLS = [
  'instruments.create',
  'instruments.prices.create',
  'instruments.prices.list',
  'instruments.netAssetValues.create',
  'instruments.netAssetValues.list',
  'transactions.create',
];

/**
 * Bulk loads: bounded, adaptive concurrency; one result per input, in input order. See the README, "Bulk loads".
 * @example
 * import { Bulk } from 'portfolio-reporting/bulk';
 * const bulk = new Bulk(prs);
 * const results = await bulk.instruments(rows, { concurrency: 16 });
 */
export class Bulk {
  /**
   * @param resources the client to load through (its `instruments` and `transactions`), with its auth and transport
   * @example
   * const bulk = new Bulk(new PortfolioReporting({ baseUrl, accessToken }));
   */
  constructor(private readonly resources: BulkResources) {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    extraArguments('new Bulk()', arguments, 1, '');
    // Checked now, by the calls the shortcuts make (by shape: the ESM and the CJS copy of the client may both be
    // loaded): a wrong argument failed each item with a TypeError, or threw from the first shortcut.
    const missing = CLIENT_CALLS.find(
      (path) => typeof path.split('.').reduce<unknown>((o, key) => (o as never)?.[key], resources) !== 'function',
    );
    if (missing) {
      const message = mustBe(`a PortfolioReporting client (with ${missing}())`, resources);
      throw new ValidationError('new Bulk()', [{ path: 'client', message }], '');
    }
  }

  /**
   * Calls `fn` for every item, at most `concurrency` at a time (halved on 429, raised again on success),
   * and resolves to one result per item, in input order: `{ index, ok: true, value, created? }` or
   * `{ index, ok: false, error, skipped?, uncertain? }`. Pass `ctx.options` to the SDK call so the runner
   * sees each 429. An `APIPromise` returned by `fn` gives `created` when the call reports it.
   * @example
   * const results = await bulk.run(ids, (id, i, { options }) => prs.instruments.retrieve(id, options), { concurrency: 16 });
   * const missing = results.filter((r) => !r.ok);
   */
  run<I, T>(
    items: readonly I[],
    fn: (item: I, index: number, ctx: BulkCallContext) => T | PromiseLike<T>,
    options?: BulkRunOptions<I, T>,
  ): Promise<BulkResult<T>[]> {
    const what = 'bulk.run';
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    const extra = refused(what, arguments, 3);
    if (extra) return extra;
    if (typeof fn !== 'function')
      return Promise.reject(new ValidationError(what, [{ path: 'fn', message: mustBe('a function', fn) }]));
    return runBulk(what, items, (item, index, ctx) => outcomeOf(fn(item, index, ctx)), options, options, [
      'idempotent',
      'verify',
    ]);
  }

  /**
   * Creates instruments. A duplicate `securityIdentifier` + `ccyCode` is answered 303 with the existing one
   * (`created: false`), so a create whose answer was lost (5xx, timeout) is simply sent again.
   * @example
   * const results = await bulk.instruments(rows, { concurrency: 16, onProgress: (p) => console.log(p.done, '/', p.total) });
   * const existing = results.filter((r) => r.ok && r.created === false).length;
   */
  instruments<I extends InstrumentCreateParams>(
    inputs: readonly I[],
    options?: BulkOptions<I, Instrument>,
  ): Promise<BulkResult<Instrument>[]> {
    const what = 'bulk.instruments';
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    const extra = refused(what, arguments, 2);
    if (extra) return extra;
    const { instruments } = this.resources;
    return runBulk(what, inputs, (input, _i, ctx) => outcomeOf(instruments.create(input, ctx.options)), options, {
      idempotent: true,
    });
  }

  /**
   * Creates prices, all for one instrument or each for its own (`{ instrumentId, attributes }`). After a lost
   * answer or a 409, the instrument's prices are read: the same date and value from `client` counts as
   * done (`created: false`); absent, the price is sent again; another value stays a `ConflictError`.
   * @example
   * const results = await bulk.prices(instrumentId, [{ attributes: { date: '2024-01-31', value: 101.5 } }]);
   */
  prices<I extends SeriesCreateParams<PriceCreateAttributes>>(
    instrumentId: string,
    inputs: readonly I[],
    options?: BulkOptions<I, Price>,
  ): Promise<BulkResult<Price>[]>;
  prices<I extends SeriesItem<PriceCreateAttributes>>(
    inputs: readonly I[],
    options?: BulkOptions<I, Price>,
  ): Promise<BulkResult<Price>[]>;
  prices(
    // Read through `arguments` (which form was called decides how many it takes); declared for the types.
    _a: string | readonly SeriesItem<PriceCreateAttributes>[],
    _b?: unknown,
    _c?: unknown,
  ): Promise<BulkResult<Price>[]> {
    return seriesLoad<PriceCreateAttributes, Price>(
      'bulk.prices',
      this.resources.instruments.prices,
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      arguments,
      ({ date, value }, p) =>
        p.attributes.provider === 'client' && p.attributes.date === date && p.attributes.value === value,
    );
  }

  /**
   * Creates net asset values of private market funds, all for one instrument or each for its own. After a
   * lost answer or a 409, the instrument's NAVs are read: one with the same dates and value counts as done
   * (`created: false`); absent, the NAV is sent again.
   * @example
   * const results = await bulk.netAssetValues(fundId, [{ attributes: { officialDate: '2024-03-31', value: 1_250_000 } }]);
   */
  netAssetValues<I extends SeriesCreateParams<NetAssetValueCreateAttributes>>(
    instrumentId: string,
    inputs: readonly I[],
    options?: BulkOptions<I, NetAssetValue>,
  ): Promise<BulkResult<NetAssetValue>[]>;
  netAssetValues<I extends SeriesItem<NetAssetValueCreateAttributes>>(
    inputs: readonly I[],
    options?: BulkOptions<I, NetAssetValue>,
  ): Promise<BulkResult<NetAssetValue>[]>;
  netAssetValues(
    // Read through `arguments` (which form was called decides how many it takes); declared for the types.
    _a: string | readonly SeriesItem<NetAssetValueCreateAttributes>[],
    _b?: unknown,
    _c?: unknown,
  ): Promise<BulkResult<NetAssetValue>[]> {
    // A null or absent effectiveDate is the officialDate at the service.
    return seriesLoad<NetAssetValueCreateAttributes, NetAssetValue>(
      'bulk.netAssetValues',
      this.resources.instruments.netAssetValues,
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      arguments,
      ({ officialDate, effectiveDate, value }, n) =>
        n.attributes.officialDate === officialDate &&
        (n.attributes.effectiveDate ?? n.attributes.officialDate) === (effectiveDate ?? officialDate) &&
        n.attributes.value === value,
    );
  }

  /**
   * Creates transactions. A transaction has no natural key the service checks, so a create whose answer was
   * lost (5xx, timeout) is not sent again: it ends `{ ok: false, uncertain: true }` for you to check — unless
   * `verify` can find it (by your own reference in `comment`, say).
   * @example
   * const results = await bulk.transactions(rows, { concurrency: 8 });
   * for (const r of results) if (!r.ok && r.uncertain) console.log('check row', r.index);
   */
  transactions<I extends TransactionCreateParams>(
    inputs: readonly I[],
    options?: BulkTransactionOptions<I>,
  ): Promise<BulkResult<Transaction>[]> {
    const what = 'bulk.transactions';
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    const extra = refused(what, arguments, 2);
    if (extra) return extra;
    const { transactions } = this.resources;
    return runBulk(
      what,
      inputs,
      (input, _i, ctx) => outcomeOf(transactions.create(input, ctx.options)),
      options,
      { verify: options?.verify },
      ['verify'],
    );
  }
}

/**
 * A rejection naming `what` when `args` holds a defined argument past `max`, as the runner reports its other bad
 * input (a promise that rejects: nothing was sent); undefined when there is none.
 */
function refused(what: string, args: ArrayLike<unknown>, max: number): Promise<never> | undefined {
  try {
    extraArguments(what, args, max);
    return undefined;
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The value of a call, with `created` when it is an `APIPromise` of a create. */
async function outcomeOf<T>(result: T | PromiseLike<T>): Promise<CallOutcome<T>> {
  // Recognised by shape, not `instanceof`: the ESM and the CJS copy of the SDK may both be loaded.
  if (typeof (result as Partial<APIPromise<T>> | null)?.withResponse === 'function') {
    const { data, created } = (await (result as APIPromise<T>).withResponse()) as { data: T; created?: boolean };
    return created === undefined ? { value: data } : { value: data, created };
  }
  return { value: await result };
}

/**
 * Finds a record among an instrument's series, reading the list once per instrument and again only when the
 * record is not in the list read before (it may have been created since): a load that finds many rows
 * already there (a re-run without its journal) reads each instrument's list once, not once per row.
 */
function lookup<T>(list: (instrumentId: string) => PromiseLike<T[]>) {
  const lists = new Map<string, Promise<T[]>>();
  const read = (instrumentId: string) => {
    const fresh = Promise.resolve(list(instrumentId));
    lists.set(instrumentId, fresh);
    fresh.catch(() => lists.delete(instrumentId));
    return fresh;
  };
  return async (instrumentId: string, match: (record: T) => boolean): Promise<T | undefined> => {
    const earlier = lists.get(instrumentId);
    const hit = earlier && (await earlier.catch(() => [] as T[])).find(match);
    return hit ?? (await read(instrumentId)).find(match);
  };
}

/** The calls of a time series the shortcuts use. */
interface SeriesCalls<A, T> {
  create(
    instrumentId: string,
    input: SeriesCreateParams<A>,
    options?: RequestOptions,
  ): APIPromise<T, { created: boolean }>;
  list(instrumentId: string): PromiseLike<T[]>;
}

/**
 * A series shortcut `what` in either form, `(instrumentId, inputs, options?)` or `(items, options?)` (its call's
 * `args`): creates each value, and after a lost answer or a 409 looks for a record that is `same` as the input.
 */
function seriesLoad<A, T>(
  what: string,
  series: SeriesCalls<A, T>,
  args: ArrayLike<unknown>,
  same: (attributes: A, record: T) => boolean,
): Promise<BulkResult<T>[]> {
  type Item = SeriesCreateParams<A> & { instrumentId?: string };
  const [a, b, c] = Array.from(args);
  if (typeof a !== 'string' && !Array.isArray(a)) {
    const message = mustBe("the instrument's id (a string) or the items (an array)", a);
    return Promise.reject(new ValidationError(what, [{ path: 'instrumentId', message }]));
  }
  // Three arguments with the shared id, two without: a third after the items was not read.
  const extra = refused(what, args, typeof a === 'string' ? 3 : 2);
  if (extra) return extra;
  const shared = typeof a === 'string' ? a : undefined;
  const items = (shared === undefined ? a : b) as readonly Item[];
  const options = (shared === undefined ? b : c) as BulkOptions<Item, T> | undefined;
  // The per-item id is checked by the create itself (an empty or missing id is a ValidationError).
  const idOf = (item: Item) => (shared ?? item?.instrumentId) as string;
  // An item's own `instrumentId` names where it goes, not a field of the document: taken out before the create
  // (with a shared id it stays, and the create refuses it as unknown rather than ignoring it).
  const inputOf = (item: Item): SeriesCreateParams<A> => {
    if (shared !== undefined || typeof item !== 'object' || item === null) return item;
    const { instrumentId: _, ...input } = item;
    return input;
  };
  const find = lookup((id) => series.list(id));
  const create = (item: Item, ctx: BulkCallContext) => series.create(idOf(item), inputOf(item), ctx.options);
  return runBulk(what, items, (item, _i, ctx) => outcomeOf(create(item, ctx)), options, {
    verify: (item) => find(idOf(item), (record) => same(item.attributes, record)),
  });
}
