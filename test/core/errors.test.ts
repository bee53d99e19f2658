/**
 * Error mapping over real HTTP: the class by status, the service's `{errors:[{status,detail}]}` body,
 * the request id, the message; and `instanceof` across the ESM and the CJS build loaded side by side.
 */
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { client, useServer } from '../helpers/instrument-fixtures.js';
import { refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const server = useServer();

const BY_STATUS: [number, string, abstract new (...args: never[]) => Error][] = [
  [400, 'BadRequestError', sdk.BadRequestError],
  [401, 'AuthenticationError', sdk.AuthenticationError],
  [403, 'PermissionDeniedError', sdk.PermissionDeniedError],
  [404, 'NotFoundError', sdk.NotFoundError],
  [409, 'ConflictError', sdk.ConflictError],
  [422, 'UnprocessableEntityError', sdk.UnprocessableEntityError],
  [429, 'RateLimitError', sdk.RateLimitError],
  [500, 'InternalServerError', sdk.InternalServerError],
  [502, 'InternalServerError', sdk.InternalServerError],
  [503, 'InternalServerError', sdk.InternalServerError],
  [504, 'InternalServerError', sdk.InternalServerError],
  [507, 'InternalServerError', sdk.InternalServerError],
  [418, 'APIError', sdk.APIError],
  [410, 'APIError', sdk.APIError],
];

describe('error class by status', () => {
  it.each(BY_STATUS)(
    '%i → %s with status, errors, requestId and a message naming method, URL and detail',
    async (status, name, cls) => {
      const errors = [
        { status, detail: `detail of ${status}` },
        { status, detail: 'second detail' },
      ];
      server.handle((_req, res) =>
        json(res, status, { errors }, { 'x-request-id': `rid-${status}`, 'retry-after': '0' }),
      );
      const error = await client(server.url, { maxRetries: 0 })
        .instruments.retrieve('i9')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(cls);
      expect(error).toBeInstanceOf(sdk.APIError);
      expect(error).toBeInstanceOf(sdk.PortfolioReportingError);
      expect(error).toBeInstanceOf(Error);
      const e = error as sdk.APIError;
      expect(e.name).toBe(name);
      expect(e.status).toBe(status);
      expect(e.errors).toEqual(errors);
      expect(e.requestId).toBe(`rid-${status}`);
      expect(e.method).toBe('GET');
      expect(e.url).toBe(`${server.url}/api/v3/instruments/i9`);
      expect(e.headers.get('x-request-id')).toBe(`rid-${status}`);
      expect(JSON.parse(e.body)).toEqual({ errors });
      expect(e.message).toBe(
        `GET ${server.url}/api/v3/instruments/i9 failed with ${status}: detail of ${status}; second detail (request id rid-${status})`,
      );
    },
  );

  it('only the exact classes match: a NotFoundError is not a ConflictError', async () => {
    server.handle((_req, res) => json(res, 404, { errors: [{ status: 404, detail: 'no such instrument' }] }));
    const error = await client(server.url)
      .instruments.retrieve('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.NotFoundError);
    expect(error).not.toBeInstanceOf(sdk.ConflictError);
    expect(error).not.toBeInstanceOf(sdk.APIConnectionError);
    expect(new Error('plain')).not.toBeInstanceOf(sdk.PortfolioReportingError);
    expect(null).not.toBeInstanceOf(sdk.APIError);
  });

  it('reads the error body sent as application/vnd.json+api (the second spelling)', async () => {
    server.handle((_req, res) =>
      json(
        res,
        422,
        { errors: [{ status: '422', detail: 'ccyCode is not a currency' }] },
        { 'content-type': 'application/vnd.json+api' },
      ),
    );
    const error = (await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as sdk.APIError;
    expect(error).toBeInstanceOf(sdk.UnprocessableEntityError);
    expect(error.errors).toEqual([{ status: '422', detail: 'ccyCode is not a currency' }]);
    expect(error.message).toBe(`GET ${server.url}/api/v3/instruments/i1 failed with 422: ccyCode is not a currency`);
  });

  it('keeps a body that is not JSON as text, with no errors and no request id', async () => {
    server.handle((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const error = (await client(server.url, { maxRetries: 0 })
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as sdk.APIError;
    expect(error).toBeInstanceOf(sdk.InternalServerError);
    expect(error.body).toBe('<h1>Bad gateway</h1>');
    expect(error.errors).toEqual([]);
    expect(error.requestId).toBeUndefined();
    expect(error.message).toBe(`GET ${server.url}/api/v3/instruments/i1 failed with 502`);
  });

  it('keeps the raw text of a malformed JSON error body', async () => {
    server.handle((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/vnd.api+json' });
      res.end('{"errors": [');
    });
    const error = (await client(server.url)
      .instruments.retrieve('i1')
      .catch((e: unknown) => e)) as sdk.APIError;
    expect(error).toBeInstanceOf(sdk.BadRequestError);
    expect(error.body).toBe('{"errors": [');
    expect(error.errors).toEqual([]);
  });
});

describe('JSON.stringify(error)', () => {
  it('an APIError: name, message, its fields, headers as an object with a credential header masked', async () => {
    const { prs } = recordingClient({
      status: 404,
      body: { errors: [{ status: '404', detail: 'no instrument i1 for token test-token' }] },
      headers: { 'x-request-id': 'req-1', 'x-upstream-token': 'up-secret-42' },
    });
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.NotFoundError);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NotFoundError',
      message:
        'GET https://prs.test/api/v3/instruments/i1 failed with 404: no instrument i1 for token *** (request id req-1)',
      status: 404,
      errors: [{ status: '404', detail: 'no instrument i1 for token ***' }],
      headers: { 'content-type': 'application/vnd.api+json', 'x-request-id': 'req-1', 'x-upstream-token': '***' },
      method: 'GET',
      url: 'https://prs.test/api/v3/instruments/i1',
      requestId: 'req-1',
      body: '{"errors":[{"status":"404","detail":"no instrument i1 for token ***"}]}',
    });
    // In that order: name and message first, then the fields as the class sets them.
    expect(Object.keys(JSON.parse(JSON.stringify(error)))).toEqual([
      'name',
      'message',
      'status',
      'errors',
      'headers',
      'method',
      'url',
      'requestId',
      'body',
    ]);
    expect(JSON.stringify(error)).not.toMatch(/test-token|up-secret-42/);
    // The error itself is unchanged: its headers are still the response's.
    expect((error as sdk.APIError).headers.get('x-upstream-token')).toBe('up-secret-42');
  });

  it('a ValidationError: name, message, issues, omittedIssues', async () => {
    const { prs, requests } = recordingClient();
    const error = await refusalOf(() => prs.accounts.retrieve('a1', { maxRetry: 1 } as never));
    expect(JSON.stringify(error)).toBe(
      JSON.stringify({
        name: 'ValidationError',
        message:
          'accounts.retrieve: options.maxRetry: is not a known field here (accepted: signal, timeout, totalTimeout, maxRetries, headers, query) (nothing was sent)',
        issues: [
          {
            path: 'options.maxRetry',
            message: 'is not a known field here (accepted: signal, timeout, totalTimeout, maxRetries, headers, query)',
          },
        ],
        omittedIssues: 0,
      }),
    );
    expect(requests).toHaveLength(0);
  });

  it('an APIConnectionError: name and message (its cause is not written)', () => {
    const call = { method: 'GET', url: 'https://prs.test/api/v3/instruments/i1' };
    const error = new sdk.APIConnectionError(
      call,
      'could not reach the service (connect ECONNREFUSED 127.0.0.1:4010)',
      {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' }),
      },
    );
    expect(JSON.stringify(error)).toBe(
      '{"name":"APIConnectionError","message":"GET https://prs.test/api/v3/instruments/i1: could not reach the service (connect ECONNREFUSED 127.0.0.1:4010)"}',
    );
  });

  it("a RedirectError's location is masked as the message is", () => {
    const call = { method: 'GET', url: 'https://prs.test/api/v3/x' };
    const error = new sdk.RedirectError(call, 307, 'https://other.test/x?sig=abcdef123', 'not followed');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'RedirectError',
      message: 'GET https://prs.test/api/v3/x: not followed',
      status: 307,
      location: 'https://other.test/x?sig=***',
    });
  });
});

/** The newest modification time below a folder. */
function newest(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => statSync(join(d.parentPath, d.name)).mtimeMs),
  );
}

