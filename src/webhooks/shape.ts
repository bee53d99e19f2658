/**
 * The webhooks entry point's checks of parsed JSON, from which the event and key types are inferred. The
 * shapes are defined by the zod schemas of src/schemas/webhook-keys.ts and webhook-events.ts; these restate
 * them without zod so that this entry point stays small enough for a browser or an edge function (zod/mini
 * with these shapes is 5.8 kB gzipped; the budget of the whole entry is 8 kB).
 * test/webhooks/shape-agreement.test.ts proves they accept and refuse the same JSON with the same issues.
 * Issues are worded as the client's decoder words them (`core/describe.ts`), and unknown members are kept,
 * as with zod's loose objects.
 */
import { article, mustBe } from '../core/describe.js';
import { isObject } from '../core/is-object.js';
import { listIssues as listAll } from '../core/validation-error.js';

export interface ShapeIssue {
  path: string;
  message: string;
}

/** Checks `value`, adding an issue per broken rule at `path`; true when there were none. */
export type Check<T> = (value: unknown, path: string, issues: ShapeIssue[]) => value is T;
export type Infer<C> = C extends Check<infer T> ? T : never;
/** What `object(shape)` proves: the shape's members, and any others kept as unknown. */
export type LooseObject<S extends Record<string, Check<unknown>>> = { [K in keyof S]: Infer<S[K]> } & {
  [member: string]: unknown;
};

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
function fail(issues: ShapeIssue[], path: string, message: string): false {
  issues.push({ path, message });
  return false;
}

export const string: Check<string> = (value, path, issues): value is string =>
  typeof value === 'string' || fail(issues, path, mustBe(article('string'), value));

export const unknown: Check<unknown> = (_value): _value is unknown => true;

export function literal<const L extends string>(expected: L): Check<L> {
  return (value, path, issues): value is L =>
    value === expected || fail(issues, path, mustBe(JSON.stringify(expected), value));
}

/** Any JSON object; its members unchecked. */
export const record: Check<Record<string, unknown>> = (value, path, issues): value is Record<string, unknown> =>
  isObject(value) || fail(issues, path, mustBe(article('object'), value));

export function object<S extends Record<string, Check<unknown>>>(shape: S): Check<LooseObject<S>> {
  return (value, path, issues): value is LooseObject<S> => {
    if (!isObject(value)) return fail(issues, path, mustBe(article('object'), value));
    let ok = true;
    // Every member is checked, so that one message lists every broken rule.
    for (const key in shape) ok = (shape[key] as Check<unknown>)(value[key], at(path, key), issues) && ok;
    return ok;
  };
}

export function array<T>(item: Check<T>): Check<T[]> {
  return (value, path, issues): value is T[] => {
    if (!Array.isArray(value)) return fail(issues, path, mustBe(article('array'), value));
    let ok = true;
    for (let i = 0; i < value.length; i++) ok = item(value[i], at(path, i), issues) && ok;
    return ok;
  };
}

/** The issues of `value` against `check` (none when it passes). */
export function issuesOf(check: Check<unknown>, value: unknown): ShapeIssue[] {
  const issues: ShapeIssue[] = [];
  check(value, '', issues);
  return issues;
}

/**
 * Issues as one line of an error message: `path: message; …`, `(body)` naming the root, listed as a
 * `ValidationError` lists them (a hostile body's thousands of issues end in `… and N more issues`).
 */
export const listIssues = (issues: readonly ShapeIssue[]): string =>
  listAll(issues, 0, (i) => `${i.path || '(body)'}: ${i.message}`);
