import { extraArguments } from '../../core/arity.js';

/**
 * One collection of records by id, in insertion order (lists answer in creation order). Every table of
 * `mock.store` is one, with an `add()` that creates a record as the service would.
 * @example
 * const accounts = mock.store.accounts.where((a) => a.legalEntityId === le.id);
 * console.log(mock.store.accounts.size, accounts.map((a) => a.externalIdentifier));
 */
export class Table<T extends { id: string }> {
  protected readonly rows = new Map<string, T>();

  /**
   * An empty table.
   * @param label Names the resource in error details, e.g. `account`.
   */
  constructor(readonly label: string) {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    extraArguments('new Table()', arguments, 1, '');
  }

  /** The record, or undefined. @example mock.store.accounts.get(id)?.excludeFromReporting */
  get(id: string): T | undefined {
    return this.rows.get(id);
  }

  /** The record; throws when absent (a seeding mistake in a test). @example mock.store.clients.expect(id) */
  expect(id: string): T {
    const row = this.rows.get(id);
    if (!row) throw new Error(`mock store: no ${this.label} with id ${id}`);
    return row;
  }

  /** Every record, oldest first. @example mock.store.transactions.all().length */
  all(): T[] {
    return [...this.rows.values()];
  }

  /** The records matching a predicate. @example mock.store.accounts.where((a) => a.legalEntityId === le.id) */
  where(predicate: (row: T) => boolean): T[] {
    return this.all().filter(predicate);
  }

  /** Stores a record as is (no rule is checked). @example mock.store.clients.insert({ id: 'c1', attributes: {} }) */
  insert(row: T): T {
    this.rows.set(row.id, row);
    return row;
  }

  /** Removes a record; false when there was none. @example mock.store.prices.delete(id) */
  delete(id: string): boolean {
    return this.rows.delete(id);
  }

  /** How many records the table holds. @example expect(mock.store.transactions.size).toBe(3) */
  get size(): number {
    return this.rows.size;
  }

  /** Empties the table (on `reset()`). @example mock.store.positions.clear() */
  clear(): void {
    this.rows.clear();
  }
}
