/**
 * The transport over real HTTP: what goes over the wire (method, path, headers, body) and what comes back.
 */
import ky from 'ky';
import { describe, expect, it, vi } from 'vitest';
import { PortfolioReporting, PortfolioReportingError, ValidationError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { bond, client, stock, TOKEN, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();

const loanAttributes = {
  agreementDate: '2024-01-15',
  dayCountConvention: '30/360',
  interestRateInPercent: 3.5,
  maturityDate: '2029-01-15',
  principalAmount: 250000,
  securityIdentifier: 'LOAN-1',
} as const;

describe('one ky instance per client', () => {
  it('is made when the client is, and every request of that client goes through it', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    const create = vi.spyOn(ky, 'create');
    const made: ReturnType<typeof ky.create>[] = [];
    create.mockImplementation((defaults) => {
      const instance = vi.fn(ky.extend(defaults ?? {})) as unknown as ReturnType<typeof ky.create>;
      made.push(instance);
      return instance;
    });
    try {
      const prs = client(server.url);
      expect(create).toHaveBeenCalledTimes(1);
      await prs.instruments.retrieve('i1');
      await prs.assets.retrieve('i1');
      await prs.request({ method: 'GET', path: '/api/v3/instruments/i1' });
      expect(create).toHaveBeenCalledTimes(1);
      expect(made[0]).toHaveBeenCalledTimes(3);
      expect(vi.mocked(made[0] as never as (url: string) => unknown).mock.calls.map(([url]) => url)).toEqual([
        `${server.url}/api/v3/instruments/i1`,
        `${server.url}/api/v2/assets/i1`,
        `${server.url}/api/v3/instruments/i1`,
      ]);
      expect(server.requests).toHaveLength(3);
      client(server.url);
      expect(create).toHaveBeenCalledTimes(2);
    } finally {
      create.mockRestore();
    }
  });
});

describe('what ky is given', () => {
  it('per call, only the options that differ from its defaults: no headers, body, signal, fetch or throwHttpErrors on a plain GET', async () => {
    server.handle((req, res) =>
      req.method === 'POST' ? json(res, 201, { data: bond('i2') }) : json(res, 200, { data: bond('i1') }),
    );
    const create = vi.spyOn(ky, 'create');
    const calls: { defaults: object; options: object[] } = { defaults: {}, options: [] };
    create.mockImplementation((defaults) => {
      calls.defaults = defaults ?? {};
      const instance = ky.extend(defaults ?? {});
      return ((url: string, options: object) => {
        calls.options.push(options);
        return instance(url, options);
      }) as unknown as ReturnType<typeof ky.create>;
    });
    try {
      const prs = client(server.url, { headers: { 'X-Team': 'desk-1' } });
      await prs.instruments.retrieve('i1');
      await prs.instruments.create({
        type: 'loan-instrument',
        attributes: loanAttributes,
        relationships: { account: 'acc-1' },
      });
      await prs.instruments.retrieve('i1', { headers: { 'x-team': undefined, 'X-Trace': 't-1' } });
    } finally {
      create.mockRestore();
    }
    // ky merges every key of both on every request: each one costs (bench/profile.ts, `compare get stub`). The
    // client's headers are ky's defaults; a call with a body or headers of its own gives its whole set instead.
    // The client's timeout, retry policy and redirect mode are defaults too: a call hands ky only what it sets.
    expect(Object.keys(calls.defaults).sort()).toEqual(['headers', 'parseJson', 'redirect', 'retry', 'timeout']);
    expect(calls.defaults).toMatchObject({ redirect: 'manual', timeout: 60_000, retry: { limit: 2 } });
    expect(Object.keys(calls.options[0] ?? {}).sort()).toEqual(['method']);
    expect(Object.keys(calls.options[1] ?? {}).sort()).toEqual(['body', 'headers', 'method']);
    expect(Object.keys(calls.options[2] ?? {}).sort()).toEqual(['headers', 'method']);
    const sent = server.requests.map((r) => ({
      team: r.headers['x-team'],
      trace: r.headers['x-trace'],
      type: r.headers['content-type'],
      auth: r.headers.authorization,
      accept: r.headers.accept,
    }));
    const accept = 'application/vnd.api+json, application/vnd.json+api, application/json;q=0.9';
    expect(sent).toEqual([
      { team: 'desk-1', trace: undefined, type: undefined, auth: `Bearer ${TOKEN}`, accept },
      { team: 'desk-1', trace: undefined, type: 'application/vnd.api+json', auth: `Bearer ${TOKEN}`, accept },
      { team: undefined, trace: 't-1', type: undefined, auth: `Bearer ${TOKEN}`, accept },
    ]);
  });

  it('reads the global fetch at each request when no fetch is given: one replaced after the client was made is used', async () => {
    const prs = client('http://replaced.invalid');
    const seen: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = async (input) => {
      seen.push((input as Request).url);
      return new Response(JSON.stringify({ data: bond('i7') }), {
        status: 200,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    };
    try {
      const instrument = await prs.instruments.retrieve('i7');
      expect(instrument.id).toBe('i7');
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(['http://replaced.invalid/api/v3/instruments/i7']);
  });
});

describe('a custom fetch', () => {
  it('is called with the Request ky built: URL, method, headers and body', async () => {
    const seen: Request[] = [];
    const bodies: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      seen.push(input as Request);
      bodies.push(await (input as Request).text());
      return new Response(JSON.stringify({ data: bond('i9') }), {
        status: 201,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    };
    const made = await client('http://127.0.0.1:9', { fetch }).request({
      method: 'POST',
      path: '/api/v3/instruments',
      query: { page: 2 },
      body: { data: { type: 'bond-instrument' } },
    });
    expect(made).toEqual({ data: bond('i9') });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toBeInstanceOf(Request);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://127.0.0.1:9/api/v3/instruments?page=2');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(bodies).toEqual(['{"data":{"type":"bond-instrument"}}']);
  });
});

describe('request as sent', () => {
  it('sends the bearer token, both JSON:API spellings in Accept and no body on GET', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    await client(server.url).instruments.retrieve('i1');
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/api/v3/instruments/i1');
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers.accept).toBe('application/vnd.api+json, application/vnd.json+api, application/json;q=0.9');
    expect(req?.headers['content-type']).toBeUndefined();
    expect(req?.body).toBe('');
  });

  it('encodes ids as one path segment under the version prefix', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('a/b?c', 'asset') }));
    await client(server.url).assets.retrieve('a/b?c');
    expect(server.requests[0]?.url).toBe('/api/v2/assets/a%2Fb%3Fc');
  });

  it('keeps a path below the base URL', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    await client(`${server.url}/prs/`).instruments.retrieve('i1');
    expect(server.requests[0]?.url).toBe('/prs/api/v3/instruments/i1');
  });

  it('writes the {data:{type,attributes,relationships}} document with the JSON:API content type', async () => {
    server.handle((_req, res) =>
      json(res, 201, { data: { id: 'l1', type: 'loan-instrument', attributes: loanAttributes } }),
    );
    const loan = await client(server.url).instruments.create({
      type: 'loan-instrument',
      attributes: loanAttributes,
      relationships: { account: 'acc-1' },
    });
    expect(loan.id).toBe('l1');
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/v3/instruments');
    expect(req?.headers['content-type']).toBe('application/vnd.api+json');
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(req?.body ?? '')).toEqual({
      data: {
        type: 'loan-instrument',
        attributes: loanAttributes,
        relationships: { account: { data: { type: 'account', id: 'acc-1' } } },
      },
    });
  });

  it('fills relationships from a {type,id} pair and from a resource the SDK returned', async () => {
    server.handle((req, res) => json(res, 201, { data: { id: 'fx1', ...JSON.parse(req.body).data } }));
    const returnedAccount = {
      id: 'acc-3',
      type: 'account' as const,
      attributes: { name: 'Main' },
      relationships: { depository: { data: { type: 'depository', id: 'd1' } } },
    };
    const attributes = {
      agreementDate: '2024-03-01',
      fixingDate: '2024-06-01',
      notionalAmount: 1_000_000,
      securityIdentifier: 'FXF-1',
      settlementAmount: 1_080_000,
      settlementDate: '2024-06-03',
    };
    await client(server.url).assets.create({
      type: 'fx-forward-physical-delivery-asset',
      attributes,
      relationships: { primaryAccount: { type: 'account', id: 'acc-2' }, secondaryAccount: returnedAccount },
    });
    expect(server.requests[0]?.url).toBe('/api/v2/assets');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      data: {
        type: 'fx-forward-physical-delivery-asset',
        attributes,
        relationships: {
          primaryAccount: { data: { type: 'account', id: 'acc-2' } },
          secondaryAccount: { data: { type: 'account', id: 'acc-3' } },
        },
      },
    });
  });

  it('adds the client headers and the per-call headers; per-call wins, whatever the case', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    const prs = client(server.url, { headers: { 'X-Tenant': 'acme', 'X-Trace': 'client' } });
    await prs.instruments.retrieve('i1', { headers: { 'x-trace': 'call', 'X-Call': 'yes' } });
    const headers = server.requests[0]?.headers;
    expect(headers?.['x-tenant']).toBe('acme');
    expect(headers?.['x-trace']).toBe('call');
    expect(headers?.['x-call']).toBe('yes');
    expect(headers?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('refuses a header option that would replace the bearer token, on the client and per call, with nothing sent', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    expect(() => client(server.url, { headers: { Authorization: 'Basic abc' } })).toThrow(
      "new PortfolioReporting(): headers.Authorization: is the SDK's: it carries the client's accessToken and cannot be replaced",
    );
    const error = await client(server.url)
      .instruments.retrieve('i1', { headers: { AUTHORIZATION: 'Bearer other' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      "instruments.retrieve: options.headers.AUTHORIZATION: is the SDK's: it carries the client's accessToken and cannot be replaced (nothing was sent)",
    );
    await client(server.url).instruments.retrieve('i1');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
  });
});

describe('the body sent', () => {
  it('is the input as it was when the call was made, also when the token function makes the call wait', async () => {
    server.handle((req, res) => {
      const { data } = JSON.parse(req.body);
      json(res, 201, { data: { id: 'p1', type: data.type, attributes: { ...data.attributes, provider: 'bank' } } });
    });
    let release: ((token: string) => void) | undefined;
    const prs = client(server.url, { accessToken: () => new Promise<string>((resolve) => (release = resolve)) });
    const attributes = { date: '2024-03-01', value: 101.5 };
    const created = prs.instruments.prices.create('i1', { attributes });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    attributes.value = 999; // changed after the call, while it waits for its token
    attributes.date = '2025-12-31';
    release?.('tok-late-123456');
    await created;
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      data: { type: 'price', attributes: { date: '2024-03-01', value: 101.5 } },
    });
    expect(attributes).toEqual({ date: '2025-12-31', value: 999 }); // the caller's, as the caller left it
  });
});

