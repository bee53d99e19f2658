import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import type { UnknownResource } from '../schemas/kinds.js';
import type {
  AccountInterestTransactionCreateAttributes,
  BondCouponTransactionCreateAttributes,
  BondRedemptionTransactionCreateAttributes,
  BondTradeTransactionCreateAttributes,
  CashTransferTransactionCreateAttributes,
  CreatableTransactionKind,
  DividendTransactionCreateAttributes,
  EquityTradeTransactionCreateAttributes,
  FeeTransactionCreateAttributes,
  FuturesExecutionTransactionCreateAttributes,
  FuturesTradeTransactionCreateAttributes,
  FxSpotTransactionCreateAttributes,
  IndexLinkedBondCouponTransactionCreateAttributes,
  IndexLinkedBondRedemptionTransactionCreateAttributes,
  IndexLinkedBondTradeTransactionCreateAttributes,
  KnownTransaction,
  PrivateMarketFundDistributionTransactionCreateAttributes,
  PrivateMarketFundDrawdownTransactionCreateAttributes,
  RefundTransactionCreateAttributes,
  TRANSACTION_KINDS,
  TransactionListParams,
  ZeroCouponBondTradeTransactionCreateAttributes,
} from '../schemas/transactions.js';
import type { KindCreateInputOf, RelationshipsOf } from './kind-create.js';

/** A transaction: a known kind (narrow on `type`) or an unknown kind kept whole. */
export type Transaction = KnownTransaction | UnknownResource;
/**
 * The body of `transactions.create` without the `data` wrapper: one member per creatable kind
 * (`DividendTransactionCreateParams | EquityTradeTransactionCreateParams | …`).
 */
export type TransactionCreateParams = TransactionCreateParamsByKind[CreatableTransactionKind];
/**
 * The former name of `TransactionCreateParams`, kept so existing code compiles.
 * @deprecated use `TransactionCreateParams`
 */
export type TransactionCreateInput = TransactionCreateParams;

/** Transactions (`/api/v2/transactions`): twenty-one kinds that move cash and holdings. */
export class Transactions {
  constructor(private readonly api: API) {}

  /**
   * Lists the transactions of an account and/or a depository from `fromDate` to `toDate`, both included.
   * Every page is followed; `for await` walks them item by item.
   * @example
   * for await (const tx of prs.transactions.list({ accountId, fromDate: '2024-01-01', toDate: '2024-12-31' })) {
   *   if (tx.type === 'dividend-transaction') console.log(tx.attributes.grossAmount);
   * }
   */
  list(query: TransactionListParams, options?: RequestOptions): ListPromise<Transaction> {
    return this.api.list('transactions.list', { query }, options);
  }

  /**
   * Creates a transaction of any kind but the three the service makes itself (FX forward settlements, loan).
   * @typeParam T - the input's `type`, inferred from it: it picks that kind's params (`DividendTransactionCreateParams`),
   *   so an error names the kind's own type.
   * @example
   * const tx = await prs.transactions.create({
   *   type: 'equity-trade-transaction',
   *   attributes: { accountAmount: -10_050, commission: 50, unitPrice: 100, units: 100, tradeDate: '2024-03-01', valueDate: '2024-03-05' },
   *   relationships: { account: accountId, asset: assetId, depository: depositoryId },
   * });
   */
  create<T extends TransactionCreateParams['type']>(
    input: Extract<TransactionCreateParams, { type: T }>,
    options?: RequestOptions,
  ): APIPromise<Transaction> {
    return this.api.call('transactions.create', { body: input }, options);
  }

