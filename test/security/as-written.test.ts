/**
 * What a caller gives is sent as written, or refused before anything is sent: a base URL or a `prs.request` path the
 * URL parser would rewrite (`..` leaving the endpoint, a backslash read as a slash), a header fetch sets itself or
 * trims, a token with a trailing space, a GET with a body, credentials in a URL. A given `null` is checked as given,
 * never replaced by the environment.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortfolioReporting, PortfolioReportingError, ValidationError } from '../../src/index.js';
import { BASE_URL, recordingClient } from '../helpers/recording-fetch.js';

const REWRITE = 'must be sent as written: the URL parser would rewrite';

describe('prs.request: a path the URL parser would rewrite is refused, nothing sent', () => {
  it.each([
    ['/api/v2/clients/../../admin', 'a "." or ".." segment'],
    ['/api/v2/clients/%2e%2e/admin', 'a "." or ".." segment'],
    ['/api/v2/clients/./x', 'a "." or ".." segment'],
    ['/api/v2/clients/..', 'a "." or ".." segment'],
    [`${BASE_URL}/api/v2/x/../../admin`, 'a "." or ".." segment'],
    ['/\\elsewhere.example/x', 'a backslash (as "/")'],
    ['/api\\v2', 'a backslash (as "/")'],
    ['/api/v2/cli\tents', 'a tab or line break'],
    ['/api/v2/cli\nents', 'a tab or line break'],
    ['/api/v2/clients ', 'a space or control character at an end'],
    ['/api/v2/\uD800', 'a lone surrogate'],
  ])('%j: %s', async (path, what) => {
    const { prs, requests } = recordingClient({ body: {} });
    const error = await prs.request({ method: 'GET', path }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(`prs.request: path: ${REWRITE} ${what} (nothing was sent)`);
    expect(requests).toHaveLength(0);
  });

  it('sends a path whose dots are part of a segment (`/.well-known`, `v1.2`) as written', async () => {
    const { prs, requests } = recordingClient({ body: {} });
    await prs.request({ method: 'GET', path: '/.well-known/x..y/v1.2' });
    expect(requests.map((r) => r.path)).toEqual(['/.well-known/x..y/v1.2']);
  });

  it('refuses an absolute URL with credentials without showing them', async () => {
    const { prs, requests } = recordingClient({ body: {} });
    const error = await prs
      .request({ method: 'GET', path: `https://user:hunter2secret@${new URL(BASE_URL).host}/x` })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      "prs.request: path: must not carry credentials (user:password@): the SDK authenticates with the client's accessToken (nothing was sent)",
    );
    expect(String((error as Error).stack)).not.toContain('hunter2secret');
    expect(requests).toHaveLength(0);
  });

  it('refuses a GET with a body, and no request object at all', async () => {
    const { prs, requests } = recordingClient({ body: {} });
    const withBody = await prs.request({ method: 'GET', path: '/x', body: { a: 1 } }).catch((e: unknown) => e);
    expect(withBody).toBeInstanceOf(ValidationError);
    expect((withBody as Error).message).toBe(
      'prs.request: body: must be left out of a GET (fetch sends none) (nothing was sent)',
    );
    const none = await (prs.request as any)().catch((e: unknown) => e);
    expect(none).toBeInstanceOf(ValidationError);
    expect((none as Error).message).toBe(
      'prs.request: request: is required: { method, path, query?, body? } (nothing was sent)',
    );
    expect(requests).toHaveLength(0);
  });
});

describe('headers fetch sets itself or changes', () => {
  const FORBIDDEN = 'is set by fetch itself, never by a caller (a forbidden header name: a browser leaves it out)';

  it.each([
    'Host',
    'content-length',
    'Expect',
    'keep-alive',
    'transfer-encoding',
    'upgrade',
    'Cookie',
    'sec-fetch-mode',
    'proxy-authorization',
    'Origin',
  ])('%s is refused per call and on the client, nothing sent', async (name) => {
    const { prs, requests } = recordingClient({ body: {} });
    const error = await prs.instruments.retrieve('i1', { headers: { [name]: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      `instruments.retrieve: options.headers.${name}: ${FORBIDDEN} (nothing was sent)`,
    );
    expect(
      () => new PortfolioReporting({ baseUrl: BASE_URL, accessToken: 'tok-123456', headers: { [name]: 'x' } }),
    ).toThrow(`new PortfolioReporting(): headers.${name}: ${FORBIDDEN}`);
    expect(requests).toHaveLength(0);
  });

  it('refuses a value fetch would send trimmed, and sends one with inner spaces as written', async () => {
    const { prs, requests } = recordingClient({ body: {} });
    for (const value of [' t1', 't1 ', '\tt1']) {
      const error = await prs.instruments.retrieve('i1', { headers: { 'X-Trace': value } }).catch((e: unknown) => e);
      expect((error as Error).message).toBe(
        'instruments.retrieve: options.headers.X-Trace: would be sent without the spaces or tabs at its start or end (fetch trims them) (nothing was sent)',
      );
    }
    expect(requests).toHaveLength(0);
    await prs.request({ method: 'GET', path: '/x' }, { headers: { 'X-Trace': 't 1' } });
    expect(requests.map((r) => r.headers.get('x-trace'))).toEqual(['t 1']);
  });
});

describe('the client’s base URL and token', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['https://prs.te\nst/api', 'a tab or line break'],
    ['https://prs.test/a/../v2', 'a "." or ".." segment'],
    ['https:\\\\prs.test\\api', 'a backslash (as "/")'],
    [' https://prs.test', 'a space or control character at an end'],
    ['https://prs.test/v\uD800', 'a lone surrogate'],
  ])('refuses the base URL %j: %s', (baseUrl, what) => {
    expect(() => new PortfolioReporting({ baseUrl, accessToken: 'tok-123456' })).toThrow(
      new ValidationError('new PortfolioReporting()', [{ path: 'baseUrl', message: `${REWRITE} ${what}` }], ''),
    );
  });

  it('refuses the same from PRS_BASE_URL, and a token with a trailing space', () => {
    vi.stubEnv('PRS_BASE_URL', 'https://prs.test/a/../b');
    expect(() => new PortfolioReporting({ accessToken: 'tok-123456 ' })).toThrow(
      'new PortfolioReporting(): baseUrl: must be sent as written: the URL parser would rewrite a "." or ".." segment; ' +
        'accessToken: would be sent without the spaces or tabs at its start or end (fetch trims them)',
    );
  });

  it('checks a given null as it is: the environment fills in only what was not given', () => {
    vi.stubEnv('PRS_BASE_URL', 'https://env.example');
    vi.stubEnv('PRS_ACCESS_TOKEN', 'env-token-123456');
    expect(() => new PortfolioReporting({ baseUrl: null, accessToken: null } as any)).toThrow(
      'new PortfolioReporting(): baseUrl: must be a string (e.g. https://reporting.example.com), got null; ' +
        'accessToken: must be a string or a function returning one, got object',
    );
    expect(new PortfolioReporting().baseUrl).toBe('https://env.example');
  });

  it('refuses a token function’s value with a trailing space, nothing sent', async () => {
    const { prs, requests } = recordingClient({ body: {} }, { accessToken: async () => 'tok-123456\t' });
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortfolioReportingError);
    expect((error as Error).message).toBe(
      `GET ${BASE_URL}/api/v3/instruments/i1: the accessToken function must return a value that would be sent without the spaces or tabs at its start or end (fetch trims them)`,
    );
    expect(requests).toHaveLength(0);
  });
});
