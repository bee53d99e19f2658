/**
 * Retries, timeouts and aborts over real HTTP: the number of attempts the server saw, the waits between
 * them, and the error each ends with.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { bond, client, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();
/** When each request arrived (ms, performance.now()). */
let arrivals: number[] = [];
afterEach(() => {
  arrivals = [];
});

/** Answers `statuses[i]` to the i-th request (the last one after that), with `Retry-After: 0` unless given. */
function sequence(statuses: number[], headers: Record<string, string> = { 'retry-after': '0' }) {
  server.handle((_req, res, i) => {
    arrivals.push(performance.now());
    const status = statuses[Math.min(i, statuses.length - 1)] ?? 500;
    if (status === 204) return res.writeHead(204).end();
    if (status < 400) return json(res, status, { data: bond('i1') });
    json(res, status, { errors: [{ status, detail: `attempt ${i + 1}` }] }, headers);
  });
}

const attempts = () => server.requests.length;
const methods = () => server.requests.map((r) => r.method);

describe('which statuses and methods are retried', () => {
  it.each([408, 429, 500, 502, 503, 504])(
    'GET on %i: 1 attempt + maxRetries (2) retries, then the error of the last',
    async (status) => {
      sequence([status]);
      const error = await client(server.url)
        .instruments.retrieve('i1')
        .catch((e: unknown) => e);
      expect(attempts()).toBe(3);
      expect(error).toMatchObject({
        status,
        message: `GET ${server.url}/api/v3/instruments/i1 failed with ${status}: attempt 3`,
      });
    },
  );

  it('succeeds when a retry succeeds', async () => {
    sequence([503, 502, 200]);
    const instrument = await client(server.url).instruments.retrieve('i1');
    expect(instrument.id).toBe('i1');
    expect(attempts()).toBe(3);
  });

  it.each([400, 401, 403, 404, 409, 422, 418, 501])('GET on %i is not retried', async (status) => {
    sequence([status]);
    await expect(client(server.url).instruments.retrieve('i1')).rejects.toMatchObject({ status });
    expect(attempts()).toBe(1);
  });

  it('per-call maxRetries overrides the client: 4 → 5 attempts, 0 → 1 attempt', async () => {
    sequence([500]);
    const prs = client(server.url, { maxRetries: 1 });
    await expect(prs.instruments.retrieve('i1', { maxRetries: 4 })).rejects.toBeInstanceOf(InternalServerError);
    expect(attempts()).toBe(5);
    server.requests.length = 0;
    await expect(prs.instruments.retrieve('i1', { maxRetries: 0 })).rejects.toBeInstanceOf(InternalServerError);
    expect(attempts()).toBe(1);
    server.requests.length = 0;
    await expect(prs.instruments.retrieve('i1')).rejects.toBeInstanceOf(InternalServerError);
    expect(attempts()).toBe(2);
  });

  it('PATCH is retried on 500 like GET', async () => {
    sequence([500, 204]);
    await client(server.url).request({ method: 'PATCH', path: '/api/v2/clients/c1', body: { data: {} } });
    expect(methods()).toEqual(['PATCH', 'PATCH']);
    expect(server.requests[1]?.body).toBe('{"data":{}}');
  });

  it.each([500, 502, 503, 504, 408])('POST after %i is not retried: exactly 1 attempt', async (status) => {
    sequence([status]);
    const error = await client(server.url, { maxRetries: 3 })
      .instruments.create({
        type: 'stock-instrument',
        attributes: { ccyCode: 'USD', countryCode: 'US', name: 'ACME', securityIdentifier: 'US1' },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status });
    expect(attempts()).toBe(1);
  });

  it('POST after 429 is retried (the request was not processed), with the same body', async () => {
    server.handle((req, res, i) =>
      i < 2
        ? json(res, 429, { errors: [{ status: 429, detail: 'slow down' }] }, { 'retry-after': '0' })
        : json(res, 201, { data: { id: 's1', ...JSON.parse(req.body).data } }),
    );
    const created = await client(server.url).instruments.create({
      type: 'stock-instrument',
      attributes: { ccyCode: 'USD', countryCode: 'US', name: 'ACME', securityIdentifier: 'US1' },
    });
    expect(created.id).toBe('s1');
    expect(methods()).toEqual(['POST', 'POST', 'POST']);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expect(JSON.parse(server.requests[2]?.body ?? '').data.attributes.name).toBe('ACME');
  });

  it('POST after 429 on every attempt ends in RateLimitError after maxRetries', async () => {
    sequence([429]);
    await expect(
      client(server.url).request({ method: 'POST', path: '/api/v2/clients', body: {} }),
    ).rejects.toBeInstanceOf(RateLimitError);
    expect(attempts()).toBe(3);
  });
});

