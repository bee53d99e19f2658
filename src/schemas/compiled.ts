/**
 * Response checks compiled once per schema from the zod definitions themselves. `accepts(schema)(value)`
 * says whether zod would accept `value`, without zod's per-value work (a payload and an issue list for every
 * node, a copy of every object and array). The decoder runs it first and asks zod only when it says no, to
 * word the issues: errors stay zod's own, and the schemas stay the one definition of what is valid.
 *
 * Node kinds with no compiled form here (refinements, formats, transforms, defaults) are checked by zod
 * itself, node by node, so any schema keeps zod's answer; the response schemas need none of them.
 */
import * as z from 'zod/mini';
import type { Schema } from './fields.js';
import { kindDispatch, kindOf } from './kinds.js';

export type Checker = (value: unknown) => boolean;

/** The parts of zod's definitions read here (zod 4 core, `schema._zod.def`). */
interface Def {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  values?: unknown[];
  innerType?: Schema;
  element?: Schema;
  options?: Schema[];
  inclusive?: boolean;
  discriminator?: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  keyType?: Schema;
  valueType?: Schema;
}
interface Internals {
  def: Def;
  traits: Set<string>;
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
  values?: Set<unknown>;
}
const internals = (schema: Schema) => (schema as unknown as { _zod: Internals })._zod;

const compiled = new WeakMap<Schema, Checker>();
const ANY: Checker = () => true;
let zodRuns = 0;

/** How many times a compiled check handed a value to zod (a node kind with no compiled form): for tests. */
export function zodFallbacks(): number {
  return zodRuns;
}

/** The compiled check of `schema`, built on first use and kept. */
export function accepts(schema: Schema): Checker {
  const known = compiled.get(schema);
  if (known) return known;
  // A recursive schema (a limit filter holds filters) meets itself while compiling: it gets this forwarder.
  let check: Checker | undefined;
  compiled.set(schema, (value) => (check as Checker)(value));
  check = compile(schema) ?? viaZod(schema);
  compiled.set(schema, check);
  return check;
}

function viaZod(schema: Schema): Checker {
  return (value) => {
    zodRuns++;
    return z.safeParse(schema, value).success;
  };
}

function compile(schema: Schema): Checker | undefined {
  const dispatch = kindDispatch(schema);
  if (dispatch) {
    // The same dispatch as the union's own refinement: the member its `type` names, else the fallback.
    const members = new Map([...dispatch.members].map(([type, member]) => [type, accepts(member)]));
    const fallback = accepts(dispatch.fallback);
    return (value) => {
      const kind = kindOf(value);
      return ((kind !== undefined && members.get(kind)) || fallback)(value);
    };
  }
  const zod = internals(schema);
  const def = zod.def;
  // Refinements and formats (a schema that is itself a check) are zod's to run; so is coercion.
  if (def.checks?.length || zod.traits.has('$ZodCheck') || def.coerce) return undefined;
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'unknown':
    case 'any':
      return ANY;
    case 'never':
      return () => false;
    case 'literal':
    case 'enum': {
      const values = zod.values as Set<unknown>;
      return (value) => values.has(value);
    }
    case 'nullable': {
      const inner = accepts(def.innerType as Schema);
      return (value) => value === null || inner(value);
    }
    case 'optional': {
      if (internals(def.innerType as Schema).optin === 'defaulted') return undefined;
      const inner = accepts(def.innerType as Schema);
      return (value) => value === undefined || inner(value);
    }
    case 'array': {
      const element = accepts(def.element as Schema);
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
        return true;
      };
    }
    case 'union': {
      if (def.inclusive === false || def.discriminator !== undefined) return undefined;
      const options = (def.options as Schema[]).map(accepts);
      return (value) => options.some((option) => option(value));
    }
    case 'record':
      return compileRecord(def);
    case 'object':
      return compileObject(def);
    default:
      return undefined;
  }
}

/** `z.record(z.string(), value)`: a plain object whose own enumerable keys are strings with valid values. */
function compileRecord(def: Def): Checker | undefined {
  const key = internals(def.keyType as Schema);
  if (key.def.type !== 'string' || key.def.checks?.length || key.traits.has('$ZodCheck') || key.def.coerce)
    return undefined;
  const item = accepts(def.valueType as Schema);
  return (value) => {
    if (!isObject(value)) return false;
    const proto = Object.getPrototypeOf(value);
    // zod's own test is wider (any object whose constructor looks plain); outside it, zod decides.
    if (proto !== Object.prototype && proto !== null) return false;
    // A symbol key fails a string key schema.
    for (const symbol of Object.getOwnPropertySymbols(value))
      if (Object.prototype.propertyIsEnumerable.call(value, symbol)) return false;
    if (item === ANY) return true;
    for (const name of Object.keys(value))
      if (name !== '__proto__' && !item((value as Record<string, unknown>)[name])) return false;
    return true;
  };
}

interface Member {
  key: string;
  check: Checker;
  /** Whether the key may be absent: always, never, or as the member's schema says of `undefined`. */
  absent: boolean | 'check';
}

/**
 * An object: each member of the shape, with zod's rules for an absent key (an `optional` may be absent; a
 * member that is not must be present, even when its schema accepts `undefined`), then unknown keys (kept by
 * a loose object, refused by a strict one).
 */
function compileObject(def: Def): Checker | undefined {
  const shape = def.shape as Record<string, Schema>;
  if (Object.getOwnPropertySymbols(shape).length) return undefined;
  const catchall = def.catchall && internals(def.catchall).def.type;
  if (catchall !== undefined && catchall !== 'unknown' && catchall !== 'any' && catchall !== 'never') return undefined;
  const strict = catchall === 'never';
  const keys = new Set(Object.keys(shape));
  const members: Member[] = [];
  for (const key of keys) {
    if (key === '__proto__') continue; // zod skips it too
    const member = shape[key] as Schema;
    const { optin, optout } = internals(member);
    members.push({
      key,
      check: accepts(member),
      absent: optin === undefined ? false : optout === 'optional' ? true : 'check',
    });
  }
  return (value) => {
    if (!isObject(value)) return false;
    for (const { key, check, absent } of members) {
      const item = value[key];
      if (item !== undefined || key in value) {
        if (!check(item)) return false;
      } else if (absent !== true && (absent === false || !check(undefined))) return false;
    }
    if (strict) for (const key in value) if (!keys.has(key)) return false;
    return true;
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
