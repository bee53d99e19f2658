/**
 * What `JSON.stringify` would change or drop without a word, found before a body is written: a function or a
 * symbol (left out, or `null` in an array), `undefined` in an array, a named member of an array (left out), `NaN`
 * and `±Infinity` (`null`), a `Map`, a `Set` and the like (`{}`), a typed array (an object of indices), a BigInt
 * and an object that contains itself (it throws). Held to every create's and update's attributes once their schema
 * has accepted them (zod reads an object by its members' names: a Map passes where every member is optional), to
 * the body of `prs.request` and to the testing signer's event. A member that is `undefined` is absent, as JSON has
 * it; a symbol-keyed member is not data and is not sent (JSON has no symbol keys); an object with `toJSON` (a
 * `Date`) is written as it says.
 */
import { aKind, describe, tagOf } from './describe.js';
import { overflows } from './overflows.js';
import { enumerableSymbols } from './settings.js';
import type { ValidationIssue } from './validation-error.js';

/**
 * The first value under `value` that JSON would not write as it is, with its path below `path`; undefined when
 * there is none, and when the value is nested past the stack (then `JSON.stringify` decides, and the transport
 * words its failure).
 */
export function jsonValueIssue(value: unknown, path: string, fixedKeys = false): ValidationIssue | undefined {
  return overflows(() => issueIn(value, path, false, new Set(), fixedKeys));
}

/**
 * `open`: the objects being walked, above this one (JSON cannot write an object inside itself). `fixedKeys`: the
 * value is typed by a schema that names every member (a typed resource's attributes, a consent), so a symbol-keyed
 * member is an unknown key, refused; in a free JSON value it is not data (see above).
 */
function issueIn(
  value: unknown,
  path: string,
  inArray: boolean,
  open: Set<object>,
  fixedKeys: boolean,
): ValidationIssue | undefined {
  // An object with `toJSON` (a `Date`) is written as it says: in a free value neither judged nor walked; where a
  // schema names every member, what it says is not what the schema checked (a class whose `toJSON` writes others).
  if (typeof (value as { toJSON?: unknown } | null)?.toJSON === 'function')
    return fixedKeys ? toJsonIssue(value, path) : undefined;
  const problem = unwritable(value, inArray);
  if (problem) return { path, message: `must be a JSON value, got ${problem}` };
  if (typeof value !== 'object' || value === null) return undefined;
  if (open.has(value))
    return { path, message: 'must be a JSON value, got an object that contains itself, which JSON cannot write' };
  open.add(value);
  const array = Array.isArray(value);
  const keys = array ? value.keys() : Object.keys(value);
  for (const key of keys) {
    const found = issueIn((value as Record<string, unknown>)[key], below(path, key), array, open, fixedKeys);
    if (found) return found;
  }
  const symbol = fixedKeys && enumerableSymbols(value)[0];
  if (symbol) return { path: below(path, String(symbol)), message: SYMBOL_KEY };
  open.delete(value);
  return array ? namedMemberIssue(value, path) : undefined;
}

/**
 * A member of `array` other than its indices (`Object.assign(['a'], { extra: 1 })`), which JSON leaves out (as do
 * `map` and `join`). `indices`: how many of its indices it holds, `length` unless it has holes (the walk above
 * refuses a hole as undefined in an array): its keys are those indices first, then any named members in the order
 * given.
 */
export function namedMemberIssue(
  array: readonly unknown[],
  path: string,
  indices = array.length,
): ValidationIssue | undefined {
  const keys = Object.keys(array);
  if (keys.length === indices) return undefined;
  return {
    path: below(path, keys[indices] as string),
    message: 'must be a JSON value, got a named member of an array, which JSON would leave out',
  };
}

/**
 * An object with a `toJSON` method where a schema names every member (a typed resource's attributes, a limit filter,
 * a consent): the schema checked its members, JSON would write what `toJSON` returns instead, unchecked.
 */
export function toJsonIssue(value: unknown, path: string): ValidationIssue | undefined {
  if (typeof value !== 'object' || typeof (value as { toJSON?: unknown } | null)?.toJSON !== 'function') return;
  return {
    path,
    message: 'has a toJSON method, which JSON would write in place of the members checked here: give a plain object',
  };
}

/** Why a symbol-keyed member of a value whose keys a schema fixes is refused. */
export const SYMBOL_KEY = 'is keyed by a symbol, which JSON would leave out';

/** The path of the member `key` of the value at `path` (`''`: the top). */
function below(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}

/** How JSON would not write `value` as it is (`a function, which JSON would leave out`), or undefined. */
function unwritable(value: unknown, inArray: boolean): string | undefined {
  switch (typeof value) {
    case 'function':
    case 'symbol':
      return `${describe(value)}, which JSON would ${inArray ? 'write as null' : 'leave out'}`;
    case 'undefined':
      return inArray ? 'undefined in an array, which JSON would write as null' : undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${value}, which JSON would write as null`;
    case 'bigint':
      return `${describe(value)}, which JSON cannot write: give a string or a number`;
    case 'object':
      return value === null ? undefined : unwritableObject(value, inArray);
    default:
      return undefined;
  }
}

/**
 * A built-in object whose contents JSON does not see: a `Map`, `Set`, `RegExp`, `Error`, `ArrayBuffer` or
 * `Promise` (written as `{}`), a typed array (written as an object of its indices), a boxed primitive JSON
 * would not write (`new Number(NaN)`). Plain objects, arrays, other boxed
 * primitives (written as the primitive) and class instances with members (written as those members, JSON's rule)
 * are written as they are.
 */
function unwritableObject(value: object, inArray: boolean): string | undefined {
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value) || proto === Object.prototype || proto === null) return undefined;
  const tag = tagOf(value);
  // A boxed primitive is written as its primitive (`new Number(-Infinity)` as null): held to the primitive's rule.
  if (tag === 'Number' || tag === 'String' || tag === 'Boolean' || tag === 'BigInt')
    return unwritable((value as { valueOf(): unknown }).valueOf(), inArray);
  const named = aKind(tag);
  if (ArrayBuffer.isView(value) && tag !== 'DataView')
    return `${named}, which JSON would write as an object of its indices: give an array`;
  if (tag === 'Object' || Object.keys(value).length) return undefined;
  return `${named}, which JSON would write as {}`;
}
