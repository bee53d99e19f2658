/**
 * Property: a value the SDK sends as given (a generic resource's attributes, `prs.request`'s body) is sent exactly
 * when JSON writes it as it is, and refused with a `ValidationError`, nothing sent, exactly when JSON would drop
 * or rewrite part of it. The oracle is independent of src/core/json-value.ts: the value against its own JSON round
 * trip, with what JSON writes by rule counted as faithful (an undefined member is absent, `toJSON` decides, a boxed
 * primitive is its primitive, -0 is 0).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { recordingClient } from '../helpers/recording-fetch.js';

/** Whether `parsed` (the JSON round trip of `original`) is `original` as JSON is meant to write it. */
function faithful(original: unknown, parsed: unknown): boolean {
  if (original === null || typeof original !== 'object') {
    return typeof original === typeof parsed && original === parsed;
  }
  if (typeof (original as { toJSON?: unknown }).toJSON === 'function') return true;
  if (original instanceof Number || original instanceof String || original instanceof Boolean)
    return original.valueOf() === parsed;
  if (Array.isArray(original)) {
    if (!Array.isArray(parsed) || parsed.length !== original.length) return false;
    for (let i = 0; i < original.length; i++) if (!(i in original) || !faithful(original[i], parsed[i])) return false;
    // Every index is there: any other key is a named member, which JSON leaves out (symbol keys aside, as above).
    return Object.keys(original).length === original.length;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
  // Symbol-keyed members are not data: JSON has no symbol keys (README, "Nothing you pass is ignored").
  const kept = Object.keys(original).filter((key) => (original as Record<string, unknown>)[key] !== undefined);
  const written = Object.keys(parsed);
  if (kept.length !== written.length) return false;
  // Written as an object, a Map or a typed array would lose its kind even where its members survive.
  const proto = Object.getPrototypeOf(original);
  if (proto !== Object.prototype && proto !== null && Object.prototype.toString.call(original) !== '[object Object]')
    return false;
  return kept.every(
    (key) =>
      Object.hasOwn(parsed, key) &&
      faithful((original as Record<string, unknown>)[key], (parsed as Record<string, unknown>)[key]),
  );
}

function roundTrip(value: unknown): { parsed: unknown } | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : { parsed: JSON.parse(text) };
  } catch {
    return undefined; // a BigInt, a cycle
  }
}

const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
  maxDepth: 4,
});
/** fast-check makes no array with a named member (`Object.assign(['a'], { extra: 1 })`): made here, at any depth. */
const withNamedMembers = fc
  .tuple(
    fc.array(anything, { maxLength: 3 }),
    fc.dictionary(
      fc.string({ minLength: 1 }).filter((key) => key !== 'length' && key !== '__proto__'),
      anything,
      { minKeys: 1, maxKeys: 2 },
    ),
  )
  .map(([items, named]) => Object.assign(items, named));
const values = fc.oneof(
  { arbitrary: anything, weight: 4 },
  { arbitrary: withNamedMembers, weight: 1 },
  { arbitrary: fc.dictionary(fc.string(), withNamedMembers, { maxKeys: 2 }), weight: 1 },
);

const created = { status: 201, body: { data: { type: 'client', id: 'c1', attributes: {} } } };

describe('values sent as given', () => {
  it('a generic attribute is sent exactly when JSON writes it as it is, else refused with nothing sent', async () => {
    let sent = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        const { prs, requests } = recordingClient(created);
        const outcome = await prs.clients.create({ attributes: { value } }).then(
          () => 'sent',
          (error: unknown) => error,
        );
        const trip = roundTrip({ value });
        const expected = trip !== undefined && faithful({ value }, trip.parsed);
        if (expected) {
          sent++;
          expect(outcome).toBe('sent');
          expect(requests[0]?.body).toEqual({ data: { type: 'client', attributes: trip?.parsed } });
        } else {
          refused++;
          expect(outcome).toBeInstanceOf(ValidationError);
          expect((outcome as ValidationError).issues[0]?.path).toMatch(/^attributes\.value/);
          expect(requests).toHaveLength(0);
        }
      }),
      { numRuns: 400 },
    );
    // Both answers are exercised, each well.
    expect(sent).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(40);
  });

  it('a prs.request body is held to the same rule', async () => {
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        const { prs, requests } = recordingClient(created);
        const outcome = await prs.request({ method: 'POST', path: '/api/v2/clients', body: { value } }).then(
          () => 'sent',
          (error: unknown) => error,
        );
        const trip = roundTrip({ value });
        if (trip !== undefined && faithful({ value }, trip.parsed)) expect(outcome).toBe('sent');
        else {
          expect(outcome).toBeInstanceOf(ValidationError);
          expect(requests).toHaveLength(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});
