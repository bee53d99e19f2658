import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/testing/routes/index.js';
import { useHarness } from './harness.js';

const rows = readFileSync(new URL('../fixtures/endpoints.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [n, method, path, sdk] = line.split('\t') as [string, string, string, string];
    return { n: Number(n), method, path, sdk };
  });

/** Path parameters compared by position only (`:id` and `:navId` are the same slot). */
const shape = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ':_')}`;

describe('the route table', () => {
  it('has exactly the 95 endpoints of endpoints.tsv, each once', () => {
    expect(rows).toHaveLength(95);
    const mine = routes.map((r) => shape(r.method, r.path));
    expect(new Set(mine).size).toBe(mine.length);
    expect(mine.sort()).toEqual(rows.map((r) => shape(r.method, r.path)).sort());
  });
});

describe('every endpoint answers over HTTP', () => {
  const h = useHarness();
  it.each(rows)('$n $method $path', async ({ method, path }) => {
    const res = await h.call(method, path.replace(/:[A-Za-z]+/g, 'no-such-id'), {
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    // Routed: answered by the endpoint (a 404 about the id, a 400 about the body or query), not "no endpoint".
    expect([200, 400, 404]).toContain(res.status);
    if (res.status === 404) expect(res.body.errors[0].detail).toMatch(/ no-such-id not found$/);
  });
});