describe('DELETE', () => {
  it('a retry that finds 404 resolves: the first attempt deleted it (2 attempts, no error)', async () => {
    sequence([500, 404]);
    const { data, response } = await client(server.url).assets.delete('a1').withResponse();
    expect(data).toBeUndefined();
    expect(response.status).toBe(204);
    expect(methods()).toEqual(['DELETE', 'DELETE']);
    expect(server.requests[1]?.url).toBe('/api/v2/assets/a1');
  });

  it('a 404 on the first attempt is a NotFoundError', async () => {
    sequence([404]);
    await expect(client(server.url).assets.delete('a1')).rejects.toBeInstanceOf(NotFoundError);
    expect(attempts()).toBe(1);
  });
});

describe('Retry-After', () => {
  it('is honoured in seconds on a GET 503 and on a POST 429', async () => {
    server.handle((req, res, i) => {
      arrivals.push(performance.now());
      const first = !server.requests.slice(0, i).some((r) => r.method === req.method);
      if (first) return json(res, req.method === 'GET' ? 503 : 429, { errors: [] }, { 'retry-after': '1' });
      json(res, req.method === 'GET' ? 200 : 201, { data: bond(req.method === 'GET' ? 'got' : 'made') });
    });
    const prs = client(server.url);
    const started = performance.now();
    const [got, made] = await Promise.all([
      prs.instruments.retrieve('i1'),
      prs.request({ method: 'POST', path: '/api/v3/instruments', body: {} }),
    ]);
    expect(got.id).toBe('got');
    expect((made as { data: { id: string } }).data.id).toBe('made');
    expect(methods().sort()).toEqual(['GET', 'GET', 'POST', 'POST']);
    // Each method's second attempt came at least 1 s after the first (1 ms slack for timer rounding).
    for (const method of ['GET', 'POST']) {
      const [a, b] = server.requests.map((r, i) => [r.method, arrivals[i] ?? 0] as const).filter(([m]) => m === method);
      expect((b?.[1] ?? 0) - (a?.[1] ?? 0)).toBeGreaterThanOrEqual(999);
    }
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('is honoured as an HTTP date', async () => {
    // Whole seconds: a date 2 s ahead, cut to the second, lies between 1 and 2 s ahead.
    sequence([503, 200], { 'retry-after': new Date(Date.now() + 2000).toUTCString() });
    await client(server.url).instruments.retrieve('i1');
    expect(attempts()).toBe(2);
    const waited = (arrivals[1] ?? 0) - (arrivals[0] ?? 0);
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(2500);
  });

  it('without Retry-After, a RateLimit-Reset in seconds is honoured too (ky reads it)', async () => {
    sequence([503, 200], { 'ratelimit-reset': '1' });
    await client(server.url).instruments.retrieve('i1');
    expect(attempts()).toBe(2);
    const waited = (arrivals[1] ?? 0) - (arrivals[0] ?? 0);
    expect(waited).toBeGreaterThanOrEqual(999);
    expect(waited).toBeLessThan(2000);
  });

  it('a Retry-After longer than 60 s is cut to 60 s', async () => {
    vi.useFakeTimers();
    try {
      const seen: number[] = [];
      const answers = [
        new Response('{"errors":[]}', { status: 503, headers: { 'retry-after': '7200' } }),
        new Response(JSON.stringify({ data: bond('i1') }), { headers: { 'content-type': 'application/vnd.api+json' } }),
      ];
      const fetch = async () => {
        seen.push(Date.now());
        return answers.shift() ?? new Response(null, { status: 500 });
      };
      const pending = client('http://127.0.0.1:9', { fetch }).instruments.retrieve('i1');
      await vi.advanceTimersByTimeAsync(59_900);
      expect(seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(seen).toHaveLength(2);
      expect((seen[1] ?? 0) - (seen[0] ?? 0)).toBe(60_000);
      await expect(pending).resolves.toMatchObject({ id: 'i1' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an unreadable Retry-After falls back to the backoff', async () => {
    sequence([503, 200], { 'retry-after': 'soon' });
    await client(server.url).instruments.retrieve('i1');
    expect(attempts()).toBe(2);
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeLessThan(300 + 200);
  });

  it('Retry-After: 0 retries at once, without the backoff', async () => {
    sequence([503, 503, 200]);
    const started = performance.now();
    await client(server.url).instruments.retrieve('i1');
    expect(attempts()).toBe(3);
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('without Retry-After waits a jittered backoff of at most 0.3 s, then 0.6 s', async () => {
    sequence([500, 500, 200], {});
    const started = performance.now();
    await client(server.url).instruments.retrieve('i1');
    expect(attempts()).toBe(3);
    // Upper bounds only (the jitter may pick any wait below them), with room for a busy machine.
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeLessThan(300 + 200);
    expect((arrivals[2] ?? 0) - (arrivals[1] ?? 0)).toBeLessThan(600 + 200);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('logs each retry as a warning', async () => {
    sequence([503, 200]);
    const lines: string[] = [];
    const logger = { debug: () => {}, info: () => {}, warn: (m: string) => lines.push(m), error: () => {} };
    await client(server.url, { logger, logLevel: 'warn' }).instruments.retrieve('i1');
    expect(lines).toEqual([
      `[portfolio-reporting] retrying GET ${server.url}/api/v3/instruments/i1 (retry 1) after status 503`,
    ]);
  });
});

describe('the warning before each retry', () => {
  const warnings = () => {
    const lines: string[] = [];
    const logger = { debug: () => {}, info: () => {}, warn: (m: string) => lines.push(m), error: () => {} };
    return { lines, logger };
  };
  const url = () => `${server.url}/api/v3/instruments/i1`;

  it('names the method, URL, retry and cause for a network failure and for a timeout', async () => {
    const dropped = warnings();
    server.handle((_req, res) => res.socket?.destroy());
    await client(server.url, { logger: dropped.logger, logLevel: 'warn' })
      .instruments.retrieve('i1')
      .catch(() => undefined);
    expect(dropped.lines).toEqual([
      `[portfolio-reporting] retrying GET ${url()} (retry 1) after a network error (other side closed)`,
      `[portfolio-reporting] retrying GET ${url()} (retry 2) after a network error (other side closed)`,
    ]);
    const slow = warnings();
    server.handle(() => {});
    await client(server.url, { logger: slow.logger, logLevel: 'warn', maxRetries: 1 })
      .instruments.retrieve('i1', { timeout: 50 })
      .catch(() => undefined);
    expect(slow.lines).toEqual([`[portfolio-reporting] retrying GET ${url()} (retry 1) after a timeout`]);
  });

  it("says the network error's own reason: connection refused, on one line", async () => {
    // A port that was free a moment ago and has no listener now.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const { lines, logger } = warnings();
    await client(`http://127.0.0.1:${port}`, { logger, logLevel: 'warn', maxRetries: 1 })
      .instruments.retrieve('i1')
      .catch(() => undefined);
    expect(lines).toEqual([
      `[portfolio-reporting] retrying GET http://127.0.0.1:${port}/api/v3/instruments/i1 (retry 1) after a network error (connect ECONNREFUSED 127.0.0.1:${port})`,
    ]);
  });

  it('masks a credential in the reason and keeps it to one line', async () => {
    const { lines, logger } = warnings();
    // A platform error whose text holds the token and spans lines (as OpenSSL's does).
    const fetch = async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('proxy refused Bearer tok-123456789\n    at the proxy (proxy.c:12)'), {
          code: 'EPROTO',
        }),
      });
    };
    await client(server.url, { logger, logLevel: 'warn', maxRetries: 1, accessToken: 'tok-123456789', fetch })
      .instruments.retrieve('i1')
      .catch(() => undefined);
    expect(lines).toEqual([
      `[portfolio-reporting] retrying GET ${url()} (retry 1) after a network error (proxy refused Bearer *** at the proxy (proxy.c:12))`,
    ]);
  });

  it('is not written where nothing is retried: a GET after a 404, a POST after a 503', async () => {
    const { lines, logger } = warnings();
    const prs = client(server.url, { logger, logLevel: 'warn' });
    sequence([404]);
    await prs.instruments.retrieve('i1').catch(() => undefined);
    sequence([503]);
    await prs.request({ method: 'POST', path: '/api/v2/clients', body: {} }).catch(() => undefined);
    expect(attempts()).toBe(2);
    expect(lines).toEqual([]);
  });
});

describe('network failures', () => {
  it('a connection closed without an answer is retried, then an APIConnectionError', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    const error = await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toMatch(
      new RegExp(`^GET ${server.url}/api/v3/instruments/i1: could not reach the service \\(.+\\)$`),
    );
    expect(attempts()).toBe(3);
  });

  it('a POST whose connection is closed is not retried', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    await expect(
      client(server.url).request({ method: 'POST', path: '/api/v2/clients', body: {} }),
    ).rejects.toBeInstanceOf(APIConnectionError);
    expect(attempts()).toBe(1);
  });

  it('connection refused is an APIConnectionError naming the cause', async () => {
    // A port that was free a moment ago and has no listener now.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const error = await client(`http://127.0.0.1:${port}`, { maxRetries: 1 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(
      `GET http://127.0.0.1:${port}/api/v3/instruments/i1: could not reach the service`,
    );
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});

describe('timeouts', () => {
  /**
   * The platform's fetch, counting the attempts the SDK makes: on a busy machine an attempt can time out before the
   * server has read it, so the server's count is a bound, the client's the figure.
   */
  function countedFetch(): { fetch: typeof fetch; calls: () => number } {
    let calls = 0;
    return {
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
      calls: () => calls,
    };
  }

  it('an attempt with no answer within `timeout` is an APIConnectionTimeoutError', async () => {
    server.handle(() => {}); // never answers
    const counted = countedFetch();
    const started = performance.now();
    const error = await client(server.url, { timeout: 100, maxRetries: 0, fetch: counted.fetch })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: timed out after 100 ms (raise \`timeout\` for slow calls)`,
    );
    expect(counted.calls()).toBe(1);
    expect(attempts()).toBeLessThanOrEqual(1);
  });

  it('a GET that timed out is retried; a per-call timeout wins', async () => {
    server.handle(() => {});
    const counted = countedFetch();
    const error = await client(server.url, { timeout: 60_000, maxRetries: 1, fetch: counted.fetch })
      .instruments.retrieve('i1', { timeout: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('timed out after 50 ms');
    expect(counted.calls()).toBe(2);
    expect(attempts()).toBeLessThanOrEqual(2);
  });

  it('a body that stops arriving after the headers also times out', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json' });
      res.write('{"data": {"id": "i1", ');
    });
    const started = performance.now();
    const error = await client(server.url, { timeout: 100, maxRetries: 0 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: timed out after 100 ms (raise \`timeout\` for slow calls)`,
    );
  });

  it('a custom fetch that ignores its signal still times out', async () => {
    let calls = 0;
    const deaf: typeof fetch = () => {
      calls++;
      return new Promise<Response>(() => {}); // never settles, whatever the signal says
    };
    const started = performance.now();
    const error = await client(server.url, { fetch: deaf, timeout: 50, maxRetries: 1 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(calls).toBe(2);
  });

  it('refuses a timeout longer than a timer can wait (it would fire at once)', async () => {
    expect(() => client(server.url, { timeout: 2 ** 31 })).toThrow(
      'new PortfolioReporting(): timeout: must be at most 2147483647 ms (about 24 days), got 2147483648',
    );
    await expect(client(server.url).instruments.retrieve('i1', { timeout: 2 ** 32 })).rejects.toThrow(
      'instruments.retrieve: options.timeout: must be at most 2147483647 ms (about 24 days), got 4294967296 (nothing was sent)',
    );
    expect(attempts()).toBe(0);
  });

  it('a POST that timed out is not retried (it may have been processed)', async () => {
    server.handle(() => {});
    const counted = countedFetch();
    await expect(
      client(server.url, { timeout: 50, fetch: counted.fetch }).request({
        method: 'POST',
        path: '/api/v2/clients',
        body: {},
      }),
    ).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    expect(counted.calls()).toBe(1);
    expect(attempts()).toBeLessThanOrEqual(1);
  });
});

describe("the caller's signal", () => {
  /**
   * Retrieves with a signal aborted once `ready` resolves (the server has the request, or has answered it): the
   * abort lands where the test says whatever the machine's load, which a fixed sleep could not promise.
   * Resolves to the error and how long it took to arrive after the abort.
   */
  async function abortedWhen(ready: Promise<unknown>) {
    const controller = new AbortController();
    const pending = client(server.url)
      .instruments.retrieve('i1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await ready;
    const aborted = performance.now();
    controller.abort();
    const error = await pending;
    return { error, elapsed: performance.now() - aborted };
  }

  /** A promise and the function that resolves it (a server handler's signal to the test). */
  function signal() {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  it('aborts a request in flight at once', async () => {
    const arrived = signal();
    server.handle(() => arrived.resolve()); // never answers
    const { error, elapsed } = await abortedWhen(arrived.promise);
    expect(elapsed).toBeLessThan(1000);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(`GET ${server.url}/api/v3/instruments/i1: aborted by the caller's signal`);
    expect(attempts()).toBe(1);
  });

  it('aborts while the body is arriving', async () => {
    const started = signal();
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json' });
      res.write('{"data": ', () => started.resolve());
    });
    const { error, elapsed } = await abortedWhen(started.promise);
    expect(elapsed).toBeLessThan(1000);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(attempts()).toBe(1);
  });

  it('aborts during a retry wait, without a further attempt', async () => {
    const answered = signal();
    server.handle((_req, res) => {
      res.on('finish', answered.resolve);
      json(res, 503, { errors: [] }, { 'retry-after': '30' });
    });
    const { error, elapsed } = await abortedWhen(answered.promise);
    expect(elapsed).toBeLessThan(1000);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(attempts()).toBe(1);
  });

  it('aborts a custom fetch that ignores its signal', async () => {
    const deaf: typeof fetch = () => new Promise<Response>(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await client(server.url, { fetch: deaf })
      .instruments.retrieve('i1', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it('an already aborted signal sends nothing', async () => {
    sequence([200]);
    const error = await client(server.url)
      .instruments.retrieve('i1', { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(attempts()).toBe(0);
  });
});
