/**
 * Response checks compiled once per schema from the zod definitions themselves. `accepts(schema)(value)`
 * says whether zod would accept `value`, without zod's per-value work (a payload and an issue list for every
 * node, a copy of every object and array). The decoder runs it first and asks zod only when it says no, to
 * word the issues: errors stay zod's own, and the schemas stay the one definition of what is valid. This file
 * reads the definitions into rules; compiled-rules.ts runs them.
 *
 * Node kinds with no compiled form here (refinements, formats, transforms, defaults) are checked by zod
 * itself, node by node, so any schema keeps zod's answer; the response schemas need none of them.
 *
 * What is read (`schema._zod`: the definition, traits, `optin`/`optout`, `values`) is zod's internals, which
 * zod may change in any release. So package.json pins zod to the minor this was written against, and nothing
 * is taken on trust: a node is compiled only when its definition has exactly the fields and its core traits
 * known here, and its `optin`/`optout` the values its kind implies; any other node is zod's to check. At first
 * use, canary schemas are compiled and compared with zod; on any difference nothing is compiled at all and
 * `compiledDrift()` says why (a test asserts it says nothing).
 */
import * as z from 'zod/mini';
import { isObject } from '../core/is-object.js';
import {
  ANY,
  ARRAY,
  BOOLEAN,
  CALL,
  type Checker,
  type Member,
  NONE,
  NUMBER,
  objectRule,
  passes,
  type Rule,
  rule,
  SET,
  STRING,
} from './compiled-rules.js';
import type { Schema } from './fields.js';
import { kindDispatch, kindOf } from './kinds.js';

export type { Checker } from './compiled-rules.js';

/** The parts of zod's definitions read here (zod 4 core, `schema._zod.def`). */
interface Def {
  type: string;
  [field: string]: unknown;
}
interface Internals {
  def: Def;
  traits: Set<string>;
  optin?: unknown;
  optout?: unknown;
  values?: unknown;
}
/** Whether an object member may be absent (zod's `optin`), and may be absent from the output (`optout`). */
interface Presence {
  optin: 'optional' | 'defaulted' | undefined;
  optout: 'optional' | undefined;
}

/** zod's internals of `schema`, or undefined when `schema` does not look like a zod 4 schema at all. */
function internals(schema: unknown): Internals | undefined {
  const zod = (schema as { _zod?: Internals } | null | undefined)?._zod;
  return typeof zod?.def?.type === 'string' && zod.traits instanceof Set && zod.traits.has('$ZodType')
    ? zod
    : undefined;
}

/**
 * The definition fields of the kinds read here, besides `type`, `checks` and `error` (which only words
 * issues). A field not listed may constrain values in a way not read here (a record's `mode`, a union's
 * `inclusive`), and a field renamed by zod would look like a constraint absent: either way, zod decides.
 * `default` and `prefault` are only read for whether a member may be absent.
 */
const FIELDS: Record<string, string[]> = {
  string: ['coerce'],
  number: ['coerce'],
  boolean: ['coerce'],
  null: [],
  unknown: [],
  any: [],
  never: [],
  literal: ['values'],
  enum: ['entries'],
  nullable: ['innerType'],
  optional: ['innerType'],
  array: ['element'],
  union: ['options'],
  record: ['keyType', 'valueType'],
  object: ['shape', 'catchall'],
  default: ['innerType', 'defaultValue'],
  prefault: ['innerType', 'defaultValue'],
};
const COMMON = ['type', 'checks', 'error'];

/**
 * The definition of `schema` when it is laid out as known here: a listed type, no other field, and as core
 * traits only `$ZodType` and the type's own (`string` → `$ZodString`). Another `$Zod…` trait is a subclass
 * with rules of its own: `exactOptional` is an `optional`, `xor` a `union`, a string format a `string`.
 */
function known(schema: unknown): Def | undefined {
  const zod = internals(schema);
  const def = zod?.def;
  const fields = def && Object.hasOwn(FIELDS, def.type) ? FIELDS[def.type] : undefined;
  if (!zod || !def || !fields) return undefined;
  const own = `$Zod${def.type[0]?.toUpperCase()}${def.type.slice(1)}`;
  if (!zod.traits.has(own)) return undefined;
  for (const trait of zod.traits)
    if (trait.startsWith('$Zod') && trait !== own && trait !== '$ZodType') return undefined;
  for (const field of Reflect.ownKeys(def))
    if (!COMMON.includes(field as string) && !fields.includes(field as string)) return undefined;
  return def.checks === undefined || Array.isArray(def.checks) ? def : undefined;
}

