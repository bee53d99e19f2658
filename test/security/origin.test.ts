/**
 * Item 2 — every URL the SDK builds stays on the base origin. `prs.request({ path })` takes a path starting
 * with a single `/` or an absolute URL on the base origin; anything else is a `ValidationError` with nothing
 * sent. Ids go through one encoder that refuses empty, `.` and `..` ids; for any other string id, the
 * request path has exactly the endpoint's segments (a fast-check property).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTROL } from '../../src/core/well-formed.js';
import { ValidationError } from '../../src/index.js';
import { codePoint } from '../helpers/code-points.js';
import { BASE_URL, recordingClient } from '../helpers/recording-fetch.js';

describe('prs.request', () => {
  it.each([
    'https://elsewhere.example/x',
    '.elsewhere.example/x',
    ':8443/x',
    '//elsewhere.example/x',
    'api/v2/clients',
    '@elsewhere.example/x',
    '',
  ])('refuses %j with nothing sent', async (path) => {
    const { prs, requests } = recordingClient({ body: {} });
    const error = await prs.request({ method: 'GET', path }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe('path');
    expect((error as Error).message).toContain(
      `must start with a single "/" (a path below the base URL) or be an absolute URL on ${BASE_URL}`,
    );
    expect(requests).toHaveLength(0);
  });

  it('sends a path below the base URL and an absolute URL on its origin', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    await prs.request({ method: 'GET', path: '/api/v2/clients', query: { 'page[size]': 5 } });
    await prs.request({ method: 'GET', path: `${BASE_URL}/api/v2/custodians` });
    expect(requests.map((r) => r.url)).toEqual([
      `${BASE_URL}/api/v2/clients?page%5Bsize%5D=5`,
      `${BASE_URL}/api/v2/custodians`,
    ]);
  });

  it('refuses an unknown key or method of the request object', async () => {
    const { prs, requests } = recordingClient({ body: {} });
    const bad = await prs.request({ method: 'GET', path: '/x', headers: { a: 'b' } } as never).catch((e: unknown) => e);
    expect((bad as ValidationError).issues).toEqual([
      { path: 'request.headers', message: 'is not a known field here (accepted: method, path, query, body)' },
    ]);
    const method = await prs.request({ method: 'TRACE', path: '/x' } as never).catch((e: unknown) => e);
    expect((method as Error).message).toContain('method: must be one of GET, POST, PATCH, PUT, DELETE, got "TRACE"');
    expect(requests).toHaveLength(0);
  });
});

describe('path parameters', () => {
  it.each(['.', '..', ''])('%j is refused by delete, revoke and cancel before sending', async (id) => {
    const { prs, requests } = recordingClient({ status: 204 });
    for (const call of [
      () => prs.accounts.delete(id),
      () => prs.custodianAuthorities.revoke(id),
      () => prs.users.invites.cancel('u1', id),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(/must be a non-empty string id other than "\." and "\.\."/);
    }
    expect(requests).toHaveLength(0);
  });

  // 200 runs of 3 calls take about a second; the seconds went to fast-check's own 'binary' unit (see codePoint).
  it('any other string id is exactly one segment of the path sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: codePoint }), fc.string({ unit: 'grapheme-ascii' }), async (a, b) => {
        // A control character is refused (`a control character in an id`, test/security/hostile-input.test.ts).
        fc.pre(![a, b].some((id) => id === '' || id === '.' || id === '..' || CONTROL.test(id)));
        const { prs, requests } = recordingClient({ status: 204 });
        await prs.accounts.delete(a);
        await prs.custodianAuthorities.revoke(b).catch(() => undefined);
        await prs.users.invites.cancel(a, b);
        const segments = requests.map((r) => new URL(r.url).pathname.split('/').slice(1));
        expect(segments[0]).toEqual(['api', 'v2', 'accounts', encodeURIComponent(a)]);
        expect(segments[1]).toEqual(['api', 'v2', 'custodian-authorities', encodeURIComponent(b), 'revoke']);
        expect(segments[2]).toEqual([
          'api',
          'v2',
          'users',
          encodeURIComponent(a),
          'invites',
          encodeURIComponent(b),
          'cancellation',
        ]);
        expect(segments.map((s) => decodeURIComponent(s[3] as string))).toEqual([a, b, a]);
        expect(requests.every((r) => new URL(r.url).origin === BASE_URL)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
