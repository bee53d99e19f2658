/**
 * Issue 18, item 4: a hostile `webhook-signature` header costs bounded work. The work is counted, not timed:
 * every WebCrypto call the verifier makes goes through spies on `crypto.subtle`. Deliveries are signed
 * before the spies are installed, by node:crypto (ECDSA) and the standardwebhooks package (HMAC).
 */
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { WebhookVerificationError, WebhookVerifier } from '../../src/webhooks/index.js';
import { ecdsaSign, keysEndpoint, makeKey, now, refusal, type TestKey } from '../webhooks/signer.js';

const BASE = 'https://reporting.test';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const k1 = makeKey('k1');
const k2 = makeKey('k2');
const k3 = makeKey('k3');
const KEYS = [k1, k2, k3];
/** A 1 MiB event: each needless pass over the body would cost a hash of 1 MiB. */
const BODY = JSON.stringify({
  type: 'calculated_data.created',
  timestamp: '2024-05-01T10:00:00',
  data: { clientId: 'c1' },
  padding: 'x'.repeat(1 << 20),
});

/** Base64 of `n` bytes that are neither the HMAC nor a DER sequence (the first byte is not 0x30). */
let counter = 0;
function bogus(n: number): string {
  const bytes = Buffer.alloc(n, ++counter % 200);
  bytes[0] = 1;
  bytes.writeUInt32BE(counter, n - 4);
  return bytes.toString('base64');
}
/**
 * Base64 of 64 bytes that are also a valid DER `SEQUENCE { INTEGER r, INTEGER s }` (29 bytes each): read both
 * as raw `r‖s` and as DER, two signatures to check.
 */
function derLooking(): string {
  const bytes = Buffer.from(bogus(64), 'base64');
  bytes.set([0x30, 62, 0x02, 29], 0);
  bytes.set([0x02, 29], 33);
  bytes[4] = 1;
  bytes[35] = 1;
  return bytes.toString('base64');
}
const bogusV1 = () => `v1,${bogus(32)}`;
const bogusV1a = (kid?: string) => (kid ? `v1a,${kid},${bogus(64)}` : `v1a,${bogus(64)}`);

function delivery(signature: (id: string, timestamp: string) => string) {
  const id = `msg_${++counter}`;
  const timestamp = now();
  return {
    body: BODY,
    headers: { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature(id, timestamp) },
  };
}
const hmac = (id: string, timestamp: string) =>
  new Webhook(SECRET).sign(id, new Date(Number(timestamp) * 1000), BODY).replace(/^v1,/, '');
const ecdsa = (key: TestKey, id: string, timestamp: string) => ecdsaSign(key, id, timestamp, BODY);

function setup(options: { secret?: string; keysCooldown?: number } = {}) {
  const endpoint = keysEndpoint(KEYS);
  const verifier = new WebhookVerifier({ baseUrl: BASE, fetch: endpoint.fetch, ...options });
  return { endpoint, verifier };
}

