/** Reading what the resource types do not name: kept zod-free, as the client imports it at once. */

import { extraArguments } from '../core/arity.js';

/**
 * Every attribute of a resource as the service sent it, those the SDK does not know yet included. The
 * resource types name only the documented attributes (a misspelled read is a compile error); this is the one
 * way to read the rest, each as `unknown` to be checked before use.
 * @example
 * const rating = attributesOf(asset).rating; // unknown
 */
export function attributesOf(
  resource: { readonly attributes?: unknown } | null | undefined,
): Readonly<Record<string, unknown>> {
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments('attributesOf', arguments, 1, '');
  const attributes = resource?.attributes;
  return typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, unknown>) : {};
}
