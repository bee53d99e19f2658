/**
 * Field definitions written once, each yielding two schemas:
 * - `read`: what a response may carry — JSON types checked, value sets open (a new value passes as a string);
 * - `create`: what the SDK sends — formats checked (dates, currency codes), value sets closed.
 * A field that exists only on one side has `undefined` on the other.
 */
import * as z from 'zod/mini';
import { mustBe } from '../core/describe.js';
import { once } from './lazy.js';
import { COUNTRY, CURRENCY, NOT_EMPTY } from './string-rules.js';
import { acceptingNothing } from './zod-definitions.js';

/** A schema with output `T` and input `I`; create schemas give `I` so that inputs are typed (not `unknown`). */
export type Schema<T = unknown, I = unknown> = z.ZodMiniType<T, I>;
export interface Field<
  R extends Schema | undefined = Schema | undefined,
  C extends Schema | undefined = Schema | undefined,
> {
  read: R;
  create: C;
}
export type Fields = Record<string, Field>;

/**
 * An object of a response: loose at run time (members the service adds later are kept) and closed in its
 * type (no index signature, so a misspelled read is a compile error). Unknown members are reached with
 * `attributesOf()` or by widening the value yourself.
 */
export type KeptObject<S extends z.core.$ZodShape> = z.ZodMiniObject<S, z.core.$strip>;
export function keptObject<S extends z.core.$ZodShape>(shape: S): KeptObject<S> {
  return z.looseObject(shape) as unknown as KeptObject<S>;
}

/** ISO 8601 calendar date `YYYY-MM-DD` that exists on the calendar. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDate(value: string): boolean {
  // Read by character codes (no pattern, no substrings): checked on every date of every create. Arithmetic, not a
  // Date: Date.UTC reads years 0–99 as 1900–1999.
  if (value.length !== 10 || value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return false;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  return year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}
const DASH = 45;
/** The number the ASCII digits of `value` from `start` to `end` write, or -1 if one is not a digit. */
function digits(value: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
/** Days of a month in the proleptic Gregorian calendar of ISO 8601 (year 0000 is a leap year). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
/**
 * A format rule's error: `must be <what>, got <the value>`, as every other broken rule is worded (zod's own message
 * for a failed check says neither).
 */
export function rule(what: string): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => mustBe(what, issue.input) };
}
const DATE = 'a calendar date in the form YYYY-MM-DD';
/** A date in the form that names no day (`2030-02-30`) is told so: its form is right. */
export const dateString = z.string().check(
  z.refine(isCalendarDate, {
    error: ({ input }) =>
      DATE_PATTERN.test(input as string) ? `must be ${DATE}: ${input} is no day of the calendar` : mustBe(DATE, input),
  }),
);
/** ISO 4217 shape (string-rules.ts). */
export const currencyCode = z.string().check(z.regex(CURRENCY.pattern, rule(CURRENCY.what)));
/** ISO 3166-1 alpha-2 shape (string-rules.ts). */
export const countryCode = z.string().check(z.regex(COUNTRY.pattern, rule(COUNTRY.what)));
const nonEmpty = z.string().check(z.minLength(1, { error: NOT_EMPTY }));
// One instance of each plain type for every field, made on first use (schemas are immutable): hundreds fewer zod
// objects built at import.
const STRING = once(() => z.string());
const NUMBER = once(() => z.number());
const BOOLEAN = once(() => z.boolean());

/**
 * A value set that is closed on requests and open on responses: the type keeps the known values for
 * completion and still admits any string the service adds later.
 */
export function openEnum<const V extends readonly string[]>(_values: V): Schema<V[number] | (string & {})> {
  return STRING() as Schema<V[number] | (string & {})>;
}

/**
 * A field that must be absent, refused with `message` (`?: never` in the input type). A custom check rather
 * than `z.never()`, whose issue the codec words as a type mismatch ("must be a never") instead of the reason.
 */
export function refused(message: string): z.ZodMiniOptional<z.ZodMiniCustom<never, never>> {
  return z.optional(acceptingNothing(z.custom<never>(() => false, { error: message })));
}
/** The create schema of every read-only field (one instance, so PATCH rules can recognise it). */
export const SERVICE_SET = refused('is set by the service and cannot be sent');

