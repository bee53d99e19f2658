/**
 * `writesAsJson(schema)`: where it holds, the codec does not walk a create's accepted attributes for what JSON
 * would change (`jsonValueIssue`), because the schema admits nothing JSON changes. Held here against that walk on
 * hostile values (boxed primitives, NaN, Maps, functions, an array with a named member, undefined in every member)
 * for every create and update rule of the endpoint table it holds for, and against the kinds of node that must
 * answer no.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { RequestBody } from '../../src/core/documents.js';
import { jsonValueIssue } from '../../src/core/json-value.js';
import { kindRules } from '../../src/core/jsonapi.js';
import { endpoints } from '../../src/endpoints.js';
import { refused, type Schema } from '../../src/schemas/fields.js';
import { writesAsJson } from '../../src/schemas/zod-definitions.js';
import { schemaValues } from '../helpers/arbitraries.js';

/** Every create and update attributes schema of the endpoint table, by row (and kind). */
function attributeRules(): [string, Schema][] {
  const rules: [string, Schema][] = [];
  for (const [id, row] of Object.entries(endpoints)) {
    const body = (row as { body?: RequestBody }).body;
    if (body?.kind === 'document' && body.attributes) rules.push([id, body.attributes]);
    if (body?.kind === 'kinds')
      for (const [type, rule] of Object.entries(kindRules(body)))
        if (!('refused' in rule)) rules.push([`${id}:${type}`, rule.attributes]);
  }
  return rules;
}

/** What a JavaScript caller may put in a member that JSON would write otherwise, or not at all. */
const hostile = fc.constantFrom<unknown>(
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  new Number(Number.NaN),
  new Number(1),
  new String('EUR'),
  new Boolean(true),
  new Map([['a', 1]]),
  new Set(['a']),
  new Uint8Array(2),
  () => 'x',
  Symbol('x'),
  10n,
  new Date(0),
  [],
  Object.assign(['a'], { extra: 'x' }),
  {},
);

describe('writesAsJson', () => {
  const rules = attributeRules();
  const writable = rules.filter(([, schema]) => writesAsJson(schema));
  /** How many generated values zod accepted, by rule. */
  const acceptedBy = new Map<string, number>();

  it('holds for the flat create and update rules (most of them), not for nested ones', () => {
    expect(rules.length).toBeGreaterThan(50);
    expect(writable.length).toBeGreaterThan(20);
    expect(writable.map(([name]) => name)).toContain('instruments.prices.create');
    expect(writable.map(([name]) => name)).not.toContain('limits.create');
  });

  it.each(writable.map(([name, schema]) => [name, schema] as const))(
    '%s: whatever zod accepts, the JSON walk finds nothing to refuse',
    (name, schema) => {
      const members = Object.keys((schema as unknown as { _zod: { def: { shape: object } } })._zod.def.shape);
      // A value of the schema's own (mostly valid) with up to two members replaced by hostile values or removed:
      // zod refuses most of those, and what it accepts must be plain JSON.
      const attributes = fc
        .tuple(
          schemaValues(schema),
          fc.array(fc.tuple(fc.constantFrom(...members), hostile), { maxLength: 2 }),
          fc.subarray(members, { maxLength: Math.min(2, members.length) }),
        )
        .map(([value, replaced, removed]) => {
          if (typeof value !== 'object' || value === null) return value;
          const out: Record<string, unknown> = { ...value };
          for (const [name, given] of replaced) out[name] = given;
          for (const name of removed) delete out[name];
          return out;
        });
      let accepted = 0;
      fc.assert(
        fc.property(attributes, (value) => {
          if (!z.safeParse(schema, value).success) return;
          accepted++;
          expect(jsonValueIssue(value, 'attributes')).toBeUndefined();
        }),
        { numRuns: 200 },
      );
      acceptedBy.set(name, accepted);
    },
  );

  it('saw accepted values for nearly every rule (the checks above are not empty)', () => {
    const none = [...acceptedBy].filter(([, n]) => n === 0).map(([name]) => name);
    expect(acceptedBy.size).toBe(writable.length);
    expect(none.length).toBeLessThanOrEqual(3);
  });

  it('rests on zod refusing NaN and the infinities as numbers, and on a refused field accepting no value', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, new Number(1)])
      expect(z.safeParse(z.number(), n).success).toBe(false);
    const mustBeAbsent = refused('is set by the service');
    fc.assert(
      fc.property(fc.anything(), (value) => z.safeParse(mustBeAbsent, value).success === (value === undefined)),
    );
    expect(writesAsJson(z.strictObject({ a: mustBeAbsent }))).toBe(true);
    // Another custom check may accept anything: no.
    expect(writesAsJson(z.strictObject({ a: z.optional(z.custom<never>(() => false)) }))).toBe(false);
  });

  const answersNo: [string, Schema][] = [
    ['an object that keeps unknown members', z.looseObject({ a: z.string() })],
    ['a plain object (drops unknown members)', z.object({ a: z.string() })],
    ['a nested object (zod takes a Map where every member is optional)', z.strictObject({ a: z.strictObject({}) })],
    ['an array member', z.strictObject({ a: z.array(z.string()) })],
    ['a record member', z.strictObject({ a: z.record(z.string(), z.string()) })],
    ['a custom check', z.strictObject({ a: z.custom<string>(() => true) })],
    ['a coerced member', z.strictObject({ a: z.coerce.number() })],
    ['an unknown member', z.strictObject({ a: z.unknown() })],
    ['a union member', z.strictObject({ a: z.union([z.string(), z.number()]) })],
  ];
  it.each(answersNo)('is false for %s', (_, schema) => {
    expect(writesAsJson(schema)).toBe(false);
  });

  it('is true through optional and nullable members of primitive kinds, literals and enums', () => {
    const schema = z.strictObject({
      a: z.optional(z.nullable(z.string())),
      b: z.number(),
      c: z.boolean(),
      d: z.literal(['x', 1, true, null]),
      e: z.enum(['p', 'q']),
      f: z.null(),
    });
    expect(writesAsJson(schema)).toBe(true);
  });
});
