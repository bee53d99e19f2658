/**
 * The wording of a broken rule, shared by the client's decoder (zod issues) and the webhooks entry point's
 * own checks, so that both say "must be a string, got number 7" and "is required" alike.
 */

export function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** A value as a message shows it: short strings quoted, objects and arrays by kind. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') {
    const tag = tagOf(value);
    return tag === 'Object' ? 'an object' : aKind(tag);
  }
  // A function's text is its source: its kind is what the message needs.
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${String(value)}`;
}

/** The built-in kind of an object as its tag says it: `Object`, `Map`, `Headers`, `Uint8Array`… */
export function tagOf(value: object): string {
  return Object.prototype.toString.call(value).slice(8, -1);
}

/** A kind with its article: `a Map`, `an Error`, `a Uint8Array`. */
export function aKind(tag: string): string {
  return `${/^[AEIO]/.test(tag) ? 'an' : 'a'} ${tag}`;
}

/** `must be <what>, got <value>`, or `is required` when the value is absent. */
export function mustBe(what: string, value: unknown): string {
  return value === undefined ? 'is required' : `must be ${what}, got ${describe(value)}`;
}
