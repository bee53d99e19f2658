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
  kind,
  kindCreateSchemas,
  kindFamily,
} from './kind-table.js';
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
/** The instrument of one kind, e.g. `InstrumentOf<'bond'>`. */
export type InstrumentOf<K extends InstrumentKind> = z.infer<FamilySchemas<Kinds, 'instrument'>[`${K}-instrument`]>;
/** The asset of one kind, e.g. `AssetOf<'bond'>`. */
export type AssetOf<K extends InstrumentKind> = z.infer<FamilySchemas<Kinds, 'asset'>[`${K}-asset`]>;
/** The attributes accepted when creating an instrument or asset of one kind. */
export type InstrumentCreateAttributes<K extends CreatableInstrumentKind> = KindCreateAttributes<Kinds, K>;

// ─── Named create attributes: one interface per creatable kind and family ────────────────────────────────
// Each redeclares the required fields of the type inferred from its create schema, typed from it: a missing one
// is then reported as required in the named type, not in the expanded object; the fields' documentation is the
// schema's (test/types/required-members.test.ts and test/types/named.test-d.ts keep them tied).

/** The attributes of a `bond-instrument` to create (`instruments.create`). */
export interface BondInstrumentCreateAttributes extends InstrumentCreateAttributes<'bond'> {
  securityIdentifier: InstrumentCreateAttributes<'bond'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'bond'>['name'];
  ccyCode: InstrumentCreateAttributes<'bond'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'bond'>['countryCode'];
  couponFrequency: InstrumentCreateAttributes<'bond'>['couponFrequency'];
  dayCountConvention: InstrumentCreateAttributes<'bond'>['dayCountConvention'];
}
/** The attributes of an `index-linked-bond-instrument` to create (`instruments.create`). */
export interface IndexLinkedBondInstrumentCreateAttributes extends InstrumentCreateAttributes<'index-linked-bond'> {
  securityIdentifier: InstrumentCreateAttributes<'index-linked-bond'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'index-linked-bond'>['name'];
  ccyCode: InstrumentCreateAttributes<'index-linked-bond'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'index-linked-bond'>['countryCode'];
  couponFrequency: InstrumentCreateAttributes<'index-linked-bond'>['couponFrequency'];
  dayCountConvention: InstrumentCreateAttributes<'index-linked-bond'>['dayCountConvention'];
}
/** The attributes of a `zero-coupon-bond-instrument` to create (`instruments.create`). */
export interface ZeroCouponBondInstrumentCreateAttributes extends InstrumentCreateAttributes<'zero-coupon-bond'> {
  securityIdentifier: InstrumentCreateAttributes<'zero-coupon-bond'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'zero-coupon-bond'>['name'];
  ccyCode: InstrumentCreateAttributes<'zero-coupon-bond'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'zero-coupon-bond'>['countryCode'];
}
/** The attributes of a `stock-instrument` to create (`instruments.create`). */
export interface StockInstrumentCreateAttributes extends InstrumentCreateAttributes<'stock'> {
  securityIdentifier: InstrumentCreateAttributes<'stock'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'stock'>['name'];
  ccyCode: InstrumentCreateAttributes<'stock'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'stock'>['countryCode'];
}
/** The attributes of a `mutual-fund-instrument` to create (`instruments.create`). */
export interface MutualFundInstrumentCreateAttributes extends InstrumentCreateAttributes<'mutual-fund'> {
  securityIdentifier: InstrumentCreateAttributes<'mutual-fund'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'mutual-fund'>['name'];
  ccyCode: InstrumentCreateAttributes<'mutual-fund'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'mutual-fund'>['countryCode'];
}
/** The attributes of a `loan-instrument` to create (`instruments.create`). */
export interface LoanInstrumentCreateAttributes extends InstrumentCreateAttributes<'loan'> {
  securityIdentifier: InstrumentCreateAttributes<'loan'>['securityIdentifier'];
  agreementDate: InstrumentCreateAttributes<'loan'>['agreementDate'];
  dayCountConvention: InstrumentCreateAttributes<'loan'>['dayCountConvention'];
  interestRateInPercent: InstrumentCreateAttributes<'loan'>['interestRateInPercent'];
  maturityDate: InstrumentCreateAttributes<'loan'>['maturityDate'];
  principalAmount: InstrumentCreateAttributes<'loan'>['principalAmount'];
}
/** The attributes of a `fx-forward-cash-settlement-instrument` to create (`instruments.create`). */
export interface FxForwardCashSettlementInstrumentCreateAttributes
  extends InstrumentCreateAttributes<'fx-forward-cash-settlement'> {
  settlementAmount: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['settlementAmount'];
  securityIdentifier: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['securityIdentifier'];
  notionalAmount: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['notionalAmount'];
  primaryCcyCode: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['primaryCcyCode'];
  secondaryCcyCode: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['secondaryCcyCode'];
  agreementDate: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['agreementDate'];
  fixingDate: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['fixingDate'];
  settlementDate: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['settlementDate'];
}
/** The attributes of a `fx-forward-physical-delivery-instrument` to create (`instruments.create`). */
export interface FxForwardPhysicalDeliveryInstrumentCreateAttributes
  extends InstrumentCreateAttributes<'fx-forward-physical-delivery'> {
  settlementAmount: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['settlementAmount'];
  securityIdentifier: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['securityIdentifier'];
  notionalAmount: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['notionalAmount'];
  agreementDate: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['agreementDate'];
  fixingDate: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['fixingDate'];
  settlementDate: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['settlementDate'];
}
/** The attributes of a `private-market-fund-commitment-based-instrument` to create (`instruments.create`). */
export interface PrivateMarketFundCommitmentBasedInstrumentCreateAttributes
  extends InstrumentCreateAttributes<'private-market-fund-commitment-based'> {
  fund: InstrumentCreateAttributes<'private-market-fund-commitment-based'>['fund'];
  initialCommitment: InstrumentCreateAttributes<'private-market-fund-commitment-based'>['initialCommitment'];
}
/** The attributes of a `bond-asset` to create (`assets.create`). */
export interface BondAssetCreateAttributes extends InstrumentCreateAttributes<'bond'> {
  securityIdentifier: InstrumentCreateAttributes<'bond'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'bond'>['name'];
  ccyCode: InstrumentCreateAttributes<'bond'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'bond'>['countryCode'];
  couponFrequency: InstrumentCreateAttributes<'bond'>['couponFrequency'];
  dayCountConvention: InstrumentCreateAttributes<'bond'>['dayCountConvention'];
}
/** The attributes of an `index-linked-bond-asset` to create (`assets.create`). */
export interface IndexLinkedBondAssetCreateAttributes extends InstrumentCreateAttributes<'index-linked-bond'> {
  securityIdentifier: InstrumentCreateAttributes<'index-linked-bond'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'index-linked-bond'>['name'];
  ccyCode: InstrumentCreateAttributes<'index-linked-bond'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'index-linked-bond'>['countryCode'];
  couponFrequency: InstrumentCreateAttributes<'index-linked-bond'>['couponFrequency'];
  dayCountConvention: InstrumentCreateAttributes<'index-linked-bond'>['dayCountConvention'];
}
/** The attributes of a `zero-coupon-bond-asset` to create (`assets.create`). */
export interface ZeroCouponBondAssetCreateAttributes extends InstrumentCreateAttributes<'zero-coupon-bond'> {
  securityIdentifier: InstrumentCreateAttributes<'zero-coupon-bond'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'zero-coupon-bond'>['name'];
  ccyCode: InstrumentCreateAttributes<'zero-coupon-bond'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'zero-coupon-bond'>['countryCode'];
}
/** The attributes of a `stock-asset` to create (`assets.create`). */
export interface StockAssetCreateAttributes extends InstrumentCreateAttributes<'stock'> {
  securityIdentifier: InstrumentCreateAttributes<'stock'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'stock'>['name'];
  ccyCode: InstrumentCreateAttributes<'stock'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'stock'>['countryCode'];
}
/** The attributes of a `mutual-fund-asset` to create (`assets.create`). */
export interface MutualFundAssetCreateAttributes extends InstrumentCreateAttributes<'mutual-fund'> {
  securityIdentifier: InstrumentCreateAttributes<'mutual-fund'>['securityIdentifier'];
  name: InstrumentCreateAttributes<'mutual-fund'>['name'];
  ccyCode: InstrumentCreateAttributes<'mutual-fund'>['ccyCode'];
  countryCode: InstrumentCreateAttributes<'mutual-fund'>['countryCode'];
}
/** The attributes of a `loan-asset` to create (`assets.create`). */
export interface LoanAssetCreateAttributes extends InstrumentCreateAttributes<'loan'> {
  securityIdentifier: InstrumentCreateAttributes<'loan'>['securityIdentifier'];
  agreementDate: InstrumentCreateAttributes<'loan'>['agreementDate'];
  dayCountConvention: InstrumentCreateAttributes<'loan'>['dayCountConvention'];
  interestRateInPercent: InstrumentCreateAttributes<'loan'>['interestRateInPercent'];
  maturityDate: InstrumentCreateAttributes<'loan'>['maturityDate'];
  principalAmount: InstrumentCreateAttributes<'loan'>['principalAmount'];
}
/** The attributes of a `fx-forward-cash-settlement-asset` to create (`assets.create`). */
export interface FxForwardCashSettlementAssetCreateAttributes
  extends InstrumentCreateAttributes<'fx-forward-cash-settlement'> {
  settlementAmount: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['settlementAmount'];
  securityIdentifier: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['securityIdentifier'];
  notionalAmount: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['notionalAmount'];
  primaryCcyCode: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['primaryCcyCode'];
  secondaryCcyCode: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['secondaryCcyCode'];
  agreementDate: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['agreementDate'];
  fixingDate: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['fixingDate'];
  settlementDate: InstrumentCreateAttributes<'fx-forward-cash-settlement'>['settlementDate'];
}
/** The attributes of a `fx-forward-physical-delivery-asset` to create (`assets.create`). */
export interface FxForwardPhysicalDeliveryAssetCreateAttributes
  extends InstrumentCreateAttributes<'fx-forward-physical-delivery'> {
  settlementAmount: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['settlementAmount'];
  securityIdentifier: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['securityIdentifier'];
  notionalAmount: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['notionalAmount'];
  agreementDate: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['agreementDate'];
  fixingDate: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['fixingDate'];
  settlementDate: InstrumentCreateAttributes<'fx-forward-physical-delivery'>['settlementDate'];
}
/** The attributes of a `private-market-fund-commitment-based-asset` to create (`assets.create`). */
export interface PrivateMarketFundCommitmentBasedAssetCreateAttributes
  extends InstrumentCreateAttributes<'private-market-fund-commitment-based'> {
  fund: InstrumentCreateAttributes<'private-market-fund-commitment-based'>['fund'];
  initialCommitment: InstrumentCreateAttributes<'private-market-fund-commitment-based'>['initialCommitment'];
}

