/**
 * Property: a delivery signed by node:crypto verifies, and changing any single byte of its body, its id or
 * its timestamp makes it fail — with a signature or timestamp reason, never a decoded event.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError, WebhookVerifier } from '../../src/webhooks/index.js';
import { type Encoding, ecdsaSign, keysEndpoint, makeKey } from './signer.js';

const key = makeKey('k1');
const endpoint = keysEndpoint([key]);
const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.test', fetch: endpoint.fetch });

const SIGNATURE_REASONS = ['no_matching_signature'];
// An id of one character changed to whitespace is blank once trimmed (as `Headers` trims): missing.
const ID_REASONS = [...SIGNATURE_REASONS, 'missing_header'];
const TIMESTAMP_REASONS = ['invalid_timestamp', 'timestamp_too_old', 'timestamp_too_new', 'no_matching_signature'];

/** Replaces the byte (a char code below 256 for header strings) at `index` by `byte ^ delta`, delta ≠ 0. */
function flipBytes(bytes: Uint8Array, index: number, delta: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  const i = index % copy.length;
  copy[i] = (copy[i] ?? 0) ^ delta;
  return copy;
}
function flipChar(text: string, index: number, delta: number): string {
  const i = index % text.length;
  return text.slice(0, i) + String.fromCharCode((text.charCodeAt(i) ^ delta) & 0xff) + text.slice(i + 1);
}

const deliveryArb = fc.record({
  clientId: fc.string({ unit: 'grapheme', maxLength: 40 }),
  id: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s !== ''),
  skew: fc.integer({ min: -290, max: 290 }),
  encoding: fc.constantFrom<Encoding>('der', 'ieee-p1363'),
  part: fc.constantFrom('body', 'id', 'timestamp'),
  index: fc.nat(),
  delta: fc.integer({ min: 1, max: 255 }),
});

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => 'verified',
    (e: unknown) => e,
  );
  if (error === 'verified') return 'verified';
  if (!(error instanceof WebhookVerificationError)) throw error;
  return error.reason;
}

describe('any single-byte change is refused', () => {
  it('of the body, the id or the timestamp', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryArb, async ({ clientId, id, skew, encoding, part, index, delta }) => {
        const body = new TextEncoder().encode(
          JSON.stringify({ type: 'calculated_data.created', timestamp: '2024-05-01T10:00:00', data: { clientId } }),
        );
        const timestamp = String(Math.floor(Date.now() / 1000) + skew);
        const headers = {
          'webhook-id': id,
          'webhook-timestamp': timestamp,
          'webhook-signature': `v1a,${ecdsaSign(key, id, timestamp, body, encoding)}`,
        };
        await expect(verifier.verify(body, headers)).resolves.toMatchObject({ data: { clientId } });

        if (part === 'body') {
          expect(SIGNATURE_REASONS).toContain(await reasonOf(verifier.verify(flipBytes(body, index, delta), headers)));
        } else if (part === 'id') {
          expect(ID_REASONS).toContain(
            await reasonOf(verifier.verify(body, { ...headers, 'webhook-id': flipChar(id, index, delta) })),
          );
        } else {
          expect(TIMESTAMP_REASONS).toContain(
            await reasonOf(
              verifier.verify(body, { ...headers, 'webhook-timestamp': flipChar(timestamp, index, delta) }),
            ),
          );
        }
      }),
      { numRuns: 300 },
    );
    expect(endpoint.calls.length).toBeLessThanOrEqual(2); // one load; refreshes fall inside the cooldown
  });
});
