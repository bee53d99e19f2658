import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { PortfolioReportingError, ValidationError } from '../../src/core/errors.js';
import { type UnknownWebhookEvent, type WebhookEvent, WebhookVerifier } from '../../src/webhooks/index.js';
import { json, startServer, type TestServer } from '../helpers/http-server.js';
import { thrownValidationError } from '../helpers/issues.js';
import { delivery, ecdsaSign, keysEndpoint, makeKey, now, refusal } from './signer.js';

const BASE = 'https://reporting.test';
const k1 = makeKey('k1');
const k2 = makeKey('k2');
const EVENT = { type: 'calculated_data.created', timestamp: '2024-05-01T10:00:00', data: { clientId: 'c1' } };

function setup(keys = [k1], options: Partial<ConstructorParameters<typeof WebhookVerifier>[0]> = {}) {
  const endpoint = keysEndpoint(keys);
  const verifier = new WebhookVerifier({ baseUrl: BASE, fetch: endpoint.fetch, ...options });
  return { endpoint, verifier };
}

describe('WebhookVerifier: signatures from node:crypto', () => {
  it.each(['der', 'ieee-p1363'] as const)(
    'verifies an ECDSA P-256 %s signature and returns the typed event',
    async (encoding) => {
      const { endpoint, verifier } = setup();
      const d = delivery(k1, EVENT, { encoding });
      const event: WebhookEvent = await verifier.verify(d.body, d.headers);
      expect(event).toEqual(EVENT);
      if (event.type !== 'calculated_data.created') throw new Error('narrowing failed');
      expect(event.data.clientId).toBe('c1');
      expect(endpoint.calls).toHaveLength(1);
      expect(endpoint.calls[0]?.url).toBe('https://reporting.test/v2/webhooks/keys');
      expect(endpoint.calls[0]?.headers.get('accept')).toBe('application/json');
      expect(endpoint.calls[0]?.headers.get('authorization')).toBeNull();
    },
  );

  it('reads the body as a string, Buffer, Uint8Array, ArrayBuffer or a view into a larger buffer', async () => {
    const { verifier } = setup();
    const d = delivery(k1, { ...EVENT, data: { clientId: 'ü-€' } });
    const bytes = new TextEncoder().encode(d.body);
    const padded = new Uint8Array(bytes.length + 7);
    padded.set(bytes, 3);
    for (const body of [
      d.body,
      Buffer.from(d.body),
      bytes,
      bytes.buffer,
      padded.subarray(3, 3 + bytes.length),
      new DataView(padded.buffer, 3, bytes.length),
    ]) {
      await expect(verifier.verify(body, d.headers)).resolves.toMatchObject({ data: { clientId: 'ü-€' } });
    }
  });

  it('reads headers from Headers, a Request, and a plain object in any case with string[] values', async () => {
    const { verifier } = setup();
    const d = delivery(k1);
    const shouting = Object.fromEntries(Object.entries(d.headers).map(([k, v]) => [k.toUpperCase(), [v]]));
    const request = new Request('https://receiver.test/hook', { method: 'POST', headers: d.headers, body: d.body });
    for (const headers of [
      new Headers(d.headers),
      request,
      shouting,
      {
        'Webhook-Id': d.headers['webhook-id'],
        'webhook-TIMESTAMP': d.headers['webhook-timestamp'],
        'webhook-signature': d.headers['webhook-signature'],
      },
    ]) {
      await expect(verifier.verify(d.body, headers)).resolves.toEqual(EVENT);
    }
  });

  it('joins one header given under two spellings in a plain object, and ignores every other header', async () => {
    const { verifier } = setup();
    const d = delivery(k1);
    const headers = {
      ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`x-other-${i}`, 'v1a,AAAA'])),
      'webhook-id': d.headers['webhook-id'],
      'webhook-timestamp': d.headers['webhook-timestamp'],
      'Webhook-Signature': `v1a,${Buffer.alloc(64).toString('base64')}`,
      'webhook-signature': d.headers['webhook-signature'],
      'webhook-key-id': undefined,
    };
    await expect(verifier.verify(d.body, headers)).resolves.toEqual(EVENT);
    // The two spellings are one header: without the valid entry, the joined value holds none that verifies.
    const { 'webhook-signature': _valid, ...withoutValid } = headers;
    await expect(verifier.verify(d.body, withoutValid)).rejects.toMatchObject({ reason: 'no_matching_signature' });
  });

  it('accepts any valid entry of a space-separated list, skipping unknown versions and garbage', async () => {
    const { verifier } = setup();
    const d = delivery(k1, EVENT, {
      entry: (sig) => `v9,whatever v1a,!!notbase64!! v1a,${Buffer.alloc(64).toString('base64')} v1a,${sig}`,
    });
    await expect(verifier.verify(d.body, d.headers)).resolves.toEqual(EVENT);
  });

  it('accepts entries joined by ", " as Node and fetch join repeated headers', async () => {
    const { verifier } = setup();
    const d = delivery(k1);
    const joined = new Headers({
      'webhook-id': d.headers['webhook-id'],
      'webhook-timestamp': d.headers['webhook-timestamp'],
    });
    joined.append('webhook-signature', 'v1a,AAAA');
    joined.append('webhook-signature', d.headers['webhook-signature']);
    expect(joined.get('webhook-signature')).toMatch(/^v1a,AAAA, v1a,/);
    await expect(verifier.verify(d.body, joined)).resolves.toEqual(EVENT);
  });

  it('accepts x and y in padded standard base64 as well as base64url', async () => {
    const toBase64 = (b64url: string) => Buffer.from(b64url, 'base64url').toString('base64');
    const endpoint = keysEndpoint([]);
    endpoint.keys = [{ ...k1.jwk, x: toBase64(k1.jwk.x), y: toBase64(k1.jwk.y) }];
    const verifier = new WebhookVerifier({ baseUrl: BASE, fetch: endpoint.fetch });
    const d = delivery(k1);
    await expect(verifier.verify(d.body, d.headers)).resolves.toEqual(EVENT);
  });

  it('uses only the key an entry names (`v1a,<kid>,<sig>`) or the `webhook-key-id` header names', async () => {
    const { verifier } = setup([k1, k2]);
    const named = delivery(k2, EVENT, { entry: (sig) => `v1a,k2,${sig}` });
    await expect(verifier.verify(named.body, named.headers)).resolves.toEqual(EVENT);
    const viaHeader = delivery(k2);
    await expect(verifier.verify(viaHeader.body, { ...viaHeader.headers, 'webhook-key-id': 'k2' })).resolves.toEqual(
      EVENT,
    );
    // Signed by k2 but naming k1: k1 alone is tried, so it fails although k2 is held.
    const misnamed = delivery(k2, EVENT, { entry: (sig) => `v1a,k1,${sig}` });
    expect((await refusal(verifier.verify(misnamed.body, misnamed.headers))).reason).toBe('no_matching_signature');
  });

  it('checks asymmetric entries under the configured version tags', async () => {
    const { verifier } = setup([k1], { versions: ['v1e', 'v2a'] });
    const d = delivery(k1, EVENT, { entry: (sig) => `v2a,${sig}` });
    await expect(verifier.verify(d.body, d.headers)).resolves.toEqual(EVENT);
    const v1a = delivery(k1);
    const error = await refusal(verifier.verify(v1a.body, v1a.headers));
    expect(error.reason).toBe('unsupported_signature');
    expect(error.message).toBe(
      'webhook verification failed (unsupported_signature): signed with v1a; this verifier checks v1e, v2a',
    );
  });

  it('never trusts a key that arrives with the delivery', async () => {
    const { endpoint, verifier } = setup([k1]);
    const attacker = makeKey('k1'); // same kid, other key pair
    const d = delivery(attacker, EVENT, { entry: (sig) => `v1a,k1,${sig}` });
    const headers = {
      ...d.headers,
      'webhook-key': JSON.stringify(attacker.jwk),
      'webhook-jwk': JSON.stringify(attacker.jwk),
    };
    expect((await refusal(verifier.verify(d.body, headers))).reason).toBe('no_matching_signature');
    expect(endpoint.calls.map((c) => c.url)).toEqual(['https://reporting.test/v2/webhooks/keys']);
  });
});

