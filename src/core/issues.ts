/**
 * Zod's issues as `{ path, message }`, bounded: at most `MAX_ISSUES` are worded, the rest only counted, and
 * no step spreads or recurses over a list whose length the checked value decides. A page of 100,000 bad
 * items gives a `ResponseValidationError` of 100 issues and a count, never a stack overflow.
 */
import * as z from 'zod/mini';
import type { Schema } from '../schemas/fields.js';
import { kindDispatch, kindOf } from '../schemas/kinds.js';
import { acceptedKeys } from '../schemas/zod-definitions.js';
import { article, mustBe } from './describe.js';
import { MAX_ISSUES, omittedIssues, type ValidationIssue } from './errors.js';
import { overflows } from './overflows.js';
import { REQUEST_OPTION_KEYS } from './request-option-keys.js';
import { unknownKey } from './settings.js';
import { shownKey } from './well-formed.js';

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;
interface Def {
  type: string;
  checks?: unknown[];
  innerType?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The first `MAX_ISSUES` issues, worded, and the count of all: each issue is worded only when listed. */
interface Sink {
  listed: ValidationIssue[];
  total: number;
}

/** Zod, or the walk here, ran out of stack: too many problems to gather, or a value nested too deeply (either). */
const TOO_LARGE = 'is too large or too deeply nested to check (the stack ran out)';

function add(sink: Sink, issue: () => ValidationIssue): void {
  // Counted once worded: wording that runs out of stack (a path 100,000 keys long) leaves no count behind.
  if (sink.total < MAX_ISSUES) sink.listed.push(issue());
  sink.total++;
}

/** The listed issues, ended by the marker that counts the rest when some were left out. */
function result(sink: Sink): ValidationIssue[] {
  if (sink.total > sink.listed.length) sink.listed.push(omittedIssues(sink.total - sink.listed.length));
  return sink.listed;
}

/**
 * Zod's issues as `{ path, message }` with messages a caller can act on. `root` is the checked value:
 * zod does not copy inputs into issues, so the offending value is looked up by path. At most `MAX_ISSUES`
 * are returned, then one entry counting the rest (which the error classes turn into `omittedIssues`).
 */
export function formatIssues(issues: readonly Issue[], prefix: string, root: unknown): ValidationIssue[] {
  const sink: Sink = { listed: [], total: 0 };
  for (const issue of issues) addIssue(sink, issue, prefix, root);
  return result(sink);
}

/**
 * Every issue of `value` against `schema`, bounded like `formatIssues` and in zod's order, without handing
 * zod a whole large array: arrays reached through plain objects are checked element by element (zod gathers
 * every element's issues into one list and spreads it into its parent's, which overflows the stack at
 * ~100,000 issues).
 */
export function collectIssues(schema: Schema, value: unknown, prefix = ''): ValidationIssue[] {
  const sink: Sink = { listed: [], total: 0 };
  // A value nested deeper than the stack (10,000 nested limit filters: JSON.parse reads any depth) is an issue of
  // its own, after those found before the stack ran out, never a `RangeError`.
  const done = overflows(() => {
    collect(sink, schema, value, prefix);
    return true;
  });
  if (!done) add(sink, () => ({ path: prefix, message: TOO_LARGE }));
  return result(sink);
}

/** An array taken out of a value before zod sees it: checked element by element instead. */
interface Hole {
  element: Schema;
  items: readonly unknown[];
  /** The object keys from the checked value down to the array. */
  path: Key[];
  /** For each key of `path`, the keys of the object schema it belongs to, in zod's order. */
  orders: string[][];
}

/** Whether zod accepts `value`; a value nested past the stack is not accepted (`collectIssues` says why). */
export function accepts(schema: Schema, value: unknown): boolean {
  return overflows(() => z.safeParse(schema, value).success) === true;
}

function collect(sink: Sink, schema: Schema, value: unknown, prefix: string): void {
  if (accepts(schema, value)) return;
  // When zod runs out of stack all the same, the array sits under a refined object (its refinements see the
  // whole value, so the array stays in): take it out anyway and leave that object's refinements unchecked.
  if (collectAt(sink, schema, value, prefix, false) || collectAt(sink, schema, value, prefix, true)) return;
  add(sink, () => ({ path: prefix, message: TOO_LARGE }));
}

/**
 * One zod run on `value` with its arrays taken out, then each array's elements where zod would have listed
 * them; false, with nothing added, when zod ran out of stack. `force`: the top object's refinements are left out.
 */
function collectAt(sink: Sink, schema: Schema, value: unknown, prefix: string, force: boolean): boolean {
  const holes: Hole[] = [];
  const top = force ? withoutChecks(unwrap(schema, value)) : schema;
  const parsed = overflows(() => z.safeParse(top, strip(top, value, [], [], holes)));
  if (!parsed) return false;
  const issues = parsed.error?.issues ?? [];
  let next = 0;
  for (const hole of holes) {
    for (; next < issues.length && comesBefore((issues[next] as Issue).path, hole); next++)
      addIssue(sink, issues[next] as Issue, prefix, value, top);
    const at = joinPath(prefix, hole.path);
    for (let i = 0; i < hole.items.length; i++) collect(sink, hole.element, hole.items[i], joinPath(at, [i]));
  }
  for (; next < issues.length; next++) addIssue(sink, issues[next] as Issue, prefix, value, top);
  return true;
}

const unchecked = new WeakMap<Schema, Schema>();

/** An object schema without its own refinements: derived as zod's own `.check()` derives one. */
function withoutChecks(schema: Schema): Schema {
  const def = defOf(schema);
  if (def.type !== 'object' || !def.checks?.length) return schema;
  let plain = unchecked.get(schema);
  if (!plain) {
    plain = (schema as unknown as { clone(def: object): Schema }).clone({ ...def, checks: [] });
    unchecked.set(schema, plain);
  }
  return plain;
}

/**
 * `value` with every array that hangs off plain objects (of object schemas without refinements) replaced by
 * `[]`, which such an array schema accepts; the arrays go to `holes`. Anything else is left to zod as is.
 */
function strip(schema: Schema, value: unknown, path: Key[], orders: string[][], holes: Hole[]): unknown {
  const def = defOf(unwrap(schema, value));
  if (def.checks?.length) return value;
  if (def.type === 'array' && Array.isArray(value)) {
    holes.push({ element: def.element as Schema, items: value, path: [...path], orders: [...orders] });
    return [];
  }
  const shape = def.shape as Record<string, Schema>;
  if (def.type !== 'object' || !isPlainObject(value) || Object.getOwnPropertySymbols(shape).length) return value;
  const keys = Object.keys(shape);
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const child = value[key];
    if (key === '__proto__' || !Object.hasOwn(value, key) || typeof child !== 'object' || child === null) continue;
    path.push(key);
    orders.push(keys);
    const replaced = strip(shape[key] as Schema, child, path, orders, holes);
    path.pop();
    orders.pop();
    if (replaced !== child) {
      copy ??= { ...value };
      copy[key] = replaced;
    }
  }
  return copy ?? value;
}

