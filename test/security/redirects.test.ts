/**
 * Item 1 — redirects never cross origins. Against two real node:http servers (127.0.0.1 and localhost on
 * another port: two origins): a 301/302/303/307/308 to the other origin is a `RedirectError` naming it, and
 * nothing — not the token, not a custom credential header, not a POST body — reaches it. On the base origin,
 * a 303 answers a duplicate create (`created: false`) and a GET follows any redirect; a write is not
 * re-sent by a 307/308. Where the platform follows redirects itself (a browser), an answer from another
 * origin is refused and never decoded as the resource.
 */
import { describe, expect, it } from 'vitest';
import { PortfolioReporting, RedirectError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { bond, bondAttributes, client, TOKEN, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();
const elsewhere = useServer((_req, res) => json(res, 200, { data: bond('evil', 'instrument') }));
const other = () => elsewhere.url.replace('127.0.0.1', 'localhost');
const create = { type: 'bond-instrument', attributes: bondAttributes } as never;

describe.each([301, 302, 303, 307, 308])('a %d to another origin', (status) => {
  it('is a RedirectError naming that origin; no request, header or body reaches it', async () => {
    const target = `${other()}/api/v3/instruments/evil`;
    server.handle((_req, res) => res.writeHead(status, { location: target }).end());
    const prs = client(server.url, { headers: { 'X-Api-Key': 'key-SECRET-77aa' } });
    for (const call of [() => prs.instruments.create(create), () => prs.instruments.retrieve('i1')]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as RedirectError).status).toBe(status);
      expect((error as RedirectError).location).toBe(target);
      expect((error as Error).message).toContain(
        `answered ${status} to another origin (${other()}); nothing was sent there`,
      );
    }
    expect(elsewhere.requests).toHaveLength(0);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(server.requests[0]?.headers['x-api-key']).toBe('key-SECRET-77aa');
  });
});

describe('on the base origin', () => {
  it('a 303 after a create is followed with a GET: the existing resource, created: false', async () => {
    server.handle((req, res) =>
      req.method === 'POST'
        ? res.writeHead(303, { location: '/api/v3/instruments/existing-7' }).end()
        : json(res, 200, { data: bond('existing-7', 'instrument') }),
    );
    const { data, created } = await client(server.url).instruments.create(create).withResponse();
    expect([data.id, created]).toEqual(['existing-7', false]);
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
      `POST /api/v3/instruments Bearer ${TOKEN}`,
      `GET /api/v3/instruments/existing-7 Bearer ${TOKEN}`,
    ]);
  });

  it('a GET follows a 301, at most five in a row', async () => {
    server.handle((req, res) =>
      req.url === '/api/v3/instruments/old'
        ? res.writeHead(301, { location: '/api/v3/instruments/new' }).end()
        : req.url === '/api/v3/instruments/new'
          ? json(res, 200, { data: bond('new', 'instrument') })
          : res.writeHead(302, { location: req.url }).end(),
    );
    expect((await client(server.url).instruments.retrieve('old')).id).toBe('new');
    const loop = await client(server.url)
      .instruments.retrieve('loop')
      .catch((e: unknown) => e);
    expect(loop).toBeInstanceOf(RedirectError);
    expect((loop as Error).message).toContain('more than 5 redirects in a row; stopped');
    expect(server.requests).toHaveLength(2 + 6);
  });

  it('a 307 of a create is not followed: the body is not sent twice', async () => {
    server.handle((_req, res) => res.writeHead(307, { location: '/api/v3/instruments-again' }).end());
    const error = await client(server.url)
      .instruments.create(create)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toContain('the SDK follows a redirect of a POST only when it is a 303 See Other');
    expect(server.requests).toHaveLength(1);
  });
});

describe('where fetch follows redirects itself (a browser)', () => {
  it('an answer whose final URL is on another origin is refused, never decoded as the resource', async () => {
    const browserLike: typeof fetch = async () => {
      const response = Response.json({ data: bond('evil', 'instrument') });
      Object.defineProperty(response, 'redirected', { value: true });
      Object.defineProperty(response, 'url', { value: `${other()}/api/v3/instruments/evil` });
      return response;
    };
    const prs = new PortfolioReporting({
      baseUrl: server.url,
      accessToken: TOKEN,
      fetch: browserLike,
      logLevel: 'off',
    });
    const error = await prs.instruments.create(create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toContain(`the answer came from another origin (${other()}) through a redirect`);
  });
});
