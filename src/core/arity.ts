/**
 * Extra arguments are refused, not ignored: `prs.accounts.retrieve(id, undefined, { timeout: 5 })` read no
 * options and said nothing. One rule for every public function: the client's methods get it where the client is
 * built (`checked-methods.ts`), exported functions call `extraArguments` themselves. On its own, beside the
 * `ValidationError` only, so that the webhooks entry can use it without the client's modules.
 */
import { ValidationError, type ValidationIssue } from './validation-error.js';

/**
 * One issue per argument past the `max` a function declares that is not undefined (a trailing undefined is what
 * leaving an argument out gives, so it is allowed).
 */
export function extraArgumentIssues(args: ArrayLike<unknown>, max: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (let i = max; i < args.length; i++)
    if (args[i] !== undefined)
      issues.push({
        path: `arguments[${i}]`,
        message: `is past the ${max} argument${max === 1 ? '' : 's'} this takes: it would not be read`,
      });
  return issues;
}

/** Throws a `ValidationError` naming `what` when `args` holds a defined argument past `max`. */
export function extraArguments(what: string, args: ArrayLike<unknown>, max: number, note?: string): void {
  const issues = extraArgumentIssues(args, max);
  if (issues.length) throw new ValidationError(what, issues, note);
}

/**
 * Gives each method of `object` (of its prototype chain, below `Object.prototype`) an own wrapper that refuses a
 * defined argument past the ones the method declares: its `Function.length`, so no parameter of such a method has
 * a default value. `what` names a method in the error; `refuse` answers the call as the method answers its other
 * bad input (it throws, or returns a rejected promise). For objects with many methods (the client's namespaces,
 * the mock's store): a method added later is covered without a list to keep.
 */
export function refuseExtraArgumentsOf(
  object: object,
  what: (method: string) => string,
  refuse: (what: string, issues: ValidationIssue[]) => unknown,
): void {
  for (let proto = Object.getPrototypeOf(object); proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name === 'constructor' || typeof method !== 'function' || Object.hasOwn(object, name)) continue;
      const max = method.length;
      const checked = function (this: unknown) {
        // `arguments`, not a rest parameter: a call with the arguments it takes allocates no array.
        // biome-ignore lint/complexity/noArguments: read for its length, and its members when it is too long
        const given = arguments;
        if (given.length > max) {
          const issues = extraArgumentIssues(given, max);
          if (issues.length) return refuse(what(name), issues);
        }
        return method.apply(this, given);
      };
      // It says what the method takes, as the method does (`length` is read by tools that adapt functions).
      Object.defineProperty(checked, 'length', { value: max });
      Object.defineProperty(object, name, { configurable: true, writable: true, value: checked });
    }
  }
}
