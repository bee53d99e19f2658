/**
 * Item 6 — redaction everywhere. The token in each encoding it can take (raw, percent-encoded, JSON-escaped),
 * the values of credential headers, and credential-like query parameters are masked in messages,
 * `toString()`, `JSON.stringify(error)`, `error.body` and log lines; the remembered secrets are bounded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rememberedSecrets } from '../../src/core/secrets.js';
import { APIConnectionError, APIError, PortfolioReporting, ResponseValidationError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();
/** A token with characters that each encoding writes differently: `"` and `\` (JSON), `+`, `/`, `=` (URLs). */
const TOKEN = 'tok"en\\+/=SECRET-9c1d';
const FORMS = [
  TOKEN,
  encodeURIComponent(TOKEN),
  JSON.stringify(TOKEN).slice(1, -1),
  new URLSearchParams([['', TOKEN]]).toString().slice(1),
];

function logged(options: ConstructorParameters<typeof PortfolioReporting>[0] = {}) {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  const logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const prs = new PortfolioReporting({
    baseUrl: server.url,
    accessToken: TOKEN,
    logger,
    logLevel: 'debug',
    maxRetries: 0,
    ...options,
  });
  return { prs, lines };
}

/** Every text of an error a program might print or ship, its body included. */
function texts(error: unknown): string[] {
  const e = error as Error & { body?: unknown; url?: string };
  return [
    e.message,
    String(e),
    e.stack ?? '',
    JSON.stringify(e),
    inspect(e, { depth: 6 }),
    JSON.stringify(e.body ?? ''),
    e.url ?? '',
  ];
}

function expectNone(values: string[], texts: string[]) {
  for (const text of texts) for (const value of values) expect(text).not.toContain(value);
}

