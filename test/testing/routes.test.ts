import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints.js';
import { routes } from '../../src/testing/routes/index.js';
import { endpointRows as rows } from '../helpers/endpoints.js';
import { useHarness } from './harness.js';

describe('the routes', () => {
  it('answer every row of the endpoint table exactly once, and nothing else', () => {
    const ids = routes.map((r) => r.endpoint);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(twice, 'rows with more than one route').toEqual([]);
    expect(
      Object.keys(endpoints).filter((id) => !ids.includes(id as never)),
      'rows without a route',
    ).toEqual([]);
    expect(
      ids.filter((id) => !Object.hasOwn(endpoints, id)),
      'routes of no row',
    ).toEqual([]);
    expect(ids).toHaveLength(95);
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
