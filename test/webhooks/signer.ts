/**
 * An independent signer for the tests: node:crypto ECDSA P-256 (DER or IEEE P1363 encoding), never the
 * SDK's own code, plus a keys endpoint stub that counts its calls and a helper for the expected refusals.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { expect } from 'vitest';
import { PortfolioReportingError } from '../../src/core/errors.js';
import { WebhookVerificationError } from '../../src/webhooks/index.js';

export interface TestKey {
  kid: string;
  privateKey: KeyObject;
  /** The public key as the service lists it (base64url coordinates, as node exports them). */
  jwk: { kid: string; kty: 'EC'; crv: 'P-256'; x: string; y: string };
}

export function makeKey(kid: string): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  if (!x || !y) throw new Error('node exported no coordinates');
  return { kid, privateKey, jwk: { kid, kty: 'EC', crv: 'P-256', x, y } };
}

export type Encoding = 'der' | 'ieee-p1363';

/** Signs `id.timestamp.body` over the raw bytes; returns the signature in base64. */
export function ecdsaSign(
  key: TestKey,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
  encoding: Encoding = 'ieee-p1363',
): string {
  const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), Buffer.from(body)]);
  return sign('sha256', content, { key: key.privateKey, dsaEncoding: encoding }).toString('base64');
}

export const now = (): string => String(Math.floor(Date.now() / 1000));

export interface Delivery {
  body: string;
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };
}

let sequence = 0;

/** A delivery of `event` signed by `key` as `v1a,<base64>` (other forms through `entry`). */
export function delivery(
  key: TestKey,
  event: unknown = { type: 'calculated_data.created', timestamp: '2024-05-01T10:00:00', data: { clientId: 'c1' } },
  options: { encoding?: Encoding; timestamp?: string; id?: string; entry?: (signature: string) => string } = {},
): Delivery {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const id = options.id ?? `msg_${++sequence}`;
  const timestamp = options.timestamp ?? now();
  const signature = ecdsaSign(key, id, timestamp, body, options.encoding);
  return {
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': options.entry ? options.entry(signature) : `v1a,${signature}`,
    },
  };
}

/** A fetch that answers the keys endpoint with the current `keys` (or `fail`), counting calls. */
export function keysEndpoint(initial: TestKey[]) {
  const state = {
    keys: initial.map((k) => k.jwk) as unknown[],
    fail: undefined as undefined | 'status' | 'network' | 'hang',
    calls: [] as { url: string; headers: Headers }[],
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      state.calls.push({ url: String(input), headers: new Headers(init?.headers) });
      if (state.fail === 'network') throw new TypeError('fetch failed');
      if (state.fail === 'hang') {
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      }
      if (state.fail === 'status') return new Response('{"errors":[{"status":503,"detail":"down"}]}', { status: 503 });
      // Yield once, as a real request would, so concurrent callers overlap.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Response.json({ keys: state.keys });
    }) as typeof fetch,
  };
  return state;
}

/** The `WebhookVerificationError` a verification is expected to end with (fails the test otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    (value) => new Error(`expected a refusal, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  expect(error).toBeInstanceOf(PortfolioReportingError);
  return error as WebhookVerificationError;
}