// ─── Named types: one interface per kind and family ──────────────────────────────────────────────────────
// Each extends the type inferred from its schema and adds nothing, so it cannot drift from the schema
// (test/types/named.test-d.ts proves each equal both ways to `InstrumentOf<K>` / `AssetOf<K>`); it exists so
// that editors and messages show a name instead of the expanded object.

/** A bond: `bond-instrument` (v3). */
export interface BondInstrument extends InstrumentOf<'bond'> {}
/** An index-linked bond: `index-linked-bond-instrument` (v3). */
export interface IndexLinkedBondInstrument extends InstrumentOf<'index-linked-bond'> {}
/** A zero coupon bond: `zero-coupon-bond-instrument` (v3). */
export interface ZeroCouponBondInstrument extends InstrumentOf<'zero-coupon-bond'> {}
/** A stock: `stock-instrument` (v3). */
export interface StockInstrument extends InstrumentOf<'stock'> {}
/** A mutual fund: `mutual-fund-instrument` (v3). */
export interface MutualFundInstrument extends InstrumentOf<'mutual-fund'> {}
/** A fee, kept for reporting only (cannot be created): `fee-instrument` (v3). */
export interface FeeInstrument extends InstrumentOf<'fee'> {}
/** A refund, kept for reporting only (cannot be created): `refund-instrument` (v3). */
export interface RefundInstrument extends InstrumentOf<'refund'> {}
/** A loan (receivable or payable) of an account: `loan-instrument` (v3). */
export interface LoanInstrument extends InstrumentOf<'loan'> {}
/** An FX forward settled in cash: `fx-forward-cash-settlement-instrument` (v3). */
export interface FxForwardCashSettlementInstrument extends InstrumentOf<'fx-forward-cash-settlement'> {}
/** An FX forward settled by physical delivery: `fx-forward-physical-delivery-instrument` (v3). */
export interface FxForwardPhysicalDeliveryInstrument extends InstrumentOf<'fx-forward-physical-delivery'> {}
/** A commitment-based private market fund investment: `private-market-fund-commitment-based-instrument` (v3). */
export interface PrivateMarketFundCommitmentBasedInstrument
  extends InstrumentOf<'private-market-fund-commitment-based'> {}
