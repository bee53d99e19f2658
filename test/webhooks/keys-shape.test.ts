/**
 * One shape of the webhook key set (issue 15, item 4): the webhooks entry checks `GET /v2/webhooks/keys` by hand
 * (`webhookKeysSchema`, src/webhooks/key-set.ts: zod would more than double the entry's size), the endpoint table
 * states it as a zod schema (the mock's contract check and the OpenAPI description read that one). This test holds
 * the two to the same answer on generated documents: valid ones, and each kind of break (a member missing, of the
 * wrong type, a key that is no object, `keys` no array), with unknown members kept by both.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints } from '../../src/endpoints.js';
import { webhookKeysSchema } from '../../src/webhooks/key-set.js';
import { issuesOf } from '../../src/webhooks/shape.js';

const reply = endpoints['webhooks.keys'].response;
const zodSchema = 'json' in reply ? reply.json : undefined;
const MEMBERS = ['kid', 'kty', 'crv', 'x', 'y'] as const;

const anyJson = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const key = fc
  .record({
    kid: fc.string(),
    kty: fc.constantFrom('EC', 'RSA'),
    crv: fc.constantFrom('P-256', 'P-384'),
    x: fc.base64String(),
    y: fc.base64String(),
    extra: fc.option(anyJson, { nil: undefined }),
  })
  .map(({ extra, ...k }) => (extra === undefined ? k : { ...k, use: extra }));
/** A key with one member broken: removed, or replaced by a value of another JSON type. */
const brokenKey = fc
  .tuple(
    key,
    fc.constantFrom(...MEMBERS),
    fc.oneof(fc.constant(undefined), fc.integer(), fc.constant(null), fc.constant({})),
  )
  .map(([k, member, value]) => {
    const copy: Record<string, unknown> = { ...k };
    if (value === undefined) delete copy[member];
    else copy[member] = value;
    return copy;
  });
const document = fc.oneof(
  fc.record({ keys: fc.array(key, { maxLength: 4 }) }),
  fc.record({ keys: fc.array(fc.oneof(key, brokenKey, anyJson), { minLength: 1, maxLength: 4 }) }),
  fc.record({ keys: anyJson }),
  anyJson,
);

it('the hand check and the zod schema accept and refuse the same key sets', () => {
  expect(zodSchema).toBeDefined();
  fc.assert(
    fc.property(document, (doc) => {
      const hand = issuesOf(webhookKeysSchema, doc).length === 0;
      const zod = z.safeParse(zodSchema as z.ZodMiniType, doc).success;
      expect({ doc, hand }).toEqual({ doc, hand: zod });
    }),
    { numRuns: 500 },
  );
});

it('both keep the members they do not know', () => {
  const doc = { keys: [{ kid: 'k1', kty: 'EC', crv: 'P-256', x: 'AA', y: 'BB', use: 'sig' }], next: 'x' };
  expect(issuesOf(webhookKeysSchema, doc)).toEqual([]);
  expect(z.parse(zodSchema as z.ZodMiniType, doc)).toEqual(doc);
});
