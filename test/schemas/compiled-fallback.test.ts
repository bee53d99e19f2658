/**
 * The compiled checks cannot drift from zod unseen (issue 14, item 6). They read zod's internals, so:
 * - every exported schema answers the same with compilation on, with it forced off (zod's own `safeParse`) and
 *   as zod, on the values of the compiled and decoder suites, and the decoder returns the same body or the
 *   same issues either way;
 * - a node laid out otherwise than compiled.ts knows (a type or field renamed or missing, a trait missing, a
 *   flag or a value set that its kind cannot have) is checked by zod, with zod's answer, and so are the shapes
 *   zod has that compiled.ts does not read (`exactOptional`, `xor`, a loose record, a refined catchall, …);
 * - the self-check at first use finds nothing on the installed zod, the minor package.json pins.
 * (test/schemas/compiled-drift.test.ts simulates a zod whose internals drifted under the self-check.)
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ResponseValidationError } from '../../src/core/errors.js';
import { decode } from '../../src/core/jsonapi.js';
import { accepts, compiledDrift, setCompiledChecks, zodFallbacks } from '../../src/schemas/compiled.js';
import type { Schema } from '../../src/schemas/fields.js';
import { assetSchemas, instrumentSchemas } from '../../src/schemas/instruments.js';
import { transactionSchemas } from '../../src/schemas/transactions.js';
import { exportedSchemas, nearJson, schemaValues, validValue, vocabulary } from '../helpers/arbitraries.js';

const schemas = await exportedSchemas();
const near = nearJson(vocabulary([...schemas.values()]));
/** Valid resources of every known kind, as the decoder property suite sends them. */
const resources = fc.oneof(
  ...[...Object.values(instrumentSchemas), ...Object.values(assetSchemas), ...Object.values(transactionSchemas)].map(
    (schema) => validValue(schema) as fc.Arbitrary<unknown>,
  ),
);
const call = { method: 'GET', url: 'https://reporting.test/api/v3/instruments/1' };

/** `run()` with compilation forced off. */
function forcedOff<T>(run: () => T): T {
  setCompiledChecks(false);
  try {
    return run();
  } finally {
    setCompiledChecks(true);
  }
}

/** What the decoder makes of `body`: the value it returns, or the issues of its `ResponseValidationError`. */
function decoded(schema: Schema, body: unknown): { value: unknown } | { issues: unknown } {
  try {
    return { value: decode(call, schema, body) };
  } catch (error) {
    if (error instanceof ResponseValidationError) return { issues: error.issues };
    throw error;
  }
}

describe('compilation on, compilation forced off and zod give one answer', () => {
  it('forcing it off hands every check to zod, and turning it on again compiles', () => {
    const schema = z.looseObject({ a: z.string() });
    const before = zodFallbacks();
    forcedOff(() => {
      expect(accepts(schema)({ a: 'x' })).toBe(true);
      expect(accepts(schema)({})).toBe(false);
    });
    expect(zodFallbacks()).toBe(before + 2);
    expect(accepts(schema)({ a: 'x' })).toBe(true);
    expect(zodFallbacks()).toBe(before + 2);
  });

  it.each([...schemas.keys()])('%s', (name) => {
    const schema = schemas.get(name) as Schema;
    fc.assert(
      fc.property(fc.oneof(schemaValues(schema), near, resources), (value) => {
        const zod = z.safeParse(schema, value).success;
        const before = zodFallbacks();
        expect(forcedOff(() => accepts(schema)(value))).toBe(zod);
        expect(zodFallbacks()).toBe(before + 1);
        expect(accepts(schema)(value)).toBe(zod);
        // The decoder: the body itself or zod's issues, compiled or not.
        const compiled = decoded(schema, value);
        expect(forcedOff(() => decoded(schema, value))).toEqual(compiled);
        if ('value' in compiled) expect(compiled.value).toBe(value);
      }),
      { numRuns: 100 },
    );
  });
});

type Internals = { def: Record<string, unknown>; traits?: unknown; optin?: unknown; values?: unknown };
const internalsOf = (schema: Schema) => (schema as unknown as { _zod: Internals })._zod;

/**
 * `schema` with its definition, as compiled.ts reads it, replaced by `change(definition)`: as if zod had laid it
 * out otherwise. zod's own parsing keeps the definition it was built with, so zod's answers stay what they were.
 */
function relaid<S extends Schema>(schema: S, change: (def: Record<string, unknown>) => Record<string, unknown>): S {
  const zod = internalsOf(schema);
  zod.def = change({ ...zod.def });
  return schema;
}
/** `schema` with one of its internals (`traits`, `optin`, `values`) shadowed by `value`. */
function shadowed<S extends Schema>(schema: S, key: keyof Internals, value: unknown): S {
  Object.defineProperty(internalsOf(schema), key, { value, configurable: true });
  return schema;
}