  /**
   * Deletes a transaction.
   * @example
   * await prs.transactions.delete(transactionId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call('transactions.delete', { path: { id } }, options);
  }
}

/** The create rules by `type`, for checking inputs without sending them (the loader's `--dry-run`). */

/** The create input of one transaction kind, as inferred from the kind table (what the named params extend). */
export type TransactionCreateInputOf<K extends CreatableTransactionKind> = KindCreateInputOf<
  typeof TRANSACTION_KINDS,
  'transaction',
  K
>;

/** The relationships of a `account-interest-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface AccountInterestTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'account-interest'>> {
  account: RelationshipsOf<TransactionCreateInputOf<'account-interest'>>['account'];
}
/** The body of `transactions.create` for a `account-interest-transaction` (without the `data` wrapper). */
export interface AccountInterestTransactionCreateParams extends TransactionCreateInputOf<'account-interest'> {
  type: TransactionCreateInputOf<'account-interest'>['type'];
  attributes: AccountInterestTransactionCreateAttributes;
  relationships: AccountInterestTransactionCreateRelationships;
}
/** The relationships of a `bond-coupon-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface BondCouponTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'bond-coupon'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'bond-coupon'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'bond-coupon'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'bond-coupon'>>['account'];
}
/** The body of `transactions.create` for a `bond-coupon-transaction` (without the `data` wrapper). */
export interface BondCouponTransactionCreateParams extends TransactionCreateInputOf<'bond-coupon'> {
  type: TransactionCreateInputOf<'bond-coupon'>['type'];
  attributes: BondCouponTransactionCreateAttributes;
  relationships: BondCouponTransactionCreateRelationships;
}
/** The relationships of a `bond-redemption-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface BondRedemptionTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'bond-redemption'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'bond-redemption'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'bond-redemption'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'bond-redemption'>>['account'];
}
/** The body of `transactions.create` for a `bond-redemption-transaction` (without the `data` wrapper). */
export interface BondRedemptionTransactionCreateParams extends TransactionCreateInputOf<'bond-redemption'> {
  type: TransactionCreateInputOf<'bond-redemption'>['type'];
  attributes: BondRedemptionTransactionCreateAttributes;
  relationships: BondRedemptionTransactionCreateRelationships;
}
/** The relationships of a `bond-trade-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface BondTradeTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'bond-trade'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'bond-trade'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'bond-trade'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'bond-trade'>>['account'];
}
/** The body of `transactions.create` for a `bond-trade-transaction` (without the `data` wrapper). */
export interface BondTradeTransactionCreateParams extends TransactionCreateInputOf<'bond-trade'> {
  type: TransactionCreateInputOf<'bond-trade'>['type'];
  attributes: BondTradeTransactionCreateAttributes;
  relationships: BondTradeTransactionCreateRelationships;
}
/** The relationships of a `cash-transfer-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface CashTransferTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'cash-transfer'>> {
  account: RelationshipsOf<TransactionCreateInputOf<'cash-transfer'>>['account'];
}
/** The body of `transactions.create` for a `cash-transfer-transaction` (without the `data` wrapper). */
export interface CashTransferTransactionCreateParams extends TransactionCreateInputOf<'cash-transfer'> {
  type: TransactionCreateInputOf<'cash-transfer'>['type'];
  attributes: CashTransferTransactionCreateAttributes;
  relationships: CashTransferTransactionCreateRelationships;
}
/** The relationships of a `dividend-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface DividendTransactionCreateRelationships extends RelationshipsOf<TransactionCreateInputOf<'dividend'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'dividend'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'dividend'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'dividend'>>['account'];
}
/** The body of `transactions.create` for a `dividend-transaction` (without the `data` wrapper). */
export interface DividendTransactionCreateParams extends TransactionCreateInputOf<'dividend'> {
  type: TransactionCreateInputOf<'dividend'>['type'];
  attributes: DividendTransactionCreateAttributes;
  relationships: DividendTransactionCreateRelationships;
}
/** The relationships of a `equity-trade-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface EquityTradeTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'equity-trade'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'equity-trade'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'equity-trade'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'equity-trade'>>['account'];
}
/** The body of `transactions.create` for a `equity-trade-transaction` (without the `data` wrapper). */
export interface EquityTradeTransactionCreateParams extends TransactionCreateInputOf<'equity-trade'> {
  type: TransactionCreateInputOf<'equity-trade'>['type'];
  attributes: EquityTradeTransactionCreateAttributes;
  relationships: EquityTradeTransactionCreateRelationships;
}
/** The relationships of a `fee-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FeeTransactionCreateRelationships extends RelationshipsOf<TransactionCreateInputOf<'fee'>> {
  account: RelationshipsOf<TransactionCreateInputOf<'fee'>>['account'];
}
/** The body of `transactions.create` for a `fee-transaction` (without the `data` wrapper). */
export interface FeeTransactionCreateParams extends TransactionCreateInputOf<'fee'> {
  type: TransactionCreateInputOf<'fee'>['type'];
  attributes: FeeTransactionCreateAttributes;
  relationships: FeeTransactionCreateRelationships;
}
/** The relationships of a `futures-trade-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FuturesTradeTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'futures-trade'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'futures-trade'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'futures-trade'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'futures-trade'>>['account'];
}
/** The body of `transactions.create` for a `futures-trade-transaction` (without the `data` wrapper). */
export interface FuturesTradeTransactionCreateParams extends TransactionCreateInputOf<'futures-trade'> {
  type: TransactionCreateInputOf<'futures-trade'>['type'];
  attributes: FuturesTradeTransactionCreateAttributes;
  relationships: FuturesTradeTransactionCreateRelationships;
}
/** The relationships of a `futures-execution-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FuturesExecutionTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'futures-execution'>> {
  openingTransaction: RelationshipsOf<TransactionCreateInputOf<'futures-execution'>>['openingTransaction'];
  asset: RelationshipsOf<TransactionCreateInputOf<'futures-execution'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'futures-execution'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'futures-execution'>>['account'];
}
/** The body of `transactions.create` for a `futures-execution-transaction` (without the `data` wrapper). */
export interface FuturesExecutionTransactionCreateParams extends TransactionCreateInputOf<'futures-execution'> {
  type: TransactionCreateInputOf<'futures-execution'>['type'];
  attributes: FuturesExecutionTransactionCreateAttributes;
  relationships: FuturesExecutionTransactionCreateRelationships;
}
/** The relationships of a `fx-spot-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface FxSpotTransactionCreateRelationships extends RelationshipsOf<TransactionCreateInputOf<'fx-spot'>> {
  inflowAccount: RelationshipsOf<TransactionCreateInputOf<'fx-spot'>>['inflowAccount'];
  outflowAccount: RelationshipsOf<TransactionCreateInputOf<'fx-spot'>>['outflowAccount'];
}
/** The body of `transactions.create` for a `fx-spot-transaction` (without the `data` wrapper). */
export interface FxSpotTransactionCreateParams extends TransactionCreateInputOf<'fx-spot'> {
  type: TransactionCreateInputOf<'fx-spot'>['type'];
  attributes: FxSpotTransactionCreateAttributes;
  relationships: FxSpotTransactionCreateRelationships;
}
/** The relationships of a `index-linked-bond-coupon-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface IndexLinkedBondCouponTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-coupon'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-coupon'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-coupon'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-coupon'>>['account'];
}
/** The body of `transactions.create` for a `index-linked-bond-coupon-transaction` (without the `data` wrapper). */
export interface IndexLinkedBondCouponTransactionCreateParams
  extends TransactionCreateInputOf<'index-linked-bond-coupon'> {
  type: TransactionCreateInputOf<'index-linked-bond-coupon'>['type'];
  attributes: IndexLinkedBondCouponTransactionCreateAttributes;
  relationships: IndexLinkedBondCouponTransactionCreateRelationships;
}
/** The relationships of a `index-linked-bond-redemption-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface IndexLinkedBondRedemptionTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-redemption'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-redemption'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-redemption'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-redemption'>>['account'];
}
/** The body of `transactions.create` for a `index-linked-bond-redemption-transaction` (without the `data` wrapper). */
export interface IndexLinkedBondRedemptionTransactionCreateParams
  extends TransactionCreateInputOf<'index-linked-bond-redemption'> {
  type: TransactionCreateInputOf<'index-linked-bond-redemption'>['type'];
  attributes: IndexLinkedBondRedemptionTransactionCreateAttributes;
  relationships: IndexLinkedBondRedemptionTransactionCreateRelationships;
}
/** The relationships of a `index-linked-bond-trade-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface IndexLinkedBondTradeTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-trade'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-trade'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-trade'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'index-linked-bond-trade'>>['account'];
}
/** The body of `transactions.create` for a `index-linked-bond-trade-transaction` (without the `data` wrapper). */
export interface IndexLinkedBondTradeTransactionCreateParams
  extends TransactionCreateInputOf<'index-linked-bond-trade'> {
  type: TransactionCreateInputOf<'index-linked-bond-trade'>['type'];
  attributes: IndexLinkedBondTradeTransactionCreateAttributes;
  relationships: IndexLinkedBondTradeTransactionCreateRelationships;
}
/** The relationships of a `private-market-fund-distribution-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface PrivateMarketFundDistributionTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'private-market-fund-distribution'>> {
  instrument: RelationshipsOf<TransactionCreateInputOf<'private-market-fund-distribution'>>['instrument'];
  account: RelationshipsOf<TransactionCreateInputOf<'private-market-fund-distribution'>>['account'];
}
/** The body of `transactions.create` for a `private-market-fund-distribution-transaction` (without the `data` wrapper). */
export interface PrivateMarketFundDistributionTransactionCreateParams
  extends TransactionCreateInputOf<'private-market-fund-distribution'> {
  type: TransactionCreateInputOf<'private-market-fund-distribution'>['type'];
  attributes: PrivateMarketFundDistributionTransactionCreateAttributes;
  relationships: PrivateMarketFundDistributionTransactionCreateRelationships;
}
/** The relationships of a `private-market-fund-drawdown-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface PrivateMarketFundDrawdownTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'private-market-fund-drawdown'>> {
  instrument: RelationshipsOf<TransactionCreateInputOf<'private-market-fund-drawdown'>>['instrument'];
  account: RelationshipsOf<TransactionCreateInputOf<'private-market-fund-drawdown'>>['account'];
}
/** The body of `transactions.create` for a `private-market-fund-drawdown-transaction` (without the `data` wrapper). */
export interface PrivateMarketFundDrawdownTransactionCreateParams
  extends TransactionCreateInputOf<'private-market-fund-drawdown'> {
  type: TransactionCreateInputOf<'private-market-fund-drawdown'>['type'];
  attributes: PrivateMarketFundDrawdownTransactionCreateAttributes;
  relationships: PrivateMarketFundDrawdownTransactionCreateRelationships;
}
/** The relationships of a `refund-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface RefundTransactionCreateRelationships extends RelationshipsOf<TransactionCreateInputOf<'refund'>> {
  account: RelationshipsOf<TransactionCreateInputOf<'refund'>>['account'];
}
/** The body of `transactions.create` for a `refund-transaction` (without the `data` wrapper). */
export interface RefundTransactionCreateParams extends TransactionCreateInputOf<'refund'> {
  type: TransactionCreateInputOf<'refund'>['type'];
  attributes: RefundTransactionCreateAttributes;
  relationships: RefundTransactionCreateRelationships;
}
/** The relationships of a `zero-coupon-bond-trade-transaction` to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface ZeroCouponBondTradeTransactionCreateRelationships
  extends RelationshipsOf<TransactionCreateInputOf<'zero-coupon-bond-trade'>> {
  asset: RelationshipsOf<TransactionCreateInputOf<'zero-coupon-bond-trade'>>['asset'];
  depository: RelationshipsOf<TransactionCreateInputOf<'zero-coupon-bond-trade'>>['depository'];
  account: RelationshipsOf<TransactionCreateInputOf<'zero-coupon-bond-trade'>>['account'];
}
/** The body of `transactions.create` for a `zero-coupon-bond-trade-transaction` (without the `data` wrapper). */
export interface ZeroCouponBondTradeTransactionCreateParams extends TransactionCreateInputOf<'zero-coupon-bond-trade'> {
  type: TransactionCreateInputOf<'zero-coupon-bond-trade'>['type'];
  attributes: ZeroCouponBondTradeTransactionCreateAttributes;
  relationships: ZeroCouponBondTradeTransactionCreateRelationships;
}
/** The named create params of each creatable kind: `TransactionCreateParamsByKind['dividend']` is `DividendTransactionCreateParams`. */
export interface TransactionCreateParamsByKind {
  /** `account-interest-transaction`. */
  'account-interest': AccountInterestTransactionCreateParams;
  /** `bond-coupon-transaction`. */
  'bond-coupon': BondCouponTransactionCreateParams;
  /** `bond-redemption-transaction`. */
  'bond-redemption': BondRedemptionTransactionCreateParams;
  /** `bond-trade-transaction`. */
  'bond-trade': BondTradeTransactionCreateParams;
  /** `cash-transfer-transaction`. */
  'cash-transfer': CashTransferTransactionCreateParams;
  /** `dividend-transaction`. */
  dividend: DividendTransactionCreateParams;
  /** `equity-trade-transaction`. */
  'equity-trade': EquityTradeTransactionCreateParams;
  /** `fee-transaction`. */
  fee: FeeTransactionCreateParams;
  /** `futures-trade-transaction`. */
  'futures-trade': FuturesTradeTransactionCreateParams;
  /** `futures-execution-transaction`. */
  'futures-execution': FuturesExecutionTransactionCreateParams;
  /** `fx-spot-transaction`. */
  'fx-spot': FxSpotTransactionCreateParams;
  /** `index-linked-bond-coupon-transaction`. */
  'index-linked-bond-coupon': IndexLinkedBondCouponTransactionCreateParams;
  /** `index-linked-bond-redemption-transaction`. */
  'index-linked-bond-redemption': IndexLinkedBondRedemptionTransactionCreateParams;
  /** `index-linked-bond-trade-transaction`. */
  'index-linked-bond-trade': IndexLinkedBondTradeTransactionCreateParams;
  /** `private-market-fund-distribution-transaction`. */
  'private-market-fund-distribution': PrivateMarketFundDistributionTransactionCreateParams;
  /** `private-market-fund-drawdown-transaction`. */
  'private-market-fund-drawdown': PrivateMarketFundDrawdownTransactionCreateParams;
  /** `refund-transaction`. */
  refund: RefundTransactionCreateParams;
  /** `zero-coupon-bond-trade-transaction`. */
  'zero-coupon-bond-trade': ZeroCouponBondTradeTransactionCreateParams;
}
