/**
 * Item 3 (and issue 14's deadline) — a call's deadline covers all of it. `timeout`, `totalTimeout` and the
 * caller's `signal` end a call still waiting for an `accessToken` function, a Retry-After pause or a body.
 * `totalTimeout`: one budget for a whole call — every attempt, every Retry-After pause and the wait for an
 * `accessToken` function — as a client default and per call, against a real node:http server. The caller's
 * `signal` ends the same waits. Nothing here sleeps: each case waits on the call's own end.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APIConnectionTimeoutError, APIUserAbortError, PortfolioReporting } from '../../src/index.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const never = new Promise<string>(() => undefined);
const client = (options: ConstructorParameters<typeof PortfolioReporting>[0] = {}) =>
  new PortfolioReporting({ baseUrl: server.url, accessToken: 'tok', logLevel: 'off', ...options });

describe('totalTimeout', () => {
  it('ends a call inside a Retry-After pause: one attempt, then the timeout error, not five retries', async () => {
    server.handle((_req, res) => res.writeHead(503, { 'retry-after': '30' }).end());
    const error = await client({ maxRetries: 5, totalTimeout: 300 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: took longer than totalTimeout 300 ms, every attempt and retry wait included`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('per call, overrides the client default and ends an answer that never comes', async () => {
    server.handle(() => undefined); // never answers
    const prs = client({ timeout: 0, totalTimeout: 60_000 });
    const error = await prs.instruments.retrieve('i1', { totalTimeout: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('took longer than totalTimeout 150 ms');
    expect(server.requests).toHaveLength(1);
  });

  it('ends the wait for an accessToken function that never returns, with nothing sent', async () => {
    const error = await client({ accessToken: () => never })
      .instruments.retrieve('i1', { totalTimeout: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('took longer than totalTimeout 100 ms');
    expect(server.requests).toHaveLength(0);
  });

  it('leaves a call that finishes in time alone, retries included', async () => {
    server.handle((_req, res, index) =>
      index === 0
        ? res.writeHead(503, { 'retry-after': '0' }).end()
        : res
            .writeHead(200, { 'content-type': 'application/vnd.api+json' })
            .end(JSON.stringify({ data: { id: 'c1', type: 'client', attributes: {} } })),
    );
    const got = await client({ totalTimeout: 10_000 }).clients.retrieve('c1');
    expect(got).toEqual({ id: 'c1', type: 'client', attributes: {} });
    expect(server.requests).toHaveLength(2);
  });
});

describe('the per-attempt timeout', () => {
  it('ends the wait for an accessToken function that never returns, with nothing sent', async () => {
    const error = await client({ accessToken: () => never, timeout: 100 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: timed out after 100 ms (raise \`timeout\` for slow calls)`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('ends a body that stops half way', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json' });
      res.write('{"data": {"id": "i1", "type": "stock-'); // and nothing more
    });
    const error = await client({ timeout: 200, maxRetries: 0 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('the caller’s signal', () => {
  it('ends the wait for an accessToken function, with nothing sent', async () => {
    const controller = new AbortController();
    const pending = client({ accessToken: () => never })
      .instruments.retrieve('i1', { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(0);
  });

  it('ends a Retry-After pause', async () => {
    const controller = new AbortController();
    server.handle((_req, res) => {
      res.writeHead(503, { 'retry-after': '30' }).end();
      setImmediate(() => controller.abort()); // once the answer is out: the SDK is then in its pause
    });
    const error = await client({ maxRetries: 3 })
      .instruments.retrieve('i1', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });
});