describe('the first call of a process', () => {
  it('sends its input as it was when the call was made, though it waits for the endpoint table to load', async () => {
    server.handle((req, res) => {
      const { data } = JSON.parse(req.body);
      json(res, 201, { data: { id: 'p1', type: data.type, attributes: { ...data.attributes, provider: 'bank' } } });
    });
    vi.resetModules(); // a fresh copy of the SDK: its endpoint table not loaded yet
    const fresh = await import('../../src/index.js');
    const prs = new fresh.PortfolioReporting({ baseUrl: server.url, accessToken: TOKEN });
    const attributes = { date: '2024-03-01', value: 101.5 };
    const first = prs.instruments.prices.create('i1', { attributes });
    attributes.value = 999; // the same object reused for the next call, before the first one was sent
    const second = prs.instruments.prices.create('i1', { attributes });
    await Promise.all([first, second]);
    const sent = server.requests.map((r) => JSON.parse(r.body).data.attributes.value).sort();
    expect(sent).toEqual([101.5, 999]);
  });

  it('refuses what a later call refuses: its input is copied with holes, named array members and symbol keys', async () => {
    vi.resetModules(); // a fresh copy of the SDK: its endpoint table not loaded yet
    const fresh = await import('../../src/index.js');
    const prs = new fresh.PortfolioReporting({ baseUrl: server.url, accessToken: TOKEN });
    const attributes = { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' };
    // Made before the table loads, each waits for it with a copy of its input, which held none of these.
    const calls = [
      // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
      prs.users.update('u1', { relationships: { readAccessToReportingEntities: ['re1', , 're2'] } } as never),
      prs.clients.create({ attributes: { tags: Object.assign(['a'], { extra: 'lost' }) } }),
      prs.clients.create({
        attributes: { name: 'A' },
        relationships: { [Symbol('owner')]: { type: 'user', id: 'u1' } },
      }),
      prs.clients.users.create('c1', { attributes, relationships: { [Symbol('client')]: 'c2' } } as never),
    ];
    const errors = await Promise.all(
      calls.map((call) =>
        call.then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    expect(errors.map((error) => (error instanceof Error ? error.message : 'sent'))).toEqual([
      'users.update: relationships.readAccessToReportingEntities.1: must be a relationship, got a hole in the array, which would be left out (nothing was sent)',
      'clients.create: attributes.tags.extra: must be a JSON value, got a named member of an array, which JSON would leave out (nothing was sent)',
      'clients.create: relationships.Symbol(owner): must be named by a string (nothing was sent)',
      'clients.users.create: relationships.Symbol(client): is not a known relationship here (accepted: client, readAccessToReportingEntities) (nothing was sent)',
    ]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('access token', () => {
  it('calls an async token function before every request, so a refreshed token is used', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    let n = 0;
    const accessToken = vi.fn(async () => `token-${++n}`);
    const prs = new PortfolioReporting({ baseUrl: server.url, accessToken, logLevel: 'off' });
    await prs.instruments.retrieve('i1');
    await prs.instruments.retrieve('i1');
    expect(accessToken).toHaveBeenCalledTimes(2);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('reads PRS_BASE_URL and PRS_ACCESS_TOKEN when no options are given', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    vi.stubEnv('PRS_BASE_URL', server.url);
    vi.stubEnv('PRS_ACCESS_TOKEN', 'env-token');
    try {
      await new PortfolioReporting({ logLevel: 'off' }).instruments.retrieve('i1');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(server.requests[0]?.headers.authorization).toBe('Bearer env-token');
  });

  it('takes an environment variable it may not read as unset (Deno without --allow-env), never throwing or asking', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }));
    vi.stubEnv('PRS_BASE_URL', 'https://env.example');
    vi.stubEnv('PRS_LOG', 'debug');
    const debugLines = async () => {
      const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      await new PortfolioReporting({ baseUrl: server.url, accessToken: 't', logger }).instruments.retrieve('i1');
      return logger.debug.mock.calls.length;
    };
    const queried: unknown[] = [];
    try {
      // Readable: PRS_LOG=debug is honoured.
      expect(await debugLines()).toBeGreaterThan(0);
      // Deno without --allow-env: the permission is 'prompt', and a read would throw NotCapable (or ask in a terminal).
      vi.stubGlobal('Deno', {
        permissions: {
          querySync: (descriptor: unknown) => {
            queried.push(descriptor);
            return { state: 'prompt' };
          },
        },
      });
      expect(() => new PortfolioReporting({ accessToken: 't' })).toThrow(
        'new PortfolioReporting(): baseUrl: is required (or set the PRS_BASE_URL environment variable)',
      );
      expect(await debugLines()).toBe(0);
      expect(queried).toContainEqual({ name: 'env', variable: 'PRS_LOG' });
      // --deny-env, or any runtime whose process.env throws on a read: unset as well.
      vi.stubGlobal('Deno', undefined);
      const throwing = new Proxy(
        {},
        {
          get() {
            throw new Error('NotCapable: Requires env access');
          },
        },
      );
      vi.stubGlobal('process', { ...process, env: throwing });
      expect(await debugLines()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});

describe('construction errors', () => {
  it('refuses a missing base URL, a missing token and a relative base URL', () => {
    vi.stubEnv('PRS_BASE_URL', '');
    vi.stubEnv('PRS_ACCESS_TOKEN', '');
    try {
      expect(() => new PortfolioReporting({ accessToken: 't' })).toThrow(
        'new PortfolioReporting(): baseUrl: is required (or set the PRS_BASE_URL environment variable)',
      );
      expect(() => new PortfolioReporting({ baseUrl: 'https://x.example' })).toThrow(
        'new PortfolioReporting(): accessToken: is required (a string or an async function; or set the PRS_ACCESS_TOKEN environment variable)',
      );
      expect(() => new PortfolioReporting({ baseUrl: '/api', accessToken: 't' })).toThrow(
        'baseUrl: must be an absolute http:// or https:// URL (e.g. https://reporting.example.com), got "/api"',
      );
      expect(() => new PortfolioReporting({ baseUrl: 'reporting.example.com', accessToken: 't' })).toThrow(
        PortfolioReportingError,
      );
      // `localhost:3000` parses as a URL with the scheme `localhost:`: still not an http(s) base URL.
      expect(() => new PortfolioReporting({ baseUrl: 'localhost:3000', accessToken: 't' })).toThrow(
        'baseUrl: must be an absolute http:// or https:// URL (e.g. https://reporting.example.com), got "localhost:3000"',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a header fetch could not send, naming it but never showing its value, before anything is sent', async () => {
    expect(() => client(server.url, { headers: { 'X-Key': 'secret\nvalue' } })).toThrow(
      'new PortfolioReporting(): headers.X-Key: cannot be sent (an invalid name, or a control character or one past U+00FF in the value)',
    );
    expect(() => new PortfolioReporting({ baseUrl: server.url, accessToken: 'tok\r\nen' })).toThrow(
      'new PortfolioReporting(): accessToken: holds a character a header cannot carry (a control character or one past U+00FF)',
    );
    const error = await client(server.url)
      .instruments.retrieve('i1', { headers: { 'X-Call': 'a\u0000b' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      'instruments.retrieve: options.headers.X-Call: cannot be sent (an invalid name, or a control character or one past U+00FF in the value) (nothing was sent)',
    );
    const fromFunction = await new PortfolioReporting({
      baseUrl: server.url,
      accessToken: async () => 'tok\nSECRET',
      logLevel: 'off',
    }).instruments
      .retrieve('i1')
      .catch((e: unknown) => e);
    expect((fromFunction as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: the accessToken function must return a value a header can carry, got one with a control character or one past U+00FF`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('refuses negative or fractional retry counts and timeouts, per client and per call', async () => {
    expect(() => client(server.url, { maxRetries: -1 })).toThrow(
      'new PortfolioReporting(): maxRetries: must be a whole number, 0 or more, got number -1',
    );
    expect(() => client(server.url, { maxRetries: 1.5 })).toThrow(
      'maxRetries: must be a whole number, 0 or more, got number 1.5',
    );
    expect(() => client(server.url, { timeout: Number.NaN })).toThrow(
      'timeout: must be a finite number of milliseconds, 0 or more, got number NaN',
    );
    const prs = client(server.url);
    await expect(prs.instruments.retrieve('i1', { maxRetries: -2 })).rejects.toThrow(
      'instruments.retrieve: options.maxRetries: must be a whole number, 0 or more, got number -2 (nothing was sent)',
    );
    await expect(prs.instruments.retrieve('i1', { timeout: -5 })).rejects.toThrow(
      'options.timeout: must be a finite number of milliseconds, 0 or more, got number -5',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('responses', () => {
  it.each(['application/vnd.api+json', 'application/vnd.json+api', 'application/vnd.api+json; charset=utf-8'])(
    'decodes a %s body',
    async (type) => {
      server.handle((_req, res) => json(res, 200, { data: stock('s1') }, { 'content-type': type }));
      const instrument = await client(server.url).instruments.retrieve('s1');
      expect(instrument).toEqual(stock('s1'));
    },
  );

  it('.withResponse() gives the Response: status, headers and x-request-id', async () => {
    server.handle((_req, res) => json(res, 200, { data: bond('i1') }, { 'x-request-id': 'req-42' }));
    const { data, response } = await client(server.url).instruments.retrieve('i1').withResponse();
    expect(data.id).toBe('i1');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-42');
    expect(response.headers.get('content-type')).toBe('application/vnd.api+json');
  });

  it('a body that is not JSON is a ResponseValidationError with the raw text', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy</html>');
    });
    const error = await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResponseValidationError', body: '<html>proxy</html>' });
    // The whole body is the issue: no empty path before it (it read `…documented shape: : expected …`); a web page is
    // most often a base URL that is not the API's.
    expect((error as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: the response does not match the documented shape: expected a JSON body, got text/html (a web page: is the base URL the service's API?)`,
    );
  });

  it("https:// to a server that answers plain HTTP: one line saying so, not OpenSSL's text over two lines", async () => {
    const error = await client(server.url.replace('http://', 'https://'), { maxRetries: 0 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'APIConnectionError', cause: { code: 'ERR_SSL_WRONG_VERSION_NUMBER' } });
    expect((error as Error).message).toBe(
      `GET ${server.url.replace('http://', 'https://')}/api/v3/instruments/i1: could not reach the service (TLS failed: the server does not answer TLS (http:// rather than https://?))`,
    );
  });
});

describe('prs.request()', () => {
  it('sends any method, path, query and body through the same transport', async () => {
    server.handle((_req, res) => json(res, 201, { data: { id: 'c1', type: 'client', attributes: { name: 'Jane' } } }));
    const body = { data: { type: 'client', attributes: { name: 'Jane' } } };
    const { data, response } = await client(server.url, { headers: { 'X-Tenant': 'acme' } })
      .request(
        {
          method: 'POST',
          path: '/api/v2/clients',
          query: { include: 'accounts', dryRun: false, skip: undefined },
          body,
        },
        { headers: { 'X-Call': '1' } },
      )
      .withResponse();
    expect(data).toEqual({ data: { id: 'c1', type: 'client', attributes: { name: 'Jane' } } });
    expect(response.status).toBe(201);
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/v2/clients?include=accounts&dryRun=false');
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers['content-type']).toBe('application/vnd.api+json');
    expect(req?.headers['x-tenant']).toBe('acme');
    expect(req?.headers['x-call']).toBe('1');
    expect(JSON.parse(req?.body ?? '')).toEqual(body);
  });

  it('maps error statuses like every call, and resolves undefined on 204', async () => {
    server.handle((req, res) =>
      req.method === 'DELETE'
        ? res.writeHead(204).end()
        : json(res, 409, { errors: [{ status: 409, detail: 'client has accounts' }] }),
    );
    const prs = client(server.url);
    await expect(prs.request({ method: 'DELETE', path: '/api/v2/clients/c1' })).resolves.toBeUndefined();
    await expect(prs.request({ method: 'PATCH', path: '/api/v2/clients/c1', body: {} })).rejects.toMatchObject({
      name: 'ConflictError',
      status: 409,
      message: `PATCH ${server.url}/api/v2/clients/c1 failed with 409: client has accounts`,
    });
  });
});
