/**
 * Time series attached to instruments (v3) and assets (v2): interest rates, prices, index factors, and
 * net asset values (v3 only). Defined once; the resource factory mounts them under both versions.
 */
import type * as z from 'zod/mini';
import { type Fields, f } from './fields.js';
import {
  createAttributes,
  defineResource,
  type NoRels,
  type ReadSchema,
  type ResourceDef,
  readSchema,
  updateAttributes,
} from './resource.js';

/** Who supplied a value of interest rates, prices and index factors. */
const provider = {
  /**
   * Who supplied the value: `client` (created through the interface) or `operator`. Set by the service: refused
   * on create.
   */
  provider: f.readOnly(f.enum(['client', 'operator'])),
};

/** One series: its definition, its response schema and the attributes a create accepts. */
function series<T extends string, F extends Fields>(def: ResourceDef<T, F, NoRels>) {
  return { def, schema: readSchema(def) as ReadSchema<T, F, NoRels>, create: createAttributes(def.fields) };
}

/** `interest-rate`: `value` is an annual rate as a decimal (0.05 = 5 %), applying from `date`. */
export const interestRateSeries = series(
  defineResource('interest-rate', {
    /** Date from which the rate applies, `YYYY-MM-DD`. */
    date: f.date(),
    ...provider,
    /** Annual interest rate as a decimal fraction, not percent: `0.05` means 5 %. */
    value: f.number(),
  }),
);
/** `price`: an end-of-day value in the instrument currency. */
export const priceSeries = series(
  defineResource('price', {
    /** Date of the price, `YYYY-MM-DD`: the price at the end of that day. */
    date: f.date(),
    ...provider,
    /** End-of-day price, in the instrument currency. */
    value: f.number(),
  }),
);
/** `index-factor`: the factor of an index-linked bond dated `date`. */
export const indexFactorSeries = series(
  defineResource('index-factor', {
    /** Date of the factor, `YYYY-MM-DD` (the reference states no more). */
    date: f.date(),
    ...provider,
    /** The index factor (a plain number, no unit). */
    value: f.number(),
  }),
);
/** `net-asset-value` (v3 only): a null or absent `effectiveDate` defaults to `officialDate` at the service. */
export const netAssetValueSeries = series(
  defineResource('net-asset-value', {
    /** Official date of the net asset value, `YYYY-MM-DD`. */
    officialDate: f.date(),
    /** Date from which the value is effective, `YYYY-MM-DD`; `null` or absent on create means `officialDate`. */
    effectiveDate: f.optional(f.nullable(f.date())),
    /** The net asset value, in the instrument (fund) currency. */
    value: f.number(),
  }),
);
/** A price's PATCH: only `value` can change. */
export const priceUpdateAttributes = updateAttributes(priceSeries.def.fields, ['value']);

/** The attributes of `interestRates.create`: `date` and `value` (`provider` is set by the service). */
export interface InterestRateCreateAttributes extends z.input<typeof interestRateSeries.create> {
  value: z.input<typeof interestRateSeries.create>['value'];
  date: z.input<typeof interestRateSeries.create>['date'];
}
/** The attributes of `prices.create`: `date` and `value` (`provider` is set by the service). */
export interface PriceCreateAttributes extends z.input<typeof priceSeries.create> {
  value: z.input<typeof priceSeries.create>['value'];
  date: z.input<typeof priceSeries.create>['date'];
}
/** The attributes of `indexFactors.create`: `date` and `value` (`provider` is set by the service). */
export interface IndexFactorCreateAttributes extends z.input<typeof indexFactorSeries.create> {
  value: z.input<typeof indexFactorSeries.create>['value'];
  date: z.input<typeof indexFactorSeries.create>['date'];
}
/** The attributes of `instruments.netAssetValues.create`: `officialDate`, `value` and an optional `effectiveDate`. */
export interface NetAssetValueCreateAttributes extends z.input<typeof netAssetValueSeries.create> {
  officialDate: z.input<typeof netAssetValueSeries.create>['officialDate'];
  value: z.input<typeof netAssetValueSeries.create>['value'];
}
/** The attributes of `prices.update`: only `value` can change. */
export interface PriceUpdateAttributes extends z.input<typeof priceUpdateAttributes> {
  value?: z.input<typeof priceUpdateAttributes>['value'];
}
