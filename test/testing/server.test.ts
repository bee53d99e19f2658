import { request } from 'node:http';
import { connect } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortfolioReporting } from '../../src/index.js';
import { MAX_JSON_DEPTH } from '../../src/testing/http/context.js';
import { MAX_REQUEST_BYTES } from '../../src/testing/http/server.js';
import { createMockService } from '../../src/testing/index.js';
import { HEX24, JSONAPI, useHarness } from './harness.js';

const stock = {
  type: 'stock-instrument',
  attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
};

describe('listen(): the HTTP bridge', () => {
  const h = useHarness();

  it('answers a CORS preflight with the methods and the requested headers', async () => {
    const res = await fetch(`${h.url}/api/v2/clients`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH, DELETE, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('adds CORS headers to answers and exposes Location and x-request-id', async () => {
    const res = await h.call('GET', '/api/v2/clients', { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-expose-headers')).toContain('location');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  /**
   * POSTs `bytes` zero bytes on a connection of its own: on a busy machine a pooled connection can sit idle past the
   * server's keep-alive timeout before the next big body goes out on it, and the server's reset would fail the test.
   */
  function postZeros(bytes: number): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${h.url}/api/v2/clients`,
        { method: 'POST', agent: false, headers: { authorization: 'Bearer t', 'content-type': JSONAPI } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(Buffer.alloc(bytes));
    });
  }

  it('answers 413 to a body over 32 MiB, read to its end and dropped, and goes on serving', async () => {
    const res = await postZeros(MAX_REQUEST_BYTES + 1);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      errors: [{ status: 413, detail: 'the request body is larger than this server reads (32 MiB)' }],
    });
    // A body of exactly the limit is read (and refused by the route as not JSON:API, not as too large).
    const atLimit = await postZeros(MAX_REQUEST_BYTES);
    expect(atLimit.status).toBe(400);
    expect((await h.call('GET', '/api/v2/clients')).status).toBe(200);
  });

  it('refuses a request without a bearer token: 401 with the error body', async () => {
    const res = await fetch(`${h.url}/api/v2/clients`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({
      errors: [{ status: 401, detail: 'missing credentials: send the header "Authorization: Bearer <access token>"' }],
    });
  });

  it('accepts both JSON:API spellings and answers in the one asked for', async () => {
    const created = await h.call('POST', '/api/v3/instruments', {
      body: { data: stock },
      headers: { accept: 'application/vnd.json+api', 'content-type': 'application/vnd.json+api' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/vnd.json+api');
    const read = await h.call('GET', `/api/v3/instruments/${created.body.data.id}`, { headers: { accept: JSONAPI } });
    expect(read.headers.get('content-type')).toBe(JSONAPI);
    expect(read.body.data.attributes).toEqual(stock.attributes);
  });

  it('answers 406 to an Accept it does not serve and 415 to a body in another media type', async () => {
    const notAcceptable = await h.call('GET', '/api/v2/clients', { headers: { accept: 'text/html' } });
    expect(notAcceptable.status).toBe(406);
    expect(notAcceptable.body.errors[0].status).toBe(406);
    const unsupported = await h.call('POST', '/api/v2/clients', {
      body: '<client/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.errors[0].detail).toContain('application/vnd.api+json');
  });

  it('answers an unknown path with a 404 in the error shape', async () => {
    const res = await h.get('/api/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      errors: [{ status: 404, detail: 'no endpoint GET /api/v2/nothing-here in this service' }],
    });
  });

  it('answers a known path asked with another method 405 with Allow, and HEAD as GET without a body', async () => {
    const put = await h.call('PUT', '/api/v2/clients/abc');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, PATCH, DELETE, HEAD');
    expect(put.body).toEqual({
      errors: [
        {
          status: 405,
          detail: 'the method PUT is not allowed on /api/v2/clients/abc; allowed: GET, PATCH, DELETE, HEAD',
        },
      ],
    });
    const del = await h.call('DELETE', '/api/v2/custodians');
    expect([del.status, del.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const get = await h.get('/api/v2/custodians');
    const head = await fetch(`${h.url}/api/v2/custodians`, {
      method: 'HEAD',
      headers: { authorization: 'Bearer test-token', accept: JSONAPI },
    });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      get.status,
      get.headers.get('content-type'),
      '',
    ]);
  });

  it('reset() empties the store back to the seed and restarts the ids', async () => {
    const first = (await h.post('/api/v3/instruments', { data: stock })).body.data.id;
    expect(h.mock.store.instruments.size).toBe(1);
    h.mock.reset();
    expect(h.mock.store.instruments.size).toBe(0);
    expect(h.mock.store.custodians.size).toBe(2);
    const again = (await h.post('/api/v3/instruments', { data: stock })).body.data.id;
    expect(again).toBe(first);
    expect(again).toMatch(HEX24);
  });
});

/** A request as node:http sends it, request target and Host as given (fetch would normalize both). */
function rawRequest(
  base: string,
  method: string,
  target: string,
  host: string,
): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, method, path: target, headers: { host, authorization: 'Bearer t', accept: JSONAPI } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('odd but valid request lines and Host headers', () => {
  const h = useHarness();
  const bad = (status: number, detail: string) => ({ status, body: { errors: [{ status, detail }] } });

  it('routes by the request target: an absolute-form target is served by its path and query', async () => {
    const host = new URL(h.url).host;
    const custodians = await h.get('/api/v2/custodians');
    const absolute = await rawRequest(h.url, 'GET', `${h.url}/api/v2/custodians?page[size]=1`, host);
    expect(absolute).toEqual({ status: 200, body: custodians.body });
    // A Host that carries a path or a fragment does not re-route the request: it is refused.
    expect(await rawRequest(h.url, 'GET', '/api/v2/custodians', `${host}/x#`)).toEqual(
      bad(400, `the Host header "${host}/x#" is not a host or host:port`),
    );
  });

  it('answers 400 to a Host that is not host[:port] and 501 to TRACE, never 500', async () => {
    expect(await rawRequest(h.url, 'GET', '/api/v2/custodians', 'a b')).toEqual(
      bad(400, 'the Host header "a b" is not a host or host:port'),
    );
    const host = new URL(h.url).host;
    expect(await rawRequest(h.url, 'TRACE', '/api/v2/custodians', host)).toEqual(
      bad(501, 'the method TRACE is not implemented by this service'),
    );
    expect((await h.get('/api/v2/custodians')).status).toBe(200);
  });
});

describe('listen() on an IPv6 address', () => {
  it('brackets it in the URL, which fetch and the SDK then reach, and in the links it answers', async () => {
    const mock = createMockService({ pageSize: 1 });
    const server = await mock.listen({ host: '::1', port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'token-1', maxRetries: 0 });
      await prs.clients.create({ attributes: { name: 'Berg' } });
      await prs.clients.create({ attributes: { name: 'Lind' } });
      const names: unknown[] = [];
      for await (const client of prs.clients.list()) names.push(client.attributes?.name);
      expect(names).toEqual(['Berg', 'Lind']); // the second page through links.next, on the bracketed origin
      // Without a Host header (HTTP/1.0), the server's own address is the origin: bracketed too.
      const { port } = new URL(server.url);
      const text = await new Promise<string>((resolve, reject) => {
        let received = '';
        const socket = connect({ host: '::1', port: Number(port) }, () =>
          socket.end('GET /api/v2/clients HTTP/1.0\r\nAuthorization: Bearer t\r\n\r\n'),
        );
        socket.on('data', (chunk: Buffer) => {
          received += chunk.toString();
        });
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      const answer = {
        status: Number(text.split(' ')[1]),
        next: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).links?.next,
      };
      expect(answer).toEqual({ status: 200, next: `${server.url}/api/v2/clients?page%5Boffset%5D=1` });
    } finally {
      await server.close();
    }
  });
});

describe('a request body nested deeper than MAX_JSON_DEPTH (64)', () => {
  const h = useHarness();
  const TOO_DEEP = `the request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, the most this mock reads`;
  /** `levels` arrays, one inside the next, as JSON text (5,000 are 10 KB). */
  const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const refused = { status: 400, body: { errors: [{ status: 400, detail: TOO_DEEP }] } };
  const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

  it('is refused with 400 before any route, and nothing is stored: later reads still answer', async () => {
    const client = h.mock.store.clients.add({ name: 'Berg' });
    const deep = `{"data":{"type":"client","attributes":{"name":"x","deep":${arrays(5000)}}}}`;
    expect(answer(await h.post('/api/v2/clients', deep))).toEqual(refused);
    expect(answer(await h.patch(`/api/v2/clients/${client.id}`, deep))).toEqual(refused);
    // Before the route: a path whose id does not exist gets the same 400, not the route's 404.
    expect(answer(await h.patch('/api/v2/clients/65f1c0ffee00000000000000', deep))).toEqual(refused);
    const clients = await h.get('/api/v2/clients');
    expect([clients.status, clients.body.data]).toEqual([
      200,
      [{ id: client.id, type: 'client', attributes: { name: 'Berg' } }],
    ]);
  });

  it('answers 400 to a 5,000-deep name or limitFilter (the checks that recurse never see it)', async () => {
    const client = h.mock.store.clients.add({ name: 'Berg' });
    const name = `{"data":{"type":"legal-entity","attributes":{"name":${arrays(5000)}}}}`;
    expect(answer(await h.post(`/api/v2/clients/${client.id}/legal-entities`, name))).toEqual(refused);
    let filter = '{"type":"condition","condition":{"type":"currency-code-is","currency-code":"EUR"}}';
    for (let i = 0; i < 5000; i++) filter = `{"type":"and","filters":[${filter}]}`;
    const limit =
      `{"data":{"type":"limit","attributes":{"name":"L","ccyCode":"EUR","startDate":"2024-01-01","limitFilter":${filter},` +
      `"limitType":{"type":"limit-group"}},"relationships":{"client":{"data":{"type":"client","id":"${client.id}"}}}}}`;
    expect(answer(await h.post('/api/v2/limits', limit))).toEqual(refused);
    expect(h.mock.store.limits.size).toBe(0);
  });

  it('reads a body of exactly 64 levels, and counts no bracket inside a string', async () => {
    const client = h.mock.store.clients.add({ name: 'Berg' });
    const at = (levels: number) => `{"data":{"type":"legal-entity","attributes":{"name":${arrays(levels)}}}}`;
    const path = `/api/v2/clients/${client.id}/legal-entities`;
    const read = await h.post(path, at(61)); // 3 levels of document, 61 of name: the route's own check answers
    expect([read.status, read.body.errors[0].detail]).toEqual([
      400,
      `data.attributes.name must be a non-empty string, got ${arrays(61)}`,
    ]);
    expect(answer(await h.post(path, at(62)))).toEqual(refused);
    const named = await h.post(path, {
      data: { type: 'legal-entity', attributes: { name: `"\\[${'['.repeat(100)}` } },
    });
    expect([named.status, named.body.data?.attributes.name]).toEqual([201, `"\\[${'['.repeat(100)}`]);
  });
});

describe('page[offset]', () => {
  const h = useHarness({ pageSize: 2 });

  it('is read in decimal digits only, and once: anything else is a 400', async () => {
    for (let i = 0; i < 6; i++) h.mock.store.clients.add({ name: `c${i}` });
    const page = await h.call('GET', '/api/v2/clients?page[offset]=4');
    expect(page.body.data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual(['c4', 'c5']);
    const refused = (detail: string) => ({ status: 400, body: { errors: [{ status: 400, detail }] } });
    const notWhole = (raw: string) =>
      refused(`query parameter page[offset] must be a whole number of 0 or more, got "${raw}"`);
    const cases: [string, unknown][] = [
      ['0x2', notWhole('0x2')],
      ['0b11', notWhole('0b11')],
      ['1e0', notWhole('1e0')],
      ['1.0', notWhole('1.0')],
      ['%20', notWhole(' ')],
      ['%0A4', notWhole('\n4')],
      ['-2', notWhole('-2')],
      ['4&page[offset]=0', refused('query parameter page[offset] must be given once, got 2')],
    ];
    for (const [query, expected] of cases) {
      const res = await h.call('GET', `/api/v2/clients?page[offset]=${query}`);
      expect({ query, answer: { status: res.status, body: res.body } }).toEqual({ query, answer: expected });
    }
  });
});

describe('a fixed access token', () => {
  const h = useHarness({ accessToken: 'only-this' });
  it('refuses any other token', async () => {
    expect((await h.get('/api/v2/clients')).status).toBe(401);
    expect((await h.call('GET', '/api/v2/clients', { headers: { authorization: 'Bearer only-this' } })).status).toBe(
      200,
    );
  });
});

describe('handlers in-process with msw setupServer', () => {
  const mock = createMockService({
    baseUrl: 'https://reporting.test',
    seed: (s) => void s.clients.add({ name: 'Seeded' }),
  });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('serves the seed and creates through plain fetch', async () => {
    const res = await fetch('https://reporting.test/api/v2/clients', { headers: { authorization: 'Bearer t' } });
    expect(res.status).toBe(200);
    expect((await res.json()).data.map((c: { attributes: unknown }) => c.attributes)).toEqual([{ name: 'Seeded' }]);
  });

  it('gives the SDK the existing instrument on a duplicate (303 followed): created false', async () => {
    const prs = new PortfolioReporting({ baseUrl: 'https://reporting.test', accessToken: 't', maxRetries: 0 });
    const first = await prs.instruments.create(stock as never).withResponse();
    const second = await prs.instruments.create(stock as never).withResponse();
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.data.id).toBe(first.data.id);
    expect(mock.store.instruments.size).toBe(1);
  });
});