describe('the token in every form', () => {
  it('is masked when a 401 echoes it raw, percent-encoded and JSON-escaped', async () => {
    server.handle((_req, res) =>
      json(res, 401, { errors: [{ status: 401, detail: `token ${FORMS.join(' or ')} expired` }] }),
    );
    const { prs, lines } = logged();
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as Error).message).toContain('token *** or *** or *** or *** expired');
    expectNone(FORMS, [...texts(error), ...lines]);
  });

  it('is masked when the caller puts it in a query, and so is any credential-like parameter', async () => {
    server.handle((_req, res) => json(res, 404, { errors: [{ status: 404, detail: 'no such' }] }));
    const { prs, lines } = logged();
    const error = await prs.clients
      .retrieve('c1', { query: { access_token: TOKEN, api_key: 'k-77aa-SECRET', page: 2 } })
      .catch((e: unknown) => e);
    expect((error as APIError).url).toBe(`${server.url}/api/v2/clients/c1?access_token=***&api_key=***&page=2`);
    expectNone([...FORMS, 'k-77aa-SECRET'], [...texts(error), ...lines]);
    expect(lines.some((line) => line.includes('access_token=***'))).toBe(true);
  });

  it('keeps the colon that ends a masked value in a message, and masks a value with a colon in it whole', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const prs = new PortfolioReporting({ baseUrl: `http://127.0.0.1:${closed}`, accessToken: 't', maxRetries: 0 });
    const error = await prs.clients
      .retrieve('c1', { query: { page: 2, access_token: 'ab:cd-SECRET' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      `GET http://127.0.0.1:${closed}/api/v2/clients/c1?page=2&access_token=***: could not reach the service (connect ECONNREFUSED 127.0.0.1:${closed})`,
    );
    expectNone(['ab:cd-SECRET', 'cd-SECRET'], texts(error));
  });

  it('leaves a parameter that only mentions a credential word before its last word shown (custodianAuthFlowId was ***)', async () => {
    server.handle((_req, res) => json(res, 400, { errors: [{ status: 400, detail: 'flow nordbank-v1 is outdated' }] }));
    const { prs } = logged();
    const error = await prs.legalEntities.custodianAuthorities
      .create('le1', { custodianAuthFlowId: 'nordbank-v1' })
      .catch((e: unknown) => e);
    expect((error as APIError).url).toBe(
      `${server.url}/api/v2/legal-entities/le1/custodian-authorities?custodianAuthFlowId=nordbank-v1`,
    );
    const masked = await prs.clients
      .retrieve('c1', {
        query: { apikey: 'k1-SECRET', oauth: 'o1-SECRET', 'X-Amz-Signature': 's1-SECRET', keyId: 'kid-1' },
      })
      .catch((e: unknown) => e);
    expect((masked as APIError).url).toBe(
      `${server.url}/api/v2/clients/c1?apikey=***&oauth=***&X-Amz-Signature=***&keyId=kid-1`,
    );
  });

  it('is masked in a kept body: an HTML page echoing the Authorization header', async () => {
    server.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<html><pre>Authorization: ${req.headers.authorization}\nX-Api-Key: ${req.headers['x-api-key']}</pre></html>`,
      );
    });
    const { prs, lines } = logged({ headers: { 'X-Api-Key': 'key-SECRET-3e3e' } });
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).body).toBe(
      '<html><pre>Authorization: Bearer ***\nX-Api-Key: ***</pre></html>',
    );
    expectNone([...FORMS, 'key-SECRET-3e3e'], [...texts(error), ...lines]);
  });

  it('masks the values of credential headers given per call', async () => {
    server.handle((req, res) =>
      json(res, 403, {
        errors: [{ status: 403, detail: `session ${req.headers['x-session']}; auth ${req.headers['x-auth-token']}` }],
      }),
    );
    const { prs, lines } = logged();
    const error = await prs.instruments
      .retrieve('i1', { headers: { 'X-Session': 'session=c00kie-SECRET', 'X-Auth-Token': 'xat-SECRET-11' } })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('session ***; auth ***');
    expectNone(['c00kie-SECRET', 'xat-SECRET-11'], [...texts(error), ...lines]);
  });
});

describe('bounded memory', () => {
  it('an accessToken function returning a new token per request keeps at most 32 remembered, the newest masked', async () => {
    let n = 0;
    server.handle((req, res) =>
      json(res, 401, { errors: [{ status: 401, detail: `bad ${req.headers.authorization}` }] }),
    );
    const prs = new PortfolioReporting({
      baseUrl: server.url,
      accessToken: () => `per-request-${++n}-SECRET`,
      maxRetries: 0,
      logLevel: 'off',
    });
    let last: unknown;
    for (let i = 0; i < 200; i++) last = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(n).toBe(200);
    expect(rememberedSecrets()).toBeLessThanOrEqual(32);
    expect((last as Error).message).not.toContain('per-request-200-SECRET');
  });

  it('stays masked when other clients used more than 32 credentials while its call waited', async () => {
    // Clients with their own tokens, answering 401 with the raw token (no "Bearer" for the pattern to find).
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const echo = (wait: boolean) => async (input: RequestInfo | URL, init?: RequestInit) => {
      const token = new Request(input, init).headers.get('authorization')?.slice('Bearer '.length);
      if (wait) await gate;
      return new Response(JSON.stringify({ errors: [{ status: '401', detail: `token ${token} expired` }] }), {
        status: 401,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    };
    const client = (accessToken: string | (() => string), wait: boolean) =>
      new PortfolioReporting({ baseUrl: server.url, accessToken, maxRetries: 0, logLevel: 'off', fetch: echo(wait) });
    const waiting = [
      client('tok_waiting_SECRET_1', true)
        .clients.retrieve('c1')
        .catch((e: unknown) => e),
      client(() => 'tok_waiting_SECRET_2', true)
        .clients.retrieve('c1')
        .catch((e: unknown) => e),
      client('tok_waiting_SECRET_3', true)
        .clients.retrieve('c1', { headers: { 'x-trace': '1' } })
        .catch((e: unknown) => e),
    ];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client(`tok_other_${i}_SECRET`, false)
          .clients.retrieve('c1')
          .catch(() => {}),
      ),
    );
    release();
    const errors = await Promise.all(waiting);
    for (const [i, error] of errors.entries()) {
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).message).toContain('token *** expired');
      for (const text of texts(error)) expect(text).not.toContain(`waiting_SECRET_${i + 1}`);
    }
  });
});
