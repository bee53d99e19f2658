/**
 * The time-series resource, written once and mounted on instruments (`/api/v3`) and assets (`/api/v2`):
 * list and create under `/<parent>/:id/<series>`, delete (and, for prices, update) at `/<series>/:id`.
 */
import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { EndpointId } from '../endpoints.js';
import type { IndexFactor, InterestRate, NetAssetValue, Price } from '../schemas/kind-types.generated.js';
import type {
  IndexFactorCreateAttributes,
  InterestRateCreateAttributes,
  NetAssetValueCreateAttributes,
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
  list(id: string, options?: ListRequestOptions): ListPromise<T> {
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

// The namespaces as an editor shows them: each series of each parent named, with its own examples.

/** `prs.instruments.interestRates`: the interest rates of an instrument (`/api/v3`). */
export interface InstrumentInterestRates
  extends TimeSeries<InterestRate, InterestRateCreateAttributes, InterestRateCreateParams> {
  /**
   * Lists the interest rates of an instrument, every page followed (`for await` walks them item by item).
   * @example
   * const rates = await prs.instruments.interestRates.list(instrumentId);
   */
  list(instrumentId: string, options?: ListRequestOptions): ListPromise<InterestRate>;
  /**
   * Adds an interest rate; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const rate = await prs.instruments.interestRates.create(instrumentId, { attributes: { date: '2024-01-31', value: 0.035 } });
   */
  create(
    instrumentId: string,
    input: InterestRateCreateParams,
    options?: RequestOptions,
  ): APIPromise<InterestRate, { created: boolean }>;
  /**
   * Deletes an interest rate by its own id (204).
   * @example
   * await prs.instruments.interestRates.delete(interestRateId);
   */
  delete(interestRateId: string, options?: RequestOptions): APIPromise<void>;
}

/** `prs.instruments.prices`: the prices of an instrument (`/api/v3`). */
export interface InstrumentPrices extends PriceSeries {
  /**
   * Lists the prices of an instrument, every page followed (`for await` walks them item by item).
   * @example
   * const prices = await prs.instruments.prices.list(instrumentId);
   */
  list(instrumentId: string, options?: ListRequestOptions): ListPromise<Price>;
  /**
   * Adds a price; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const price = await prs.instruments.prices.create(instrumentId, { attributes: { date: '2024-03-28', value: 101.5 } });
   */
  create(
    instrumentId: string,
    input: PriceCreateParams,
    options?: RequestOptions,
  ): APIPromise<Price, { created: boolean }>;
  /**
   * Changes a price's `value` (PATCH, answered with 204); the body carries the price's `id` and `type`.
   * @example
   * await prs.instruments.prices.update(priceId, { attributes: { value: 101.25 } });
   */
  update(priceId: string, input: PriceUpdateParams, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes a price by its own id (204).
   * @example
   * await prs.instruments.prices.delete(priceId);
   */
  delete(priceId: string, options?: RequestOptions): APIPromise<void>;
}

/** `prs.instruments.indexFactors`: the index factors of an instrument (`/api/v3`). */
export interface InstrumentIndexFactors
  extends TimeSeries<IndexFactor, IndexFactorCreateAttributes, IndexFactorCreateParams> {
  /**
   * Lists the index factors of an instrument, every page followed (`for await` walks them item by item).
   * @example
   * const factors = await prs.instruments.indexFactors.list(instrumentId);
   */
  list(instrumentId: string, options?: ListRequestOptions): ListPromise<IndexFactor>;
  /**
   * Adds an index factor; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const factor = await prs.instruments.indexFactors.create(instrumentId, { attributes: { date: '2024-01-31', value: 1.02 } });
   */
  create(
    instrumentId: string,
    input: IndexFactorCreateParams,
    options?: RequestOptions,
  ): APIPromise<IndexFactor, { created: boolean }>;
  /**
   * Deletes an index factor by its own id (204).
   * @example
   * await prs.instruments.indexFactors.delete(indexFactorId);
   */
  delete(indexFactorId: string, options?: RequestOptions): APIPromise<void>;
}

/** `prs.instruments.netAssetValues`: the net asset values of an instrument (`/api/v3`). */
export interface InstrumentNetAssetValues
  extends TimeSeries<NetAssetValue, NetAssetValueCreateAttributes, NetAssetValueCreateParams> {
  /**
   * Lists the net asset values of an instrument, every page followed (`for await` walks them item by item).
   * @example
   * const navs = await prs.instruments.netAssetValues.list(instrumentId);
   */
  list(instrumentId: string, options?: ListRequestOptions): ListPromise<NetAssetValue>;
  /**
   * Adds a net asset value; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const nav = await prs.instruments.netAssetValues.create(instrumentId, { attributes: { officialDate: '2024-03-31', value: 1250000 } });
   */
  create(
    instrumentId: string,
    input: NetAssetValueCreateParams,
    options?: RequestOptions,
  ): APIPromise<NetAssetValue, { created: boolean }>;
  /**
   * Deletes a net asset value by its own id (the `navId` from the list; the paired price goes too) (204).
   * @example
   * await prs.instruments.netAssetValues.delete(navId);
   */
  delete(navId: string, options?: RequestOptions): APIPromise<void>;
}

/** `prs.assets.interestRates`: the interest rates of an asset (`/api/v2`). */
export interface AssetInterestRates
  extends TimeSeries<InterestRate, InterestRateCreateAttributes, InterestRateCreateParams> {
  /**
   * Lists the interest rates of an asset, every page followed (`for await` walks them item by item).
   * @example
   * const rates = await prs.assets.interestRates.list(assetId);
   */
  list(assetId: string, options?: ListRequestOptions): ListPromise<InterestRate>;
  /**
   * Adds an interest rate; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const rate = await prs.assets.interestRates.create(assetId, { attributes: { date: '2024-01-31', value: 0.035 } });
   */
  create(
    assetId: string,
    input: InterestRateCreateParams,
    options?: RequestOptions,
  ): APIPromise<InterestRate, { created: boolean }>;
  /**
   * Deletes an interest rate by its own id (204).
   * @example
   * await prs.assets.interestRates.delete(interestRateId);
   */
  delete(interestRateId: string, options?: RequestOptions): APIPromise<void>;
}

/** `prs.assets.prices`: the prices of an asset (`/api/v2`). */
export interface AssetPrices extends PriceSeries {
  /**
   * Lists the prices of an asset, every page followed (`for await` walks them item by item).
   * @example
   * const prices = await prs.assets.prices.list(assetId);
   */
  list(assetId: string, options?: ListRequestOptions): ListPromise<Price>;
  /**
   * Adds a price; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const price = await prs.assets.prices.create(assetId, { attributes: { date: '2024-03-28', value: 101.5 } });
   */
  create(assetId: string, input: PriceCreateParams, options?: RequestOptions): APIPromise<Price, { created: boolean }>;
  /**
   * Changes a price's `value` (PATCH, answered with 204); the body carries the price's `id` and `type`.
   * @example
   * await prs.assets.prices.update(priceId, { attributes: { value: 101.25 } });
   */
  update(priceId: string, input: PriceUpdateParams, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes a price by its own id (204).
   * @example
   * await prs.assets.prices.delete(priceId);
   */
  delete(priceId: string, options?: RequestOptions): APIPromise<void>;
}

/** `prs.assets.indexFactors`: the index factors of an asset (`/api/v2`). */
export interface AssetIndexFactors
  extends TimeSeries<IndexFactor, IndexFactorCreateAttributes, IndexFactorCreateParams> {
  /**
   * Lists the index factors of an asset, every page followed (`for await` walks them item by item).
   * @example
   * const factors = await prs.assets.indexFactors.list(assetId);
   */
  list(assetId: string, options?: ListRequestOptions): ListPromise<IndexFactor>;
  /**
   * Adds an index factor; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const factor = await prs.assets.indexFactors.create(assetId, { attributes: { date: '2024-01-31', value: 1.02 } });
   */
  create(
    assetId: string,
    input: IndexFactorCreateParams,
    options?: RequestOptions,
  ): APIPromise<IndexFactor, { created: boolean }>;
  /**
   * Deletes an index factor by its own id (204).
   * @example
   * await prs.assets.indexFactors.delete(indexFactorId);
   */
  delete(indexFactorId: string, options?: RequestOptions): APIPromise<void>;
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