/** A known node with nothing for zod to run: no checks, no coercion. */
const plain = (def: Def | undefined): def is Def =>
  !!def && !(def.checks as unknown[] | undefined)?.length && !def.coerce;

/**
 * Whether `schema` may be absent from an object, as its `optin` and `optout` say. For the kinds known here
 * they must be what zod 4.6 derives (an optional: `optional`, or `defaulted` over a default; a nullable: its
 * inner schema's; a default: `defaulted`; a plain kind: neither), else undefined: a renamed or re-meant flag
 * is not taken at its word. Other kinds' flags (a union's, a format's) are taken as they are, when they have
 * values zod 4.6 gives them; the canaries check that the names still hold.
 */
function presence(schema: unknown): Presence | undefined {
  const zod = internals(schema);
  const def = known(schema);
  const inner = def?.type === 'optional' || def?.type === 'nullable' ? presence(def.innerType) : undefined;
  const expected =
    !def || def.type === 'union'
      ? zod
      : def.type === 'optional'
        ? inner && { optin: inner.optin === 'defaulted' ? 'defaulted' : 'optional', optout: 'optional' }
        : def.type === 'nullable'
          ? inner
          : { optin: def.type === 'default' || def.type === 'prefault' ? 'defaulted' : undefined, optout: undefined };
  const { optin, optout } = zod ?? {};
  return expected &&
    expected.optin === optin &&
    expected.optout === optout &&
    (optin === undefined || optin === 'optional' || optin === 'defaulted') &&
    (optout === undefined || optout === 'optional')
    ? { optin, optout }
    : undefined;
}

const cache = new WeakMap<object, Rule>();
let enabled = true;
/** The canaries' differences from zod, once checked. */
let drift: string[] | undefined;
let zodRuns = 0;
/** Nodes handed to zod since the module loaded (the canaries count theirs). */
let handed = 0;

/** How many values checks handed to zod's `safeParse` (a node with no compiled form, or compilation off): for tests. */
export function zodFallbacks(): number {
  return zodRuns;
}

/**
 * Turns compilation off (every check is then zod's own `safeParse`) or back on. For tests, which compare both;
 * not part of the package's entry points.
 */
export function setCompiledChecks(on: boolean): void {
  enabled = on;
}

/**
 * Why compilation is off, if it is: each canary where the compiled check and zod disagree, or where nodes that
 * should compile did not (zod's internals are not laid out as known here). Empty when all is well; a test
 * asserts it, so that a zod release that changes what is read here fails loudly. Runs the canaries on first use.
 */
export function compiledDrift(): readonly string[] {
  if (drift) return drift;
  drift = [];
  // Compiled in any case (compilation off included); the values zod checks for them are not counted.
  const runs = zodRuns;
  try {
    for (const [schema, values, toZod = 0] of canaries()) {
      const before = handed;
      const compiled = build(schema);
      const type = internals(schema)?.def.type;
      if (!compiled) {
        drift.push(`${String(type)}: not read as a zod schema`);
        continue;
      }
      if (handed - before !== toZod) drift.push(`${type}: ${handed - before} node(s) left to zod, ${toZod} expected`);
      for (const value of values) {
        const zodSays = z.safeParse(schema, value).success;
        if (passes(compiled, value) !== zodSays)
          drift.push(
            `${type}: zod says ${zodSays} of ${typeof value === 'number' || value === undefined ? value : JSON.stringify(value)}`,
          );
      }
    }
  } catch (error) {
    drift.push(`the canaries threw: ${error}`);
  }
  zodRuns = runs;
  return drift;
}

/**
 * A schema of each kind read here (nullable and optional as members), values on both sides of its rules, and
 * how many of its nodes are zod's to check.
 */
function canaries(): [Schema, unknown[], number?][] {
  const fallback = z._default(z.string(), 'x');
  return [
    [z.string(), ['x', 1]],
    [z.number(), [1, Number.NaN, Number.POSITIVE_INFINITY, '1']],
    [z.literal([0, 'a']), [-0, 'a', '0']],
    [z.enum(['a', 'b']), ['b', 'c']],
    [z.array(z.union([z.boolean(), z.never()])), [[], [true, 1], {}]],
    [z.record(z.string(), z.number()), [{ a: 1 }, { a: '1' }, []]],
    [z.strictObject({ a: z.string() }), [{ a: 'x' }, { a: 'x', b: 1 }, { a: 1 }]],
    [
      z.looseObject({ a: z.unknown(), b: z.optional(z.number()), c: z.nullable(z.optional(z.string())) }),
      [{ a: 1, b: 1, z: 1 }, { a: null }, {}, { a: 1, b: undefined, c: null }, { a: 1, b: '1' }, { a: 1, c: 1 }],
    ],
    // Zod's to check: a refinement; a default, as a member and under an optional (which must not take it as absent).
    [z.string().check(z.minLength(1)), ['', 'x'], 1],
    [z.looseObject({ a: fallback, b: z.optional(fallback) }), [{}, { a: 1 }, { b: 1 }], 2],
  ];
}