export const f = {
  string: (): Field<z.ZodMiniString, Schema<string, string>> => ({ read: STRING(), create: nonEmpty }),
  number: (): Field<z.ZodMiniNumber, Schema<number, number>> => ({ read: NUMBER(), create: NUMBER() }),
  boolean: (): Field<z.ZodMiniBoolean, Schema<boolean, boolean>> => ({ read: BOOLEAN(), create: BOOLEAN() }),
  date: (): Field<z.ZodMiniString, Schema<string, string>> => ({ read: STRING(), create: dateString }),
  currency: (): Field<z.ZodMiniString, Schema<string, string>> => ({ read: STRING(), create: currencyCode }),
  country: (): Field<z.ZodMiniString, Schema<string, string>> => ({ read: STRING(), create: countryCode }),
  /** Closed to `sendable` on requests; open (plus `readExtra`, e.g. `other`) on responses. */
  enum: <const S extends readonly [string, ...string[]], const E extends readonly string[] = []>(
    sendable: S,
    _readExtra?: E,
  ): Field<Schema<S[number] | E[number] | (string & {})>, z.ZodMiniEnum<{ [K in S[number]]: K }>> => ({
    read: openEnum([] as unknown as readonly [...S, ...E]),
    create: z.enum(sendable),
  }),
  optional: <R extends Schema | undefined, C extends Schema | undefined>(
    field: Field<R, C>,
  ): Field<Opt<R>, Opt<C>> => ({ read: opt(field.read), create: opt(field.create) }),
  /** `null` accepted on responses only (the reference shows a null in one listing). */
  nullOnRead: <R extends Schema, C extends Schema | undefined>(field: Field<R, C>): Field<z.ZodMiniNullable<R>, C> => ({
    read: z.nullable(field.read),
    create: field.create,
  }),
  /** `null` accepted both ways (a nullable attribute the caller may send as null). */
  nullable: <R extends Schema, C extends Schema>(
    field: Field<R, C>,
  ): Field<z.ZodMiniNullable<R>, z.ZodMiniNullable<C>> => ({
    read: z.nullable(field.read),
    create: z.nullable(field.create),
  }),
  /** Optional on requests, where the SDK writes the documented default when absent; as is on responses. */
  withDefault: <R extends Schema, C extends Schema>(
    field: Field<R, C>,
    value: z.output<C> & {},
  ): Field<R, z.ZodMiniDefault<C>> => ({
    read: field.read,
    create: z._default(field.create, value as never),
  }),
  /** Set by the service; refused in inputs with a message saying so (and `?: never` in the input type). */
  readOnly: <R extends Schema>(field: Field<R, Schema | undefined>): Field<R, typeof SERVICE_SET> => ({
    read: field.read,
    create: SERVICE_SET,
  }),
  /** Only sent on create; absent from responses (kept as an unknown attribute if it does come back). */
  createOnly: <C extends Schema>(field: Field<Schema | undefined, C>): Field<undefined, C> => ({
    read: undefined,
    create: field.create,
  }),
  array: <R extends Schema, C extends Schema>(field: Field<R, C>): Field<z.ZodMiniArray<R>, z.ZodMiniArray<C>> => ({
    read: z.array(field.read),
    create: z.array(field.create),
  }),
  object: <F extends Fields>(
    fields: F,
  ): Field<KeptObject<ReadShape<F>>, z.ZodMiniObject<CreateShape<F>, z.core.$strict>> => ({
    read: keptObject(readShape(fields)) as KeptObject<ReadShape<F>>,
    create: z.strictObject(createShape(fields)) as z.ZodMiniObject<CreateShape<F>, z.core.$strict>,
  }),
};

type Opt<S> = S extends Schema ? z.ZodMiniOptional<S> : undefined;
const optionals = new WeakMap<Schema, Schema>();
function opt<S extends Schema | undefined>(schema: S): Opt<S> {
  if (schema === undefined) return undefined as Opt<S>;
  // Shared like the types it wraps: one optional per inner schema.
  let optional = optionals.get(schema);
  if (!optional) {
    optional = z.optional(schema);
    optionals.set(schema, optional);
  }
  return optional as Opt<S>;
}

export type ReadShape<F extends Fields> = {
  [K in keyof F as F[K]['read'] extends Schema ? K : never]: Extract<F[K]['read'], Schema>;
};
export type CreateShape<F extends Fields> = {
  [K in keyof F as F[K]['create'] extends Schema ? K : never]: Extract<F[K]['create'], Schema>;
};

export function readShape<F extends Fields>(fields: F): ReadShape<F> {
  const shape: Record<string, Schema> = {};
  for (const [key, field] of Object.entries(fields)) if (field.read) shape[key] = field.read;
  return shape as ReadShape<F>;
}
export function createShape<F extends Fields>(fields: F): CreateShape<F> {
  const shape: Record<string, Schema> = {};
  for (const [key, field] of Object.entries(fields)) if (field.create) shape[key] = field.create;
  return shape as CreateShape<F>;
}
