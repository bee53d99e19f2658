/**
 * What scripts/generate-checks.ts writes answers as zod does on the edge cases of zod's rules (each schema's
 * module generated, compiled by esbuild and run here), and says no where it leaves a value to zod. The decoder
 * returns the parsed body itself when zod would accept it and zod's own issues when not, for every response
 * schema src/schemas exports (found by walking the modules, so a new schema is covered).
 */
import { transformSync } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { writeChecks } from '../../scripts/generate-checks.js';
import { ResponseValidationError } from '../../src/core/errors.js';
import { isObject } from '../../src/core/is-object.js';
import { decode, formatIssues } from '../../src/core/jsonapi.js';
import type { Schema } from '../../src/schemas/fields.js';
import { kindUnion, openKindUnion } from '../../src/schemas/kinds.js';
import { exportedSchemas, isResponseSchema, schemaValues as values } from '../helpers/arbitraries.js';

const schemas = await exportedSchemas();

/** The generated check of `schema`: its module written by the script, compiled to CommonJS and run. */
function generated(schema: Schema, leftToZodCount = 0): (value: unknown) => boolean {
  const { source, leftToZod } = writeChecks([['schema', schema]]);
  expect(leftToZod).toHaveLength(leftToZodCount);
  const { code } = transformSync(source, { loader: 'ts', format: 'cjs' });
  const module = { exports: {} as { responseChecks: Record<string, (value: unknown) => boolean> } };
  new Function('module', 'exports', 'require', code)(module, module.exports, () => ({ isObject }));
  return module.exports.responseChecks.schema as (value: unknown) => boolean;
}

const describeValue = (value: unknown): string =>
  typeof value === 'object' && value !== null
    ? `${Object.getPrototypeOf(value) ? 'object' : 'null-prototype object'} ${JSON.stringify(value)}`
    : String(value);

describe('generated checks answer as zod does', () => {
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
    [
      'nullable and optional wrappers, in either order, around an object',
      z.looseObject({
        a: z.optional(z.nullable(z.looseObject({ id: z.string() }))),
        b: z.nullable(z.optional(z.looseObject({ id: z.string() }))),
      }),
      [{}, { a: null, b: null }, { a: undefined, b: undefined }, { a: { id: 'x' } }, { a: {} }, { b: 1 }, { a: [] }],
    ],
    [
      'a member held by a non-enumerable property is read as zod reads it',
      z.looseObject({ a: z.optional(z.string()) }),
      [Object.defineProperty({}, 'a', { value: 1 }), Object.defineProperty({}, 'a', { value: 'x' }), {}],
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
    [
      'a member reached through its case is not tested for that type again, but everywhere else, and for the rest',
      (() => {
        const member = z.looseObject({ type: z.literal('a'), n: z.number() });
        return z.looseObject({ one: kindUnion({ a: member, b: member }), other: member });
      })(),
      [
        { one: { type: 'a', n: 1 }, other: { type: 'a', n: 1 } },
        { one: { type: 'b', n: 1 }, other: { type: 'a', n: 1 } },
        { one: { type: 'a', n: 1 }, other: { type: 'b', n: 1 } },
        { one: { type: 'a', n: '1' }, other: { type: 'a', n: 1 } },
        { one: { type: 'a' }, other: { type: 'a', n: 1 } },
        { one: [], other: { type: 'a', n: 1 } },
      ],
    ],
    [
      'a member whose type is an enum, or strict, reached through its case',
      kindUnion({
        a: z.looseObject({ type: z.enum(['a', 'c']), n: z.number() }),
        c: z.strictObject({ type: z.literal('c') }),
      }),
      [{ type: 'a', n: 1 }, { type: 'a' }, { type: 'c' }, { type: 'c', n: 1 }, { type: 'c', id: '1' }],
    ],
  ];
  it.each(edge)('%s', (_what, schema, cases) => {
    const check = generated(schema);
    for (const value of cases) expect(check(value), describeValue(value)).toBe(z.safeParse(schema, value).success);
  });

  it('leave a refined or defaulted node to zod (written as no, and listed)', () => {
    // Each value here is one zod accepts: the generated check says no, so the decoder asks zod.
    const cases: [Schema, unknown][] = [
      [z.string().check(z.minLength(1)), 'x'],
      [z.looseObject({ a: z.optional(z._default(z.string(), 'x')) }), {}],
    ];
    for (const [schema, value] of cases) {
      expect(z.safeParse(schema, value).success).toBe(true);
      expect(generated(schema, 1)(value)).toBe(false);
    }
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
      expect(generated(filter)(value)).toBe(z.safeParse(filter, value).success);
    }
  });
});

describe('decode', () => {
  const call = { method: 'GET', url: 'https://reporting.test/api/v2/transactions' };
  const responseSchemas = [...schemas].filter(([name]) => isResponseSchema(name));

  it('has the response schemas to check', () => {
    expect(responseSchemas.length).toBeGreaterThan(60);
  });

  it.each(responseSchemas)('%s: the body itself when zod accepts it, else zod’s issues', (_name, schema) => {
    fc.assert(
      fc.property(values(schema), (body) => {
        const result = z.safeParse(schema, body);
        if (result.success) {
          expect(decode(call, schema, body)).toBe(body);
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
  });
});
