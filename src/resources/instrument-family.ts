/**
 * What instruments (v3) and assets (v2) share: retrieve and create, from the one kind table of
 * `schemas/instruments.ts`.
 */

import type {
  BondAssetCreateAttributes,
  BondInstrumentCreateAttributes,
  CreatableInstrumentKind,
  FxForwardCashSettlementAssetCreateAttributes,
  FxForwardCashSettlementInstrumentCreateAttributes,
  FxForwardPhysicalDeliveryAssetCreateAttributes,
  FxForwardPhysicalDeliveryInstrumentCreateAttributes,
  INSTRUMENT_KINDS,
  IndexLinkedBondAssetCreateAttributes,
  IndexLinkedBondInstrumentCreateAttributes,
  LoanAssetCreateAttributes,
  LoanInstrumentCreateAttributes,
  MutualFundAssetCreateAttributes,
  MutualFundInstrumentCreateAttributes,
  PrivateMarketFundCommitmentBasedAssetCreateAttributes,
  PrivateMarketFundCommitmentBasedInstrumentCreateAttributes,
  StockAssetCreateAttributes,
  StockInstrumentCreateAttributes,
  ZeroCouponBondAssetCreateAttributes,
  ZeroCouponBondInstrumentCreateAttributes,
} from '../schemas/instruments.js';
import type { KindCreateInput, KindCreateInputOf, RelationshipsOf } from './kind-create.js';

/** The create input of one family: a member per creatable kind, `type` picking the attributes. */
export type FamilyCreateInput<S extends 'instrument' | 'asset'> = KindCreateInput<typeof INSTRUMENT_KINDS, S>;

type Kinds = typeof INSTRUMENT_KINDS;
/** The create input of one kind of a family, as inferred from the kind table (what the named params extend). */
export type FamilyCreateInputOf<
  S extends 'instrument' | 'asset',
  K extends CreatableInstrumentKind,
> = KindCreateInputOf<Kinds, S, K>;

