/**
 * The webhooks entry point checks its shapes by hand (src/webhooks/shape.ts) to stay within its size budget;
 * the zod schemas of src/schemas/webhook-keys.ts and webhook-events.ts define them. Property: for any parsed
 * JSON (generated valid values, and the same with a member missing, of a wrong type, or with extra members),
 * the hand check and the schema give the same issues, worded alike (none when both accept).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectIssues } from '../../src/core/issues.js';
import { endpoint } from '../../src/endpoints.js';
import type { Schema } from '../../src/schemas/fields.js';
import { webhookEvent } from '../../src/schemas/webhook-events.js';
import { webhookKey, webhookKeyEntries, webhookKeys } from '../../src/schemas/webhook-keys.js';
import { decodeEvent } from '../../src/webhooks/events.js';
import { documentShape } from '../../src/webhooks/key-set.js';
import { webhookKeySchema, webhookKeysSchema } from '../../src/webhooks/keys.js';
import { type Check, issuesOf, listIssues } from '../../src/webhooks/shape.js';

type Json = Record<string, unknown>;
type Mutation = 'none' | 'missing' | 'wrong type';
interface Case {
  value: unknown;
  mutation: Mutation;
}

const RUNS = { numRuns: 300 };
const json = fc.jsonValue({ maxDepth: 2 });
const nonString = json.filter((v) => typeof v !== 'string');
const nonArray = json.filter((v) => !Array.isArray(v));

/** Members no schema here names, with any JSON value: kept by both (loose objects). */
function extras(named: readonly string[]): fc.Arbitrary<Json> {
  return fc.dictionary(
    fc.string({ maxLength: 8 }).filter((k) => !named.includes(k) && k !== '__proto__'),
    json,
    { maxKeys: 3 },
  );
}

/** `valid`, or `valid` with one of `fields` removed or replaced by a value `wrong` gives. */
function mutated(valid: fc.Arbitrary<Json>, fields: readonly string[], wrong: fc.Arbitrary<unknown>) {
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    valid.map((value): Case => ({ value, mutation: 'none' })),
    fc.tuple(valid, field).map(([value, name]): Case => {
      const { [name]: _dropped, ...rest } = value;
      return { value: rest, mutation: 'missing' };
    }),
    fc.tuple(valid, field, wrong).map(
      ([value, name, bad]): Case => ({
        value: { ...value, [name]: bad },
        mutation: 'wrong type',
      }),
    ),
  );
}

const KEY_FIELDS = ['kid', 'kty', 'crv', 'x', 'y'] as const;
const validKey = fc
  .tuple(fc.record(Object.fromEntries(KEY_FIELDS.map((k) => [k, fc.string()]))), extras(KEY_FIELDS))
  .map(([key, more]) => ({ ...more, ...key }));
const keyCase = mutated(validKey, KEY_FIELDS, nonString);

/** A keys document: its entries each a key case, or the document itself mutated. */
const keysCase = fc.oneof(
  fc.tuple(fc.array(keyCase, { maxLength: 4 }), extras(['keys'])).map(
    ([entries, more]): Case => ({
      value: { ...more, keys: entries.map((e) => e.value) },
      mutation: entries.find((e) => e.mutation !== 'none')?.mutation ?? 'none',
    }),
  ),
  mutated(
    fc.array(validKey, { maxLength: 2 }).map((keys) => ({ keys })),
    ['keys'],
    nonArray,
  ),
);

const EVENT_FIELDS = ['type', 'timestamp', 'data'] as const;
/** ISO 8601 date-times as the service may write them: minutes or seconds, a fraction, a zone or none. */
const timestamp = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((date) => {
    const iso = date.toISOString();
    return fc.constantFrom(iso.slice(0, 16), iso.slice(0, 19), iso.slice(0, 23), iso, `${iso.slice(0, 19)}-05:30`);
  });
