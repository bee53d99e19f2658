/**
 * Instruments (v3, `<kind>-instrument`) and assets (v2, `<kind>-asset`): each of the twelve kinds is
 * defined once below, and both families are generated from that one table.
 */
import type * as z from 'zod/mini';
import { f } from './fields.js';
import {
  type CreatableKind,
  type FamilySchemas,
  type KindCreateAttributes,
  type KnownOf,
  kind,
  kindCreateSchemas,
  kindFamily,
} from './kind-table.js';
import { kindUnion } from './kinds.js';
import { rel } from './resource.js';

const couponFrequency = f.enum(['quarterly', 'semiannually', 'annually'], ['other']);
const dayCountConvention = f.enum(['actual/actual', '30/360', 'actual/360'], ['other']);

const bondFields = {
  ccyCode: f.currency(),
  countryCode: f.nullOnRead(f.country()),
  couponFrequency,
  datedDate: f.optional(f.date()),
  dayCountConvention,
  firstCouponDate: f.optional(f.date()),
  maturityDate: f.optional(f.date()),
  name: f.string(),
  securityIdentifier: f.string(),
};
const equityFields = {
  ccyCode: f.currency(),
  countryCode: f.nullOnRead(f.country()),
  name: f.string(),
  securityIdentifier: f.string(),
};

/** The twelve kinds of the reference, fields and relationships as documented. */
export const INSTRUMENT_KINDS = {
  bond: kind(true, bondFields, {}),
  'index-linked-bond': kind(true, bondFields, {}),
  'zero-coupon-bond': kind(
    true,
    {
      ccyCode: f.currency(),
      countryCode: f.nullOnRead(f.country()),
      maturityDate: f.optional(f.date()),
      name: f.string(),
      securityIdentifier: f.string(),
    },
    {},
  ),
  stock: kind(true, equityFields, {}),
  'mutual-fund': kind(true, equityFields, {}),
  fee: kind(false, { name: f.string(), category: f.enum(['custody', 'management', 'other']) }, {}),
  refund: kind(false, { name: f.string() }, {}),
  loan: kind(
    true,
    {
      agreementDate: f.date(),
      dayCountConvention,
      interestRateInPercent: f.number(),
      maturityDate: f.date(),
      principalAmount: f.number(),
      securityIdentifier: f.string(),
    },
    { account: rel.one('account', 'required') },
  ),
  'fx-forward-cash-settlement': kind(
    true,
    {
      agreementDate: f.date(),
      fixingDate: f.date(),
      notionalAmount: f.number(),
      primaryCcyCode: f.currency(),
      secondaryCcyCode: f.currency(),
      securityIdentifier: f.string(),
      settlementAmount: f.number(),
      settlementDate: f.date(),
    },
    { account: rel.one('account', 'required') },
  ),
  'fx-forward-physical-delivery': kind(
    true,
    {
      agreementDate: f.date(),
      fixingDate: f.date(),
      notionalAmount: f.number(),
      securityIdentifier: f.string(),
      settlementAmount: f.number(),
      settlementDate: f.date(),
    },
    { primaryAccount: rel.one('account', 'required'), secondaryAccount: rel.one('account', 'required') },
  ),
  'private-market-fund-commitment-based': kind(
    true,
    {
      customIdentifier: f.optional(f.nullable(f.string())),
      fund: f.object({
        managerName: f.string(),
        name: f.string(),
        ccyCode: f.currency(),
        strategy: f.enum(['leveraged-buyout', 'private-debt', 'venture-capital', 'other']),
        investmentRegion: f.enum(['global', 'north-america', 'europe', 'other']),
        vintageDate: f.date(),
        expectedExitDate: f.optional(f.date()),
      }),
      initialCommitment: f.createOnly(f.object({ date: f.date(), value: f.number() })),
      exitDate: f.optional(f.readOnly(f.nullOnRead(f.date()))),
    },
    { depository: rel.one('depository', 'required'), commitments: rel.many('commitment', false) },
  ),
  other: kind(false, { securityIdentifier: f.string() }, {}),
} as const;

type Kinds = typeof INSTRUMENT_KINDS;
/** An instrument kind, e.g. `'bond'`: the type is `<kind>-instrument` under v3 and `<kind>-asset` under v2. */
export type InstrumentKind = keyof Kinds;
/** An instrument kind that can be created through the interface (not `fee`, `refund` or `other`). */
export type CreatableInstrumentKind = CreatableKind<Kinds>;

export const instrumentFamily = kindFamily(INSTRUMENT_KINDS, 'instrument');
export const assetFamily = kindFamily(INSTRUMENT_KINDS, 'asset');

/** Response schemas of every known instrument kind, by type string. */
export const instrumentSchemas = instrumentFamily.schemas;
/** Response schemas of every known asset kind, by type string. */
export const assetSchemas = assetFamily.schemas;
export const instrumentSchema = kindUnion(instrumentSchemas);
export const assetSchema = kindUnion(assetSchemas);

/** Create-attribute schemas per creatable kind (shared by both families: the fields are the same). */
export const createAttributeSchemas = kindCreateSchemas(INSTRUMENT_KINDS);

/** An instrument (v3) of a known kind; narrow with `switch (instrument.type)`. */
export type KnownInstrument = KnownOf<Kinds, 'instrument'>;
/** An asset (v2) of a known kind; narrow with `switch (asset.type)`. */
export type KnownAsset = KnownOf<Kinds, 'asset'>;
/** The instrument of one kind, e.g. `InstrumentOf<'bond'>`. */
export type InstrumentOf<K extends InstrumentKind> = z.infer<FamilySchemas<Kinds, 'instrument'>[`${K}-instrument`]>;
/** The asset of one kind, e.g. `AssetOf<'bond'>`. */
export type AssetOf<K extends InstrumentKind> = z.infer<FamilySchemas<Kinds, 'asset'>[`${K}-asset`]>;
/** The attributes accepted when creating an instrument or asset of one kind. */
export type InstrumentCreateAttributes<K extends CreatableInstrumentKind> = KindCreateAttributes<Kinds, K>;