describe('two copies of the SDK (ESM and CJS builds) loaded together', () => {
  const root = join(import.meta.dirname, '..', '..');
  type SDK = typeof sdk;
  let esm: SDK;
  let cjs: SDK;

  beforeAll(async () => {
    // `npm test` builds first; a lone run of this file builds when dist is missing or older than src.
    const built = (() => {
      try {
        return Math.min(statSync(join(root, 'dist/index.js')).mtimeMs, statSync(join(root, 'dist/index.cjs')).mtimeMs);
      } catch {
        return 0;
      }
    })();
    if (built < newest(join(root, 'src'))) execSync('npm run build', { cwd: root, stdio: 'ignore' });
    esm = (await import(join(root, 'dist/index.js'))) as SDK;
    cjs = createRequire(import.meta.url)(join(root, 'dist/index.cjs')) as SDK;
  }, 120_000);

  it('the copies are distinct classes', () => {
    expect(cjs.NotFoundError).not.toBe(esm.NotFoundError);
  });

  it('an error from the CJS copy is an instance of the ESM classes, and the other way round', async () => {
    server.handle((_req, res) => json(res, 404, { errors: [{ status: 404, detail: 'gone' }] }));
    const fromCjs = await new cjs.PortfolioReporting({
      baseUrl: server.url,
      accessToken: 't',
      logLevel: 'off',
    }).instruments
      .retrieve('i1')
      .catch((e: unknown) => e);
    const fromEsm = await new esm.PortfolioReporting({
      baseUrl: server.url,
      accessToken: 't',
      logLevel: 'off',
    }).instruments
      .retrieve('i1')
      .catch((e: unknown) => e);
    for (const error of [fromCjs, fromEsm]) {
      for (const copy of [esm, cjs, sdk]) {
        expect(error).toBeInstanceOf(copy.NotFoundError);
        expect(error).toBeInstanceOf(copy.APIError);
        expect(error).toBeInstanceOf(copy.PortfolioReportingError);
        expect(error).not.toBeInstanceOf(copy.ConflictError);
        expect(error).not.toBeInstanceOf(copy.ValidationError);
      }
    }
    expect((fromCjs as sdk.NotFoundError).status).toBe(404);
  });

  it('a ValidationError from one copy is recognised by the other', async () => {
    // The CJS build's create rejects (it does not throw), like the source's.
    const caught = await new cjs.PortfolioReporting({ baseUrl: server.url, accessToken: 't' }).instruments
      .create({ type: 'fee-instrument' } as never)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(caught).toBeInstanceOf(esm.ValidationError);
    expect(caught).toBeInstanceOf(sdk.ValidationError);
    expect(caught).not.toBeInstanceOf(esm.ResponseValidationError);
    expect(server.requests).toHaveLength(0);
  });
});
