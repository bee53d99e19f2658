/**
 * A kind family's response schemas are built on first read, not when the family is made (issue 20 item 3: a cold
 * start builds none of the 45 instrument, asset and transaction kinds' schemas), and a kind union reads a member
 * only when a value of its type comes.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { creatableKinds } from '../../src/core/documents.js';
import { f } from '../../src/schemas/fields.js';
import { kind, kindCreateSchemas, kindFamily } from '../../src/schemas/kind-table.js';
import { kindDispatch, kindUnion } from '../../src/schemas/kinds.js';

describe('kindFamily', () => {
  it('builds each kind’s schema on its first read, once', () => {
    const family = kindFamily({ a: kind(true, { name: f.string() }, {}), b: kind(true, {}, {}) }, 'thing');
    const descriptor = Object.getOwnPropertyDescriptor(family.schemas, 'a-thing');
    expect(typeof descriptor?.get).toBe('function'); // a getter: nothing built yet
    expect(Object.keys(family.schemas)).toEqual(['a-thing', 'b-thing']);
    expect(family.schemas['a-thing']).toBe(family.schemas['a-thing']);
  });

  it('a union of them reads only the member a value names, and dispatches as before', () => {
    const reads: string[] = [];
    const family = kindFamily({ a: kind(true, { name: f.string() }, {}), b: kind(true, {}, {}) }, 'thing');
    const members: Record<string, z.ZodMiniType> = {};
    for (const type of Object.keys(family.schemas)) {
      Object.defineProperty(members, type, {
        enumerable: true,
        get: () => {
          reads.push(type);
          return family.schemas[type as 'a-thing'];
        },
      });
    }
    const union = kindUnion(members);
    expect(reads).toEqual([]);
    const value = { id: '1', type: 'a-thing', attributes: { name: 'x' } };
    expect(z.safeParse(union, value).success).toBe(true);
    expect(reads).toEqual(['a-thing']);
    expect(z.safeParse(union, { id: '1', type: 'a-thing', attributes: { name: 1 } }).success).toBe(false);
    expect([...(kindDispatch(union)?.members.keys() ?? [])]).toEqual(['a-thing', 'b-thing']);
  });

  it('builds each creatable kind’s create schema on first read, once; the create rules read it then', () => {
    const table = { a: kind(true, { name: f.string() }, {}), b: kind(false, {}, {}) };
    const schemas = kindCreateSchemas(table);
    expect(Object.keys(schemas)).toEqual(['a']); // not creatable: no schema
    expect(typeof Object.getOwnPropertyDescriptor(schemas, 'a')?.get).toBe('function');
    const rules = creatableKinds(table, schemas, 'thing');
    expect(Object.keys(rules)).toEqual(['a-thing']);
    expect(rules['a-thing']?.attributes).toBe(schemas.a);
    expect(z.safeParse(schemas.a, { name: '' }).success).toBe(false); // the create rule: a non-empty name
    expect(z.safeParse(schemas.a, { name: 'x' }).success).toBe(true);
  });
});
