/**
 * The rules of the string fields a create checks the format of, stated once and without zod: the create schemas
 * are built from them (fields.ts, loaded on the first call), and the limit builders check their value with them
 * when called (limit-builders.ts, loaded with the client), so that both say the same.
 */
import { mustBe } from '../core/describe.js';

/** A required string field's rule beyond its type: an empty one names nothing. */
export const NOT_EMPTY = 'must not be empty';
/** ISO 4217 shape: three upper-case letters. */
export const CURRENCY = { pattern: /^[A-Z]{3}$/, what: 'a three-letter upper-case ISO 4217 currency code, e.g. EUR' };
/** ISO 3166-1 alpha-2 shape: two upper-case letters. */
export const COUNTRY = { pattern: /^[A-Z]{2}$/, what: 'a two-letter upper-case ISO 3166-1 country code, e.g. CH' };

/** A string field's format: any non-empty string, a currency code, a country code. */
export type StringFormat = 'string' | 'currency' | 'country';

/** Why `value` breaks the create's rule of a field of `format`, worded as the create words it; undefined if not. */
export function stringProblem(format: StringFormat, value: unknown): string | undefined {
  if (typeof value !== 'string') return mustBe('a string', value);
  if (format === 'string') return value === '' ? NOT_EMPTY : undefined;
  const { pattern, what } = format === 'currency' ? CURRENCY : COUNTRY;
  return pattern.test(value) ? undefined : mustBe(what, value);
}
