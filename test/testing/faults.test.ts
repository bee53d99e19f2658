/**
 * `mock.faults`: the next matching requests answered with an error status instead of their route, so that the SDK's
 * retries and a caller's error handling can be tested against the mock. Over `listen()` (the request log counts the
 * attempts) and through msw with a `baseUrl` below a path.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InternalServerError, NotFoundError, PortfolioReporting, RateLimitError } from '../../src/index.js';
import { createMockService, DEMO_IDS, type RequestLogEntry, seedDemo } from '../../src/testing/index.js';

const mock = createMockService({ seed: seedDemo });
const log: string[] = [];
let url = '';
let close: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ url, close } = await mock.listen({
    port: 0,
    onRequest: ({ method, path, status }: RequestLogEntry) => log.push(`${method} ${path} ${status}`),
  }));
});
afterAll(() => close());
afterEach(() => {
  mock.reset();
  log.length = 0;
});

const prs = (maxRetries = 2) =>
  new PortfolioReporting({ baseUrl: url, accessToken: 'test', maxRetries, logLevel: 'off' });
const clientNames = () => mock.store.clients.all().map((client) => client.attributes?.name);

describe('mock.faults with the SDK', () => {
  it('a 429 with Retry-After: 0 is retried and the create succeeds, the record made once', async () => {
    mock.faults.add({ status: 429, retryAfter: 0, method: 'POST', path: '/api/v2/clients' });
    const created = await prs().clients.create({ attributes: { name: 'Berg' } });
    expect(created.attributes?.name).toBe('Berg');
    expect(log).toEqual(['POST /api/v2/clients 429', 'POST /api/v2/clients 201']);
    expect(clientNames().filter((name) => name === 'Berg')).toEqual(['Berg']);
    expect(mock.faults.pending).toEqual([]);
  });

  it('answers the service error document with Retry-After and a request id', async () => {
    mock.faults.add({ status: 429, retryAfter: 2 });
    const answer = await fetch(`${url}/api/v2/custodians`, { headers: { authorization: 'Bearer t' } });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('2');
    expect(answer.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await answer.json()).toEqual({
      errors: [
        {
          status: 429,
          detail: 'a fault added to the mock answered 429 here (mock.faults.add or POST /__mock/faults)',
        },
      ],
    });
  });

  it('a 503 three times outlasts maxRetries 2: InternalServerError with status 503 after 3 attempts', async () => {
    mock.faults.add({ status: 503, retryAfter: 0, times: 3, method: 'GET' });
    const error = await prs(2)
      .instruments.retrieve(DEMO_IDS.sap)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
    expect(log).toEqual(Array(3).fill(`GET /api/v3/instruments/${DEMO_IDS.sap} 503`));
    expect(mock.faults.pending).toEqual([]);
  });

  it('a 429 past maxRetries 0 is a RateLimitError; the second of times: 2 waits', async () => {
    mock.faults.add({ status: 429, times: 2 });
    await expect(prs(0).clients.create({ attributes: { name: 'Berg' } })).rejects.toBeInstanceOf(RateLimitError);
    expect(mock.faults.pending).toEqual([{ status: 429, times: 1 }]);
    expect(clientNames()).not.toContain('Berg');
  });

  it('a status the SDK does not retry (404) is its error at once', async () => {
    mock.faults.add({ status: 404, path: `/api/v3/instruments/${DEMO_IDS.sap}` });
    await expect(prs(2).instruments.retrieve(DEMO_IDS.sap)).rejects.toBeInstanceOf(NotFoundError);
    expect(log).toEqual([`GET /api/v3/instruments/${DEMO_IDS.sap} 404`]);
  });
});

describe('mock.faults filters', () => {
  const get = (path: string, method = 'GET') =>
    fetch(`${url}${path}`, { method, headers: { authorization: 'Bearer t' } }).then((answer) => answer.status);

  it('a method and an exact path: another method or path is not failed and leaves the fault waiting', async () => {
    mock.faults.add({ status: 500, method: 'POST', path: '/api/v2/custodians' });
    expect(await get('/api/v2/custodians')).toBe(200);
    expect(await get('/api/v2/clients', 'POST')).toBe(400); // no body: the route's own answer
    expect(await get('/api/v2/custodians/')).toBe(404);
    expect(mock.faults.pending).toEqual([{ status: 500, times: 1, method: 'POST', path: '/api/v2/custodians' }]);
  });

  it('a path ending in * matches the paths it begins; a HEAD is faulted as a GET', async () => {
    mock.faults.add({ status: 502, times: 2, method: 'GET', path: '/api/v3/instruments/*' });
    expect(await get('/api/v2/custodians')).toBe(200);
    expect(await get(`/api/v3/instruments/${DEMO_IDS.sap}`, 'HEAD')).toBe(502);
    expect(await get(`/api/v3/instruments/${DEMO_IDS.sap}/prices`)).toBe(502);
    expect(await get(`/api/v3/instruments/${DEMO_IDS.sap}`)).toBe(200);
  });

  it('faults are tried in the order added; a path the service does not have is not failed', async () => {
    mock.faults.add({ status: 503, path: '/api/v2/clients' });
    mock.faults.add({ status: 504 });
    expect(await get('/nowhere')).toBe(404);
    expect(await get('/api/v2/custodians')).toBe(504);
    expect(await get('/api/v2/clients')).toBe(503);
    expect(await get('/api/v2/clients')).toBe(200);
  });

  it('answers before the token is checked, as a gateway would', async () => {
    mock.faults.add({ status: 503 });
    expect((await fetch(`${url}/api/v2/custodians`)).status).toBe(503);
    expect((await fetch(`${url}/api/v2/custodians`)).status).toBe(401);
  });

  it('clear() and reset() remove the waiting faults; clear() says how many', async () => {
    mock.faults.add({ status: 500 });
    mock.faults.add({ status: 503, times: 4 });
    expect(mock.faults.clear()).toBe(2);
    expect(mock.faults.clear()).toBe(0);
    mock.faults.add({ status: 500 });
    mock.reset();
    expect(mock.faults.pending).toEqual([]);
    expect(await get('/api/v2/custodians')).toBe(200);
  });

  it('pending is a copy: changing it changes no fault', () => {
    mock.faults.add({ status: 500, times: 2 });
    const [first] = mock.faults.pending;
    if (first) first.times = 99;
    expect(mock.faults.pending).toEqual([{ status: 500, times: 2 }]);
  });
});

describe('mock.faults through msw, below a baseUrl path', () => {
  const below = createMockService({ baseUrl: 'https://reporting.test/prs' });
  const server = setupServer(...below.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }));
  afterAll(() => server.close());

  it('matches the path below the base path, as the routes name it', async () => {
    below.faults.add({ status: 503, path: '/api/v2/clients' });
    const client = new PortfolioReporting({ baseUrl: 'https://reporting.test/prs', accessToken: 't', maxRetries: 0 });
    const error = await client.clients.list().catch((e: unknown) => e);
    expect((error as InternalServerError).status).toBe(503);
    expect(await client.clients.list()).toEqual([]);
  });
});

describe('mock.faults.add() arguments', () => {
  const refused = (fault: unknown) => {
    try {
      mock.faults.add(fault as any);
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
    return 'accepted';
  };

  it('refuses each broken rule, naming the field, and adds nothing', () => {
    expect(refused(undefined)).toBe('ValidationError: mock.faults.add(): fault: is required');
    expect(refused([503])).toBe('ValidationError: mock.faults.add(): fault: must be an object, got an array');
    expect(refused({ status: 503, time: 2 })).toBe(
      'ValidationError: mock.faults.add(): fault.time: is not a known field here (accepted: status, retryAfter, times, method, path)',
    );
    expect(refused({})).toBe('ValidationError: mock.faults.add(): status: is required');
    expect(refused({ status: 302 })).toBe(
      'ValidationError: mock.faults.add(): status: must be a whole number from 400 to 599 (an error status), got number 302',
    );
    expect(refused({ status: '503', retryAfter: 1.5, times: 0, method: 'get', path: '/api/v2/clients?x=1' })).toBe(
      'ValidationError: mock.faults.add(): status: must be a whole number from 400 to 599 (an error status), got "503"; ' +
        'retryAfter: must be whole seconds, 0 or more (the Retry-After header), got number 1.5; ' +
        'times: must be a whole number of 1 or more, got number 0; ' +
        'method: must be one of GET, POST, PATCH, DELETE (in capitals), got "get"; ' +
        'path: must be a path starting with / (no query; a trailing * matches any path it begins), got "/api/v2/clients?x=1"',
    );
    expect(refused({ status: 503, path: 'api/v2/clients' })).toMatch(/path: must be a path starting with \//);
    expect(mock.faults.pending).toEqual([]);
  });

  it('refuses an argument past those it takes', () => {
    expect(() => (mock.faults.add as any).call(mock.faults, { status: 503 }, { times: 2 })).toThrow(
      'mock.faults.add(): arguments[1]: is past the 1 argument this takes: it would not be read',
    );
    expect(() => (mock.faults.clear as any).call(mock.faults, true)).toThrow(
      'mock.faults.clear(): arguments[0]: is past the 0 arguments this takes: it would not be read',
    );
    expect(mock.faults.pending).toEqual([]);
  });
});
