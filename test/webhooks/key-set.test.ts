/**
 * The key cache: rotation, single-flight refreshes, the cooldown, the maximum age, failures. Time is moved
 * with a fake `Date` only (timers stay real, so fetches and timeouts behave as in production).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type WebhookVerificationError, WebhookVerifier } from '../../src/webhooks/index.js';
import { delivery, keysEndpoint, makeKey, refusal, type TestKey } from './signer.js';

const k1 = makeKey('k1');
const k2 = makeKey('k2');
const EVENT = { type: 'calculated_data.created', timestamp: '2024-05-01T10:00:00', data: { clientId: 'c1' } };

let clock = Date.parse('2024-05-01T10:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});
function advance(ms: number): void {
  clock += ms;
  vi.setSystemTime(clock);
}

function setup(keys: TestKey[], options: { keysCooldown?: number; keysMaxAge?: number } = {}) {
  const endpoint = keysEndpoint(keys);
  const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.test', fetch: endpoint.fetch, ...options });
  const verify = (key: TestKey) => {
    const d = delivery(key);
    return verifier.verify(d.body, d.headers);
  };
  return { endpoint, verifier, verify };
}

describe('key rotation', () => {
  it('verifies a new kid after exactly one keys request', async () => {
    const { endpoint, verify } = setup([k1]);
    await expect(verify(k1)).resolves.toEqual(EVENT);
    expect(endpoint.calls).toHaveLength(1);
    advance(31_000); // past the cooldown, well within the maximum age
    endpoint.keys = [k1.jwk, k2.jwk];
    await expect(verify(k2)).resolves.toEqual(EVENT);
    expect(endpoint.calls).toHaveLength(2);
    await expect(verify(k2)).resolves.toEqual(EVENT);
    await expect(verify(k1)).resolves.toEqual(EVENT);
    expect(endpoint.calls).toHaveLength(2);
  });

  it('picks up a key rotated within the cooldown at the first delivery after it', async () => {
    const { endpoint, verify } = setup([k1]);
    await verify(k1);
    endpoint.keys = [k2.jwk];
    advance(10_000);
    expect((await refusal(verify(k2))).message).toBe(
      'webhook verification failed (no_matching_signature): no signature verifies with the 1 active key(s) (keys not fetched again within `keysCooldown`)',
    );
    expect(endpoint.calls).toHaveLength(1);
    advance(21_000);
    await expect(verify(k2)).resolves.toEqual(EVENT);
    expect(endpoint.calls).toHaveLength(2);
    // k1 is no longer listed: it is no longer trusted.
    advance(31_000);
    expect((await refusal(verify(k1))).reason).toBe('no_matching_signature');
  });

  it('fetches again on next use once the keys are older than keysMaxAge, dropping keys no longer listed', async () => {
    const { endpoint, verify } = setup([k1, k2], { keysMaxAge: 60_000 });
    await verify(k1);
    advance(59_000);
    await verify(k2);
    expect(endpoint.calls).toHaveLength(1);
    endpoint.keys = [k2.jwk];
    advance(2_000);
    await verify(k2);
    expect(endpoint.calls).toHaveLength(2);
    expect((await refusal(verify(k1))).reason).toBe('no_matching_signature');
  });
});

describe('each key is checked once per delivery', () => {
  it('a refused delivery costs one signature check per key, the first (hot path) check included', async () => {
    const { endpoint, verifier, verify } = setup([k1]);
    await verify(k1);
    const checks = vi.spyOn(crypto.subtle, 'verify');
    try {
      const d = delivery(k1);
      const tampered = d.body.replace('c1', 'c2');
      expect((await refusal(verifier.verify(tampered, d.headers))).reason).toBe('no_matching_signature');
      expect(checks).toHaveBeenCalledTimes(1); // within the cooldown: no refresh, k1 not checked again
      // A key rotated in while k1 is the only key held: k1 refuses (once), the refresh brings k2, which verifies.
      endpoint.keys = [k1.jwk, k2.jwk];
      advance(31_000);
      checks.mockClear();
      await expect(verify(k2)).resolves.toEqual(EVENT);
      expect(checks).toHaveBeenCalledTimes(2);
      expect(endpoint.calls).toHaveLength(2);
    } finally {
      checks.mockRestore();
    }
  });
});

describe('a flood of deliveries signed by an unknown key', () => {
  it('200 concurrent deliveries share one keys request per cooldown window and are all refused', async () => {
    const { endpoint, verify } = setup([k1]);
    await verify(k1);
    expect(endpoint.calls).toHaveLength(1);
    const stranger = makeKey('stranger');

    advance(31_000);
    const first = await Promise.allSettled(Array.from({ length: 200 }, () => verify(stranger)));
    expect(
      first.every(
        (r) => r.status === 'rejected' && (r.reason as WebhookVerificationError).reason === 'no_matching_signature',
      ),
    ).toBe(true);
    expect(endpoint.calls).toHaveLength(2);

    advance(10_000); // inside the cooldown: no request at all
    const second = await Promise.allSettled(Array.from({ length: 200 }, () => verify(stranger)));
    expect(second.filter((r) => r.status === 'rejected')).toHaveLength(200);
    expect(endpoint.calls).toHaveLength(2);

    advance(21_000); // the next window: one request again
    const third = await Promise.allSettled(Array.from({ length: 200 }, () => verify(stranger)));
    expect(third.filter((r) => r.status === 'rejected')).toHaveLength(200);
    expect(endpoint.calls).toHaveLength(3);

    // Meanwhile the real key still verifies, without a request.
    await expect(verify(k1)).resolves.toEqual(EVENT);
    expect(endpoint.calls).toHaveLength(3);
  });

  it('200 concurrent deliveries to a cold verifier make one request, which also serves the refresh', async () => {
    const { endpoint, verify } = setup([k1]);
    const stranger = makeKey('stranger');
    const results = await Promise.allSettled([...Array.from({ length: 199 }, () => verify(stranger)), verify(k1)]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(199);
    expect(results.at(-1)).toEqual({ status: 'fulfilled', value: EVENT });
    expect(endpoint.calls).toHaveLength(1);
  });

  it('named unknown kids are rate-limited the same way', async () => {
    const { endpoint, verifier } = setup([k1]);
    const stranger = makeKey('k-new');
    const named = () => {
      const d = delivery(stranger, EVENT, { entry: (sig) => `v1a,k-new,${sig}` });
      return verifier.verify(d.body, d.headers);
    };
    const results = await Promise.allSettled(Array.from({ length: 200 }, named));
    expect(
      results.every((r) => r.status === 'rejected' && (r.reason as WebhookVerificationError).reason === 'unknown_key'),
    ).toBe(true);
    expect(endpoint.calls).toHaveLength(1);
  });
});

describe('the keys endpoint failing', () => {
  it.each(['status', 'network'] as const)(
    'keeps verifying with the cached keys (failure: %s), also past their maximum age',
    async (fail) => {
      const { endpoint, verify } = setup([k1], { keysMaxAge: 60_000 });
      await verify(k1);
      endpoint.fail = fail;
      advance(31_000);
      const error = await refusal(verify(makeKey('stranger')));
      expect(error.reason).toBe('no_matching_signature');
      expect(error.message).toMatch(/\(the last keys request failed: .+\)$/);
      expect(endpoint.calls).toHaveLength(2);
      await expect(verify(k1)).resolves.toEqual(EVENT);
      advance(120_000); // stale now: one refresh attempt, which fails, and the stale keys still serve
      await expect(verify(k1)).resolves.toEqual(EVENT);
      await expect(verify(k1)).resolves.toEqual(EVENT);
      expect(endpoint.calls).toHaveLength(3);
      endpoint.fail = undefined;
      endpoint.keys = [k2.jwk];
      advance(31_000);
      await expect(verify(k2)).resolves.toEqual(EVENT);
      expect(endpoint.calls).toHaveLength(4);
    },
  );

  it('with nothing cached, refuses as keys_unavailable and does not retry inside the cooldown', async () => {
    const { endpoint, verify } = setup([k1]);
    endpoint.fail = 'status';
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => verify(k1)));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const error = (r as PromiseRejectedResult).reason as WebhookVerificationError;
      expect(error.reason).toBe('keys_unavailable');
      expect(error.message).toBe(
        'webhook verification failed (keys_unavailable): no usable P-256 key could be loaded (the last keys request failed: GET https://reporting.test/v2/webhooks/keys answered 503)',
      );
    }
    expect(endpoint.calls).toHaveLength(1);
    endpoint.fail = undefined;
    advance(29_000);
    expect((await refusal(verify(k1))).reason).toBe('keys_unavailable');
    expect(endpoint.calls).toHaveLength(1);
    advance(2_000);
    await expect(verify(k1)).resolves.toEqual(EVENT);
    expect(endpoint.calls).toHaveLength(2);
  });

  it('keeps the cached keys when the endpoint answers something that is not a key set', async () => {
    const { endpoint, verify } = setup([k1]);
    await verify(k1);
    endpoint.keys = 'nope' as never;
    advance(31_000);
    const error = await refusal(verify(k2));
    expect(error.message).toBe(
      'webhook verification failed (no_matching_signature): no signature verifies with the 1 active key(s) (the last keys request failed: GET https://reporting.test/v2/webhooks/keys: the answer is not a key set: keys: must be an array, got "nope")',
    );
    await expect(verify(k1)).resolves.toEqual(EVENT);
  });

  it('times out a hanging keys request after keysTimeout', async () => {
    const endpoint = keysEndpoint([k1]);
    endpoint.fail = 'hang';
    const verifier = new WebhookVerifier({
      baseUrl: 'https://reporting.test',
      fetch: endpoint.fetch,
      keysTimeout: 100,
    });
    const d = delivery(k1);
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(error.reason).toBe('keys_unavailable');
    expect(error.message).toContain('GET https://reporting.test/v2/webhooks/keys timed out after 100 ms');
  });
});

describe('which listed keys are used', () => {
  it('skips keys of other types, other curves, bad coordinates or points off the curve, and keeps the rest', async () => {
    const { endpoint, verify } = setup([]);
    const offCurve = { ...k2.jwk, kid: 'off', y: k1.jwk.y };
    endpoint.keys = [
      { kid: 'ed', kty: 'OKP', crv: 'Ed25519', x: 'AAAA' },
      { ...k2.jwk, kid: 'p384', crv: 'P-384' },
      { ...k2.jwk, kid: 'short', x: 'AAAA' },
      offCurve,
      k1.jwk,
    ];
    await expect(verify(k1)).resolves.toEqual(EVENT);
    expect((await refusal(verify(k2))).reason).toBe('no_matching_signature');
  });

  it('answers keys_unavailable (503: the sender retries) when the service lists no usable key', async () => {
    const { endpoint, verifier } = setup([]);
    for (const keys of [[], [{ kid: 'k1', kty: 'RSA', n: 'x', e: 'AQAB' }], [{ ...k1.jwk, crv: 'P-384' }]]) {
      endpoint.keys = keys as never;
      advance(31_000);
      // The first delivery after the cooldown fetches the keys; the second, named by kid, comes within it.
      const message = 'webhook verification failed (keys_unavailable): no usable P-256 key could be loaded';
      const first = delivery(k1);
      expect((await refusal(verifier.verify(first.body, first.headers))).message).toBe(message);
      const named = delivery(k1, EVENT, { entry: (sig) => `v1a,k1,${sig}` });
      expect((await refusal(verifier.verify(named.body, named.headers))).message).toBe(
        `${message} (keys not fetched again within \`keysCooldown\`)`,
      );
    }
  });
});

/**
 * A fetch that follows redirects itself and carries every header along, as some custom fetches do, unless told
 * `redirect: 'manual'`: then it hands the redirect back, as the platform's fetch does.
 */