describe('WebhookVerifier: symmetric v1 with a whsec_ secret (signed by standardwebhooks)', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = JSON.stringify(EVENT);
  /** The headers of a delivery of `body` signed now by the standardwebhooks package with `key`. */
  const signedWith = (key: string, id = 'msg_v1') => {
    const timestamp = new Date();
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(id, timestamp, body),
    };
  };

  it('verifies a v1 entry signed by the standardwebhooks package, without fetching keys', async () => {
    const { endpoint, verifier } = setup([k1], { secret });
    await expect(verifier.verify(body, signedWith(secret))).resolves.toEqual(EVENT);
    expect(endpoint.calls).toHaveLength(0);
  });

  it('takes the secret without its whsec_ prefix too, as the standardwebhooks package does', async () => {
    const { verifier } = setup([k1], { secret: secret.slice('whsec_'.length) });
    await expect(verifier.verify(body, signedWith(secret, 'msg_bare'))).resolves.toEqual(EVENT);
  });

  it('refuses a v1 entry made with another secret, and never echoes the secret', async () => {
    const { verifier } = setup([k1], { secret });
    const error = await refusal(verifier.verify(body, signedWith('whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldA==')));
    expect(error.reason).toBe('no_matching_signature');
    expect(error.message).toBe(
      'webhook verification failed (no_matching_signature): no `v1` signature matches the secret',
    );
    expect(String(error)).not.toContain('MfKQ9r8');
  });

  it('says how to verify v1 entries when no secret is configured', async () => {
    const { verifier } = setup();
    const error = await refusal(verifier.verify(body, signedWith(secret, 'm')));
    expect(error.reason).toBe('unsupported_signature');
    expect(error.message).toContain('configure `secret` for v1');
  });

  it('refuses a malformed secret at construction without echoing it', () => {
    expect(() => new WebhookVerifier({ baseUrl: BASE, secret: 'whsec_not base64 at all!' })).toThrow(
      new ValidationError(
        'new WebhookVerifier()',
        [
          {
            path: 'secret',
            message: 'must be the `whsec_…` signing secret (base64 after the prefix), got other text (not shown)',
          },
        ],
        '',
      ),
    );
  });
});

