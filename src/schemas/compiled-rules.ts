/**
 * How the compiled checks run; compiled.ts reads zod's definitions into these rules. A page of 50,000 asset
 * holdings is some 25 values in 10 objects per holding, so the cost per node is what counts. A node used to be
 * a closure, and every value cost a call (one more per `optional` or `nullable` wrapper). Now a node is a
 * `Rule`, and one function (`passes`) tests any rule: leaf kinds by a code, `nullable` and `optional` folded
 * into two flags of the node they wrap, objects and arrays by a direct call; only the rarer composites (unions,
 * records, kind unions) and zod's own checks are closures.
 *
 * What is left is mostly reading the values. Without generated code (no `eval` under a strict CSP) one loop
 * reads objects of every shape, by keys that vary from shape to shape, which V8 cannot cache per shape as it
 * does property reads in code written for one shape.
 */
import { isObject } from '../core/is-object.js';

export type Checker = (value: unknown) => boolean;

/** A node's kind: a leaf tested in `passes`, an object, an array, or `CALL`. */
export const STRING = 0;
export const NUMBER = 1;
export const BOOLEAN = 2;
/** A literal or an enum: the value is one of a set (SameValueZero, as zod matches). */
export const SET = 3;
/** `unknown` and `any`. */
export const ANY = 4;
/** Nothing (but `null` or `undefined` when the flags say so): `never`, and `null` with `orNull`. */
export const NONE = 5;
const OBJECT = 6;
export const ARRAY = 7;
/** A check of its own: a union's, a record's, zod's `safeParse`. */
export const CALL = 8;

/** A compiled node. All are made by `rule()`, so that all share one layout (`passes` reads them all). */
export interface Rule {
  code: number;
  /** What the code needs: a `SET`'s values, an `OBJECT`'s plan, an `ARRAY`'s element rule, a `CALL`'s check. */
  data: unknown;
  /** Accepts `null` / `undefined` besides what `code` accepts: a `nullable` / `optional` wrapper folded in. */
  orNull: boolean;
  orUndefined: boolean;
}

export const rule = (code: number, data?: unknown, orNull = false, orUndefined = false): Rule => ({
  code,
  data,
  orNull,
  orUndefined,
});

/**
 * Whether `value` passes `rule`: the one test of every node, the flags first, then the code. One switch, small
 * enough for V8 to inline into the loops of objects and arrays, so that a leaf value costs no call.
 */
export function passes(rule: Rule, value: unknown): boolean {
  if (value === null ? rule.orNull : value === undefined && rule.orUndefined) return true;
  switch (rule.code) {
    case STRING:
      return typeof value === 'string';
    case NUMBER:
      return typeof value === 'number' && Number.isFinite(value);
    case BOOLEAN:
      return typeof value === 'boolean';
    case SET:
      return (rule.data as ReadonlySet<unknown>).has(value);
    case ANY:
      return true;
    case NONE:
      return false;
    case OBJECT:
      return objectPasses(rule.data as Plan, value);
    case ARRAY:
      return arrayPasses(rule.data as Rule, value);
    default:
      return (rule.data as Checker)(value);
  }
}

function arrayPasses(element: Rule, value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!passes(element, value[i])) return false;
  return true;
}

/** A member of an object's shape. */
export interface Member {
  key: string;
  rule: Rule;
  /** Whether the key may be absent: always, never, or as the member's rule says of `undefined`. */
  absent: boolean | 'check';
}
interface Plan {
  members: readonly Member[];
  /** A strict object's keys (of its shape, `__proto__` included): any other is refused. Undefined: loose. */
  only: ReadonlySet<string> | undefined;
}

/**
 * An object: each member of the shape, with zod's rules for an absent key (an `optional` may be absent; a
 * member that is not must be present, even when its schema accepts `undefined`), then, for a strict object
 * (`only`: the keys of its shape), no other key.
 */
export function objectRule(members: readonly Member[], only: ReadonlySet<string> | undefined): Rule {
  return rule(OBJECT, { members, only } satisfies Plan);
}

function objectPasses({ members, only }: Plan, value: unknown): boolean {
  if (!isObject(value)) return false;
  for (let i = 0; i < members.length; i++) {
    const { key, rule, absent } = members[i] as Member;
    const item = value[key];
    if (item === undefined) {
      // Absent or `undefined`, a member that may be absent and accepts `undefined` passes: no `in` to ask.
      if (absent !== false && rule.orUndefined) continue;
      if (!(key in value)) {
        if (absent === true || (absent === 'check' && passes(rule, undefined))) continue;
        return false;
      }
    }
    if (!passes(rule, item)) return false;
  }
  if (only) for (const key in value) if (!only.has(key)) return false;
  return true;
}
