/**
 * A red-team pass (helper-61) against real node:http servers: what an outsider could make the SDK print, where the
 * token could go, and what a hostile answer costs. Each test failed before its fix:
 * - the client held its token and credential headers in enumerable properties: `JSON.stringify(prs)` and
 *   `util.inspect(prs, { depth: 4 })` printed them;
 * - `util.inspect(error)` (`console.log(error)`) printed the service's `errors` and the response headers as they
 *   came: a detail echoing the token, a `set-cookie`;
 * - an API error's message joined every `detail` of the answer: 3,000 entries, or one detail of megabytes, made a
 *   message of that size;
 * - a redirect or `links.next` on the base origin carrying `user:password@` was a `ValidationError` blaming a
 *   `path` the caller never gave;
 * - the command line crashed with a stack on a `PRS_ACCESS_TOKEN` ending in a space or a `--base-url` with `..`;
 * - two patterns backtracked quadratically on hostile text: the webhook verifier's trim of a header value (a value of
 *   100,000 inner spaces: about a minute of CPU per delivery), and the masking of query parameters that every error
 *   message and kept body goes through (an error body of 100,000 `?a`: half a minute). Each test fails by its time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { MAX_LISTED_CHARS } from '../../src/core/validation-error.js';
import {
  BadRequestError,
  type NotFoundError,
  PortfolioReporting,
  PortfolioReportingError,
  RedirectError,
} from '../../src/index.js';
import { WebhookVerificationError, WebhookVerifier } from '../../src/webhooks/index.js';
import { json } from '../helpers/http-server.js';
import { bond, client, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();
/** A token of the characters RFC 6750 allows: nothing `inspect` would escape (it escapes `\` and `'`). */
const TOKEN = 'rt-SECRET-5d1e.b64+/=';
const LIST = '/api/v3/instruments/re-1/private-instruments';

describe('the client object', () => {
  it('holds its token and credential headers where JSON.stringify and util.inspect do not reach', () => {
    const prs = new PortfolioReporting({
      baseUrl: 'https://prs.test',
      accessToken: TOKEN,
      headers: { 'X-Api-Key': 'key-SECRET-91f0' },
      logLevel: 'off',
    });
    for (const text of [JSON.stringify(prs), inspect(prs, { depth: Infinity, showHidden: true })]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('key-SECRET-91f0');
    }
  });
});

