/**
 * The time-series resource, written once and mounted on instruments (`/api/v3`) and assets (`/api/v2`):
 * list and create under `/<parent>/:id/<series>`, delete (and, for prices, update) at `/<series>/:id`.
 */
import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import type { EndpointId } from '../endpoints.js';
import type {
  IndexFactor,
  IndexFactorCreateAttributes,
  InterestRate,
  InterestRateCreateAttributes,
  NetAssetValueCreateAttributes,
  Price,
  PriceCreateAttributes,
  PriceUpdateAttributes,
} from '../schemas/time-series.js';

/** The body of a time-series create without the `data` wrapper. */
export interface SeriesCreateParams<A> {
  /** The value's attributes, e.g. `{ date: '2024-03-28', value: 101.5 }` for a price. */
  attributes: A;
}
/**
 * The former name of `SeriesCreateParams`, kept so existing code compiles.
 * @deprecated use `SeriesCreateParams`
 */
export type SeriesCreateInput<A> = SeriesCreateParams<A>;
/** The body of `interestRates.create`: `{ attributes: { date, value } }`. */
export interface InterestRateCreateParams extends SeriesCreateParams<InterestRateCreateAttributes> {
  attributes: InterestRateCreateAttributes;
}
/** The body of `prices.create`: `{ attributes: { date, value } }`. */
export interface PriceCreateParams extends SeriesCreateParams<PriceCreateAttributes> {
  attributes: PriceCreateAttributes;
}
/** The body of `indexFactors.create`: `{ attributes: { date, value } }`. */
export interface IndexFactorCreateParams extends SeriesCreateParams<IndexFactorCreateAttributes> {
  attributes: IndexFactorCreateAttributes;
}
/** The body of `netAssetValues.create`: `{ attributes: { officialDate, effectiveDate?, value } }`. */
export interface NetAssetValueCreateParams extends SeriesCreateParams<NetAssetValueCreateAttributes> {
  attributes: NetAssetValueCreateAttributes;
}
/** The body of `prices.update`: `{ attributes: { value } }`, the only field that can change. */
export interface PriceUpdateParams {
  /** The new `value`. */
  attributes: PriceUpdateAttributes;
}

/**
 * One time series of an instrument or asset: interest rates, prices, index factors or net asset values, named by
 * its rows' prefix (`instruments.prices`: rows `instruments.prices.list`, `.create`, `.delete`). `T` is the
 * resource, `A` the create attributes, `P` the create body (e.g. `PriceCreateParams`).
 */
export class TimeSeries<T, A, P extends SeriesCreateParams<A> = SeriesCreateParams<A>> {
  constructor(
    protected readonly api: API,
    /** `instruments.prices`, `assets.interestRates`, … */
    protected readonly rows: 'instruments' | 'assets' | `${'instruments' | 'assets'}.${string}`,
    /** The name of a value's own id in messages (`navId` for net asset values). */
    private readonly idName = 'id',
  ) {}

  /**
   * Lists the series of one instrument (or asset), every page followed.
   * @example
   * const prices = await prs.instruments.prices.list(instrumentId);
   */
  list(id: string, options?: RequestOptions): ListPromise<T> {
    return this.api.list(`${this.rows}.list` as EndpointId, { path: { id } }, options);
  }

  /**
   * Adds a value; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const rate = await prs.instruments.interestRates.create(instrumentId, { attributes: { date: '2024-01-31', value: 0.035 } });
   */
  create(id: string, input: P, options?: RequestOptions): APIPromise<T, { created: boolean }> {
    return this.api.call(`${this.rows}.create` as EndpointId, { path: { id }, body: input }, options);
  }

  /**
   * Deletes one value by its own id (for net asset values: the `navId` from the list; the paired price goes too).
   * @example
   * await prs.instruments.indexFactors.delete(indexFactorId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call(`${this.rows}.delete` as EndpointId, { path: { [this.idName]: id } }, options);
  }
}

/** Prices: a time series whose `value` can also be changed in place. */
export class PriceSeries extends TimeSeries<Price, PriceCreateAttributes, PriceCreateParams> {
  /**
   * Changes a price's `value` (PATCH, answered with 204). The body carries the price's `id` and `type`.
   * @example
   * await prs.instruments.prices.update(priceId, { attributes: { value: 101.25 } });
   */
  update(priceId: string, input: PriceUpdateParams, options?: RequestOptions): APIPromise<void> {
    return this.api.call(`${this.rows}.update` as EndpointId, { path: { id: priceId }, body: input }, options);
  }
}

/** The series both versions have, mounted under one parent. */
export function commonSeries(
  api: API,
  parent: 'instruments' | 'assets',
): {
  interestRates: TimeSeries<InterestRate, InterestRateCreateAttributes, InterestRateCreateParams>;
  prices: PriceSeries;
  indexFactors: TimeSeries<IndexFactor, IndexFactorCreateAttributes, IndexFactorCreateParams>;
} {
  return {
    interestRates: new TimeSeries(api, `${parent}.interestRates`),
    prices: new PriceSeries(api, `${parent}.prices`),
    indexFactors: new TimeSeries(api, `${parent}.indexFactors`),
  };
}
