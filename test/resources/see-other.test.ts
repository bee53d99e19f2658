/**
 * Duplicate creates answered 303 See Other, over a real node:http server: the SDK returns the existing
 * resource with `created: false`, and the token reaches the redirected GET on the same origin only.
 */
import { describe, expect, it } from 'vitest';
import { ConflictError, type PortfolioReporting, RedirectError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { bond, bondAttributes, client, stock, TOKEN, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();
/** Another origin (localhost instead of 127.0.0.1, another port) that must never see the token. */
const elsewhere = useServer((req, res) =>
  json(res, 200, { data: bond('evil', req.url.includes('/v2/') ? 'asset' : 'instrument') }),
);

const FAMILIES = [
  { family: 'assets', suffix: 'asset', base: '/api/v2/assets' },
  { family: 'instruments', suffix: 'instrument', base: '/api/v3/instruments' },
] as const;

/**
 * `family.create(input)`: each family's `create` is generic over the kind its `type` names, and TypeScript cannot call
 * a union of two generic methods (`prs[family].create`), so the family picks the method here.
 */
function create(prs: PortfolioReporting, family: (typeof FAMILIES)[number]['family'], input: never) {
  return family === 'assets' ? prs.assets.create(input) : prs.instruments.create(input);
}

/** POST answers 303 to `location` (or 201 when `duplicate` is false); GET answers the existing resource. */
function service(base: string, suffix: 'asset' | 'instrument', location: (origin: string) => string, duplicate = true) {
  server.handle((req, res) => {
    if (req.method === 'POST' && duplicate) {
      res.writeHead(303, { location: location(server.url), 'x-request-id': 'dup' });
      return res.end();
    }
    if (req.method === 'POST') return json(res, 201, { data: { id: 'fresh', ...JSON.parse(req.body).data } });
    if (req.url === `${base}/existing-7`)
      return json(res, 200, { data: bond('existing-7', suffix, { name: 'Existing' }) }, { 'x-request-id': 'got' });
    json(res, 404, { errors: [{ status: 404, detail: `no ${req.url}` }] });
  });
}

/** A fetch that hands redirects back instead of following them (a proxy agent, an edge runtime). */
const manualFetch: typeof fetch = (input, init) => globalThis.fetch(input, { ...init, redirect: 'manual' });

describe.each(FAMILIES)('$family.create answered 303 See Other', ({ family, suffix, base }) => {
  const input = { type: `bond-${suffix}`, attributes: bondAttributes } as never;

  it.each([
    ['a relative Location', (_origin: string) => `${base}/existing-7`],
    ['an absolute Location', (origin: string) => `${origin}${base}/existing-7`],
  ])(
    'returns the existing resource with created: false (%s), the token on the redirected GET',
    async (_what, location) => {
      service(base, suffix, location);
      const { data, created, response } = await create(client(server.url), family, input).withResponse();
      expect(created).toBe(false);
      expect(data).toEqual(bond('existing-7', suffix, { name: 'Existing' }));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe('got');
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${base}`, `GET ${base}/existing-7`]);
      expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(server.requests[1]?.body).toBe('');
    },
  );

  it('a fresh create (201) says created: true', async () => {
    service(base, suffix, () => '', false);
    const { data, created, response } = await create(client(server.url), family, input).withResponse();
    expect(created).toBe(true);
    expect(response.status).toBe(201);
    expect(data).toEqual({ id: 'fresh', type: `bond-${suffix}`, attributes: bondAttributes });
    expect(server.requests).toHaveLength(1);
  });

  it('awaiting the call directly gives the existing resource', async () => {
    service(base, suffix, (origin) => `${origin}${base}/existing-7`);
    await expect(create(client(server.url), family, input)).resolves.toMatchObject({ id: 'existing-7' });
  });

  it('with a fetch that hands back the 303, the SDK follows Location itself', async () => {
    service(base, suffix, () => `${base}/existing-7`);
    const { data, created } = await create(client(server.url, { fetch: manualFetch }), family, input).withResponse();
    expect(created).toBe(false);
    expect(data.id).toBe('existing-7');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${base}`, `GET ${base}/existing-7`]);
    expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('with a fetch that hands back the 303, a Location on another origin is refused without sending the token', async () => {
    const other = elsewhere.url.replace('127.0.0.1', 'localhost');
    service(base, suffix, () => `${other}${base}/existing-7`);
    const error = await create(client(server.url, { fetch: manualFetch }), family, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toBe(
      `POST ${server.url}${base}: answered 303 to another origin (${other}); nothing was sent there: the SDK never sends your token, headers or body off the base URL's origin`,
    );
    expect(elsewhere.requests).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
  });

  it('with the default fetch, a redirect to another origin is a RedirectError and nothing goes there', async () => {
    const other = elsewhere.url.replace('127.0.0.1', 'localhost');
    service(base, suffix, () => `${other}${base}/existing-7`);
    const error = await create(client(server.url), family, input).catch((e: unknown) => e);
    // The transport asks fetch for manual redirects and follows only its own origin: nothing reaches the other.
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).location).toBe(`${other}${base}/existing-7`);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('an existing resource of another kind is a ConflictError: nothing was created, and it is not what was asked for', async () => {
    server.handle((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(303, { location: `${base}/existing-stock` });
        return res.end();
      }
      json(res, 200, { data: stock('existing-stock', suffix) }, { 'x-request-id': 'got' });
    });
    const error = await create(client(server.url), family, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).status).toBe(303);
    expect((error as ConflictError).errors).toEqual([
      {
        status: '303',
        detail: `the existing resource the service answered with (303) is a stock-${suffix} (id existing-stock), not the bond-${suffix} asked for: nothing was created`,
      },
    ]);
    expect((error as Error).message).toBe(
      `POST ${server.url}${base} failed with 303: the existing resource the service answered with (303) is a stock-${suffix} (id existing-stock), not the bond-${suffix} asked for: nothing was created (request id got)`,
    );
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${base}`, `GET ${base}/existing-stock`]);
  });
});
