import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PortfolioReporting,
  ResponseValidationError,
  ValidationError,
  WebhookVerificationError,
} from '../../src/index.js';
import { json, startServer, type TestServer } from '../helpers/http-server.js';
import { delivery, makeKey, refusal } from './signer.js';

const k1 = makeKey('k1');
const EVENT = { type: 'calculated_data.created', timestamp: '2024-05-01T10:00:00', data: { clientId: 'c1' } };
let server: TestServer;
let prs: PortfolioReporting;

beforeEach(async () => {
  server = await startServer((_req, res) => json(res, 200, { keys: [k1.jwk] }, { 'content-type': 'application/json' }));
  prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'tok-1' }); // default retries: the keys refresh must still be one attempt
});
afterEach(() => server.close());

describe('prs.webhooks.keys()', () => {
  it('GETs /v2/webhooks/keys (no /api prefix) as plain JSON with the token, and decodes the keys', async () => {
    const { data, response } = await prs.webhooks.keys().withResponse();
    expect(data).toEqual({ keys: [k1.jwk] });
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v2/webhooks/keys', body: '' });
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('keeps unknown members and refuses an answer that contradicts the documented shape', async () => {
    server.handle((_req, res) => json(res, 200, { keys: [{ ...k1.jwk, use: 'sig' }], next: null }));
    await expect(prs.webhooks.keys()).resolves.toEqual({ keys: [{ ...k1.jwk, use: 'sig' }], next: null });
    server.handle((_req, res) => json(res, 200, { keys: [{ kid: 'k1', kty: 'EC', crv: 'P-256', x: 5 }] }));
    const error = await prs.webhooks.keys().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'keys.0.x', message: 'must be a string, got number 5' },
      { path: 'keys.0.y', message: 'is required' },
    ]);
    expect((error as Error).message).toContain(`GET ${server.url}/v2/webhooks/keys`);
  });
});

describe('prs.webhooks.verify()', () => {
  it('refuses headers that are null or left out with a ValidationError naming them (it was a TypeError)', async () => {
    for (const [headers, message] of [
      [null, 'must be Headers, a Request, a plain object or pairs, got null'],
      [undefined, 'is required'],
    ] as const) {
      const error = await prs.webhooks.verify('{}', headers as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe(`verify(): headers: ${message}`);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('verifies with keys fetched through the client (base URL, token), cached across calls', async () => {
    for (let i = 0; i < 3; i++) {
      const d = delivery(k1);
      await expect(prs.webhooks.verify(d.body, d.headers)).resolves.toEqual(EVENT);
    }
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v2/webhooks/keys' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('reports a failing keys endpoint as keys_unavailable, naming the call', async () => {
    server.handle((_req, res) => json(res, 503, { errors: [{ status: 503, detail: 'maintenance' }] }));
    const d = delivery(k1);
    const error = await refusal(prs.webhooks.verify(d.body, d.headers));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.reason).toBe('keys_unavailable');
    expect(error.message).toBe(
      `webhook verification failed (keys_unavailable): no usable P-256 key could be loaded (the last keys request failed: GET ${server.url}/v2/webhooks/keys failed with 503: maintenance)`,
    );
    expect(error.message).not.toContain('tok-1');
    expect(server.requests).toHaveLength(1); // one attempt: the cooldown, not retries, paces the keys requests
  });

  it('verifier() takes its own options and still fetches through the client', async () => {
    const verifier = prs.webhooks.verifier({ toleranceSeconds: 10, versions: ['v2a'] });
    const d = delivery(k1, EVENT, {
      entry: (sig) => `v2a,${sig}`,
      timestamp: String(Math.floor(Date.now() / 1000) - 20),
    });
    const error = await refusal(verifier.verify(d.body, d.headers));
    expect(error.reason).toBe('timestamp_too_old');
    const fresh = delivery(k1, EVENT, { entry: (sig) => `v2a,${sig}` });
    await expect(verifier.verify(fresh.body, fresh.headers)).resolves.toEqual(EVENT);
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
      'GET /v2/webhooks/keys Bearer tok-1',
    ]);
  });

  it('a verifier() refuses an extra argument of verify (rejected, nothing loaded or fetched); trailing undefined is allowed', async () => {
    const verifier = prs.webhooks.verifier();
    const verify = verifier.verify.bind(verifier) as (...args: unknown[]) => Promise<unknown>;
    const d = delivery(k1);
    const error = await verify(d.body, d.headers, { secret: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      'verify(): arguments[2]: is past the 2 arguments this takes: it would not be read',
    );
    expect(server.requests).toHaveLength(0);
    await expect(verify(d.body, d.headers, undefined)).resolves.toEqual(EVENT);
  });

  it('verifies a delivery whose headers are [name, value] pairs', async () => {
    const d = delivery(k1);
    await expect(prs.webhooks.verify(d.body, Object.entries(d.headers))).resolves.toEqual(EVENT);
  });

  it('verifier() names itself in an option error, not the constructor it calls', () => {
    let message: string | undefined;
    try {
      prs.webhooks.verifier({ toleranceSeconds: -1 });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'webhooks.verifier: toleranceSeconds: must be a finite number of seconds, 0 or more, got number -1',
    );
  });
});
