/**
 * fast-check arbitraries derived from the SDK's own zod-mini schemas, so a new kind or field is covered
 * without a new generator: valid values for any create schema, and JSON shaped like the service's answers
 * (built from the keys and literal values the schemas mention).
 */
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { countryCode, currencyCode, dateString, type Schema } from '../../src/schemas/fields.js';
import { kindDispatch } from '../../src/schemas/kinds.js';
import { codePoint } from './code-points.js';

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

/** Any string of code points (astral ones as surrogate pairs; never a lone surrogate, as fast-check's `binary`). */
const anyString = (minLength = 0) => fc.string({ unit: codePoint, minLength });

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

/** By its name in `exportedSchemas()`: a schema responses are decoded with (resources, their parts, the generic shapes; not create/update/query rules). */
export const isResponseSchema = (name: string): boolean =>
  /schema|genericResource|genericAttributes|performanceData|unknownObject|identifier|toOne|toMany/i.test(name) &&
  !/create|update/i.test(name);

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

const smallJson = fc.jsonValue({ maxDepth: 2 });

/** Strings for a string schema: mostly ones its formats accept (a pattern, a calendar date), so both answers occur. */
function strings(schema: Schema): fc.Arbitrary<string> {
  const checks = checksOf(schema);
  if (!checks.length) return fc.string();
  const pattern = checks.find((c) => c.pattern)?.pattern;
  const valid = pattern
    ? fc.stringMatching(pattern)
    : checks.some((c) => c.check === 'custom')
      ? calendarDate
      : fc.string({ minLength: 1 });
  return fc.oneof(
    { arbitrary: valid, weight: 9 },
    { arbitrary: fc.oneof(fc.string(), fc.constantFrom('2023-02-29', 'chf')), weight: 1 },
  );
}

/** Values built from a schema's own definition: valid ones mostly (refinements may refuse some). */
function sample(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const dispatch = kindDispatch(schema);
  if (dispatch)
    return fc.oneof(...[...dispatch.members.values(), dispatch.fallback].map((member) => sample(member, depth)));
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return strings(schema);
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, 0.5, 1));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'nullable':
      return fc.option(sample(def.innerType as Schema, depth), { nil: null });
    case 'optional':
    case 'default':
    case 'readonly':
      return fc.option(sample(def.innerType as Schema, depth), { nil: undefined });
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => sample(option, depth)));
    case 'array':
      // A limit filter holds filters: the depth bounds the recursion.
      return depth > 3 ? fc.constant([]) : fc.array(sample(def.element as Schema, depth + 1), { maxLength: 3 });
    case 'record':
      return fc.dictionary(fc.string(), sample(def.valueType as Schema, depth + 1), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, member] of Object.entries(shape)) {
        model[key] = sample(member, depth + 1);
        if ((member as unknown as { _zod: { optin?: string } })._zod.optin === undefined) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys });
    }
    default:
      // unknown, custom (a refused field), never: any JSON value.
      return smallJson;
  }
}

const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('replace', 'delete', 'add', 'undefined'),
  key: fc.oneof(fc.constantFrom('type', 'id', 'attributes', 'data', 'name', '__proto__', 'constructor'), fc.string()),
  value: smallJson,
});

/** Applies one mutation at the `at`-th object or array inside `root` (depth first). */
function mutate(root: unknown, m: { at: number; op: string; key: string; value: unknown }): unknown {
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const walk = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return;
    containers.push(v as Record<string, unknown> | unknown[]);
    for (const child of Object.values(v)) walk(child);
  };
  walk(root);
  const target = containers[m.at % Math.max(1, containers.length)];
  if (!target) return m.op === 'replace' ? m.value : root;
  if (Array.isArray(target)) {
    const i = m.at % Math.max(1, target.length);
    if (m.op === 'add') target.push(m.value);
    else if (m.op === 'delete') target.splice(i, 1);
    else target[i] = m.op === 'undefined' ? undefined : m.value;
    return root;
  }
  const keys = Object.keys(target);
  const key = m.op === 'add' || keys.length === 0 ? m.key : (keys[m.at % keys.length] as string);
  if (m.op === 'delete') delete target[key];
  else if (m.op === 'undefined') target[key] = undefined;
  // defineProperty, so that `__proto__` becomes an own member as JSON.parse makes it.
  else Object.defineProperty(target, key, { value: m.value, enumerable: true, writable: true, configurable: true });
  return root;
}

/**
 * Values to check a response schema with, built from its own definition: valid ones, the same with a few
 * members replaced, removed, added or set to `undefined`, and any JSON.
 */
export function schemaValues(schema: Schema): fc.Arbitrary<unknown> {
  const valid = sample(schema);
  const mutated = fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, ms]) => {
    let copy = structuredClone(value);
    for (const m of ms) copy = mutate(copy, m);
    return copy;
  });
  return fc.oneof(valid, mutated, smallJson);
}