/** The body of `instruments.create` for a `bond-instrument` (without the `data` wrapper). */
export interface BondInstrumentCreateParams extends FamilyCreateInputOf<'instrument', 'bond'> {
  type: FamilyCreateInputOf<'instrument', 'bond'>['type'];
  attributes: BondInstrumentCreateAttributes;
}
/** The body of `instruments.create` for a `index-linked-bond-instrument` (without the `data` wrapper). */
export interface IndexLinkedBondInstrumentCreateParams extends FamilyCreateInputOf<'instrument', 'index-linked-bond'> {
  type: FamilyCreateInputOf<'instrument', 'index-linked-bond'>['type'];
  attributes: IndexLinkedBondInstrumentCreateAttributes;
}
/** The body of `instruments.create` for a `zero-coupon-bond-instrument` (without the `data` wrapper). */
export interface ZeroCouponBondInstrumentCreateParams extends FamilyCreateInputOf<'instrument', 'zero-coupon-bond'> {
  type: FamilyCreateInputOf<'instrument', 'zero-coupon-bond'>['type'];
  attributes: ZeroCouponBondInstrumentCreateAttributes;
}
/** The body of `instruments.create` for a `stock-instrument` (without the `data` wrapper). */
export interface StockInstrumentCreateParams extends FamilyCreateInputOf<'instrument', 'stock'> {
  type: FamilyCreateInputOf<'instrument', 'stock'>['type'];
  attributes: StockInstrumentCreateAttributes;
}
/** The body of `instruments.create` for a `mutual-fund-instrument` (without the `data` wrapper). */
export interface MutualFundInstrumentCreateParams extends FamilyCreateInputOf<'instrument', 'mutual-fund'> {
  type: FamilyCreateInputOf<'instrument', 'mutual-fund'>['type'];
  attributes: MutualFundInstrumentCreateAttributes;
}
/** The relationships of a `loan-instrument` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface LoanInstrumentCreateRelationships extends RelationshipsOf<FamilyCreateInputOf<'instrument', 'loan'>> {
  account: RelationshipsOf<FamilyCreateInputOf<'instrument', 'loan'>>['account'];
}
/** The body of `instruments.create` for a `loan-instrument` (without the `data` wrapper). */
export interface LoanInstrumentCreateParams extends FamilyCreateInputOf<'instrument', 'loan'> {
  type: FamilyCreateInputOf<'instrument', 'loan'>['type'];
  attributes: LoanInstrumentCreateAttributes;
  relationships: LoanInstrumentCreateRelationships;
}
/** The relationships of a `fx-forward-cash-settlement-instrument` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FxForwardCashSettlementInstrumentCreateRelationships
  extends RelationshipsOf<FamilyCreateInputOf<'instrument', 'fx-forward-cash-settlement'>> {
  account: RelationshipsOf<FamilyCreateInputOf<'instrument', 'fx-forward-cash-settlement'>>['account'];
}
/** The body of `instruments.create` for a `fx-forward-cash-settlement-instrument` (without the `data` wrapper). */
export interface FxForwardCashSettlementInstrumentCreateParams
  extends FamilyCreateInputOf<'instrument', 'fx-forward-cash-settlement'> {
  type: FamilyCreateInputOf<'instrument', 'fx-forward-cash-settlement'>['type'];
  attributes: FxForwardCashSettlementInstrumentCreateAttributes;
  relationships: FxForwardCashSettlementInstrumentCreateRelationships;
}
/** The relationships of a `fx-forward-physical-delivery-instrument` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FxForwardPhysicalDeliveryInstrumentCreateRelationships
  extends RelationshipsOf<FamilyCreateInputOf<'instrument', 'fx-forward-physical-delivery'>> {
  primaryAccount: RelationshipsOf<FamilyCreateInputOf<'instrument', 'fx-forward-physical-delivery'>>['primaryAccount'];
  secondaryAccount: RelationshipsOf<
    FamilyCreateInputOf<'instrument', 'fx-forward-physical-delivery'>
  >['secondaryAccount'];
}
/** The body of `instruments.create` for a `fx-forward-physical-delivery-instrument` (without the `data` wrapper). */
export interface FxForwardPhysicalDeliveryInstrumentCreateParams
  extends FamilyCreateInputOf<'instrument', 'fx-forward-physical-delivery'> {
  type: FamilyCreateInputOf<'instrument', 'fx-forward-physical-delivery'>['type'];
  attributes: FxForwardPhysicalDeliveryInstrumentCreateAttributes;
  relationships: FxForwardPhysicalDeliveryInstrumentCreateRelationships;
}
/** The relationships of a `private-market-fund-commitment-based-instrument` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface PrivateMarketFundCommitmentBasedInstrumentCreateRelationships
  extends RelationshipsOf<FamilyCreateInputOf<'instrument', 'private-market-fund-commitment-based'>> {
  depository: RelationshipsOf<FamilyCreateInputOf<'instrument', 'private-market-fund-commitment-based'>>['depository'];
}
/** The body of `instruments.create` for a `private-market-fund-commitment-based-instrument` (without the `data` wrapper). */
export interface PrivateMarketFundCommitmentBasedInstrumentCreateParams
  extends FamilyCreateInputOf<'instrument', 'private-market-fund-commitment-based'> {
  type: FamilyCreateInputOf<'instrument', 'private-market-fund-commitment-based'>['type'];
  attributes: PrivateMarketFundCommitmentBasedInstrumentCreateAttributes;
  relationships: PrivateMarketFundCommitmentBasedInstrumentCreateRelationships;
}
/** The named create params of each creatable kind: `InstrumentCreateParamsByKind['bond']` is `BondInstrumentCreateParams`. */
export interface InstrumentCreateParamsByKind {
  /** `bond-instrument`. */
  bond: BondInstrumentCreateParams;
  /** `index-linked-bond-instrument`. */
  'index-linked-bond': IndexLinkedBondInstrumentCreateParams;
  /** `zero-coupon-bond-instrument`. */
  'zero-coupon-bond': ZeroCouponBondInstrumentCreateParams;
  /** `stock-instrument`. */
  stock: StockInstrumentCreateParams;
  /** `mutual-fund-instrument`. */
  'mutual-fund': MutualFundInstrumentCreateParams;
  /** `loan-instrument`. */
  loan: LoanInstrumentCreateParams;
  /** `fx-forward-cash-settlement-instrument`. */
  'fx-forward-cash-settlement': FxForwardCashSettlementInstrumentCreateParams;
  /** `fx-forward-physical-delivery-instrument`. */
  'fx-forward-physical-delivery': FxForwardPhysicalDeliveryInstrumentCreateParams;
  /** `private-market-fund-commitment-based-instrument`. */
  'private-market-fund-commitment-based': PrivateMarketFundCommitmentBasedInstrumentCreateParams;
}
/** The body of `assets.create` for a `bond-asset` (without the `data` wrapper). */
export interface BondAssetCreateParams extends FamilyCreateInputOf<'asset', 'bond'> {
  type: FamilyCreateInputOf<'asset', 'bond'>['type'];
  attributes: BondAssetCreateAttributes;
}
/** The body of `assets.create` for a `index-linked-bond-asset` (without the `data` wrapper). */
export interface IndexLinkedBondAssetCreateParams extends FamilyCreateInputOf<'asset', 'index-linked-bond'> {
  type: FamilyCreateInputOf<'asset', 'index-linked-bond'>['type'];
  attributes: IndexLinkedBondAssetCreateAttributes;
}
/** The body of `assets.create` for a `zero-coupon-bond-asset` (without the `data` wrapper). */
export interface ZeroCouponBondAssetCreateParams extends FamilyCreateInputOf<'asset', 'zero-coupon-bond'> {
  type: FamilyCreateInputOf<'asset', 'zero-coupon-bond'>['type'];
  attributes: ZeroCouponBondAssetCreateAttributes;
}
/** The body of `assets.create` for a `stock-asset` (without the `data` wrapper). */
export interface StockAssetCreateParams extends FamilyCreateInputOf<'asset', 'stock'> {
  type: FamilyCreateInputOf<'asset', 'stock'>['type'];
  attributes: StockAssetCreateAttributes;
}
/** The body of `assets.create` for a `mutual-fund-asset` (without the `data` wrapper). */
export interface MutualFundAssetCreateParams extends FamilyCreateInputOf<'asset', 'mutual-fund'> {
  type: FamilyCreateInputOf<'asset', 'mutual-fund'>['type'];
  attributes: MutualFundAssetCreateAttributes;
}
/** The relationships of a `loan-asset` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface LoanAssetCreateRelationships extends RelationshipsOf<FamilyCreateInputOf<'asset', 'loan'>> {
  account: RelationshipsOf<FamilyCreateInputOf<'asset', 'loan'>>['account'];
}
/** The body of `assets.create` for a `loan-asset` (without the `data` wrapper). */
export interface LoanAssetCreateParams extends FamilyCreateInputOf<'asset', 'loan'> {
  type: FamilyCreateInputOf<'asset', 'loan'>['type'];
  attributes: LoanAssetCreateAttributes;
  relationships: LoanAssetCreateRelationships;
}
/** The relationships of a `fx-forward-cash-settlement-asset` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FxForwardCashSettlementAssetCreateRelationships
  extends RelationshipsOf<FamilyCreateInputOf<'asset', 'fx-forward-cash-settlement'>> {
  account: RelationshipsOf<FamilyCreateInputOf<'asset', 'fx-forward-cash-settlement'>>['account'];
}
/** The body of `assets.create` for a `fx-forward-cash-settlement-asset` (without the `data` wrapper). */
export interface FxForwardCashSettlementAssetCreateParams
  extends FamilyCreateInputOf<'asset', 'fx-forward-cash-settlement'> {
  type: FamilyCreateInputOf<'asset', 'fx-forward-cash-settlement'>['type'];
  attributes: FxForwardCashSettlementAssetCreateAttributes;
  relationships: FxForwardCashSettlementAssetCreateRelationships;
}
/** The relationships of a `fx-forward-physical-delivery-asset` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FxForwardPhysicalDeliveryAssetCreateRelationships
  extends RelationshipsOf<FamilyCreateInputOf<'asset', 'fx-forward-physical-delivery'>> {
  primaryAccount: RelationshipsOf<FamilyCreateInputOf<'asset', 'fx-forward-physical-delivery'>>['primaryAccount'];
  secondaryAccount: RelationshipsOf<FamilyCreateInputOf<'asset', 'fx-forward-physical-delivery'>>['secondaryAccount'];
}
/** The body of `assets.create` for a `fx-forward-physical-delivery-asset` (without the `data` wrapper). */
export interface FxForwardPhysicalDeliveryAssetCreateParams
  extends FamilyCreateInputOf<'asset', 'fx-forward-physical-delivery'> {
  type: FamilyCreateInputOf<'asset', 'fx-forward-physical-delivery'>['type'];
  attributes: FxForwardPhysicalDeliveryAssetCreateAttributes;
  relationships: FxForwardPhysicalDeliveryAssetCreateRelationships;
}
/** The relationships of a `private-market-fund-commitment-based-asset` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface PrivateMarketFundCommitmentBasedAssetCreateRelationships
  extends RelationshipsOf<FamilyCreateInputOf<'asset', 'private-market-fund-commitment-based'>> {
  depository: RelationshipsOf<FamilyCreateInputOf<'asset', 'private-market-fund-commitment-based'>>['depository'];
}
/** The body of `assets.create` for a `private-market-fund-commitment-based-asset` (without the `data` wrapper). */
export interface PrivateMarketFundCommitmentBasedAssetCreateParams
  extends FamilyCreateInputOf<'asset', 'private-market-fund-commitment-based'> {
  type: FamilyCreateInputOf<'asset', 'private-market-fund-commitment-based'>['type'];
  attributes: PrivateMarketFundCommitmentBasedAssetCreateAttributes;
  relationships: PrivateMarketFundCommitmentBasedAssetCreateRelationships;
}
/** The named create params of each creatable kind: `AssetCreateParamsByKind['bond']` is `BondAssetCreateParams`. */
export interface AssetCreateParamsByKind {
  /** `bond-asset`. */
  bond: BondAssetCreateParams;
  /** `index-linked-bond-asset`. */
  'index-linked-bond': IndexLinkedBondAssetCreateParams;
  /** `zero-coupon-bond-asset`. */
  'zero-coupon-bond': ZeroCouponBondAssetCreateParams;
  /** `stock-asset`. */
  stock: StockAssetCreateParams;
  /** `mutual-fund-asset`. */
  'mutual-fund': MutualFundAssetCreateParams;
  /** `loan-asset`. */
  loan: LoanAssetCreateParams;
  /** `fx-forward-cash-settlement-asset`. */
  'fx-forward-cash-settlement': FxForwardCashSettlementAssetCreateParams;
  /** `fx-forward-physical-delivery-asset`. */
  'fx-forward-physical-delivery': FxForwardPhysicalDeliveryAssetCreateParams;
  /** `private-market-fund-commitment-based-asset`. */
  'private-market-fund-commitment-based': PrivateMarketFundCommitmentBasedAssetCreateParams;
}
