/**
 * The time-series resource, written once and mounted on instruments (`/api/v3`) and assets (`/api/v2`):
 * list and create under `/<parent>/:id/<series>`, delete (and, for prices, update) at `/<series>/:id`.
 */
import type * as z from 'zod/mini';
import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import { buildDocument, type DocumentInput } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import {
  type IndexFactor,
  type IndexFactorCreateAttributes,
  type InterestRate,
  type InterestRateCreateAttributes,
  indexFactorSeries,
  interestRateSeries,
  type NetAssetValueCreateAttributes,
  type Price,
  type PriceCreateAttributes,
  type PriceUpdateAttributes,
  priceSeries,
  priceUpdateAttributes,
} from '../schemas/time-series.js';
import { Children, Items } from './calls.js';
import { updateDocument } from './documents.js';

/** Where a series is mounted. */
export interface SeriesMount {
  api: API;
  version: '/api/v2' | '/api/v3';
  parent: 'instruments' | 'assets';
  /** Namespace for messages: `interestRates`. */
  name: string;
  /** Path segment: `interest-rates`. */
  path: string;
  /** Name of the series id in messages (default `id`; `navId` for net asset values). */
  idName?: string;
}

/** A series: its type, response schema and create-attribute schema (from `schemas/time-series.ts`). */
export interface SeriesDef<T, A> {
  def: { type: string };
  schema: z.ZodMiniType<T>;
  create: z.ZodMiniType<unknown, A>;
}

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
export interface InterestRateCreateParams extends SeriesCreateParams<InterestRateCreateAttributes> {}
/** The body of `prices.create`: `{ attributes: { date, value } }`. */
export interface PriceCreateParams extends SeriesCreateParams<PriceCreateAttributes> {}
/** The body of `indexFactors.create`: `{ attributes: { date, value } }`. */
export interface IndexFactorCreateParams extends SeriesCreateParams<IndexFactorCreateAttributes> {}
/** The body of `netAssetValues.create`: `{ attributes: { officialDate, effectiveDate?, value } }`. */
export interface NetAssetValueCreateParams extends SeriesCreateParams<NetAssetValueCreateAttributes> {}
/** The body of `prices.update`: `{ attributes: { value } }`, the only field that can change. */
export interface PriceUpdateParams {
  /** The new `value`. */
  attributes: PriceUpdateAttributes;
}

/**
 * One time series of an instrument or asset: interest rates, prices, index factors or net asset values. `T` is the
 * resource, `A` the create attributes, `P` the create body (e.g. `PriceCreateParams`).
 */
export class TimeSeries<T, A, P extends SeriesCreateParams<A> = SeriesCreateParams<A>> {
  protected readonly items: Items<T, DocumentInput>;
  private readonly children: Children<T, P>;

  /** `update`: the attributes a PATCH may change, for series that can be updated (prices). */
  constructor(mount: SeriesMount, series: SeriesDef<T, A>, update?: z.ZodMiniType) {
    const label = `${mount.parent}.${mount.name}`;
    this.children = new Children(mount.api, {
      label,
      parent: `${mount.version}/${mount.parent}`,
      parentId: 'id',
      child: mount.path,
      schema: series.schema,
      create: (what, input) => buildDocument(what, input as DocumentInput, series.def.type, series.create, {}),
    });
    this.items = new Items(mount.api, {
      label,
      base: `${mount.version}/${mount.path}`,
      schema: series.schema,
      idName: mount.idName,
      patch:
        update &&
        ((what, id, input) =>
          updateDocument(what, id, input, { type: series.def.type, attributes: update, relationships: {} })),
    });
  }

  /**
   * Lists the series of one instrument (or asset), every page followed.
   * @example
   * const prices = await prs.instruments.prices.list(instrumentId);
   */
  list(id: string, options?: RequestOptions): ListPromise<T> {
    return this.children.list(id, options);
  }

  /**
   * Adds a value; the service sets `provider` to `client` (sending `provider` is a `ValidationError`).
   * @example
   * const rate = await prs.instruments.interestRates.create(instrumentId, { attributes: { date: '2024-01-31', value: 0.035 } });
   */
  create(id: string, input: P, options?: RequestOptions): APIPromise<T, { created: boolean }> {
    return this.children.create(id, input, options);
  }

  /**
   * Deletes one value by its own id (for net asset values: the `navId` from the list; the paired price goes too).
   * @example
   * await prs.instruments.indexFactors.delete(indexFactorId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.items.delete(id, options);
  }
}

/** Prices: a time series whose `value` can also be changed in place. */
export class PriceSeries extends TimeSeries<Price, PriceCreateAttributes, PriceCreateParams> {
  constructor(mount: Omit<SeriesMount, 'name' | 'path'>) {
    super({ ...mount, name: 'prices', path: 'prices' }, priceSeries, priceUpdateAttributes);
  }

  /**
   * Changes a price's `value` (PATCH, answered with 204). The body carries the price's `id` and `type`.
   * @example
   * await prs.instruments.prices.update(priceId, { attributes: { value: 101.25 } });
   */
  update(priceId: string, input: PriceUpdateParams, options?: RequestOptions): APIPromise<void> {
    return this.items.update(priceId, input, options);
  }
}

/** The series both versions have, mounted under one parent. */
export function commonSeries(mount: Omit<SeriesMount, 'name' | 'path'>): {
  interestRates: TimeSeries<InterestRate, InterestRateCreateAttributes, InterestRateCreateParams>;
  prices: PriceSeries;
  indexFactors: TimeSeries<IndexFactor, IndexFactorCreateAttributes, IndexFactorCreateParams>;
} {
  return {
    interestRates: new TimeSeries({ ...mount, name: 'interestRates', path: 'interest-rates' }, interestRateSeries),
    prices: new PriceSeries(mount),
    indexFactors: new TimeSeries({ ...mount, name: 'indexFactors', path: 'index-factors' }, indexFactorSeries),
  };
}