function naiveFollowingFetch(
  routes: Record<string, () => Response>,
  seen: { url: string; authorization: string | null }[],
) {
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    seen.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    const route = routes[url];
    const response = route ? route() : new Response('no such', { status: 404 });
    const location = response.headers.get('location');
    if (location && init?.redirect !== 'manual') return fetchImpl(new URL(location, url).href, init);
    return response;
  };
  return fetchImpl as typeof fetch;
}

describe('keys behind a redirect', () => {
  it('with a token, a redirect to another origin is refused before anything is sent there, whatever the fetch does', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const fetch = naiveFollowingFetch(
      {
        'https://reporting.test/v2/webhooks/keys': () =>
          new Response(null, { status: 302, headers: { location: 'https://collector.test/keys' } }),
        'https://collector.test/keys': () => Response.json({ keys: [k1.jwk] }),
      },
      seen,
    );
    const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.test', accessToken: 'tok-SECRET-1', fetch });
    const d = delivery(k1);
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(error.reason).toBe('keys_unavailable');
    expect(error.message).toContain(
      'was redirected to another origin (https://collector.test); keys are read from https://reporting.test only (nothing was sent there)',
    );
    expect(seen).toEqual([{ url: 'https://reporting.test/v2/webhooks/keys', authorization: 'Bearer tok-SECRET-1' }]);
  });

  it('a redirect on the base URL origin is followed, with the token', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const fetch = naiveFollowingFetch(
      {
        'https://reporting.test/v2/webhooks/keys': () =>
          new Response(null, { status: 307, headers: { location: '/v2/webhooks/keys/current' } }),
        'https://reporting.test/v2/webhooks/keys/current': () => Response.json({ keys: [k1.jwk] }),
      },
      seen,
    );
    const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.test', accessToken: 'tok-SECRET-1', fetch });
    const d = delivery(k1);
    await expect(verifier.verify(d.body, d.headers)).resolves.toEqual(EVENT);
    expect(seen.map((s) => [s.url, s.authorization])).toEqual([
      ['https://reporting.test/v2/webhooks/keys', 'Bearer tok-SECRET-1'],
      ['https://reporting.test/v2/webhooks/keys/current', 'Bearer tok-SECRET-1'],
    ]);
  });
});

describe('keys from another origin', () => {
  it('are never trusted: a keys request redirected off the base URL origin fails, its keys unused', async () => {
    const endpoint = keysEndpoint([k1]);
    const redirected = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await endpoint.fetch(input, init);
      // What fetch hands back after following a redirect to another origin.
      Object.defineProperty(response, 'redirected', { value: true });
      Object.defineProperty(response, 'url', { value: 'https://elsewhere.test/keys' });
      return response;
    }) as typeof fetch;
    const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.test', fetch: redirected });
    const d = delivery(k1);
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(error.reason).toBe('keys_unavailable');
    expect(error.message).toBe(
      'webhook verification failed (keys_unavailable): no usable P-256 key could be loaded (the last keys request failed: GET https://reporting.test/v2/webhooks/keys was redirected to another origin (https://elsewhere.test); keys are read from https://reporting.test only (nothing was sent there))',
    );
  });
});
