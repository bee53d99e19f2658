import { type API, segment } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import { buildKindDocument, validateInput } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import type { UnknownResource } from '../schemas/kinds.js';
import {
  type KnownTransaction,
  TRANSACTION_KINDS,
  type TransactionListQuery,
  transactionCreateSchemas,
  transactionListQuery,
  transactionSchema,
} from '../schemas/transactions.js';
import { type KindCreateInput, kindRules } from './kind-create.js';

/** A transaction: a known kind (narrow on `type`) or an unknown kind kept whole. */
export type Transaction = KnownTransaction | UnknownResource;
/** The body of `transactions.create` without the `data` wrapper: one member per creatable kind. */
export type TransactionCreateInput = KindCreateInput<typeof TRANSACTION_KINDS, 'transaction'>;

const BASE = '/api/v2/transactions';

const RULES = kindRules(TRANSACTION_KINDS, transactionCreateSchemas, 'transaction', {
  'fx-forward-cash-settlement':
    'FX forward cash settlement transactions cannot be created: the service creates them when the forward settles',
  'fx-forward-physical-delivery':
    'FX forward physical delivery transactions cannot be created: the service creates them when the forward settles',
  loan: 'loan transactions cannot be created: the service creates them with the loan instrument (one at the agreement date, one at maturity)',
});

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
  list(query: TransactionListQuery, options?: RequestOptions): ListPromise<Transaction> {
    return this.api.list(
      () => ({ path: BASE, query: validateInput('transactions.list', transactionListQuery, query) }),
      transactionSchema,
      options,
    );
  }

  /**
   * Creates a transaction of any kind but the three the service makes itself (FX forward settlements, loan).
   * @example
   * const tx = await prs.transactions.create({
   *   type: 'equity-trade-transaction',
   *   attributes: { accountAmount: -10_050, commission: 50, unitPrice: 100, units: 100, tradeDate: '2024-03-01', valueDate: '2024-03-05' },
   *   relationships: { account: accountId, asset: assetId, depository: depositoryId },
   * });
   */
  create(input: TransactionCreateInput, options?: RequestOptions): APIPromise<Transaction> {
    return this.api.create(
      () => ({ path: BASE, body: buildKindDocument('transactions.create', input, RULES) }),
      transactionSchema,
      options,
    );
  }

  /**
   * Deletes a transaction.
   * @example
   * await prs.transactions.delete(transactionId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.delete(() => ({ path: `${BASE}/${segment('transactions.delete', 'id', id)}` }), options);
  }
}

/** The create rules by `type`, for checking inputs without sending them (the loader's `--dry-run`). */
export { RULES as transactionRules };