/** Each: a schema, values on both sides of its rules; zod must answer for at least one of them. */
const drifted: [string, () => Schema, unknown[]][] = [
  ['a type renamed (string → text)', () => relaid(z.string(), (def) => ({ ...def, type: 'text' })), ['x', 1]],
  [
    'a field renamed (checks → refinements): not read as "no checks"',
    () => relaid(z.string().check(z.minLength(2)), ({ checks, ...def }) => ({ ...def, refinements: checks })),
    ['', 'x', 'xy'],
  ],
  [
    'a field renamed (catchall → rest): a strict object not read as a stripping one',
    () => relaid(z.strictObject({ a: z.string() }), ({ catchall, ...def }) => ({ ...def, rest: catchall })),
    [{ a: 'x' }, { a: 'x', b: 1 }],
  ],
  [
    'a field missing (a nullable without innerType)',
    () => relaid(z.nullable(z.number()), ({ innerType: _, ...def }) => def),
    [null, 1, 'x'],
  ],
  [
    'a field missing (an array without element)',
    () => relaid(z.array(z.number()), ({ element: _, ...def }) => def),
    [[], [1], ['x'], {}],
  ],
  [
    'a field missing (a union without options)',
    () => relaid(z.union([z.string(), z.number()]), ({ options: _, ...def }) => def),
    ['x', 1, null],
  ],
  [
    'a field missing (a record without keyType)',
    () => relaid(z.record(z.string(), z.number()), ({ keyType: _, ...def }) => def),
    [{ a: 1 }, { a: 'x' }],
  ],
  [
    'a field missing (an object without shape)',
    () => relaid(z.looseObject({ a: z.string() }), ({ shape: _, ...def }) => def),
    [{ a: 'x' }, {}],
  ],
  ['no traits', () => shadowed(z.string(), 'traits', undefined), ['x', 1]],
  ['a core trait renamed', () => shadowed(z.string(), 'traits', new Set(['$ZodType', '$ZodText'])), ['x', 1]],
  [
    'an extra core trait (a subclass the compiler does not know)',
    () => shadowed(z.number(), 'traits', new Set(['$ZodType', '$ZodNumber', '$ZodFiniteNumber'])),
    [1, Number.NaN],
  ],
  [
    'an optin an optional cannot have (a flag re-meant)',
    () => z.looseObject({ a: shadowed(z.optional(z.string()), 'optin', 'sometimes') }),
    [{}, { a: 'x' }, { a: 1 }],
  ],
  [
    'no optin on an optional member (a flag renamed)',
    () => z.looseObject({ a: shadowed(z.optional(z.string()), 'optin', undefined) }),
    [{}, { a: 'x' }, { a: 1 }],
  ],
  [
    'no optin on a default under an optional (it must not be taken as absent)',
    () => z.optional(shadowed(z._default(z.string().check(z.minLength(3)), 'x'), 'optin', undefined)),
    [undefined], // zod must be asked about undefined itself
  ],
  ['no value set on a literal', () => shadowed(z.literal('a'), 'values', undefined), ['a', 'b']],
  [
    'a value set the definition does not list',
    () => shadowed(z.literal('a'), 'values', new Set(['a', 'b'])),
    ['a', 'b'],
  ],
  ['a definition that is no object', () => relaid(z.string(), () => null as never), ['x', 1]],
  // Shapes zod 4.6 has that compiled.ts does not read: a subclass trait, or a definition field it does not know.
  [
    'exactOptional: may be absent, but not undefined',
    () => z.looseObject({ a: z.exactOptional(z.string()) }),
    [{}, { a: undefined }, { a: 'x' }],
  ],
  ['xor: exactly one option', () => z.xor([z.string(), z.union([z.string(), z.number()])]), ['x', 1, null]],
  [
    'a discriminated union',
    () =>
      z.discriminatedUnion('t', [
        z.looseObject({ t: z.literal('a') }),
        z.looseObject({ t: z.literal('b'), n: z.number() }),
      ]),
    [{ t: 'a' }, { t: 'b' }, { t: 'b', n: 1 }, { t: 'c' }],
  ],
  [
    'a loose record keeps a key its key schema refuses',
    () => z.looseRecord(z.string(), z.number()),
    [{ a: 1 }, { a: 'x' }, { [Symbol('s')]: 'x' }],
  ],
  ['a partial record', () => z.partialRecord(z.enum(['a', 'b']), z.number()), [{}, { a: 1 }, { c: 1 }]],
  ['coercion', () => z.coerce.number(), [1, '1', 'x']],
  [
    'a catchall with a refinement',
    () => z.catchall(z.looseObject({}), z.unknown().check(z.refine((value) => value === 1))),
    [{}, { b: 1 }, { b: 2 }],
  ],
  ['a string format', () => z.iso.date(), ['2024-02-29', '2023-02-29', 1]],
  [
    'a record given an object that is not plain but that zod takes as one',
    () => z.record(z.string(), z.number()),
    [Object.create(Object.create(null)), Object.assign(Object.create(Object.create(null)), { a: 'x' })],
  ],
];

describe('a node laid out otherwise than compiled.ts knows is zod’s to check', () => {
  it.each(drifted)('%s', (_what, make, values) => {
    const schema = make();
    const before = zodFallbacks();
    for (const [i, value] of values.entries())
      expect(accepts(schema)(value), `value ${i}`).toBe(z.safeParse(schema, value).success);
    expect(zodFallbacks()).toBeGreaterThan(before);
  });
});

describe('the drift self-check', () => {
  it('reports nothing on the installed zod', () => {
    expect(compiledDrift()).toEqual([]);
  });

  it('package.json pins zod to the installed minor', () => {
    const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
    const range: string = read('../../package.json').dependencies.zod;
    const [major, minor] = (read('../../node_modules/zod/package.json').version as string).split('.');
    expect(range).toMatch(new RegExp(`^~${major}\\.${minor}\\.\\d+$`));
  });
});
