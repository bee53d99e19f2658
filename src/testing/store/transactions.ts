/** Transactions, as created through `POST /transactions`, by a loan's creation, or seeded. */

import { addedRecord } from './record-schemas.js';
import type { TransactionRecord } from './records.js';
import type { CheckedTransactionInput, TransactionInput } from './seeds.js';
import type { MockStore } from './store.js';
import { Table } from './table.js';

export class Transactions extends Table<TransactionRecord> {
  constructor(private readonly store: MockStore) {
    super('transaction');
  }
  /**
   * Adds a transaction of any type (the FX forward and loan kinds the service creates itself included).
   * @example
   * mock.store.transactions.add({ type: 'fx-forward-cash-settlement-transaction', attributes: { accountAmount: 120, tradeDate: '2024-06-28', valueDate: '2024-07-02' }, relationships: { account: { data: { type: 'account', id } } } });
   */
  add(input: TransactionInput): TransactionRecord {
    const record = addedRecord(this.store, 'transactions', 'add', input, withRelationships);
    return this.insert({ id: this.store.ids.hex24(), ...record });
  }

  /**
   * Adds a transaction a route has checked by the service's rules, or made itself (a loan's); tests seed with `add`.
   * @example
   * mock.store.transactions.addChecked({ type: 'dividend-transaction', attributes: body.attributes });
   */
  addChecked(input: CheckedTransactionInput): TransactionRecord {
    const record = addedRecord(this.store, 'transactions', 'addChecked', input, withRelationships);
    return this.insert({ id: this.store.ids.hex24(), ...record });
  }
}

/** A transaction's record without its id: relationships `{}` when none are given. */
function withRelationships(input: CheckedTransactionInput): Omit<TransactionRecord, 'id'> {
  return { ...input, relationships: input.relationships ?? {} };
}
