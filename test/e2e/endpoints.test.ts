/**
 * End to end: the SDK against the mock service over real HTTP (`listen()`), every row of endpoints.tsv at
 * least once, asserting the values that come back. The areas live in ./areas/; the last test checks, from
 * the requests the client actually sent, that every row got a successful answer.
 */
import { describe, expect, it } from 'vitest';
import { endpointRows } from '../helpers/endpoints.js';
import { custodiansArea } from './areas/custodians.js';
import { instrumentsArea } from './areas/instruments.js';
import { reportingArea } from './areas/reporting.js';
import { structureArea } from './areas/structure.js';
import { transactionsArea } from './areas/transactions.js';
import { usersArea } from './areas/users.js';
import { webhooksArea } from './areas/webhooks.js';
import { useE2E } from './harness.js';

const e = useE2E();

instrumentsArea(e);
structureArea(e);
usersArea(e);
transactionsArea(e);
reportingArea(e);
custodiansArea(e);
webhooksArea(e);

describe('coverage', () => {
  it('every request sent matches exactly one row of endpoints.tsv', () => {
    expect(e.hits.filter((h) => h.rows.length !== 1).map((h) => `${h.method} ${h.url.pathname}`)).toEqual([]);
  });

  it('every row of endpoints.tsv was called and answered successfully at least once', () => {
    const answered = new Set(e.hits.filter((h) => h.status < 400).flatMap((h) => h.rows));
    expect(
      endpointRows.filter((r) => !answered.has(r.n)).map((r) => `${r.n} ${r.method} ${r.path} (${r.sdkMethod})`),
    ).toEqual([]);
    expect(answered.size).toBe(95);
  });
});