describe('util.inspect(error)', () => {
  it('masks the token a detail, a member or a header of the answer echoes, and a credential header', async () => {
    server.handle((req, res) => {
      const token = String(req.headers.authorization).slice('Bearer '.length);
      json(
        res,
        401,
        { errors: [{ status: '401', detail: `token ${token} expired`, meta: { token } }] },
        { 'x-echo': token, 'set-cookie': 'session=c00kie-SECRET-77' },
      );
    });
    const error = await client(server.url, { accessToken: TOKEN })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('token *** expired');
    const shown = inspect(error, { depth: 6 });
    expect(shown).toContain("detail: 'token *** expired'");
    expect(shown).toContain("'set-cookie': '***'");
    expect(shown).toContain("'x-echo': '***'");
    for (const secret of [TOKEN, encodeURIComponent(TOKEN), 'c00kie-SECRET-77']) expect(shown).not.toContain(secret);
    // The headers are kept as they came (`errors` is read from the body after masking): only the printing masks.
    expect((error as BadRequestError).headers.get('x-echo')).toBe(TOKEN);
    expect((error as BadRequestError).headers.get('set-cookie')).toBe('session=c00kie-SECRET-77');
  });
  it('shows a frozen error, its fields masked (assigning them threw a TypeError, then they were left as they came)', async () => {
    server.handle((req, res) =>
      json(
        res,
        404,
        { errors: [{ detail: `no ${String(req.headers.authorization).slice(7)}` }] },
        { 'set-cookie': 'session=c00kie-SECRET-77' },
      ),
    );
    const error = await client(server.url, { accessToken: TOKEN })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    Object.freeze(error);
    const shown = inspect(error);
    expect(shown).toContain(`NotFoundError: GET ${server.url}/api/v3/instruments/i1 failed with 404: no ***`);
    expect(shown).toContain("'set-cookie': '***'");
    for (const secret of [TOKEN, 'c00kie-SECRET-77']) expect(shown).not.toContain(secret);
  });

  it('shows the error as Node would, and leaves it as it is: its class, stack, cause, a cycle back to it', async () => {
    server.handle((_req, res) => json(res, 404, { errors: [{ detail: 'gone' }] }, { 'set-cookie': 'session=c00kie' }));
    const error = (await client(server.url, { accessToken: TOKEN })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as NotFoundError;
    const outer = new PortfolioReportingError('outer', { cause: error });
    Object.assign(error, { outer });
    const shown = inspect(outer, { depth: 4 });
    // Node's own form: the stack (class name and message) first, the fields, `[cause]`, the way back `[Circular *1]`.
    expect(shown).toMatch(/^PortfolioReportingError: outer\n {4}at /);
    expect(shown).toContain(
      `[cause]: <ref *1> NotFoundError: GET ${server.url}/api/v3/instruments/i1 failed with 404: gone\n      at `,
    );
    expect(shown).toContain("'set-cookie': '***'");
    expect(shown).toMatch(/ {4}outer: PortfolioReportingError: outer\n[\s\S]*\[cause\]: \[Circular \*1\]\n/);
    // The error keeps what it held: printing it wrote nothing to it.
    expect(error.headers).toBeInstanceOf(Headers);
    expect(error.headers.get('set-cookie')).toBe('session=c00kie');
    expect(error.errors).toEqual([{ detail: 'gone' }]);
  });
});

describe("an API error's message", () => {
  it('lists at most 100 details, each and the whole cut to size, whatever the answer holds', async () => {
    const errors = Array.from({ length: 3000 }, (_, i) => ({ status: '400', detail: `bad row ${i}` }));
    server.handle((_req, res) => json(res, 400, { errors }));
    const error = (await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    const listed = errors.slice(0, 100).map((e) => e.detail);
    // What it lists are the service's errors (`errors`), and the rest is counted as such.
    expect(error.message).toBe(
      `GET ${server.url}/api/v3/instruments/i1 failed with 400: ${listed.join('; ')}; … and 2,900 more errors`,
    );
    expect(error.errors).toHaveLength(3000);

    server.handle((_req, res) => json(res, 400, { errors: errors.slice(0, 101) }));
    const one = (await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as BadRequestError;
    expect(one.message).toBe(
      `GET ${server.url}/api/v3/instruments/i1 failed with 400: ${listed.join('; ')}; … and 1 more error`,
    );

    server.handle((_req, res) => json(res, 400, { errors: [{ detail: 'x'.repeat(5_000_000) }] }));
    const long = (await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as BadRequestError;
    expect(long.message.length).toBeLessThan(MAX_LISTED_CHARS);
    expect(long.message).toMatch(/failed with 400: x{999}…$/);
  });
});

describe('user:password@ on the base origin', () => {
  it('in a redirect: a RedirectError, not followed, the credentials not shown', async () => {
    server.handle((_req, res) =>
      res.writeHead(302, { location: `${server.url.replace('//', '//u:pw-SECRET@')}/api/v3/instruments/i2` }).end(),
    );
    const error = await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).location).toBe(`${server.url}/api/v3/instruments/i2`);
    expect((error as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: answered 302 to a URL carrying credentials (user:password@, not shown); not followed: the SDK authenticates with the client's accessToken only`,
    );
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v3/instruments/i1']);
  });

  it('in links.next: the walk stops with an error saying so, nothing more sent', async () => {
    const next = `${server.url.replace('//', '//u:pw-SECRET@')}${LIST}?page=2`;
    server.handle((_req, res) => json(res, 200, { data: [bond('b1')], links: { next } }));
    const error = await client(server.url)
      .instruments.listPrivate('re-1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortfolioReportingError);
    expect((error as Error).name).toBe('PortfolioReportingError');
    expect((error as Error).message).toBe(
      `GET ${server.url}${LIST}: links.next carries credentials (user:password@, not shown); the SDK authenticates with your token only and does not follow it.`,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe('the command line', () => {
  async function load(env: Record<string, string>, baseUrl: string) {
    const stdout = { text: '', write: (s: string) => (stdout.text += s) };
    const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
    const journal = join(mkdtempSync(join(tmpdir(), 'prs-red-team-')), 'journal');
    const args = ['load', 'prices', '--base-url', baseUrl, '--journal', journal, 'examples/data/load-prices.csv'];
    const code = await main(args, { stdout, stderr, env });
    return { code, stderr: stderr.text };
  }

  it('names PRS_ACCESS_TOKEN and --base-url where the client refuses them, as a usage error (it crashed)', async () => {
    expect(await load({ PRS_ACCESS_TOKEN: `${TOKEN} ` }, server.url)).toEqual({
      code: 2,
      stderr:
        'error: portfolio-reporting load: PRS_ACCESS_TOKEN: would be sent without the spaces or tabs at its start or end (fetch trims them)\nRun portfolio-reporting --help for usage.\n',
    });
    expect(await load({ PRS_ACCESS_TOKEN: TOKEN }, `${server.url}/a/../b`)).toEqual({
      code: 2,
      stderr:
        'error: portfolio-reporting load: --base-url: must be sent as written: the URL parser would rewrite a "." or ".." segment\nRun portfolio-reporting --help for usage.\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('hostile text costs linear time', () => {
  it("the webhook verifier trims a header value of 100,000 inner spaces at once (a plain object: Node's headers)", async () => {
    const verifier = new WebhookVerifier({ loadKeys: async () => ({ keys: [] }), secret: `whsec_${'A'.repeat(43)}=` });
    const headers = {
      'webhook-id': `msg_1${' '.repeat(100_000)}x`,
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': `v1,${' '.repeat(100_000)}AAAA`,
    };
    const started = performance.now();
    const error = await verifier.verify('{}', headers).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe('signature_header_too_large');
  });

  it('an error body of 100,000 "?a" is masked at once (a name ends at the next separator)', async () => {
    const body = `${'?a'.repeat(100_000)}&access_token=abc-SECRET-1&page=2`;
    server.handle((_req, res) => res.writeHead(400, { 'content-type': 'text/plain' }).end(body));
    const started = performance.now();
    const error = (await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as BadRequestError;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error.body).toBe(`${'?a'.repeat(100_000)}&access_token=***&page=2`);
  });
});
