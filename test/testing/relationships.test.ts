/**
 * The records a relationship of an instrument or a transaction names, read from the SDK's kind tables: every
 * relationship of every kind names a table of the store, and a record of that kind naming a record keeps it from
 * being deleted (`namedBy`), with no list of kinds or relationship names of its own.
 */
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_KINDS } from '../../src/schemas/instruments.js';
import type { KindTable } from '../../src/schemas/kind-table.js';
import { TRANSACTION_KINDS } from '../../src/schemas/transactions.js';
import { createMockService } from '../../src/testing/index.js';
import { namedBy, targetTable } from '../../src/testing/store/relationships.js';

/** `[holder, kind, relationship, target]` of every relationship of a kind table. */
const pairs = (holder: 'instruments' | 'transactions', table: KindTable) =>
  Object.entries(table).flatMap(([kind, k]) =>
    Object.entries(k.relationships).map(([name, r]) => [holder, kind, name, r.target] as const),
  );
const ALL = [...pairs('instruments', INSTRUMENT_KINDS), ...pairs('transactions', TRANSACTION_KINDS)];

describe('relationships of the kind tables', () => {
  it('names the table of every target, and of every <kind>-<family> type; other types none', () => {
    expect(Object.fromEntries(ALL.map(([, , , target]) => [target, targetTable(target)]))).toEqual({
      account: 'accounts',
      asset: 'instruments',
      commitment: 'commitments',
      depository: 'depositories',
      instrument: 'instruments',
      transaction: 'transactions',
    });
    expect(
      ['loan-asset', 'bond-instrument', 'cash-transfer-transaction', 'crypto-asset', 'wallet', 'loan-transfer'].map(
        targetTable,
      ),
    ).toEqual(['instruments', 'instruments', 'transactions', undefined, undefined, undefined]);
  });

  it.each(ALL)('%s: a %s whose %s names a record of %s keeps it (counted by namedBy)', (holder, kind, name, target) => {
    const { store } = createMockService();
    const table = store[targetTable(target)!] as never as { label: string };
    const relationships = { [name]: { data: { type: target, id: 'r1' } } };
    // `insert`, as is: the kind's attributes and the record `r1` are beside the point here (`add` refuses a record
    // missing them).
    if (holder === 'instruments') store.instruments.insert({ id: 'i1', kind, attributes: {}, relationships } as never);
    else store.transactions.insert({ id: 't1', type: `${kind}-transaction`, attributes: {}, relationships });
    const counted = Object.fromEntries(namedBy(store, table as never, 'r1'));
    expect(counted).toEqual({
      transaction: holder === 'transactions' ? 1 : 0,
      instrument: holder === 'instruments' ? 1 : 0,
    });
  });
});