/** An uncommon instrument (retrieval only): `other-instrument` (v3). */
export interface OtherInstrument extends InstrumentOf<'other'> {}
/** The named instrument type of each kind: `InstrumentsByKind['bond']` is `BondInstrument`. */
export interface InstrumentsByKind {
  /** `bond-instrument`. */
  bond: BondInstrument;
  /** `index-linked-bond-instrument`. */
  'index-linked-bond': IndexLinkedBondInstrument;
  /** `zero-coupon-bond-instrument`. */
  'zero-coupon-bond': ZeroCouponBondInstrument;
  /** `stock-instrument`. */
  stock: StockInstrument;
  /** `mutual-fund-instrument`. */
  'mutual-fund': MutualFundInstrument;
  /** `fee-instrument`. */
  fee: FeeInstrument;
  /** `refund-instrument`. */
  refund: RefundInstrument;
  /** `loan-instrument`. */
  loan: LoanInstrument;
  /** `fx-forward-cash-settlement-instrument`. */
  'fx-forward-cash-settlement': FxForwardCashSettlementInstrument;
  /** `fx-forward-physical-delivery-instrument`. */
  'fx-forward-physical-delivery': FxForwardPhysicalDeliveryInstrument;
  /** `private-market-fund-commitment-based-instrument`. */
  'private-market-fund-commitment-based': PrivateMarketFundCommitmentBasedInstrument;
  /** `other-instrument`. */
  other: OtherInstrument;
}
/** A bond: `bond-asset` (v2). */
export interface BondAsset extends AssetOf<'bond'> {}
/** An index-linked bond: `index-linked-bond-asset` (v2). */
export interface IndexLinkedBondAsset extends AssetOf<'index-linked-bond'> {}
/** A zero coupon bond: `zero-coupon-bond-asset` (v2). */
export interface ZeroCouponBondAsset extends AssetOf<'zero-coupon-bond'> {}
/** A stock: `stock-asset` (v2). */
export interface StockAsset extends AssetOf<'stock'> {}
/** A mutual fund: `mutual-fund-asset` (v2). */
export interface MutualFundAsset extends AssetOf<'mutual-fund'> {}
/** A fee, kept for reporting only (cannot be created): `fee-asset` (v2). */
export interface FeeAsset extends AssetOf<'fee'> {}
/** A refund, kept for reporting only (cannot be created): `refund-asset` (v2). */
export interface RefundAsset extends AssetOf<'refund'> {}
/** A loan (receivable or payable) of an account: `loan-asset` (v2). */
export interface LoanAsset extends AssetOf<'loan'> {}
/** An FX forward settled in cash: `fx-forward-cash-settlement-asset` (v2). */
export interface FxForwardCashSettlementAsset extends AssetOf<'fx-forward-cash-settlement'> {}
/** An FX forward settled by physical delivery: `fx-forward-physical-delivery-asset` (v2). */
export interface FxForwardPhysicalDeliveryAsset extends AssetOf<'fx-forward-physical-delivery'> {}
/** A commitment-based private market fund investment: `private-market-fund-commitment-based-asset` (v2). */
export interface PrivateMarketFundCommitmentBasedAsset extends AssetOf<'private-market-fund-commitment-based'> {}
/** An uncommon instrument (retrieval only): `other-asset` (v2). */
export interface OtherAsset extends AssetOf<'other'> {}
/** The named asset type of each kind: `AssetsByKind['bond']` is `BondAsset`. */
export interface AssetsByKind {
  /** `bond-asset`. */
  bond: BondAsset;
  /** `index-linked-bond-asset`. */
  'index-linked-bond': IndexLinkedBondAsset;
  /** `zero-coupon-bond-asset`. */
  'zero-coupon-bond': ZeroCouponBondAsset;
  /** `stock-asset`. */
  stock: StockAsset;
  /** `mutual-fund-asset`. */
  'mutual-fund': MutualFundAsset;
  /** `fee-asset`. */
  fee: FeeAsset;
  /** `refund-asset`. */
  refund: RefundAsset;
  /** `loan-asset`. */
  loan: LoanAsset;
  /** `fx-forward-cash-settlement-asset`. */
  'fx-forward-cash-settlement': FxForwardCashSettlementAsset;
  /** `fx-forward-physical-delivery-asset`. */
  'fx-forward-physical-delivery': FxForwardPhysicalDeliveryAsset;
  /** `private-market-fund-commitment-based-asset`. */
  'private-market-fund-commitment-based': PrivateMarketFundCommitmentBasedAsset;
  /** `other-asset`. */
  other: OtherAsset;
}