let spies: { sign: MockInstance; verify: MockInstance; importKey: MockInstance; digest: MockInstance };
beforeEach(() => {
  spies = {
    sign: vi.spyOn(crypto.subtle, 'sign'),
    verify: vi.spyOn(crypto.subtle, 'verify'),
    importKey: vi.spyOn(crypto.subtle, 'importKey'),
    digest: vi.spyOn(crypto.subtle, 'digest'),
  };
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The kid of the key each `crypto.subtle.verify` call used, found from the `importKey` call that made it. */
async function keysVerifiedWith(): Promise<string[]> {
  const byKey = new Map<unknown, string>();
  for (const [i, call] of spies.importKey.mock.calls.entries()) {
    const jwk = call[1] as JsonWebKey;
    const kid = KEYS.find((k) => k.jwk.x === jwk.x)?.kid ?? 'hmac';
    byKey.set(await spies.importKey.mock.results[i]?.value, kid);
  }
  return spies.verify.mock.calls.map((call) => byKey.get(call[1]) ?? 'unknown');
}

const ecdsaCalls = () => spies.verify.mock.calls.filter((call) => (call[0] as { name: string }).name === 'ECDSA');

describe('v1 (HMAC-SHA256): one HMAC per secret per delivery, compared with every entry', () => {
  it('32 bogus v1 entries (the most examined) cost one HMAC, not 32', async () => {
    const { verifier, endpoint } = setup({ secret: SECRET });
    const d = delivery(() => Array.from({ length: 32 }, bogusV1).join(' '));
    const error = await refusal(verifier.verify(d.body, d.headers));

    expect(error.reason).toBe('no_matching_signature');
    expect(spies.sign).toHaveBeenCalledTimes(1);
    expect(spies.sign.mock.calls[0]?.[0]).toBe('HMAC');
    expect(spies.verify).toHaveBeenCalledTimes(0);
    expect(spies.importKey).toHaveBeenCalledTimes(1); // the secret, once
    expect(endpoint.calls).toHaveLength(0); // no v1a entry: the keys are not even fetched
  });

  it('a valid v1 entry after 31 bogus ones verifies, still with one HMAC', async () => {
    const { verifier } = setup({ secret: SECRET });
    const d = delivery((id, ts) => [...Array.from({ length: 31 }, bogusV1), `v1,${hmac(id, ts)}`].join(' '));
    const event = await verifier.verify(d.body, d.headers);

    expect(event.type).toBe('calculated_data.created');
    expect(spies.sign).toHaveBeenCalledTimes(1);
    expect(spies.verify).toHaveBeenCalledTimes(0);
  });

  it('a second delivery reuses the imported secret: one more HMAC, no more imports', async () => {
    const { verifier } = setup({ secret: SECRET });
    for (let i = 0; i < 2; i++) {
      const d = delivery((id, ts) => [bogusV1(), bogusV1(), `v1,${hmac(id, ts)}`].join(' '));
      await verifier.verify(d.body, d.headers);
    }
    expect(spies.sign).toHaveBeenCalledTimes(2);
    expect(spies.importKey).toHaveBeenCalledTimes(1);
  });
});

describe('v1a (ECDSA P-256): an entry with a kid is tried against that key only', () => {
  it('30 bogus entries naming k2 and a valid one naming k1: k3 is never tried', async () => {
    const { verifier } = setup();
    const d = delivery((id, ts) =>
      [...Array.from({ length: 30 }, () => bogusV1a('k2')), `v1a,k1,${ecdsa(k1, id, ts)}`].join(' '),
    );
    const event = await verifier.verify(d.body, d.headers);

    expect(event.type).toBe('calculated_data.created');
    expect(await keysVerifiedWith()).toEqual([...Array<string>(30).fill('k2'), 'k1']);
    expect(spies.sign).toHaveBeenCalledTimes(0);
    expect(spies.importKey).toHaveBeenCalledTimes(3); // the three listed keys, once each
  });

  it('repeated entries are checked once', async () => {
    const { verifier } = setup();
    const entry = bogusV1a('k2');
    const d = delivery((id, ts) => [...Array<string>(31).fill(entry), `v1a,k1,${ecdsa(k1, id, ts)}`].join(' '));
    await verifier.verify(d.body, d.headers);

    expect(await keysVerifiedWith()).toEqual(['k2', 'k1']);
  });

  it('after a refresh that changes nothing, no key is imported or tried again', async () => {
    const { verifier, endpoint } = setup({ keysCooldown: 0 });
    const d = delivery(() => Array.from({ length: 32 }, () => bogusV1a()).join(' '));
    const error = await refusal(verifier.verify(d.body, d.headers));

    expect(error.reason).toBe('no_matching_signature');
    expect(endpoint.calls).toHaveLength(2); // the load, then the one refresh after the miss
    // Entries without a kid: each against each held key, once — 32 × 3, not 32 × 3 again after the refresh.
    expect(ecdsaCalls()).toHaveLength(96);
    expect(spies.importKey).toHaveBeenCalledTimes(3);
  });

  it('a key rotated in by the refresh is the only one tried after it', async () => {
    const endpoint = keysEndpoint([k1, k2]);
    const verifier = new WebhookVerifier({ baseUrl: BASE, fetch: endpoint.fetch, keysCooldown: 0 });
    const first = delivery(() => bogusV1a('k1'));
    await refusal(verifier.verify(first.body, first.headers));
    spies.verify.mockClear();
    spies.importKey.mockClear();
    endpoint.keys = [k1.jwk, k2.jwk, k3.jwk];
    const d = delivery((id, ts) => [bogusV1a(), bogusV1a(), `v1a,${ecdsa(k3, id, ts)}`].join(' '));
    await verifier.verify(d.body, d.headers);

    expect(spies.importKey).toHaveBeenCalledTimes(1); // k3 only: k1 and k2 are unchanged
    // Before the refresh: 3 entries × k1, k2. After it: the same 3 entries × k3 only, the last one verifying.
    expect(ecdsaCalls()).toHaveLength(9);
  });
});

describe('caps: at most 32 entries and 8,192 characters, refused beyond with a reason', () => {
  it('300 bogus v1 entries are refused before any HMAC is computed', async () => {
    const { verifier } = setup({ secret: SECRET });
    const d = delivery(() => Array.from({ length: 300 }, bogusV1).join(' '));
    const error = await refusal(verifier.verify(d.body, d.headers));

    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.reason).toBe('signature_header_too_large');
    expect(error.message).toBe(
      `webhook verification failed (signature_header_too_large): the \`webhook-signature\` header is ${d.headers['webhook-signature'].length.toLocaleString('en-US')} characters long; at most 8,192 are read`,
    );
    for (const spy of Object.values(spies)) expect(spy).toHaveBeenCalledTimes(0);
  });

  it('33 entries (under 8,192 characters) are refused before any key is fetched or signature checked', async () => {
    const { verifier, endpoint } = setup({ secret: SECRET });
    const d = delivery((id, ts) =>
      [...Array.from({ length: 32 }, () => bogusV1a('k1')), `v1,${hmac(id, ts)}`].join(' '),
    );
    expect(d.headers['webhook-signature'].length).toBeLessThan(8_192);
    const error = await refusal(verifier.verify(d.body, d.headers));

    expect(error.reason).toBe('signature_header_too_large');
    expect(error.message).toBe(
      'webhook verification failed (signature_header_too_large): the `webhook-signature` header holds 33 entries; at most 32 are read',
    );
    expect(endpoint.calls).toHaveLength(0);
    for (const spy of Object.values(spies)) expect(spy).toHaveBeenCalledTimes(0);
  });

  it('64-byte entries that are also DER count twice: 16 cost 32 × 3 checks, 17 are refused before any', async () => {
    const { verifier, endpoint } = setup({ keysCooldown: 60_000 });
    const within = delivery(() => Array.from({ length: 16 }, () => `v1a,${derLooking()}`).join(' '));
    expect((await refusal(verifier.verify(within.body, within.headers))).reason).toBe('no_matching_signature');
    expect(ecdsaCalls()).toHaveLength(96); // 32 signatures × 3 keys: the documented most

    spies.verify.mockClear();
    const d = delivery(() => Array.from({ length: 17 }, () => `v1a,${derLooking()}`).join(' '));
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(error.reason).toBe('signature_header_too_large');
    expect(error.message).toBe(
      'webhook verification failed (signature_header_too_large): the `webhook-signature` header holds 34 ECDSA signatures (a 64-byte one valid as DER counts twice); at most 32 are read',
    );
    expect(spies.verify).toHaveBeenCalledTimes(0);
    expect(endpoint.calls).toHaveLength(1); // the first delivery's load only

    // 32 such entries (within the 32-entry cap) were 64 signatures × 3 keys = 192 checks.
    const full = delivery(() => Array.from({ length: 32 }, () => `v1a,${derLooking()}`).join(' '));
    expect((await refusal(verifier.verify(full.body, full.headers))).reason).toBe('signature_header_too_large');
    expect(spies.verify).toHaveBeenCalledTimes(0);
  });

  it('entries of every version count, also across repeated headers', async () => {
    const { verifier } = setup({ secret: SECRET });
    const d = delivery((id, ts) => `v1,${hmac(id, ts)}`);
    const headers = {
      ...d.headers,
      'webhook-signature': [d.headers['webhook-signature'], ...Array.from({ length: 32 }, (_, i) => `v9,${i}`)],
    };
    const error = await refusal(verifier.verify(d.body, headers));
    expect(error.message).toMatch(/holds 33 entries; at most 32 are read$/);
  });

  it('exactly 32 entries in exactly 8,192 characters: read, and the valid last entry verifies', async () => {
    const { verifier } = setup({ secret: SECRET });
    const d = delivery((id, ts) => {
      const entries = [...Array.from({ length: 30 }, bogusV1), `v1,${hmac(id, ts)}`];
      const used = entries.join(' ').length + 1; // and the space before the filler
      return [`v9,${'A'.repeat(8_192 - used - 3)}`, ...entries].join(' ');
    });
    expect(d.headers['webhook-signature'].length).toBe(8_192);
    expect(d.headers['webhook-signature'].split(' ')).toHaveLength(32);

    const event = await verifier.verify(d.body, d.headers);
    expect(event.type).toBe('calculated_data.created');
    expect(spies.sign).toHaveBeenCalledTimes(1);
  });
});
