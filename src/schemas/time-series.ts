/**
 * Time series attached to instruments (v3) and assets (v2): interest rates, prices, index factors, and
 * net asset values (v3 only). Defined once; the resource factory mounts them under both versions.
 */
import type * as z from 'zod/mini';
import { f, type Fields } from './fields.js';
import { createAttributes, defineResource, type NoRels, type ReadSchema, readSchema, type ResourceDef, updateAttributes } from './resource.js';

/** Who supplied the value: `client` (created through the interface) or `operator`. Never sent by callers. */
const provider = f.readOnly(f.enum(['client', 'operator']));
/** Interest rates, prices and index factors share one shape: a value from a date on. */
const datedValue = { date: f.date(), provider, value: f.number() };

/** One series: its definition, its response schema and the attributes a create accepts. */
function series<T extends string, F extends Fields>(def: ResourceDef<T, F, NoRels>) {
  return { def, schema: readSchema(def) as ReadSchema<T, F, NoRels>, create: createAttributes(def.fields) };
}

/** `interest-rate`: `value` is an annual rate as a decimal (0.05 = 5 %), applying from `date`. */
export const interestRateSeries = series(defineResource('interest-rate', datedValue));
/** `price`: an end-of-day value in the instrument currency. */
export const priceSeries = series(defineResource('price', datedValue));
/** `index-factor`: the factor of an index-linked bond from `date`. */
export const indexFactorSeries = series(defineResource('index-factor', datedValue));
/** `net-asset-value` (v3 only): a null or absent `effectiveDate` defaults to `officialDate` at the service. */
export const netAssetValueSeries = series(
  defineResource('net-asset-value', {
    officialDate: f.date(),
    effectiveDate: f.optional(f.nullable(f.date())),
    value: f.number(),
  }),
);
/** A price's PATCH: only `value` can change. */
export const priceUpdateAttributes = updateAttributes(priceSeries.def.fields, ['value']);

export type InterestRate = z.infer<typeof interestRateSeries.schema>;
export type Price = z.infer<typeof priceSeries.schema>;
export type IndexFactor = z.infer<typeof indexFactorSeries.schema>;
export type NetAssetValue = z.infer<typeof netAssetValueSeries.schema>;
export type InterestRateCreateAttributes = z.input<typeof interestRateSeries.create>;
export type PriceCreateAttributes = z.input<typeof priceSeries.create>;
export type IndexFactorCreateAttributes = z.input<typeof indexFactorSeries.create>;
export type NetAssetValueCreateAttributes = z.input<typeof netAssetValueSeries.create>;
export type PriceUpdateAttributes = z.input<typeof priceUpdateAttributes>;
