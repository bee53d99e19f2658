/**
 * `returnsInput(schema)`: the codec sends an accepted create or update input as the caller gave it, without a
 * second zod run, only where zod's output would be that input. Held against zod on values generated from every
 * schema src/schemas exports, and on the kinds of node that make zod's output differ.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { RequestBody } from '../../src/core/documents.js';
import { kindRules } from '../../src/core/jsonapi.js';
import { endpoints } from '../../src/endpoints.js';
import type { Schema } from '../../src/schemas/fields.js';
import { returnsInput } from '../../src/schemas/zod-definitions.js';
import { exportedSchemas, schemaValues as values } from '../helpers/arbitraries.js';

const schemas = await exportedSchemas();

/** The JSON a value is sent as, keys sorted: zod writes an object's known members first. */
function sent(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}
/** An own `__proto__` member, which zod's output sets as the prototype instead (and the codec sends as given). */
function hasProtoKey(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  return Object.hasOwn(value, '__proto__') || Object.values(value).some(hasProtoKey);
}

describe('returnsInput', () => {
  const passing = [...schemas].filter(([, schema]) => returnsInput(schema));

  it('holds for every create and update rule of the endpoint table but the fee transaction (its category default)', () => {
    const refused: string[] = [];
    let rules = 0;
    for (const [id, row] of Object.entries(endpoints)) {
      const body = (row as { body?: RequestBody }).body;
      const schemas: [string, Schema][] = [];
      if (body?.kind === 'document' && body.attributes) schemas.push([id, body.attributes]);
      if (body?.kind === 'kinds')
        for (const [type, rule] of Object.entries(kindRules(body)))
          if (!('refused' in rule)) schemas.push([`${id}:${type}`, rule.attributes]);
      for (const [name, schema] of schemas) {
        rules++;
        if (!returnsInput(schema)) refused.push(name);
      }
    }
    expect(rules).toBeGreaterThan(50);
    expect(refused).toEqual(['transactions.create:fee-transaction']);
  });

  it.each(passing.map(([name]) => name))('%s: zod’s output of an accepted value is that value', (name) => {
    const schema = schemas.get(name) as Schema;
    fc.assert(
      fc.property(values(schema), (value) => {
        const parsed = z.safeParse(schema, value);
        if (parsed.success && !hasProtoKey(value)) expect(sent(parsed.data)).toBe(sent(value));
      }),
      { numRuns: 100 },
    );
  });

  const differs: [string, Schema, unknown][] = [
    ['a default fills in an absent member', z.strictObject({ a: z._default(z.string(), 'x') }), {}],
    ['a plain object drops unknown keys', z.object({ a: z.string() }), { a: 'x', b: 1 }],
    ['an overwrite check rewrites the value', z.string().check(z.trim()), ' x '],
    ['a coercion converts the value', z.coerce.number(), '1'],
    [
      'a transform makes another value',
      z.pipe(
        z.string(),
        z.transform((s: string) => s.length),
      ),
      'abc',
    ],
  ];
  it.each(differs)('is false where zod’s output differs: %s', (_, schema, value) => {
    expect(z.parse(schema, value)).not.toStrictEqual(value);
    expect(returnsInput(schema)).toBe(false);
  });

  it('is true through optional, nullable, array, union, record and custom nodes of such kinds', () => {
    const schema = z.strictObject({
      a: z.optional(z.nullable(z.array(z.union([z.string(), z.number()])))),
      b: z.record(z.string(), z.boolean()),
      c: z.optional(z.custom<string>((v) => typeof v === 'string')),
      d: z.looseObject({ e: z.literal('x') }),
    });
    expect(returnsInput(schema)).toBe(true);
  });
});
