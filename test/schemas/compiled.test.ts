/**
 * The compiled checks answer as zod answers: for every schema src/schemas exports (found by walking the
 * modules, so a new schema is covered), on values generated from the schema itself — valid ones, and the same
 * with a few members replaced, removed or added — and on hand-picked edge cases of zod's rules. The decoder
 * built on them returns the parsed body itself when zod would accept it and zod's own issues when not, and
 * checks every response schema without handing a valid value to zod.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ResponseValidationError } from '../../src/core/errors.js';
import { decode, formatIssues } from '../../src/core/jsonapi.js';
import { accepts, zodFallbacks } from '../../src/schemas/compiled.js';
import type { Schema } from '../../src/schemas/fields.js';
import { kindDispatch, kindUnion, openKindUnion } from '../../src/schemas/kinds.js';
import { calendarDate, exportedSchemas } from '../helpers/arbitraries.js';

interface Def {
  type: string;
  [member: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const json = fc.jsonValue({ maxDepth: 2 });
const checksOf = (schema: Schema): { check: string; pattern?: RegExp }[] =>
  ((defOf(schema).checks as { _zod: { def: { check: string; pattern?: RegExp } } }[] | undefined) ?? []).map(
    (c) => c._zod.def,
  );
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
      return json;
  }
}

const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('replace', 'delete', 'add', 'undefined'),
  key: fc.oneof(fc.constantFrom('type', 'id', 'attributes', 'data', 'name', '__proto__', 'constructor'), fc.string()),
  value: json,
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

function values(schema: Schema): fc.Arbitrary<unknown> {
  const valid = sample(schema);
  const mutated = fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, ms]) => {
    let copy = structuredClone(value);
    for (const m of ms) copy = mutate(copy, m);
    return copy;
  });
  return fc.oneof(valid, mutated, json);
}

const schemas = await exportedSchemas();
/** The schemas responses are decoded with: resources, their parts, the generic shapes (not create/update/query rules). */
const isResponseSchema = (name: string) =>
  /schema|genericResource|genericAttributes|performanceData|unknownObject|identifier|toOne|toMany/i.test(name) &&
  !/create|update/i.test(name);

describe('compiled checks answer as zod does', () => {
  it('finds the schemas (the walk covers the modules)', () => {
    expect(schemas.size).toBeGreaterThan(60);
    for (const name of [
      'instruments.instrumentSchema',
      'transactions.transactionSchema',
      'limits.limitSchema',
      'holdings.assetHoldingSchema',
    ]) {
      expect(schemas.has(name), name).toBe(true);
    }
  });

  it.each([...schemas.keys()])('%s', (name) => {
    const schema = schemas.get(name) as Schema;
    let accepted = 0;
    fc.assert(
      fc.property(values(schema), (value) => {
        const expected = z.safeParse(schema, value).success;
        if (expected) accepted++;
        expect(accepts(schema)(value)).toBe(expected);
      }),
      { numRuns: 150 },
    );
    // Both answers were exercised for the schemas responses are decoded with.
    if (isResponseSchema(name)) expect(accepted).toBeGreaterThan(0);
  });

  const edge: [string, Schema, unknown[]][] = [
    [
      'a required member that accepts undefined must still be present',
      z.looseObject({ a: z.unknown() }),
      [{}, { a: undefined }, { a: 1 }],
    ],
    [
      'an optional member may be absent or undefined',
      z.object({ a: z.optional(z.string()) }),
      [{}, { a: undefined }, { a: 'x' }, { a: 1 }],
    ],
    [
      'a strict object refuses any other key, __proto__ included',
      z.strictObject({ a: z.string() }),
      [{ a: 'x' }, { a: 'x', b: 1 }, JSON.parse('{"a":"x","__proto__":{}}')],
    ],
    [
      'a loose object keeps any other key',
      z.looseObject({ a: z.string() }),
      [{ a: 'x', b: [1] }, JSON.parse('{"a":"x","__proto__":1}')],
    ],
    [
      'a member found on the prototype counts as present',
      z.looseObject({ toString: z.string() }),
      [{}, { toString: 'x' }],
    ],
    ['numbers are finite', z.number(), [1, Number.NaN, Number.POSITIVE_INFINITY, -0, '1']],
    ['arrays are not objects', z.looseObject({}), [[], {}, null, 'x']],
    [
      'records take plain objects with string keys',
      z.record(z.string(), z.number()),
      [{}, { a: 1 }, { a: 'x' }, [], Object.create(null), { [Symbol('s')]: 1 }, new Date(0)],
    ],
    ['a union takes any of its options', z.union([z.string(), z.number()]), ['x', 1, null]],
    ['literals and enums compare by SameValueZero', z.literal(0), [0, -0, '0']],
    [
      'a kind union dispatches on a string type, anything else to the fallback',
      kindUnion({ a: z.looseObject({ type: z.literal('a'), n: z.number() }) }),
      [
        { type: 'a', n: 1 },
        { type: 'a' },
        { type: 'b', id: '1' },
        { type: 'b', id: 'x', attributes: [] },
        { type: 1 },
        'a',
        null,
      ],
    ],
  ];
  it.each(edge)('%s', (_what, schema, cases) => {
    for (const value of cases)
      expect(accepts(schema)(value), JSON.stringify(value)).toBe(z.safeParse(schema, value).success);
  });

  it('follows a recursive schema (filters within filters)', () => {
    const filter: Schema = openKindUnion({
      and: z.looseObject({
        type: z.literal('and'),
        get filters() {
          return z.array(filter);
        },
      }),
    });
    const nested = (depth: number, leaf: unknown): unknown =>
      depth ? { type: 'and', filters: [nested(depth - 1, leaf)] } : leaf;
    for (const value of [
      nested(5, { type: 'other' }),
      nested(5, { type: 'and', filters: 'x' }),
      nested(5, { kind: 'none' }),
    ]) {
      expect(accepts(filter)(value)).toBe(z.safeParse(filter, value).success);
    }
  });
});

describe('decode', () => {
  const call = { method: 'GET', url: 'https://reporting.test/api/v2/transactions' };
  const responseSchemas = [...schemas].filter(([name]) => isResponseSchema(name));

  it('has the response schemas to check', () => {
    expect(responseSchemas.length).toBeGreaterThan(60);
  });

  it.each(responseSchemas)(
    '%s: the body itself when zod accepts it, else zod’s issues; zod never runs on a valid body',
    (_name, schema) => {
      fc.assert(
        fc.property(values(schema), (body) => {
          const result = z.safeParse(schema, body);
          const before = zodFallbacks();
          if (result.success) {
            expect(decode(call, schema, body)).toBe(body);
            expect(zodFallbacks()).toBe(before);
          } else {
            const error = (() => {
              try {
                decode(call, schema, body);
              } catch (e) {
                return e;
              }
            })();
            expect(error).toBeInstanceOf(ResponseValidationError);
            expect((error as ResponseValidationError).issues).toEqual(formatIssues(result.error.issues, '', body));
          }
        }),
        { numRuns: 100 },
      );
    },
  );
});
