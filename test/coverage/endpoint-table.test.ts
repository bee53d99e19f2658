/**
 * The endpoint table (src/endpoints.ts) against the service's own list (test/fixtures/endpoints.tsv, a
 * copy of the reference's): the same rows in the same order, each with the same method, path and SDK method.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { endpoint, endpointRows, endpoints, isEndpointId } from '../../src/endpoints.js';

const tsv = readFileSync(new URL('../fixtures/endpoints.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [n, method, path, sdkMethod] = line.split('\t');
    return { n: Number(n), method, path, sdkMethod };
  });

it('agrees with endpoints.tsv row for row: method, path and SDK method, in order', () => {
  expect(tsv).toHaveLength(95);
  expect(endpointRows().map((row, i) => ({ n: i + 1, method: row.method, path: row.path, sdkMethod: row.id }))).toEqual(
    tsv,
  );
});

it('looks a row up by its id, and refuses an id it does not have', () => {
  expect(endpoint('assets.retrieve')).toMatchObject({ method: 'GET', path: '/api/v2/assets/:id' });
  expect(isEndpointId('instruments.prices.create')).toBe(true);
  expect(isEndpointId('toString')).toBe(false);
  expect(() => endpoint('toString' as never)).toThrow(/no endpoint toString/);
  expect(Object.keys(endpoints)).toHaveLength(95);
});

it('gives every POST and PATCH a body rule or a query, every 204 no body, and every collection its pagination', () => {
  for (const row of endpointRows()) {
    const r = row as typeof row & { body?: unknown; query?: unknown; pagination?: string };
    if (row.method === 'POST' || row.method === 'PATCH') {
      // revoke is the one POST with neither: the path says it all.
      if (row.id !== 'custodianAuthorities.revoke') expect(r.body ?? r.query, row.id).toBeDefined();
    } else expect(r.body, row.id).toBeUndefined();
    if (row.method === 'DELETE') expect(row.response.status, row.id).toBe(204);
    if (row.id.endsWith('.list') && row.id !== 'holdings.list' && row.id !== 'assetHoldings.list')
      expect(r.pagination, row.id).toBe('list');
  }
  expect(endpoint('holdings.list').pagination).toBe('compound');
});
