/**
 * Instruments (v3, `<kind>-instrument`) and assets (v2, `<kind>-asset`): each of the twelve kinds is
 * defined once below, and both families are generated from that one table. Its named types (`BondInstrument`,
 * `BondAssetCreateAttributes`, …) are written from it into kind-types.generated.ts by `npm run generate`.
 */
import type * as z from 'zod/mini';
import { f } from './fields.js';
import {
  type CreatableKind,
  type FamilySchemas,
  type KindCreateAttributes,
  kind,
  kindCreateSchemas,
  kindFamily,
} from './kind-table.js';
import type { AssetsByKind, InstrumentsByKind } from './kind-types.generated.js';
import { kindUnion } from './kinds.js';
import { rel } from './resource.js';

const couponFrequency = f.enum(['quarterly', 'semiannually', 'annually'], ['other']);
const dayCountConvention = f.enum(['actual/actual', '30/360', 'actual/360'], ['other']);

const name = {
  /** Display name. */
  name: f.string(),
};
const securityIdentifier = {
  /** Security identifier. */
  securityIdentifier: f.string(),
};
// The same field, typed with the doc of the kinds that have a `ccyCode` (loan and FX forwards have no identifier
// pair to repeat); a cast at each use, so the doc costs nothing at run time.
type PairedSecurityIdentifier = {
  /**
   * Security identifier. Creating an asset whose `securityIdentifier` and `ccyCode` already exist returns the
   * existing asset (303 See Other; `created: false`); for instruments (v3) the reference does not show that case.
   */
  securityIdentifier: (typeof securityIdentifier)['securityIdentifier'];
};
const bondFields = {
  /** Currency of the bond: ISO 4217 code, e.g. `EUR`. */
  ccyCode: f.currency(),
  /** Issuer domicile: ISO 3166-1 alpha-2 code, e.g. `DE`. `null` occurs in responses (never sent). */
  countryCode: f.nullOnRead(f.country()),
  /**
   * Coupons per year: `quarterly`, `semiannually` or `annually`. Responses may also carry `other`, which cannot
   * be sent on create.
   */
  couponFrequency,
  /** Start date of the accrued interest calculation, `YYYY-MM-DD`. */
  datedDate: f.optional(f.date()),
  /**
   * Day count convention: `actual/actual`, `30/360` or `actual/360`. Responses may also carry `other`, which
   * cannot be sent on create.
   */
  dayCountConvention,
  /** First coupon date, `YYYY-MM-DD`. */
  firstCouponDate: f.optional(f.date()),
  /** Maturity date, `YYYY-MM-DD`; omitted for perpetual bonds. */
  maturityDate: f.optional(f.date()),
  ...name,
  ...(securityIdentifier as PairedSecurityIdentifier),
};
const equityFields = {
  /** Currency of the security: ISO 4217 code, e.g. `USD`. */
  ccyCode: f.currency(),
  /**
   * Domicile as an ISO 3166-1 alpha-2 code, e.g. `US`: of the company for a stock, of the issuer for a mutual fund.
   * `null` occurs in responses (never sent).
   */
  countryCode: f.nullOnRead(f.country()),
  ...name,
  ...(securityIdentifier as PairedSecurityIdentifier),
};
/** Dates of an FX forward, `YYYY-MM-DD` each. */
const forwardDates = {
  /** Date the forward was agreed, `YYYY-MM-DD`. */
  agreementDate: f.date(),
  /** Date the difference between the spot rate and the agreed forward rate is calculated, `YYYY-MM-DD`. */
  fixingDate: f.date(),
  /** Settlement date, `YYYY-MM-DD`. */
  settlementDate: f.date(),
};