/** The compiled check of `schema`, built on first use and kept (zod's own `safeParse` when compilation is off). */
export function accepts(schema: Schema): Checker {
  const compiled = enabled && !compiledDrift().length && build(schema);
  return compiled ? (value) => passes(compiled, value) : viaZod(schema);
}

function viaZod(schema: Schema): Checker {
  return (value) => {
    zodRuns++;
    return z.safeParse(schema, value).success;
  };
}

/**
 * The rule of a node, compiled or else zod's; undefined when `schema` is not a zod schema (a definition whose
 * fields hold something else: the parent node is then zod's).
 */
function build(schema: unknown): Rule | undefined {
  const done = cache.get(schema as object); // undefined for a non-object
  if (done || !internals(schema)) return done;
  const node = schema as Schema;
  // A recursive schema (a limit filter holds filters) meets itself while compiling: it gets this forwarder.
  let compiled: Rule | undefined;
  cache.set(
    node,
    rule(CALL, (value: unknown) => passes(compiled as Rule, value)),
  );
  try {
    compiled = compile(node);
  } catch {
    compiled = undefined; // internals laid out otherwise than known here: zod's own check stays right
  }
  if (!compiled) {
    handed++;
    compiled = rule(CALL, viaZod(node));
  }
  cache.set(node, compiled);
  return compiled;
}

/** Compiled rules of `schemas`, or undefined if any is not a schema. */
function all(schemas: unknown): Rule[] | undefined {
  if (!Array.isArray(schemas)) return undefined;
  const rules = schemas.map(build);
  return rules.every(Boolean) ? (rules as Rule[]) : undefined;
}

function compile(schema: Schema): Rule | undefined {
  const dispatch = kindDispatch(schema);
  if (dispatch) {
    // The same dispatch as the union's own refinement: the member its `type` names, else the fallback.
    const members = new Map<string, Rule>();
    for (const [type, member] of dispatch.members) members.set(type, build(member) as Rule);
    const fallback = build(dispatch.fallback) as Rule;
    return rule(CALL, (value: unknown) => {
      const kind = kindOf(value);
      return passes((kind !== undefined && members.get(kind)) || fallback, value);
    });
  }
  // Refinements and formats (a schema that is itself a check) are zod's to run; so is coercion.
  const def = known(schema);
  if (!plain(def)) return undefined;
  switch (def.type) {
    case 'string':
      return rule(STRING);
    case 'number':
      return rule(NUMBER);
    case 'boolean':
      return rule(BOOLEAN);
    case 'null':
      return rule(NONE, undefined, true);
    case 'unknown':
    case 'any':
      return rule(ANY);
    case 'never':
      return rule(NONE);
    case 'literal':
    case 'enum': {
      // The set zod matches against, which must hold only values the definition lists.
      const values = internals(schema)?.values;
      const listed = def.type === 'literal' ? def.values : Object.values(def.entries ?? 0);
      if (!(values instanceof Set) || !Array.isArray(listed) || ![...values].every((v) => listed.includes(v)))
        return undefined;
      return rule(SET, values);
    }
    case 'nullable': {
      const inner = build(def.innerType);
      return inner && rule(inner.code, inner.data, true, inner.orUndefined);
    }
    case 'optional': {
      // An absent value is zod's to fill in when the inner schema has a default (or may have one).
      const inner = presence(def.innerType);
      const compiled = inner && inner.optin !== 'defaulted' && build(def.innerType);
      return compiled ? rule(compiled.code, compiled.data, compiled.orNull, true) : undefined;
    }
    case 'array': {
      const element = build(def.element);
      return element && rule(ARRAY, element);
    }
    case 'union': {
      const options = all(def.options);
      return options && rule(CALL, (value: unknown) => options.some((option) => passes(option, value)));
    }
    case 'record':
      return compileRecord(schema, def);
    case 'object':
      return compileObject(def);
    default:
      return undefined;
  }
}

