/**
 * The records a JSON:API relationship of an instrument (asset) or a transaction names, read from the SDK's kind
 * tables: every relationship target of INSTRUMENT_KINDS and TRANSACTION_KINDS (`account`, `asset`, …) has its table
 * here, and a `<kind>-<family>` type (`loan-asset`, `cash-transfer-transaction`) is its family's. The create rules
 * (create-rule.ts), the deletes (a record still named is kept) and `restoreSnapshot` all look relationships up here.
 */
import { FAMILY_KINDS as SDK_FAMILY_KINDS } from '../../schemas/families.js';
import type { INSTRUMENT_KINDS } from '../../schemas/instruments.js';
import type { KindTable } from '../../schemas/kind-table.js';
import type { TRANSACTION_KINDS } from '../../schemas/transactions.js';
import type { TableName } from './record-schemas.js';
import type { Relationships } from './records.js';
import type { MockStore } from './store.js';
import type { Table } from './table.js';

/** The targets of a kind table's relationships (`account`, `asset`, …). */
type TargetsOf<T extends KindTable> = {
  [K in keyof T]: T[K]['relationships'][keyof T[K]['relationships']]['target'];
}[keyof T];
type Target = TargetsOf<typeof INSTRUMENT_KINDS> | TargetsOf<typeof TRANSACTION_KINDS>;

/** The table of the records each target of the kind tables names (a new target fails to compile until it is here). */
const TARGET_TABLES: { [T in Target]: TableName } = {
  account: 'accounts',
  asset: 'instruments',
  commitment: 'commitments',
  depository: 'depositories',
  instrument: 'instruments',
  transaction: 'transactions',
};

/** The kinds of each family whose `<kind>-<family>` types stand for it: the SDK's, from the kind tables. */
export const FAMILY_KINDS: Readonly<Record<string, readonly string[]>> = SDK_FAMILY_KINDS;

/** The tables whose records keep relationships, in the order a refusal names them. */
const HOLDERS = ['transactions', 'instruments'] as const satisfies readonly TableName[];

/**
 * The table of the records a relationship's target or `data.type` names: a target of the kind tables, or a
 * `<kind>-<family>` type of a known kind; undefined for any other type (left unchecked).
 */
export function targetTable(type: string): TableName | undefined {
  if (Object.hasOwn(TARGET_TABLES, type)) return TARGET_TABLES[type as Target];
  for (const [family, kinds] of Object.entries(FAMILY_KINDS))
    if (type.endsWith(`-${family}`) && kinds.includes(type.slice(0, -family.length - 1)))
      return TARGET_TABLES[family as Target];
  return undefined;
}

/** The store's table for a relationship target; throws for a target the kind tables do not have. */
export function tableOf(store: MockStore, target: string): Table<{ id: string }> {
  const name = targetTable(target);
  if (!name) throw new Error(`mock: no table for relationship target "${target}" (add it to TARGET_TABLES)`);
  return store[name] as unknown as Table<{ id: string }>;
}

/** One record a relationship names: where (`relationships.account.data.id`), the table (by its type) and the id. */
export interface Named {
  path: string;
  table: TableName;
  id: string;
}

/** The records `relationships` names whose table its type tells (others are left out). */
export function namedIn(relationships: Relationships): Named[] {
  const out: Named[] = [];
  for (const [name, { data }] of Object.entries(relationships)) {
    const idents = Array.isArray(data) ? data : data ? [data] : [];
    idents.forEach((ident, i) => {
      const table = targetTable(ident.type);
      const at = Array.isArray(data) ? `.${i}` : '';
      if (table) out.push({ path: `relationships.${name}.data${at}.id`, table, id: ident.id });
    });
  }
  return out;
}

/**
 * How many records name the record `id` of `target` in their relationships (itself not counted, nor those `goesWith`
 * takes along): `[label, count]` for each table that keeps relationships, in the order of `HOLDERS`.
 */
export function namedBy(
  store: MockStore,
  target: Table<{ id: string }>,
  id: string,
  goesWith?: (record: { id: string }) => boolean,
): [string, number][] {
  return HOLDERS.map((holder) => {
    const table = store[holder];
    const count = (table.all() as { id: string; relationships: Relationships }[]).filter(
      (record) =>
        !(table === target && record.id === id) &&
        !goesWith?.(record) &&
        namedIn(record.relationships).some((n) => n.id === id && store[n.table] === target),
    ).length;
    return [table.label, count];
  });
}
