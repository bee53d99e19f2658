import { extraArguments } from '../../core/arity.js';
import { mustBe } from '../../core/describe.js';
import { ValidationError, type ValidationIssue } from '../../core/validation-error.js';

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
   * @internal The table's name in `mock.store` (`clients`), set by the store: its refusals name the method so
   * (`mock.store.clients.expect()`). A table of no store is named by its label.
   */
  storeName = '';

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

  /**
   * The record; a `ValidationError` when absent (a seeding mistake in a test), worded as `add()` words an id of no
   * record: `mock.store.clients.expect(): id: no client "c_x"`.
   * @example mock.store.clients.expect(id)
   */
  expect(id: string): T {
    return this.found('expect', id);
  }

  /** The record `id` names, for `method`: refused when `id` is not a string or names no record. */
  protected found(method: string, id: unknown): T {
    if (typeof id !== 'string') this.refuse(method, [{ path: 'id', message: mustBe('a string', id) }]);
    const row = this.rows.get(id as string);
    if (!row) this.refuse(method, [{ path: 'id', message: `no ${this.label} ${JSON.stringify(id)}` }]);
    return row as T;
  }

  /** Refuses a call of `method`, as the store refuses every bad argument: `mock.store.<table>.<method>(): path: rule`. */
  protected refuse(method: string, issues: ValidationIssue[]): never {
    throw new ValidationError(this.what(method), issues, '');
  }

  /** How a refusal names `method`: `mock.store.clients.expect()`. */
  protected what(method: string): string {
    return `mock.store.${this.storeName || this.label}.${method}()`;
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
