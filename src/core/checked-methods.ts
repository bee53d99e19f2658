/**
 * The client's methods refuse extra arguments (the rule: `arity.ts`). Each method of each namespace gets an own
 * wrapper when the client is built, named by its path (`prs.accounts.retrieve`), so that a method added to a
 * resource class is covered without a list to keep.
 */
import { ListPromise } from './api-promise.js';
import { extraArgumentIssues } from './arity.js';
import { ValidationError } from './validation-error.js';

/** The methods that answer with a value, not a promise: an extra argument is thrown, as their other input errors. */
const ANSWER_AT_ONCE = ['prs.webhooks.verifier'];

/**
 * Gives every method of the client's namespaces (`prs.accounts`, `prs.legalEntities.accounts`, at any depth) an own
 * wrapper that refuses extra arguments before the method runs: the promise it returns rejects with a
 * `ValidationError` (nothing is sent), as for any other bad input. A method declares how many arguments it takes
 * by its parameters (`Function.length`: so no parameter of a public method has a default value). The client's own
 * methods (`prs.request`) check theirs in their bodies: a wrapper on the instance would hide a subclass's override.
 */
export function refuseExtraArguments(client: object): void {
  checkNamespaces(client, 'prs.');
}

function checkNamespaces(owner: object, prefix: string): void {
  for (const [name, value] of Object.entries(owner)) {
    // Namespaces are plain members; `_api`/`api` and the rows' strings are not.
    if (value !== null && typeof value === 'object' && !name.startsWith('_') && name !== 'api')
      checkMethods(value, `${prefix}${name}.`);
  }
}

function checkMethods(root: object, prefix: string): void {
  checkNamespaces(root, prefix);
  for (let proto = Object.getPrototypeOf(root); proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name === 'constructor' || typeof method !== 'function' || Object.hasOwn(root, name)) continue;
      const what = `${prefix}${name}`;
      const max = method.length;
      const atOnce = ANSWER_AT_ONCE.includes(what);
      const checked = function (this: unknown) {
        // `arguments`, not a rest parameter: a call with the arguments it takes allocates no array.
        // biome-ignore lint/complexity/noArguments: read for its length, and its members when it is too long
        const given = arguments;
        if (given.length > max) {
          const issues = extraArgumentIssues(given, max);
          if (issues.length) {
            const error = new ValidationError(what, issues, atOnce ? '' : undefined);
            if (atOnce) throw error;
            return new ListPromise(() => Promise.reject(error));
          }
        }
        return method.apply(this, given);
      };
      // It says what the method takes, as the method does (`length` is read by tools that adapt functions).
      Object.defineProperty(checked, 'length', { value: max });
      Object.defineProperty(root, name, { configurable: true, writable: true, value: checked });
    }
  }
}
