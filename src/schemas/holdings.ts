/**
 * Holdings and asset holdings per reporting entity, and the query rules of their list endpoints.
 */
import * as z from 'zod/mini';
import { dateString, f } from './fields.js';
import { defineResource, readSchema, rel } from './resource.js';

const holdingFields = {
  /** Currency the holding is reported in: ISO 4217 code. */
  ccyCode: f.currency(),
  /** Date of the holding, `YYYY-MM-DD`. */
  date: f.date(),
  /** Market value on `date`, in `ccyCode`. */
  marketValue: f.number(),
};
/** Present according to the expansion requested (`reportingEntity` always). Never sent: holdings are computed. */
const holdingRelationships = {
  /** The reporting entity the holding belongs to (always present). */
  reportingEntity: rel.always(rel.one('reporting-entity', false)),
  /** The depository (with `expand: ['depositories']`; absent for holdings outside any depository). */
  depository: rel.one('depository', false),
  /** The portfolio (with `expand: ['portfolios']`). */
  portfolio: rel.one('portfolio', false),
  /** The asset (with `expand: ['assets']`). */
  asset: rel.one('asset', false),
  /** The asset class (with `expand: ['assetClasses']`). */
  assetClass: rel.one('asset-class', false),
  /** The detailed asset class (with `expand: ['assetClassesDetailed']`). */
  assetClassDetailed: rel.one('asset-class-detailed', false),
};

export const holdingSchema = readSchema(defineResource('holding', holdingFields, holdingRelationships));
export const assetHoldingSchema = readSchema(
  defineResource(
    'asset-holding',
    {
      ...holdingFields,
      /** Units of the asset owned. */
      unitsInHolding: f.number(),
    },
    {
      ...holdingRelationships,
      /** The portfolio the position is held in (always present). */
      portfolio: rel.always(rel.one('portfolio', false)),
      /** The asset held (always present). */
      asset: rel.always(rel.one('asset', false)),
    },
  ),
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

// Declared shape types: the declaration build keeps the JSDoc of their members (it drops it on the members of an
// object literal written inside a zod call), so hover on the fields of the `...ListParams` shows it. No run-time cost.
type AssetHoldingsShape = {
  /**
   * First date of the period, a calendar date `YYYY-MM-DD`, included; must be before `toDate` (the reference: one
   * holding per date from `fromDate` to `toDate`, a closed interval).
   */
  fromDate: typeof dateString;
  /** Last date of the period, a calendar date `YYYY-MM-DD`, included; after `fromDate`. */
  toDate: typeof dateString;
  /**
   * `['asset']` (the only value) adds each holding's asset to `included`, in the shape of `assets.retrieve`.
   * Sent as the query `include=asset`.
   */
  include: typeof include;
};
type HoldingsShape = {
  /**
   * First date of the period, a calendar date `YYYY-MM-DD`, included; must be before `toDate` (the reference: one
   * holding per date from `fromDate` to `toDate`, a closed interval).
   */
  fromDate: typeof dateString;
  /** Last date of the period, a calendar date `YYYY-MM-DD`, included; after `fromDate`. */
  toDate: typeof dateString;
  /**
   * Splits the holdings by `portfolios`, `depositories`, `assets` (deprecated: use `assetHoldings.list`),
   * `assetClasses` or `assetClassesDetailed`; several combine (sent comma-separated, e.g. `portfolios,assets`), and
   * each holding then carries the matching relationships (`portfolio` for `portfolios`…). Without it, one holding
   * per date for the whole reporting entity.
   */
  expand: z.ZodMiniOptional<z.ZodMiniReadonly<z.ZodMiniArray<z.ZodMiniEnum<{ [K in HoldingExpansion]: K }>>>>;
  /**
   * `['asset']` (the only value) adds the related assets to `included`, in the shape of `assets.retrieve`. Sent as
   * the query `include=asset`.
   */
  include: typeof include;
};

/** `assetHoldings.list` parameters: a closed date interval and `include`. */
export const assetHoldingsParams: z.ZodMiniObject<AssetHoldingsShape, z.core.$strict> = z.strictObject({
  fromDate: dateString,
  toDate: dateString,
  include,
});
/** `holdings.list` parameters: the asset-holdings ones plus `expand`. */
export const holdingsParams: z.ZodMiniObject<HoldingsShape, z.core.$strict> = z.strictObject({
  fromDate: dateString,
  toDate: dateString,
  expand: z.optional(z.readonly(z.array(z.enum(HOLDING_EXPANSIONS)))),
  include,
});

/** A value of `expand`. `'assets'` is deprecated by the service: use `prs.assetHoldings.list`. */
export type HoldingExpansion = (typeof HOLDING_EXPANSIONS)[number];
