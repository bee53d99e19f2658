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
