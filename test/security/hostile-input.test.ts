/**
 * What the last red-team and wire audits left open (helper-65), each against a real `node:http` server or a fetch
 * that answers as the platform would; each test failed before its fix:
 * - a successful answer's body that could not be read (larger than the runtime can hold as a string, or broken
 *   off) surfaced as the engine's error (`ERR_STRING_TOO_LONG`), or as "could not reach the service";
 * - `prs.request` dropped a path's `#fragment` without a word, and a control character in a path or an id was sent
 *   as `%00`;
 * - the command line and the constructor echoed a base URL's fragment (`#token`) in their messages;
 * - a header value given by a getter was read twice: once checked, once sent;
 * - a relationship's JSON:API 1.1 `lid` was refused as an unknown field, not by what it is.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { APIConnectionError, PortfolioReporting, ValidationError } from '../../src/index.js';
import { useClientServer } from '../helpers/client-server.js';
import { json } from '../helpers/http-server.js';
import { refusalOf, thrownValidationError } from '../helpers/issues.js';

const ctx = useClientServer();
/** Any JavaScript value, as a plain JavaScript caller passes it (no compiler in between). */
const js = <T>(value: unknown): T => value as T;

describe("a successful answer's body that cannot be read", () => {
  it('is an APIConnectionError naming the call (URL masked) and what happened, never the engine error', async () => {
    const tooLong = Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), {
      code: 'ERR_STRING_TOO_LONG',
    });
    let sent = 0;
    const prs = new PortfolioReporting({
      baseUrl: 'https://prs.test',
      accessToken: 'test-token',
      logLevel: 'off',
      // What Node's fetch does with a body of more than 512 MiB of text (reproduced with a 537 MB body).
      fetch: async () => {
        sent++;
        const response = new Response('{}', { status: 200, headers: { 'content-type': 'application/vnd.api+json' } });
        Object.defineProperty(response, 'text', { value: () => Promise.reject(tooLong) });
        return response;
      },
    });
    const error = await prs
      .request({ method: 'GET', path: '/api/v3/instruments?access_token=tok-SECRET-77' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      'GET https://prs.test/api/v3/instruments?access_token=***: could not read the body of its 200 answer (Cannot create a string longer than 0x1fffffe8 characters)',
    );
    expect(((error as Error).cause as { code?: unknown }).code).toBe('ERR_STRING_TOO_LONG');
    // Not retried: the answer came, and reading it again would cost as much.
    expect(sent).toBe(1);
  });

  it('that broke off is told as such, not as "could not reach the service"', async () => {
    const { prs, server } = ctx;
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': '1000' });
      res.write('{"data":[');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: could not read the body of its 200 answer (other side closed)`,
    );
  });
});

describe('prs.request and ids refuse what would not be sent as given', () => {
  it('refuses a path with a #fragment (fetch dropped it without a word)', async () => {
    const { prs, server } = ctx;
    for (const path of ['/api/v3/instruments#section', `${server.url}/api/v3/instruments?a=1#access_token=x`]) {
      const error = await refusalOf(() => prs.request({ method: 'GET', path }));
      expect(error.message).toBe(
        'prs.request: path: must not carry a #fragment (fetch never sends one) (nothing was sent)',
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a control character in a path (it was sent as %00)', async () => {
    const { prs, server } = ctx;
    for (const path of ['/api/v3/instruments/a\u0000b', '/api/v3/instruments?x=a\u001fb', '/api/v3/a\u007f']) {
      const error = await refusalOf(() => prs.request({ method: 'GET', path }));
      expect(error.message).toBe(
        'prs.request: path: must be sent as written: the URL parser would rewrite a control character (sent as %00 to %1F or %7F) (nothing was sent)',
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a control character in an id (it was sent as %00)', async () => {
    const { prs, server } = ctx;
    const retrieve = await refusalOf(() => prs.instruments.retrieve('i1\u0000'));
    expect(retrieve.message).toBe(
      'instruments.retrieve: id: must not hold a control character (sent as %00 to %1F or %7F), got "i1\\u0000" (nothing was sent)',
    );
    const nested = await refusalOf(() => prs.legalEntities.accounts.list('le\u001b1'));
    expect(nested.issues).toEqual([
      {
        path: 'legalEntityId',
        message: 'must not hold a control character (sent as %00 to %1F or %7F), got "le\\u001b1"',
      },
    ]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("a base URL's fragment in a message", () => {
  const URL_WITH = 'https://h.test/#access_token=tok-SECRET-1';

  it('is masked by the constructor (it was shown)', () => {
    const error = thrownValidationError(
      () => new PortfolioReporting({ baseUrl: URL_WITH, accessToken: 'test-token', logLevel: 'off' }),
    );
    expect(error.message).toBe(
      'new PortfolioReporting(): baseUrl: must not carry a query or fragment (e.g. https://reporting.example.com), got "https://h.test/#***"',
    );
    // A scheme the SDK does not take is named after the query or fragment, which a token may be in: never shown.
    expect(
      thrownValidationError(() => new PortfolioReporting({ baseUrl: 'ftp://h.test/#tok-SECRET-2', accessToken: 't' }))
        .issues,
    ).toEqual([
      {
        path: 'baseUrl',
        message: 'must not carry a query or fragment (e.g. https://reporting.example.com), got "ftp://h.test/#***"',
      },
    ]);
  });

  it('is masked by the command line, as a query parameter that carries a credential is', async () => {
    async function load(baseUrl: string) {
      const stdout = { text: '', write: (s: string) => (stdout.text += s) };
      const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
      const journal = join(mkdtempSync(join(tmpdir(), 'prs-hostile-')), 'journal');
      const args = ['load', 'prices', '--base-url', baseUrl, '--journal', journal, 'examples/data/load-prices.csv'];
      const code = await main(args, { stdout, stderr, env: { PRS_ACCESS_TOKEN: 'test-token' } });
      return { code, stdout: stdout.text, stderr: stderr.text };
    }
    const usage = (got: string) => ({
      code: 2,
      stdout: '',
      stderr: `error: portfolio-reporting load: --base-url: must not carry a query or fragment (e.g. https://reporting.example.com), got "${got}"\nRun portfolio-reporting --help for usage.\n`,
    });
    expect(await load(URL_WITH)).toEqual(usage('https://h.test/#***'));
    expect(await load('https://h.test/?access_token=tok-SECRET-3')).toEqual(usage('https://h.test/?access_token=***'));
    expect(await load('https://h.test/?token=tok-SECRET-4#tok-SECRET-5')).toEqual(
      usage('https://h.test/?token=***#***'),
    );
  });
});

describe('a header value given by a getter', () => {
  /** A header record whose `x-trace` answers `first`, then a value fetch refuses (a line break). */
  function flipping(first: string) {
    let reads = 0;
    const headers = {
      get 'x-trace'() {
        reads++;
        return reads === 1 ? first : 'changed\r\nx-injected: 1';
      },
    };
    return { headers, reads: () => reads };
  }

  it("is read once per call, and what is sent is what was checked (a call's headers)", async () => {
    const { prs, server } = ctx;
    server.handle((_req, res) => json(res, 200, { data: [] }));
    const given = flipping('t-1');
    await prs.request({ method: 'GET', path: '/api/v3/instruments' }, { headers: given.headers });
    expect(given.reads()).toBe(1);
    expect(server.requests[0]?.headers['x-trace']).toBe('t-1');
    expect(server.requests[0]?.headers['x-injected']).toBeUndefined();
  });

  it("is read once, at construction, and sent as read (the client's headers)", async () => {
    const { server } = ctx;
    server.handle((_req, res) => json(res, 200, { data: [] }));
    const given = flipping('t-2');
    const prs = new PortfolioReporting({
      baseUrl: server.url,
      accessToken: 'test-token',
      headers: given.headers,
      logLevel: 'off',
    });
    await prs.request({ method: 'GET', path: '/api/v3/instruments' });
    await prs.request({ method: 'POST', path: '/api/v3/instruments', body: {} });
    expect(given.reads()).toBe(1);
    expect(server.requests.map((r) => r.headers['x-trace'])).toEqual(['t-2', 't-2']);
  });

  it('whose first answer is refused is refused, nothing sent', async () => {
    const { prs, server } = ctx;
    const given = flipping('bad\nvalue');
    const error = await refusalOf(() =>
      prs.request({ method: 'GET', path: '/api/v3/instruments' }, { headers: given.headers }),
    );
    expect(error.issues).toEqual([
      {
        path: 'options.headers.x-trace',
        message: 'cannot be sent (an invalid name, or a control character or one past U+00FF in the value)',
      },
    ]);
    expect(given.reads()).toBe(1);
    expect(server.requests).toHaveLength(0);
  });
});

describe("a relationship's JSON:API 1.1 lid", () => {
  it('is refused by what it is: the service names a related resource by its id (it was "not a known field")', async () => {
    const { prs, server } = ctx;
    const error = await refusalOf(() =>
      prs.transactions.create({
        type: 'fee-transaction',
        attributes: { accountAmount: -25, tradeDate: '2024-03-31', valueDate: '2024-03-31' },
        relationships: { account: js({ type: 'account', lid: 'new-account' }) },
      }),
    );
    expect(error.message).toBe(
      "transactions.create: relationships.account.lid: is JSON:API 1.1's local id, which the service does not take: name the related resource by its id (nothing was sent)",
    );
    expect(server.requests).toHaveLength(0);
    expect(error).toBeInstanceOf(ValidationError);
  });
});