/** `z.record(z.string(), value)`: a plain object whose own enumerable keys are strings with valid values. */
function compileRecord(schema: Schema, def: Def): Rule | undefined {
  const key = known(def.keyType);
  const item = build(def.valueType);
  if (!plain(key) || key.type !== 'string' || !item) return undefined;
  const zod = viaZod(schema);
  return rule(CALL, (value: unknown) => {
    if (!isObject(value)) return false;
    const proto = Object.getPrototypeOf(value);
    // zod's own test is wider (any object whose constructor looks plain); outside it, zod decides.
    if (proto !== Object.prototype && proto !== null) return zod(value);
    // A symbol key fails a string key schema.
    for (const symbol of Object.getOwnPropertySymbols(value))
      if (Object.prototype.propertyIsEnumerable.call(value, symbol)) return false;
    if (item.code === ANY) return true;
    for (const name of Object.keys(value)) if (name !== '__proto__' && !passes(item, value[name])) return false;
    return true;
  });
}

/**
 * An object: each member of the shape, and whether it may be absent (zod's `optin`/`optout`), then unknown
 * keys (kept by a loose object, refused by a strict one).
 */
function compileObject(def: Def): Rule | undefined {
  const shape = def.shape as Record<string, unknown> | undefined;
  if (typeof shape !== 'object' || shape === null || Object.getOwnPropertySymbols(shape).length) return undefined;
  // Other keys: kept (no catchall, or one of any value), refused (`never`), or zod's to check.
  const catchall = def.catchall === undefined ? undefined : known(def.catchall);
  const rest = def.catchall === undefined ? 'unknown' : plain(catchall) ? catchall.type : undefined;
  if (rest !== 'unknown' && rest !== 'any' && rest !== 'never') return undefined;
  const keys = new Set(Object.keys(shape));
  const members: Member[] = [];
  for (const key of keys) {
    if (key === '__proto__') continue; // zod skips it too
    const compiled = build(shape[key]);
    const may = presence(shape[key]);
    if (!compiled || !may) return undefined;
    const absent = may.optin === undefined ? false : may.optout === 'optional' ? true : 'check';
    members.push({ key, rule: compiled, absent });
  }
  return objectRule(members, rest === 'never' ? keys : undefined);
}

const returning = new WeakMap<object, boolean>();
/**
 * Whether zod's output for any value `schema` accepts is that value itself: every node a kind known here
 * without coercion, default, or a check that rewrites the value, and every object keeps unknown keys or refuses
 * them (a plain `object` would drop them). The codec then sends an accepted input as given, without running zod
 * over it again; otherwise zod's parse makes the value sent (a documented default filled in).
 */
export function returnsInput(schema: Schema): boolean {
  let answer = returning.get(schema);
  if (answer === undefined) {
    returning.set(schema, false); // a recursive schema is zod's to parse
    answer = passesThrough(schema);
    returning.set(schema, answer);
  }
  return answer;
}

function passesThrough(schema: unknown): boolean {
  // A custom check (`z.custom`, a refinement as a node) hands its value on as it is.
  if (isCustomCheck(schema)) return true;
  const def = known(schema);
  if (!def || def.coerce || def.type === 'default' || def.type === 'prefault') return false;
  const checks = (def.checks as { _zod?: { def?: { check?: unknown } } }[] | undefined) ?? [];
  if (checks.some((check) => check._zod?.def?.check === 'overwrite')) return false;
  // A plain `object` (no catchall) drops unknown keys from its output.
  if (def.type === 'object' && def.catchall === undefined) return false;
  return childrenOf(def).every((child) => returnsInput(child as Schema));
}

/** The schemas a node's output is made of, for the kinds `known` reads. */
function childrenOf(def: Def): unknown[] {
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape as Record<string, unknown>), def.catchall];
    case 'optional':
    case 'nullable':
      return [def.innerType];
    case 'array':
      return [def.element];
    case 'union':
      return def.options as unknown[];
    case 'record':
      return [def.keyType, def.valueType];
    default:
      return [];
  }
}

/** A `z.custom` node: zod's `custom` type with only its own traits, which checks a value and never rewrites it. */
function isCustomCheck(schema: unknown): boolean {
  const zod = internals(schema);
  if (zod?.def.type !== 'custom') return false;
  return [...zod.traits].every((trait) => !trait.startsWith('$Zod') || CUSTOM_TRAITS.includes(trait));
}
const CUSTOM_TRAITS = ['$ZodCustom', '$ZodCheck', '$ZodType'];
