/**
 * Property: the date, currency and country validators agree with independent definitions of what they check —
 * ISO 8601 calendar dates by the Gregorian leap-year rule (no `Date` involved), ISO 4217 / 3166-1 code shapes
 * by character codes (no regular expression involved) — and the zod schemas agree with the predicates.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { countryCode, currencyCode, dateString, isCalendarDate } from '../../src/schemas/fields.js';
import { codePoint } from '../helpers/code-points.js';

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` with ASCII digits, a month 01–12 and a day that exists in that month of that year. */
function referenceIsCalendarDate(value: string): boolean {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') return false;
  const digits = value.slice(0, 4) + value.slice(5, 7) + value.slice(8, 10);
  if ([...digits].some((c) => c < '0' || c > '9')) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day >= 1 && day <= days;
}

/** `length` upper-case ASCII letters, nothing else. */
const referenceIsUpperCode = (value: string, length: number) =>
  value.length === length && [...value].every((c) => c.charCodeAt(0) >= 65 && c.charCodeAt(0) <= 90);

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
/** Mostly date-shaped strings (every year 0000–9999, months and days around the edges), some near misses. */
const dateLike = fc.oneof(
  fc
    .tuple(digits(4), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  fc
    .tuple(
      fc.constantFrom('1900', '2000', '2024', '2100', '0000', '0004', '0100', '0400'),
      fc.constantFrom('02-28', '02-29', '02-30'),
    )
    .map(([y, md]) => `${y}-${md}`),
  fc.string({ unit: fc.constantFrom(...'0123456789-', ' ', '\n', '٣', 'T', '+'), maxLength: 12 }),
  fc.string({ unit: codePoint, maxLength: 12 }),
);
const codeLike = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'AMZamz@[`{0É', ' ', '\n'), maxLength: 4 }),
  fc.string({ unit: codePoint, maxLength: 4 }),
);

const accepts = (schema: z.ZodMiniType, value: string) => z.safeParse(schema, value).success;

describe('date validation', () => {
  it('isCalendarDate and dateString agree with the Gregorian calendar', () => {
    fc.assert(
      fc.property(dateLike, (value) => {
        const expected = referenceIsCalendarDate(value);
        expect(isCalendarDate(value)).toBe(expected);
        expect(accepts(dateString, value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('dateString tells a value in the form that is no day of the calendar from a value not in the form', () => {
    fc.assert(
      fc.property(dateLike, (value) => {
        const result = z.safeParse(dateString, value);
        if (result.success) return;
        expect(result.error.issues.map((issue) => issue.message)).toEqual([
          /^\d{4}-\d{2}-\d{2}$/.test(value)
            ? `must be a calendar date in the form YYYY-MM-DD: ${value} is no day of the calendar`
            : `must be a calendar date in the form YYYY-MM-DD, got ${JSON.stringify(value)}`,
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the edges a calendar has (leap days, years before 100) and refuses the ones it lacks', () => {
    expect(
      ['2024-02-29', '2000-02-29', '0000-02-29', '0099-12-31', '9999-12-31', '0001-01-01'].map(isCalendarDate),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      [
        '1900-02-29',
        '2100-02-29',
        '2023-02-29',
        '2024-04-31',
        '2024-13-01',
        '2024-00-10',
        '2024-01-00',
        '24-01-01',
        '2024-1-01',
        '2024-01-01\n',
      ].map(isCalendarDate),
    ).toEqual(Array(10).fill(false));
  });
});

describe('currency and country codes', () => {
  it('currencyCode accepts exactly three upper-case ASCII letters', () => {
    fc.assert(
      fc.property(codeLike, (value) => {
        expect(accepts(currencyCode, value)).toBe(referenceIsUpperCode(value, 3));
      }),
      { numRuns: 2000 },
    );
  });

  it('countryCode accepts exactly two upper-case ASCII letters', () => {
    fc.assert(
      fc.property(codeLike, (value) => {
        expect(accepts(countryCode, value)).toBe(referenceIsUpperCode(value, 2));
      }),
      { numRuns: 2000 },
    );
  });
});
