/**
 * Holdings and asset holdings per reporting entity, and the query rules of their list endpoints.
 */
import * as z from 'zod/mini';
import { dateString, f } from './fields.js';
import { defineResource, readSchema, rel } from './resource.js';

const holdingFields = { ccyCode: f.currency(), date: f.date(), marketValue: f.number() };
/** Present according to the expansion requested (`reportingEntity` always). Never sent: holdings are computed. */
const holdingRelationships = {
  reportingEntity: rel.one('reporting-entity', false),
  depository: rel.one('depository', false),
  portfolio: rel.one('portfolio', false),
  asset: rel.one('asset', false),
  assetClass: rel.one('asset-class', false),
  assetClassDetailed: rel.one('asset-class-detailed', false),
};

export const holdingSchema = readSchema(defineResource('holding', holdingFields, holdingRelationships));
export const assetHoldingSchema = readSchema(
  defineResource('asset-holding', { ...holdingFields, unitsInHolding: f.number() }, holdingRelationships),
);

/** The documented `expand` values of `holdings.list`; `assets` is deprecated (use `assetHoldings.list`). */
export const HOLDING_EXPANSIONS = [
  'portfolios',
  'depositories',
  'assets',
  'assetClasses',
  'assetClassesDetailed',
] as const;
const include = z.optional(z.readonly(z.array(z.enum(['asset']))));

/** `assetHoldings.list` parameters: a closed date interval and `include`. */
export const assetHoldingsParams = z.strictObject({ fromDate: dateString, toDate: dateString, include });
/** `holdings.list` parameters: the asset-holdings ones plus `expand`. */
export const holdingsParams = z.strictObject({
  fromDate: dateString,
  toDate: dateString,
  expand: z.optional(z.readonly(z.array(z.enum(HOLDING_EXPANSIONS)))),
  include,
});

/** A holding (`holding`): market value per date, aggregated according to `expand`. */
export type Holding = z.infer<typeof holdingSchema>;
/** An asset holding (`asset-holding`): the most detailed level, with `unitsInHolding`. */
export type AssetHolding = z.infer<typeof assetHoldingSchema>;
/** A value of `expand`. `'assets'` is deprecated by the service: use `prs.assetHoldings.list`. */
export type HoldingExpansion = (typeof HOLDING_EXPANSIONS)[number];
