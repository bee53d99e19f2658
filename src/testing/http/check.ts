/**
 * Field checks for request bodies and queries. A `Fields` collects every broken rule and `done()` throws
 * one 400 whose detail lists them all, each with its path (`data.attributes.ccyCode: …`).
 */
import { isObject } from '../../core/is-object.js';
import { isCalendarDate } from '../../schemas/fields.js';
import type { Ident, Relationships } from '../store/records.js';
import type { Table } from '../store/table.js';
import { badRequest } from './errors.js';

/** A real calendar date in `YYYY-MM-DD` form (the SDK's own test of one). */
export function isDate(value: unknown): value is string {
  return typeof value === 'string' && isCalendarDate(value);
}

type Opt = { optional?: boolean };

export class Fields {
  constructor(
    readonly values: Record<string, unknown>,
    readonly prefix: string,
    private readonly issues: string[] = [],
  ) {}

  /** The checks of a nested object, reported with this one's (`data.attributes.fund.name …`). */
  object(name: string, opt: Opt = {}): Fields | undefined {
    if (!this.present(name, opt)) return undefined;
    const value = this.values[name];
    if (isObject(value)) return new Fields(value, this.at(name), this.issues);
    this.fail(name, 'must be an object');
    return undefined;
  }

  private at(name: string): string {
    return this.prefix ? `${this.prefix}.${name}` : name;
  }

  private present(name: string, opt: Opt): boolean {
    const value = this.values[name];
    if (value !== undefined && value !== null) return true;
    if (!opt.optional) this.issues.push(`${this.at(name)} is required`);
    return false;
  }

  /** Records a broken rule of the field `name`. */
  fail(name: string, message: string): void {
    this.issues.push(`${this.at(name)} ${message}`);
  }

  /** Whether a broken rule of the field `name`, or of a member within it, is recorded. */
  refused(name: string): boolean {
    const at = this.at(name);
    return this.issues.some((i) => i.startsWith(`${at} `) || i.startsWith(`${at}.`) || i.startsWith(`${at}[`));
  }

  /** Records a broken rule given with its full path (a relationship, say). */
  issue(text: string): void {
    this.issues.push(text);
  }

  string(name: string, opt: Opt = {}): string | undefined {
    if (!this.present(name, opt)) return undefined;
    const value = this.values[name];
    if (typeof value === 'string' && value !== '') return value;
    this.fail(name, `must be a non-empty string, got ${JSON.stringify(value)}`);
    return undefined;
  }

  number(name: string, opt: Opt = {}): number | undefined {
    if (!this.present(name, opt)) return undefined;
    const value = this.values[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.fail(name, `must be a number, got ${JSON.stringify(value)}`);
    return undefined;
  }

  boolean(name: string, opt: Opt = {}): boolean | undefined {
    if (!this.present(name, opt)) return undefined;
    const value = this.values[name];
    if (typeof value === 'boolean') return value;
    this.fail(name, `must be a boolean, got ${JSON.stringify(value)}`);
    return undefined;
  }

  date(name: string, opt: Opt = {}): string | undefined {
    if (!this.present(name, opt)) return undefined;
    const value = this.values[name];
    if (isDate(value)) return value;
    this.fail(name, `must be a date (YYYY-MM-DD), got ${JSON.stringify(value)}`);
    return undefined;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], opt: Opt = {}): T | undefined {
    if (!this.present(name, opt)) return undefined;
    const value = this.values[name];
    if (allowed.includes(value as T)) return value as T;
    this.fail(name, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${JSON.stringify(value)}`);
    return undefined;
  }

  currency(name: string, opt: Opt = {}): string | undefined {
    const value = this.string(name, opt);
    if (value !== undefined && !/^[A-Z]{3}$/.test(value))
      this.fail(name, `must be an ISO 4217 code (three capital letters), got ${JSON.stringify(value)}`);
    return value;
  }

  /** Records every field not among `known` (a misspelling, or a read-only field). */
  allowOnly(known: readonly string[]): void {
    for (const name of Object.keys(this.values)) {
      if (!known.includes(name)) this.fail(name, `is not a field that can be sent here (known: ${known.join(', ')})`);
    }
  }

  /** Throws one 400 listing every broken rule, if any. */
  done(): void {
    if (this.issues.length) throw badRequest(this.issues.join('; '));
  }
}

interface RefOptions {
  required?: boolean;
  /** Accepted `type` strings; default the table's label (e.g. `account`). */
  types?: readonly string[];
}

/**
 * The record a to-one relationship `{ data: { type, id } }` points to. A missing required one, a wrong
 * type or an id that does not exist is recorded in `f`.
 */
export function ref<T extends { id: string }>(
  f: Fields,
  rels: Relationships,
  name: string,
  table: Table<T>,
  opt: RefOptions = {},
): T | undefined {
  const where = `data.relationships.${name}`;
  onlyRead(f, where, rels[name], ['data']);
  const data = rels[name]?.data;
  if (data === undefined || data === null) {
    if (opt.required) f.issue(`${where} is required ({ data: { type: "${table.label}", id } })`);
    return undefined;
  }
  if (Array.isArray(data)) {
    f.issue(`${where} must be a single { type, id }, not a list`);
    return undefined;
  }
  onlyRead(f, `${where}.data`, data, IDENTIFIER);
  return lookup(f, where, data, table, opt.types);
}

/** The records a to-many relationship `{ data: [{ type, id }, …] }` points to (undefined when absent). */
export function refs<T extends { id: string }>(
  f: Fields,
  rels: Relationships,
  name: string,
  table: Table<T>,
): T[] | undefined {
  const where = `data.relationships.${name}`;
  onlyRead(f, where, rels[name], ['data']);
  const data = rels[name]?.data;
  if (data === undefined) return undefined;
  if (!Array.isArray(data)) {
    f.issue(`${where} must be a list [{ type, id }, …]`);
    return undefined;
  }
  for (const [i, d] of data.entries()) onlyRead(f, `${where}.data[${i}]`, d, IDENTIFIER);
  return data.map((d, i) => lookup(f, `${where}[${i}]`, d, table)).filter((r) => r !== undefined);
}

const IDENTIFIER = ['type', 'id'];

/**
 * Records each member of a relationship (`data` only) or of a resource identifier (`type`, `id`) other than those
 * read: the SDK sends no other, and what the mock keeps of a relationship is its record's `{ data: { type, id } }`.
 */
function onlyRead(f: Fields, where: string, value: unknown, known: readonly string[]): void {
  if (!isObject(value)) return;
  for (const name of Object.keys(value))
    if (!known.includes(name))
      f.issue(`${where}.${name} is not a member that can be sent here (known: ${known.join(', ')})`);
}

function lookup<T extends { id: string }>(
  f: Fields,
  where: string,
  data: Ident,
  table: Table<T>,
  types: readonly string[] = [table.label],
): T | undefined {
  if (typeof data?.id !== 'string' || data.id === '') {
    f.issue(`${where} must be { type, id }`);
    return undefined;
  }
  if (!types.includes(data.type)) {
    f.issue(`${where} must point to a ${types.join(' or ')}, got type "${data.type}"`);
    return undefined;
  }
  const row = table.get(data.id);
  if (!row) f.issue(`${where}: ${table.label} ${data.id} does not exist`);
  return row;
}