/** The twelve kinds of the reference, fields and relationships as documented. */
export const INSTRUMENT_KINDS = {
  bond: kind(true, bondFields, {}),
  'index-linked-bond': kind(true, bondFields, {}),
  'zero-coupon-bond': kind(
    true,
    {
      /** Currency of the bond: ISO 4217 code, e.g. `EUR`. */
      ccyCode: f.currency(),
      /** Issuer domicile: ISO 3166-1 alpha-2 code, e.g. `DE`. `null` occurs in responses (never sent). */
      countryCode: f.nullOnRead(f.country()),
      /** Maturity date, `YYYY-MM-DD`. */
      maturityDate: f.optional(f.date()),
      ...name,
      ...(securityIdentifier as PairedSecurityIdentifier),
    },
    {},
  ),
  stock: kind(true, equityFields, {}),
  'mutual-fund': kind(true, equityFields, {}),
  fee: kind(
    false,
    {
      ...name,
      /** What the fee is for: `custody`, `management` or `other`. */
      category: f.enum(['custody', 'management', 'other']),
    },
    {},
  ),
  refund: kind(false, { ...name }, {}),
  loan: kind(
    true,
    {
      /**
       * Date the loan was agreed, `YYYY-MM-DD`. Creating a loan also creates a loan transaction on this date and
       * one on `maturityDate`.
       */
      agreementDate: f.date(),
      /**
       * Day count convention: `actual/actual`, `30/360` or `actual/360`. Responses may also carry `other`, which
       * cannot be sent on create.
       */
      dayCountConvention,
      /**
       * Fixed interest rate in percent, not a fraction: `1.5` means 1.5 %. Normally positive; negative in
       * negative-rate periods. The sign of `principalAmount` drives the sign of the accruing interest.
       */
      interestRateInPercent: f.number(),
      /** Maturity date, `YYYY-MM-DD`. */
      maturityDate: f.date(),
      /**
       * Principal in the currency of the `account`: positive = receivable (money owed to the customer, an asset),
       * negative = payable (money the customer owes, a liability).
       */
      principalAmount: f.number(),
      ...securityIdentifier,
    },
    {
      /** The account the loan affects; `principalAmount` is in its currency. */
      account: rel.one('account', 'required'),
    },
  ),
  'fx-forward-cash-settlement': kind(
    true,
    {
      ...forwardDates,
      /** Notional amount in the primary currency (`primaryCcyCode`); signed, negative values occur. */
      notionalAmount: f.number(),
      /** Currency of the notional amount: ISO 4217 code. */
      primaryCcyCode: f.currency(),
      /** Settlement currency: ISO 4217 code. */
      secondaryCcyCode: f.currency(),
      ...securityIdentifier,
      /** Agreed settlement amount in the secondary currency (`secondaryCcyCode`); signed. */
      settlementAmount: f.number(),
    },
    {
      /** The account the cash settlement affects. */
      account: rel.one('account', 'required'),
    },
  ),
  'fx-forward-physical-delivery': kind(
    true,
    {
      ...forwardDates,
      /** Notional amount in the currency of the `primaryAccount`; signed. */
      notionalAmount: f.number(),
      ...securityIdentifier,
      /** Agreed settlement amount in the currency of the `secondaryAccount`; signed. */
      settlementAmount: f.number(),
    },
    {
      /** The account tied to the notional amount. */
      primaryAccount: rel.one('account', 'required'),
      /** The account tied to the settlement amount. */
      secondaryAccount: rel.one('account', 'required'),
    },
  ),
  'private-market-fund-commitment-based': kind(
    true,
    {
      /** An identifier of your own, or `null`. */
      customIdentifier: f.optional(f.nullable(f.string())),
      /** The fund invested in. */
      fund: f.object({
        /** Name of the fund manager. */
        managerName: f.string(),
        /** Name of the fund. */
        name: f.string(),
        /** Fund currency: ISO 4217 code. Commitments, distributions and drawdowns are in this currency. */
        ccyCode: f.currency(),
        /** Strategy: `leveraged-buyout`, `private-debt`, `venture-capital` or `other`. */
        strategy: f.enum(['leveraged-buyout', 'private-debt', 'venture-capital', 'other']),
        /** Region invested in: `global`, `north-america`, `europe` or `other`. */
        investmentRegion: f.enum(['global', 'north-america', 'europe', 'other']),
        /** Vintage date, `YYYY-MM-DD`. */
        vintageDate: f.date(),
        /** Expected exit date, `YYYY-MM-DD`. */
        expectedExitDate: f.optional(f.date()),
      }),
      /** The commitment at creation: sent on create only, absent from responses. */
      initialCommitment: f.createOnly(
        f.object({
          /** Date of the commitment, `YYYY-MM-DD`. */
          date: f.date(),
          /** Amount committed, in the fund currency (`fund.ccyCode`). */
          value: f.number(),
        }),
      ),
      /**
       * Date the position was closed, `YYYY-MM-DD`; `null` while it is open. Set by the service only: refused on
       * create.
       */
      exitDate: f.optional(f.readOnly(f.nullOnRead(f.date()))),
    },
    {
      /** The depository the investment is reported on. */
      depository: rel.one('depository', 'required'),
      /** The fund's commitments (type `commitment`), returned on retrieval by v3; never sent. */
      commitments: rel.many('commitment', false),
    },
  ),
  other: kind(false, { ...securityIdentifier }, {}),
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

/** An instrument (v3) of a known kind: `BondInstrument | StockInstrument | …`; narrow with `switch (instrument.type)`. */
export type KnownInstrument = InstrumentsByKind[InstrumentKind];
/** An asset (v2) of a known kind: `BondAsset | StockAsset | …`; narrow with `switch (asset.type)`. */
export type KnownAsset = AssetsByKind[InstrumentKind];
/** The instrument of one kind, by its name: `InstrumentOf<'bond'>` is `BondInstrument`. */
export type InstrumentOf<K extends InstrumentKind> = InstrumentsByKind[K];
/** The asset of one kind, by its name: `AssetOf<'bond'>` is `BondAsset`. */
export type AssetOf<K extends InstrumentKind> = AssetsByKind[K];
// What the named types of src/schemas/kind-types.generated.ts extend: the types the response schemas infer. Not in
// src/index.ts: the public helpers above name the kinds' interfaces, so hover shows `BondInstrument`.
export type InferredInstrument<K extends InstrumentKind> = z.infer<
  FamilySchemas<Kinds, 'instrument'>[`${K}-instrument`]
>;
export type InferredAsset<K extends InstrumentKind> = z.infer<FamilySchemas<Kinds, 'asset'>[`${K}-asset`]>;
/** The attributes accepted when creating an instrument or asset of one kind. */
export type InstrumentCreateAttributes<K extends CreatableInstrumentKind> = KindCreateAttributes<Kinds, K>;
