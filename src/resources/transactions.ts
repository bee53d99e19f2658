import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { TransactionCreateParamsByKind, TransactionsByKind } from '../schemas/kind-types.generated.js';
import type { UnknownResource } from '../schemas/kinds.js';
import type {
  CreatableTransactionKind,
  KnownTransaction,
  TRANSACTION_KINDS,
  TransactionListParams,
} from '../schemas/transactions.js';
import type { CreatedKind, KindCreateInputOf, KindCreateParams } from './kind-create.js';

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
  list(query: TransactionListParams, options?: ListRequestOptions): ListPromise<Transaction> {
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
  create<T extends string>(
    input: KindCreateParams<TransactionCreateParams, T>,
    options?: RequestOptions,
  ): APIPromise<CreatedKind<TransactionCreateParams, T, 'transaction', TransactionsByKind>, { created: boolean }> {
    return this.api.call('transactions.create', { body: input }, options);
  }

  /**
   * Deletes a transaction.
   * @example
   * await prs.transactions.delete(transactionId);
   */
  delete(transactionId: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call('transactions.delete', { path: { id: transactionId } }, options);
  }
}

/** The create rules by `type`, for checking inputs without sending them (the loader's `--dry-run`). */

/** The create input of one transaction kind, as inferred from the kind table (what the named params extend). */
export type TransactionCreateInputOf<K extends CreatableTransactionKind> = KindCreateInputOf<
  typeof TRANSACTION_KINDS,
  'transaction',
  K
>;
