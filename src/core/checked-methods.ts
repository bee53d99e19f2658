/**
 * The client's methods refuse extra arguments (the rule: `arity.ts`). Each method of each namespace gets an own
 * wrapper when the client is built, named by its path as every other message of the method names it
 * (`accounts.retrieve`), so that a method added to a resource class is covered without a list to keep.
 */

import { refuseExtraArgumentsOf } from './api.js';
import { ListPromise } from './api-promise.js';
import { ValidationError } from './validation-error.js';

/**
 * The mark of a namespace's method that answers with a value, not a promise (`prs.webhooks.verifier`): an extra
 * argument is thrown, as its other input errors are. Set where the method is written
 * (`method[answersAtOnce] = true`), so that the method says it: a new such method is covered by marking it there.
 */
export const answersAtOnce = Symbol();

/**
 * Gives every method of the client's namespaces (`prs.accounts`, `prs.legalEntities.accounts`, at any depth) an own
 * wrapper that refuses extra arguments before the method runs (`refuseExtraArgumentsOf`): the promise it returns
 * rejects with a `ValidationError` (nothing is sent), as for any other bad input; a method marked by
 * `answersAtOnce` throws it. The client's own methods (`prs.request`) check theirs in their bodies: a wrapper on the
 * instance would hide a subclass's override.
 */
export function refuseExtraArguments(client: object): void {
  checkNamespaces(client, '');
}

function checkNamespaces(owner: object, prefix: string): void {
  for (const [name, value] of Object.entries(owner)) {
    // Namespaces are plain members; `_api`/`api` and the rows' strings are not.
    if (value !== null && typeof value === 'object' && !name.startsWith('_') && name !== 'api') {
      const path = `${prefix}${name}.`;
      checkNamespaces(value, path);
      refuseExtraArgumentsOf(value, (method) => `${path}${method}`, refuse);
    }
  }
}

function refuse(what: string, issues: ConstructorParameters<typeof ValidationError>[1], method: object): unknown {
  if (answersAtOnce in method) throw new ValidationError(what, issues, '');
  const error = new ValidationError(what, issues);
  return new ListPromise(() => Promise.reject(error));
}
