/**
 * The transport writes the URL of a plain path without parsing it (a parse per request was a tenth of the SDK's
 * cost over bare ky). That shortcut must give exactly what the URL parser gives, for any path and query it takes,
 * and leave every other path to the parser and its origin check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PortfolioReporting, ValidationError } from '../../src/index.js';

const BASES = ['https://reporting.example.com', 'http://127.0.0.1:8080/prefix/v', 'https://h.example/a%20b'];

/**
 * What the URL parser makes of the path below the base, with the query's parameters (form-encoded, as
 * URLSearchParams writes them) after the path's own query, which is kept as written: the transport's rule
 * before the shortcut.
 */
function parsed(base: string, path: string, query: Record<string, string | number | boolean | undefined>): string {
  const url = new URL(new URL(base).href.replace(/\/$/, '') + path);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const extra = params.toString();
  if (extra) url.search = url.search ? `${url.search}&${extra}` : extra;
  return url.href;
}
/** Whether a defined parameter of `query` is in the path's own query as well (refused: it is given once). */
function twice(base: string, path: string, query: Record<string, unknown>): boolean {
  const own = new URL(new URL(base).href.replace(/\/$/, '') + path).searchParams;
  return Object.entries(query).some(([key, value]) => value !== undefined && own.has(key));
}

/** Whether the URL parser would resolve or drop part of `path`: the paths the transport refuses as not sent as written. */
function rewritten(path: string): boolean {
  const beforeQuery = path.split(/[?#]/)[0] ?? '';
  return beforeQuery.includes('\\') || /\/(\.|%2e){1,2}(\/|$)/i.test(beforeQuery) || path.endsWith(' ');
}

/** Characters of every kind a path may hold: URL path characters, dots, percent signs, and ones the parser encodes. */
const pathChar = fc.constantFrom(...'aZ09-._~!$&\'()*+,;=:@%/.2eE ?#\\é"<>`{}|^[]'.split(''));
const path = fc.array(pathChar, { maxLength: 24 }).map((chars) => `/${chars.join('')}`);
const query = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(undefined)),
  { maxKeys: 4 },
);

describe('the URL of a request', () => {
  it('is what the URL parser makes of the base, the path and the query, for any path it accepts', () => {
    for (const base of BASES) {
      const transport = new PortfolioReporting({ baseUrl: base, accessToken: 'token-123456' })._api.transport;
      fc.assert(
        fc.property(path, query, (p, q) => {
          let got: string;
          try {
            got = transport.url(p, q);
          } catch (error) {
            // Refused only when the path starts like another host's (`//host`, `/\host`), or the parser would rewrite it
            // (a backslash or a `.`/`..` segment before its query, a space at its end), as the transport's rules say,
            // or when a parameter is given in the path's query and in the query both.
            expect(error).toBeInstanceOf(ValidationError);
            if (!/^\/[/\\]/.test(p) && !rewritten(p)) expect(twice(base, p, q)).toBe(true);
            return;
          }
          expect(got).toBe(parsed(base, p, q));
        }),
        { numRuns: 2_000 },
      );
    }
  });

  it('is written as given for the SDK’s own paths, encoded ids included', () => {
    const transport = new PortfolioReporting({ baseUrl: 'https://h.example/base/', accessToken: 'token-123456' })._api
      .transport;
    expect(transport.url('/api/v2/accounts/a%2F..%252e', { 'page[size]': 50, q: 'a b', none: undefined })).toBe(
      'https://h.example/base/api/v2/accounts/a%2F..%252e?page%5Bsize%5D=50&q=a+b',
    );
    // A `%2e%2e` segment is not written as given: the parser would resolve it (`/api/v2/y`), so it is refused.
    expect(() => transport.url('/api/v2/x/%2e%2e/y')).toThrow(
      'request: path: must be sent as written: the URL parser would rewrite a "." or ".." segment',
    );
  });
});