describe('WebhookVerifier: refusals', () => {
  it.each([
    ['body', (d: ReturnType<typeof delivery>) => ({ ...d, body: d.body.replace('c1', 'c2') })],
    [
      'id',
      (d: ReturnType<typeof delivery>) => ({
        ...d,
        headers: { ...d.headers, 'webhook-id': `${d.headers['webhook-id']}x` },
      }),
    ],
    [
      'timestamp',
      (d: ReturnType<typeof delivery>) => ({
        ...d,
        headers: { ...d.headers, 'webhook-timestamp': String(Number(d.headers['webhook-timestamp']) - 1) },
      }),
    ],
  ])('refuses a tampered %s', async (_what, tamper) => {
    const { verifier } = setup();
    const t = tamper(delivery(k1));
    const error = await refusal(verifier.verify(t.body, t.headers));
    expect(error.reason).toBe('no_matching_signature');
    expect(error.message).toBe(
      'webhook verification failed (no_matching_signature): no signature verifies with the 1 active key(s)',
    );
  });

  it('refuses timestamps outside the tolerance, both ways, and accepts them inside', async () => {
    const { verifier } = setup([k1], { toleranceSeconds: 60 });
    const at = (offset: number) => delivery(k1, EVENT, { timestamp: String(Math.floor(Date.now() / 1000) + offset) });
    const old = at(-70);
    const stale = await refusal(verifier.verify(old.body, old.headers));
    expect(stale.reason).toBe('timestamp_too_old');
    expect(stale.message).toMatch(
      /^webhook verification failed \(timestamp_too_old\): signed 7\d s ago, past the tolerance of 60 s$/,
    );
    const future = at(70);
    expect((await refusal(verifier.verify(future.body, future.headers))).reason).toBe('timestamp_too_new');
    for (const offset of [-50, 50]) {
      const d = at(offset);
      await expect(verifier.verify(d.body, d.headers)).resolves.toEqual(EVENT);
    }
  });

  it('refuses the default tolerance of 5 minutes plus a few seconds', async () => {
    const { verifier } = setup();
    const d = delivery(k1, EVENT, { timestamp: String(Math.floor(Date.now() / 1000) - 310) });
    expect((await refusal(verifier.verify(d.body, d.headers))).reason).toBe('timestamp_too_old');
  });

  it.each(['1.5e9', '-1700000000', 'yesterday', '1700000000.5', '1700000000 x'])(
    'refuses the timestamp %j',
    async (timestamp) => {
      const { endpoint, verifier } = setup();
      const d = delivery(k1, EVENT, { timestamp });
      const error = await refusal(verifier.verify(d.body, d.headers));
      expect(error.reason).toBe('invalid_timestamp');
      expect(endpoint.calls).toHaveLength(0);
    },
  );

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const)(
    'refuses a delivery without %s (absent or empty)',
    async (name) => {
      const { endpoint, verifier } = setup();
      const d = delivery(k1);
      const { [name]: _dropped, ...rest } = d.headers;
      for (const headers of [rest, { ...d.headers, [name]: '' }, new Headers(rest)]) {
        const error = await refusal(verifier.verify(d.body, headers));
        expect(error.reason).toBe('missing_header');
        expect(error.message).toBe(
          `webhook verification failed (missing_header): the \`${name}\` header is missing or empty`,
        );
      }
      expect(endpoint.calls).toHaveLength(0);
    },
  );

  it('refuses a signature by a key the service does not list', async () => {
    const { endpoint, verifier } = setup([k1]);
    const d = delivery(makeKey('stranger'));
    expect((await refusal(verifier.verify(d.body, d.headers))).reason).toBe('no_matching_signature');
    const named = delivery(makeKey('stranger'), EVENT, { entry: (sig) => `v1a,stranger,${sig}` });
    const error = await refusal(verifier.verify(named.body, named.headers));
    expect(error.reason).toBe('unknown_key');
    expect(error.message).toBe(
      'webhook verification failed (unknown_key): key id "stranger" is not among the service\'s active keys (keys not fetched again within `keysCooldown`)',
    );
    expect(endpoint.calls).toHaveLength(1); // the refreshes fall inside the cooldown
  });

  const sig = ecdsaSign(k1, 'm', '1', 'x');
  const raw = Buffer.from(sig, 'base64');
  it.each([
    ['not base64', 'v1a,***'],
    ['base64 broken by a space', `v1a,${sig.slice(0, 10)} ${sig.slice(10)}`],
    ['63 bytes', `v1a,${raw.subarray(0, 63).toString('base64')}`],
    ['65 bytes', `v1a,${Buffer.concat([raw, Buffer.from([0])]).toString('base64')}`],
    ['an empty signature', 'v1a,'],
    ['an empty kid', `v1a,,${sig}`],
    ['four parts', `v1a,k1,x,${sig}`],
    [
      'a broken DER sequence',
      `v1a,${Buffer.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x02, 0x01]).toString('base64')}`,
    ],
  ])('refuses a malformed signature: %s', async (_what, header) => {
    const { endpoint, verifier } = setup();
    const d = delivery(k1);
    const error = await refusal(verifier.verify(d.body, { ...d.headers, 'webhook-signature': header }));
    expect(error.reason).toBe('malformed_signature');
    expect(error.message).toBe(
      'webhook verification failed (malformed_signature): no `webhook-signature` entry of v1a could be decoded (expected `version,[kid,]base64`)',
    );
    expect(endpoint.calls).toHaveLength(0);
  });

  it('refuses a parsed body and explains why the raw bytes are needed', async () => {
    const { endpoint, verifier } = setup();
    const d = delivery(k1);
    const error = await refusal(verifier.verify(JSON.parse(d.body), d.headers));
    expect(error.reason).toBe('invalid_body_type');
    expect(error.message).toContain('got an object (parsed JSON?)');
    expect(error.message).toContain('the signature covers the bytes sent');
    expect(error.message).toContain("express.raw({ type: 'application/json' })");
    expect((await refusal(verifier.verify(undefined as never, d.headers))).message).toContain(
      'got undefined (was the body read?)',
    );
    expect(endpoint.calls).toHaveLength(0);
  });

  it('rejects malformed arguments to the constructor', () => {
    expect(() => new WebhookVerifier({})).toThrow(
      'new WebhookVerifier(): baseUrl: is required (the keys come from {baseUrl}/v2/webhooks/keys; or pass loadKeys)',
    );
    expect(() => new WebhookVerifier({ baseUrl: 'reporting.example.com' })).toThrow(
      'new WebhookVerifier(): baseUrl: must be an absolute http:// or https:// URL (e.g. https://reporting.example.com), got "reporting.example.com"',
    );
    expect(() => new WebhookVerifier({ baseUrl: BASE, versions: ['v1'] })).toThrow('`v1` is the symmetric scheme');
    expect(() => new WebhookVerifier({ baseUrl: BASE, toleranceSeconds: -1 })).toThrow(
      'new WebhookVerifier(): toleranceSeconds: must be a finite number of seconds, 0 or more, got number -1',
    );
  });

  it('refuses no options at all as it refuses {}, with a ValidationError (it was a TypeError)', () => {
    const Verifier = WebhookVerifier as new (options?: unknown) => WebhookVerifier;
    expect(thrownValidationError(() => new Verifier()).message).toBe(
      'new WebhookVerifier(): baseUrl: is required (the keys come from {baseUrl}/v2/webhooks/keys; or pass loadKeys)',
    );
    expect(thrownValidationError(() => new Verifier(null)).message).toBe(
      'new WebhookVerifier(): options: must be an object, got null',
    );
  });

  it('refuses baseUrl, fetch and accessToken given with loadKeys, which replaces them (they went unused)', () => {
    const loadKeys = async () => ({ keys: [k1.jwk] });
    const error = thrownValidationError(
      () => new WebhookVerifier({ loadKeys, baseUrl: 'not a url', fetch: (() => 1) as never, accessToken: 'tok-1' }),
    );
    expect(error.message).toBe('new WebhookVerifier(): baseUrl: must be left out: loadKeys replaces it');
    expect(thrownValidationError(() => new WebhookVerifier({ loadKeys, accessToken: 'tok-1' })).issues).toEqual([
      { path: 'accessToken', message: 'must be left out: loadKeys replaces it' },
    ]);
    expect(thrownValidationError(() => new WebhookVerifier({ loadKeys, fetch })).issues).toEqual([
      { path: 'fetch', message: 'must be left out: loadKeys replaces it' },
    ]);
    // Left out, or undefined as an unset variable gives it, they are no conflict.
    expect(new WebhookVerifier({ loadKeys, baseUrl: undefined, accessToken: undefined })).toBeInstanceOf(
      WebhookVerifier,
    );
  });

  it('refuses an empty versions list unless a secret verifies v1 entries (nothing could be verified)', async () => {
    expect(thrownValidationError(() => new WebhookVerifier({ baseUrl: BASE, versions: [] })).message).toBe(
      'new WebhookVerifier(): versions: must not be empty without a `secret` (nothing could be verified)',
    );
    // With a secret, an empty list verifies `v1` entries alone: an ECDSA entry is not checked.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const { verifier } = setup([k1], { versions: [], secret });
    const body = JSON.stringify(EVENT);
    const timestamp = new Date();
    const headers = {
      'webhook-id': 'msg_v1',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_v1', timestamp, body),
    };
    await expect(verifier.verify(body, headers)).resolves.toEqual(EVENT);
    const d = delivery(k1);
    expect((await refusal(verifier.verify(d.body, d.headers))).message).toBe(
      'webhook verification failed (unsupported_signature): signed with v1a; this verifier checks v1',
    );
  });

  it.each([
    [
      'toleranceSeconds as a string',
      { toleranceSeconds: '300' },
      'toleranceSeconds',
      'must be a finite number of seconds, 0 or more, got "300"',
    ],
    // null was taken as the default, 300.
    [
      'toleranceSeconds null',
      { toleranceSeconds: null },
      'toleranceSeconds',
      'must be a finite number of seconds, 0 or more, got null',
    ],
    [
      'toleranceSeconds NaN',
      { toleranceSeconds: Number.NaN },
      'toleranceSeconds',
      'must be a finite number of seconds, 0 or more, got number NaN',
    ],
    // A value given in the secret's place is not echoed either: only its kind.
    [
      'secret as a number',
      { secret: 12345 },
      'secret',
      'must be the `whsec_…` signing secret (base64 after the prefix), got number',
    ],
    [
      'a version tag with a space',
      { versions: ['v1a', 'v 1'] },
      'versions.1',
      'must be a version tag such as "v1a", got "v 1"',
    ],
    [
      'the symmetric version',
      { versions: ['v1'] },
      'versions.0',
      'must be an ECDSA version tag (`v1` is the symmetric scheme: configure `secret`)',
    ],
  ])('refuses %s with a ValidationError naming the option', (_what, options, path, message) => {
    let error: unknown;
    try {
      new WebhookVerifier({ baseUrl: BASE, ...(options as object) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(`new WebhookVerifier(): ${path}: ${message}`);
    expect((error as ValidationError).issues).toEqual([{ path, message }]);
    expect((error as Error).message).not.toContain('12345');
  });
});

describe('WebhookVerifier: events', () => {
  it('decodes an unknown event type keeping every field', async () => {
    const { verifier } = setup();
    const future = {
      type: 'portfolio.closed',
      timestamp: '2024-05-01T10:00:00',
      data: { portfolioId: 'p1', extra: [1, 2] },
      version: 3,
    };
    const d = delivery(k1, future);
    const event = await verifier.verify(d.body, d.headers);
    expect(event).toEqual(future);
    if (event.type === 'calculated_data.created') throw new Error(`decoded as a known kind: ${event.data.clientId}`);
    const other: UnknownWebhookEvent = event; // the documented way to read the remaining branch
    expect(String(other.type)).toBe('portfolio.closed');
    expect(other.data.portfolioId).toBe('p1');
    expect(other.version).toBe(3);
  });

  it('keeps unknown fields of a known event', async () => {
    const { verifier } = setup();
    const d = delivery(k1, { ...EVENT, data: { clientId: 'c1', region: 'eu' }, attempt: 2 });
    await expect(verifier.verify(d.body, d.headers)).resolves.toEqual({
      ...EVENT,
      data: { clientId: 'c1', region: 'eu' },
      attempt: 2,
    });
  });

  it.each([
    [
      'a known type without its data',
      { ...EVENT, data: {} },
      'the signature is valid but the event does not have the documented shape: data.clientId: is required',
    ],
    [
      'a number for clientId',
      { ...EVENT, data: { clientId: 7 } },
      'the signature is valid but the event does not have the documented shape: data.clientId: must be a string, got number 7',
    ],
    [
      'no timestamp',
      { type: 'x', data: {} },
      'the signature is valid but the event does not have the documented shape: timestamp: is required',
    ],
    ['not JSON', 'not json {', 'the signature is valid but the body is not UTF-8 JSON'],
    [
      'a timestamp that is not an ISO 8601 date-time',
      { type: 'calculated_data.created', timestamp: 'not a date', data: { clientId: 'c1' } },
      'the signature is valid but the event does not have the documented shape: timestamp: must be an ISO 8601 date-time, e.g. 2024-05-01T10:00:00',
    ],
    [
      'an unknown type whose timestamp is a date only',
      { type: 'x', timestamp: '2024-05-01', data: {} },
      'the signature is valid but the event does not have the documented shape: timestamp: must be an ISO 8601 date-time, e.g. 2024-05-01T10:00:00',
    ],
  ])('refuses a validly signed body with %s as malformed_body', async (_what, event, message) => {
    const { verifier } = setup();
    const d = delivery(k1, event);
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(error.reason).toBe('malformed_body');
    expect(error.message).toBe(`webhook verification failed (malformed_body): ${message}`);
  });

  it('refuses a validly signed body that is not UTF-8', async () => {
    const { verifier } = setup();
    const body = Buffer.from([0x7b, 0xff, 0x7d]);
    const timestamp = now();
    const headers = {
      'webhook-id': 'm',
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1a,${ecdsaSign(k1, 'm', timestamp, body)}`,
    };
    expect((await refusal(verifier.verify(body, headers))).reason).toBe('malformed_body');
  });
});

describe('WebhookVerifier: messages name the real problem', () => {
  const refused = async (body: unknown, headers: unknown) =>
    (await refusal(setup().verifier.verify(body as string, headers as Headers))).message;

  it('a timestamp in milliseconds is named as such; a seconds one in the future asks to check the clocks', async () => {
    const ms = delivery(k1, EVENT, { timestamp: String(Date.now()) });
    expect(await refused(ms.body, ms.headers)).toMatch(
      /^webhook verification failed \(timestamp_too_new\): dated \d+ s ahead, past the tolerance of 300 s \(milliseconds\? it must be whole seconds\)$/,
    );
    const ahead = delivery(k1, EVENT, { timestamp: String(Math.floor(Date.now() / 1000) + 3_600) });
    expect(await refused(ahead.body, ahead.headers)).toMatch(/past the tolerance of 300 s \(check the clocks\)$/);
  });

  it('a timestamp header given twice says so, from a plain object as from Headers', async () => {
    const d = delivery(k1);
    const twice = new Headers(d.headers);
    twice.append('webhook-timestamp', d.headers['webhook-timestamp']);
    const message =
      'webhook verification failed (invalid_timestamp): `webhook-timestamp` must be whole seconds since the Unix epoch (it was repeated)';
    const ts = d.headers['webhook-timestamp'];
    expect(await refused(d.body, { ...d.headers, 'webhook-timestamp': [ts, ts] })).toBe(message);
    expect(await refused(d.body, twice)).toBe(message);
  });

  it('a plain object is read as Headers reads it: values trimmed, blank is missing', async () => {
    const { verifier } = setup();
    const d = delivery(k1);
    const padded = { ...d.headers, 'webhook-timestamp': ` ${d.headers['webhook-timestamp']}\t` };
    await expect(verifier.verify(d.body, padded)).resolves.toEqual(EVENT);
    await expect(verifier.verify(d.body, new Headers(padded))).resolves.toEqual(EVENT);
    const missing = 'webhook verification failed (missing_header): the `webhook-signature` header is missing or empty';
    const blank = { ...d.headers, 'webhook-signature': '   ' };
    expect(await refused(d.body, blank)).toBe(missing);
    expect(await refused(d.body, new Headers(blank))).toBe(missing);
    const spaced = { ...d.headers, 'webhook-signature': [` ${d.headers['webhook-signature']} `] };
    await expect(verifier.verify(d.body, spaced)).resolves.toEqual(EVENT);
  });

  it('names a header value that is not a string, and a body of a kind not read', async () => {
    const d = delivery(k1);
    const seconds = Number(d.headers['webhook-timestamp']);
    expect(await refused(d.body, { ...d.headers, 'webhook-timestamp': seconds })).toBe(
      `webhook verification failed (missing_header): the \`webhook-timestamp\` header must be a string, got number ${seconds}`,
    );
    expect(await refused(new SharedArrayBuffer(8), d.headers)).toContain(
      'ArrayBuffer), got a SharedArrayBuffer: the signature covers the bytes sent',
    );
    expect(await refused(5, d.headers)).toContain('ArrayBuffer), got number 5: the signature');
  });

  it.each([
    ['undefined', undefined, 'is required'],
    ['null', null, 'must be Headers, a Request, a plain object or pairs, got null'],
    ['a string', 'webhook-id: m', 'must be Headers, a Request, a plain object or pairs, got "webhook-id: m"'],
  ])(
    'refuses headers that are %s with a ValidationError naming them (undefined and null were a TypeError)',
    async (_what, headers, message) => {
      const { endpoint, verifier } = setup();
      const error = await verifier.verify(delivery(k1).body, headers as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe(`verify(): headers: ${message}`);
      expect(endpoint.calls).toHaveLength(0);
    },
  );

  it('a body that begins with a byte order mark verifies as text and as bytes, not once decoded', async () => {
    const { verifier } = setup();
    const text = `\uFEFF${JSON.stringify(EVENT)}`;
    const d = delivery(k1, text);
    await expect(verifier.verify(d.body, d.headers)).resolves.toEqual(EVENT);
    const request = () => new Request('https://app.test/hooks', { method: 'POST', headers: d.headers, body: text });
    await expect(verifier.verify(await request().arrayBuffer(), d.headers)).resolves.toEqual(EVENT);
    // `.text()` decodes the bytes and drops the mark: the signature no longer matches (README, Webhooks: Body).
    expect((await refusal(verifier.verify(await request().text(), d.headers))).reason).toBe('no_matching_signature');
  });
});

describe('WebhookVerifier: headers as [name, value] pairs, and extra arguments', () => {
  it('verifies a delivery whose headers are pairs, read as `new Headers(pairs)` reads them', async () => {
    const { verifier } = setup();
    const d = delivery(k1);
    const pairs = Object.entries(d.headers).map(
      ([name, value]) => [name.toUpperCase(), ` ${value}`] as [string, string],
    );
    await expect(verifier.verify(d.body, pairs)).resolves.toEqual(EVENT);
    // A repeated name is joined by ", ", as `Headers` joins it: the valid entry still verifies.
    const repeated: [string, string][] = [...pairs, ['webhook-signature', 'v1a,AAAA']];
    await expect(verifier.verify(d.body, repeated)).resolves.toEqual(EVENT);
  });

  it.each([
    ['a pair of three', [['webhook-id', 'm', 'x']]],
    ['a number value', [['webhook-timestamp', 5]]],
    ['a string for a pair', ['webhook-id: m']],
    ['a hole', [undefined, ['webhook-id', 'm']]],
    ['a value Headers refuses', [['webhook-id', 'm\nx']]],
    ['a name Headers refuses', [['webhook id', 'm']]],
  ])('refuses pairs with %s, naming headers, before any key is fetched', async (_what, headers) => {
    const { endpoint, verifier } = setup();
    const d = delivery(k1);
    const error = await verifier.verify(d.body, [...Object.entries(d.headers), ...headers] as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe('verify(): headers: must be [name, value] string pairs Headers accepts');
    expect(endpoint.calls).toHaveLength(0);
  });

  it('refuses an extra argument of the constructor (thrown) and of verify (rejected); a trailing undefined is allowed', async () => {
    const { endpoint } = setup();
    const Verifier = WebhookVerifier as unknown as new (...args: unknown[]) => WebhookVerifier;
    expect(() => new Verifier({ baseUrl: BASE, fetch: endpoint.fetch }, { secret: 'x' })).toThrow(
      new ValidationError(
        'new WebhookVerifier()',
        [{ path: 'arguments[1]', message: 'is past the 1 argument this takes: it would not be read' }],
        '',
      ),
    );
    const verifier = new Verifier({ baseUrl: BASE, fetch: endpoint.fetch }, undefined);
    const d = delivery(k1);
    const verify = verifier.verify.bind(verifier) as (...args: unknown[]) => Promise<unknown>;
    const result = verify(d.body, d.headers, { toleranceSeconds: 10 });
    expect(result).toBeInstanceOf(Promise);
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      'verify(): arguments[2]: is past the 2 arguments this takes: it would not be read',
    );
    expect(endpoint.calls).toHaveLength(0);
    await expect(verify(d.body, d.headers, undefined)).resolves.toEqual(EVENT);
  });
});

describe('WebhookVerifier: the token of the keys request', () => {
  it.each([
    ['undefined', () => undefined, 'must return a non-empty string, got undefined'],
    ['an empty string', () => '', 'must return a non-empty string, got an empty string'],
    ['a number', async () => 12345678, 'must return a non-empty string, got number'],
  ])('refuses an accessToken function returning %s before the keys request', async (_what, accessToken, message) => {
    const { endpoint, verifier } = setup([k1], { accessToken: accessToken as never });
    const d = delivery(k1);
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(endpoint.calls).toHaveLength(0); // no `Bearer undefined` went out
    expect(error.reason).toBe('keys_unavailable');
    expect(error.cause).toBeInstanceOf(ValidationError);
    expect((error.cause as ValidationError).message).toBe(
      `GET ${BASE}/v2/webhooks/keys: accessToken: ${message} (nothing was sent)`,
    );
  });

  it('refuses a token a header cannot carry without quoting it anywhere in the error or its causes', async () => {
    const token = 'sekrit_TOKEN_value\r\nX-Injected: 1';
    const { endpoint, verifier } = setup([k1], { accessToken: () => token });
    const d = delivery(k1);
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(endpoint.calls).toHaveLength(0);
    expect(error.reason).toBe('keys_unavailable');
    expect((error.cause as ValidationError).issues).toEqual([
      {
        path: 'accessToken',
        message: 'must return a value a header can carry, got one with a control character or one past U+00FF',
      },
    ]);
    for (let e: unknown = error; e !== undefined; e = (e as Error).cause) {
      expect(String((e as Error).message)).not.toContain('sekrit_TOKEN');
      expect(String((e as Error).stack)).not.toContain('sekrit_TOKEN');
    }
  });
});

describe('WebhookVerifier: the keys request over real HTTP', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends GET /v2/webhooks/keys with Accept application/json and the bearer token when given', async () => {
    server = await startServer((_req, res) =>
      json(res, 200, { keys: [k1.jwk] }, { 'content-type': 'application/json' }),
    );
    const verifier = new WebhookVerifier({ baseUrl: `${server.url}/`, accessToken: async () => 'tok-1' });
    const d = delivery(k1);
    await expect(verifier.verify(d.body, d.headers)).resolves.toEqual(EVENT);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v2/webhooks/keys', body: '' });
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('gives up on a keys request after keysTimeout and says so', async () => {
    server = await startServer(() => new Promise(() => {})); // never answers
    const verifier = new WebhookVerifier({ baseUrl: server.url, keysTimeout: 200 });
    const d = delivery(k1);
    const started = Date.now();
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.reason).toBe('keys_unavailable');
    expect(error.message).toBe(
      `webhook verification failed (keys_unavailable): no usable P-256 key could be loaded (the last keys request failed: GET ${server.url}/v2/webhooks/keys timed out after 200 ms)`,
    );
    expect(error.cause).toBeInstanceOf(PortfolioReportingError);
  });
});