/** Text that is not a date-time: refused by both as a broken rule, like a wrong type. */
const notDateTime = fc.oneof(fc.string(), fc.constantFrom('not a date', '2024-05-01', '2024-05-01 10:00:00'));
const clientData = mutated(
  fc.tuple(fc.string(), extras(['clientId'])).map(([clientId, more]) => ({ ...more, clientId })),
  ['clientId'],
  nonString,
);
/** `calculated_data.created`, its members or its `data.clientId` mutated. */
const calculatedCase = fc.oneof(
  fc.tuple(timestamp, clientData, extras(EVENT_FIELDS)).map(
    ([timestamp, data, more]): Case => ({
      value: { ...more, type: 'calculated_data.created', timestamp, data: data.value },
      mutation: data.mutation,
    }),
  ),
  mutated(
    fc.tuple(timestamp, fc.string()).map(([timestamp, clientId]) => ({
      type: 'calculated_data.created',
      timestamp,
      data: { clientId },
    })),
    EVENT_FIELDS,
    nonString.filter((v) => v === null || typeof v !== 'object'),
  ),
  // A timestamp that is not a date-time, whatever the type: the envelope's rule.
  fc.tuple(fc.oneof(fc.constant('calculated_data.created'), fc.string()), notDateTime, fc.string()).map(
    ([type, timestamp, clientId]): Case => ({
      value: { type, timestamp, data: { clientId } },
      mutation: 'wrong type',
    }),
  ),
);
/** An event of a type not documented: only the envelope is checked. */
const unknownCase = mutated(
  fc
    .tuple(
      fc.string().filter((t) => t !== 'calculated_data.created'),
      timestamp,
      extras([]),
      extras(EVENT_FIELDS),
    )
    .map(([type, timestamp, data, more]) => ({ ...more, type, timestamp, data })),
  EVENT_FIELDS,
  nonString.filter((v) => v === null || typeof v !== 'object'),
);

function expectAgreement(check: Check<unknown>, schema: Schema, { value, mutation }: Case): void {
  const hand = issuesOf(check, value);
  expect(hand).toEqual(collectIssues(schema, value));
  // Not vacuous: a valid value passes both, a mutated one fails both.
  expect(hand.length > 0).toBe(mutation !== 'none');
}

describe('the hand checks of the webhooks entry agree with the zod schemas', () => {
  it('a public key', () => {
    fc.assert(
      fc.property(keyCase, (c) => expectAgreement(webhookKeySchema, webhookKey, c)),
      RUNS,
    );
  });

  it('the keys document', () => {
    fc.assert(
      fc.property(keysCase, (c) => expectAgreement(webhookKeysSchema, webhookKeys, c)),
      RUNS,
    );
  });

  it('the keys document as the verifier reads it (entries unchecked)', () => {
    fc.assert(
      fc.property(keysCase, (c) => {
        const hand = issuesOf(documentShape, c.value);
        expect(hand).toEqual(collectIssues(webhookKeyEntries, c.value));
        // Only the document's own mutations (no `keys`, not a list) are refused here.
        const refusedDocument = !Array.isArray((c.value as { keys?: unknown }).keys);
        expect(hand.length > 0).toBe(refusedDocument);
      }),
      RUNS,
    );
  });

  it('an event, documented or not, as decodeEvent checks it', () => {
    fc.assert(
      fc.property(fc.oneof(calculatedCase, unknownCase), ({ value, mutation }) => {
        const body = JSON.stringify(value);
        const parsed: unknown = JSON.parse(body);
        const issues = collectIssues(webhookEvent, parsed);
        let refusal: string | undefined;
        try {
          decodeEvent(body);
        } catch (error) {
          refusal = (error as Error).message;
        }
        expect(refusal).toBe(
          issues.length
            ? `webhook verification failed (malformed_body): the signature is valid but the event does not have the documented shape: ${listIssues(issues)}`
            : undefined,
        );
        expect(refusal !== undefined).toBe(mutation !== 'none');
      }),
      RUNS,
    );
  });

  it('any JSON at all', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        expect(issuesOf(webhookKeysSchema, value)).toEqual(collectIssues(webhookKeys, value));
        expect(issuesOf(documentShape, value)).toEqual(collectIssues(webhookKeyEntries, value));
      }),
      RUNS,
    );
  });

  it('the endpoint table answers GET /v2/webhooks/keys with the same schema', () => {
    const reply = endpoint('webhooks.keys').response;
    expect('json' in reply && reply.json).toBe(webhookKeys);
  });
});