/** Through `optional`, `nullable`, `readonly` (for a present value) and a kind union (to its member). */
function unwrap(schema: Schema, value: unknown): Schema {
  for (;;) {
    const dispatch = kindDispatch(schema);
    const def = defOf(schema);
    if (dispatch) {
      const kind = kindOf(value);
      schema = (kind !== undefined && dispatch.members.get(kind)) || dispatch.fallback;
    } else if (/^(optional|nullable|readonly)$/.test(def.type) && !def.checks?.length) {
      schema = def.innerType as Schema;
    } else return schema;
  }
}

/**
 * Whether zod reports an issue at `path` before anything inside `hole`: at the first key where the two
 * differ, by the key's place in the object schema (a key the schema does not know comes after all it
 * does); an issue of an object that holds the hole (its unknown keys) comes after its members.
 */
function comesBefore(path: readonly Key[], hole: Hole): boolean {
  for (let d = 0; d < hole.path.length; d++) {
    if (d >= path.length) return false;
    if (path[d] === hole.path[d]) continue;
    const order = hole.orders[d] as string[];
    const at = order.indexOf(path[d] as string);
    return at >= 0 && at < order.indexOf(hole.path[d] as string);
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * One zod issue, worded: unknown keys one issue each, naming the keys accepted there when `schema` (what `root` was
 * checked against) shows them; a union by the branch that got furthest.
 */
function addIssue(sink: Sink, issue: Issue, prefix: string, root: unknown, schema?: Schema): void {
  const path = joinPath(prefix, issue.path);
  if (issue.code === 'unrecognized_keys') {
    const accepted = (schema && keysAt(schema, root, issue.path)) ?? [];
    for (const key of issue.keys)
      add(sink, () => optionHint(unknownKey(shownKey(key), accepted, path, 'field', ' (misspelled, or read-only?)')));
  } else if (issue.code === 'invalid_union' && issue.errors.length) {
    // A union (a limit filter, say): report the branch that got furthest.
    const best = issue.errors.reduce((a, b) => (deepest(b) > deepest(a) ? b : a));
    const value = valueAt(root, issue.path);
    for (const branchIssue of best) addIssue(sink, branchIssue, path, value);
  } else add(sink, () => ({ path, message: messageOf(issue, valueAt(root, issue.path)) }));
}

/**
 * The issue of an unknown key at the top of a call's input, told where it goes when it names a request option
 * (`timeout`, `maxRetries`, …): those are read from the last argument, never from the input. Not in `unknownKey`,
 * which the webhooks entry carries.
 */
export function optionHint(issue: ValidationIssue): ValidationIssue {
  const { path, message } = issue;
  return REQUEST_OPTION_KEYS.includes(path)
    ? { path, message: `${message}; \`${path}\` is a request option: give it in the last argument` }
    : issue;
}

/** The keys the object schema at `path` below `schema` accepts, or undefined where the way there is not plain. */
function keysAt(schema: Schema, value: unknown, path: readonly Key[]): string[] | undefined {
  let at: Schema | undefined = schema;
  for (const key of path) {
    const def = defOf(unwrap(at, value));
    at = def.type === 'object' ? def.shape?.[key as string] : def.type === 'array' ? def.element : undefined;
    if (!at) return undefined;
    value = value === null || typeof value !== 'object' ? undefined : (value as Record<Key, unknown>)[key];
  }
  return acceptedKeys(unwrap(at, value));
}

function deepest(issues: readonly Issue[]): number {
  return issues.reduce((depth, issue) => Math.max(depth, issue.path.length), 0);
}

function joinPath(prefix: string, path: readonly Key[]): string {
  let joined = prefix;
  for (const key of path) {
    // A name with a lone surrogate as JSON writes it: printed, it would read as U+FFFD.
    const part = typeof key === 'string' ? shownKey(key) : String(key);
    if (part) joined = joined ? `${joined}.${part}` : part;
  }
  return joined;
}

function valueAt(root: unknown, path: readonly Key[]): unknown {
  let value = root;
  for (const key of path)
    value = value === null || typeof value !== 'object' ? undefined : (value as Record<Key, unknown>)[key];
  return value;
}

function messageOf(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      // A `never` field (read-only, `f.readOnly`) carries its own reason.
      if (issue.expected === 'never' && value !== undefined) return issue.message;
      return mustBe(article(issue.expected), value);
    case 'invalid_value':
      return mustBe(`one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`, value);
    default:
      return issue.message;
  }
}
