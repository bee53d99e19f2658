/**
 * fast-check arbitraries derived from the SDK's own zod-mini schemas, so a new kind or field is covered
 * without a new generator: valid values for any create schema, and JSON shaped like the service's answers
 * (built from the keys and literal values the schemas mention).
 */
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { countryCode, currencyCode, dateString, type Schema } from '../../src/schemas/fields.js';

interface Def {
  type: string;
  [member: string]: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: unknown): CheckDef[] =>
  ((defOf(schema).checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

/** True for a zod schema (any flavour); a check (`z.refine(…)`, also with `_zod`) is not one. */
export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && '~standard' in value;

/** Values a custom rule is tried with: one that accepts none of them refuses everything (a read-only field). */
const PROBES = [null, '', 'x', 0, 1, false, true, {}, []];

/** `YYYY-MM-DD` dates that exist, years 0000 to 9999 (proleptic Gregorian, as ISO 8601). */
export const calendarDate = fc
  .date({ min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T00:00:00.000Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** The defaults a create schema fills in for keys the input leaves out (fee `category`: `other`). */
export function defaultsOf(schema: unknown, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(defOf(schema).shape as Record<string, unknown>)) {
    const def = defOf(field);
    if (def.type === 'default' && !(key in input)) out[key] = def.defaultValue;
  }
  return out;
}

/** Finite numbers as JSON carries them (JSON has no -0: it comes back as 0). */
export const jsonNumber = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));

/** Any string, lone surrogates included: they travel as `\ud8xx` escapes in JSON. */
const anyString = (minLength = 0) => fc.string({ unit: 'binary', minLength });

/**
 * Values a create schema accepts. `undefined` means no value is accepted (a read-only field: the key must be absent).
 * Throws on a schema it does not know, so a new kind of rule gets a generator rather than being skipped.
 */
export function validValue(schema: unknown): fc.Arbitrary<unknown> | undefined {
  if (schema === dateString) return calendarDate;
  if (schema === currencyCode) return fc.stringMatching(/^[A-Z]{3}$/);
  if (schema === countryCode) return fc.stringMatching(/^[A-Z]{2}$/);
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      let minLength = 0;
      for (const check of checksOf(schema)) {
        if (check.check === 'min_length') minLength = check.minimum ?? 0;
        else if (check.check === 'string_format' && check.format === 'regex' && check.pattern)
          return fc.stringMatching(check.pattern);
        else throw new Error(`no generator for the string check ${JSON.stringify(check.check)}`);
      }
      return anyString(minLength);
    }
    case 'number': {
      // Sign rules (`z.positive()`, `z.negative()`): greater or less than a bound.
      let numbers = jsonNumber;
      for (const check of checksOf(schema)) {
        const { value, inclusive } = check as CheckDef & { value: number; inclusive: boolean };
        if (check.check === 'greater_than') numbers = numbers.filter((n) => (inclusive ? n >= value : n > value));
        else if (check.check === 'less_than') numbers = numbers.filter((n) => (inclusive ? n <= value : n < value));
        else throw new Error(`no generator for the number check ${JSON.stringify(check.check)}`);
      }
      return numbers;
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'never':
      return undefined;
    case 'custom':
      if (PROBES.every((probe) => !z.safeParse(schema as Schema, probe).success)) return undefined;
      throw new Error('no generator for a custom schema that accepts some values');
    case 'nullable': {
      const inner = validValue(def.innerType);
      return inner ? fc.option(inner, { nil: null }) : fc.constant(null);
    }
    case 'optional':
    case 'default':
      return validValue(def.innerType);
    case 'union': {
      const options = (def.options as unknown[]).map(validValue).filter((o) => o !== undefined);
      return options.length ? fc.oneof(...options) : undefined;
    }
    case 'array': {
      const item = validValue(def.element);
      return item ? fc.array(item, { maxLength: 3 }) : fc.constant([]);
    }
    case 'object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = validValue(field);
        if (!value) continue;
        model[key] = value;
        if (defOf(field).type !== 'optional' && defOf(field).type !== 'default') requiredKeys.push(key);
      }
      const record = fc.record(model, { requiredKeys, noNullPrototype: true });
      // A rule across fields (a recallable amount within the amount) is met by keeping the values that meet it.
      return checksOf(schema).length ? record.filter((value) => z.safeParse(schema as Schema, value).success) : record;
    }
    default:
      throw new Error(`no generator for a ${def.type} schema`);
  }
}

/** The object keys and the literal and enum strings the schemas mention, to steer generated JSON near them. */
export function vocabulary(schemas: readonly unknown[]): { keys: string[]; strings: string[] } {
  const keys = new Set<string>();
  const strings = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown): void => {
    if (!isSchema(schema) || seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        keys.add(key);
        walk(field);
      }
    }
    if (def.type === 'literal')
      for (const value of def.values as unknown[]) if (typeof value === 'string') strings.add(value);
    if (def.type === 'enum')
      for (const value of Object.values(def.entries as Record<string, string>)) strings.add(value);
    for (const member of ['innerType', 'element', 'valueType', 'in', 'out']) walk(def[member]);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option);
  };
  for (const schema of schemas) walk(schema);
  return { keys: [...keys].sort(), strings: [...strings].sort() };
}

/** JSON values whose keys and strings are often ones the schemas know: they get past the first checks. */
export function nearJson(
  vocab: { keys: string[]; strings: string[] },
  extraStrings: string[] = [],
): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...vocab.keys), anyString());
  const string = fc.oneof(fc.constantFrom(...vocab.strings, ...extraStrings), anyString(), calendarDate);
  const { json } = fc.letrec((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      jsonNumber,
      string,
      fc.array(tie('json'), { maxLength: 4 }),
      fc.dictionary(key, tie('json'), { maxKeys: 6, noNullPrototype: true }),
    ),
  }));
  return json;
}

/** Every zod schema exported by src/schemas/*.ts, by name, including those inside exported tables (two levels). */
export async function exportedSchemas(): Promise<Map<string, z.ZodMiniType>> {
  const found = new Map<string, z.ZodMiniType>();
  const seen = new Set<unknown>();
  const visit = (name: string, value: unknown, depth: number) => {
    if (seen.has(value)) return;
    if (isSchema(value)) {
      seen.add(value);
      found.set(name, value as z.ZodMiniType);
    } else if (depth < 2 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      seen.add(value);
      for (const [key, member] of Object.entries(value)) visit(`${name}.${key}`, member, depth + 1);
    }
  };
  const dir = new URL('../../src/schemas/', import.meta.url);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) visit(`${file.replace(/\.ts$/, '')}.${name}`, value, 0);
  }
  return found;
}
