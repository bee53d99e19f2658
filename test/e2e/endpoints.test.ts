/**
 * End to end: the SDK against the mock service over real HTTP (`listen()`), every row of the endpoint table at
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
import { checkAnswer, useE2E } from './harness.js';

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

  it('the answer check refuses what its row does not document', () => {
    const row = (id: string) => endpointRows.find((r) => r.sdkMethod === id);
    expect(checkAnswer(row('assets.retrieve'), 200, '{"data":{"id":1,"type":"stock-asset"}}')).not.toEqual([]);
    expect(checkAnswer(row('assets.retrieve'), 201, '{"data":{"id":"1","type":"x"}}')).toEqual([
      'status 201, the row documents 200',
    ]);
    expect(checkAnswer(row('assets.delete'), 204, '{}')).not.toEqual([]);
    expect(checkAnswer(row('assets.delete'), 404, '{"errors":"nope"}')).not.toEqual([]);
    expect(checkAnswer(row('clients.list'), 200, '{"data":[{"id":"c1","type":"client"}]}')).toEqual([]);
  });

  it('every answer is the one its row documents: status and a body the response schema accepts (errors: the error body)', () => {
    expect(
      e.hits.filter((h) => !h.conforms).map((h) => `${h.method} ${h.url.pathname} ${h.status}: ${h.issues.join('; ')}`),
    ).toEqual([]);
  });

  it('every row was answered successfully at least once with a body its response schema accepts (204: none)', () => {
    const conforming = new Set(e.hits.filter((h) => h.status < 300 && h.conforms).flatMap((h) => h.rows));
    expect(endpointRows.filter((r) => !conforming.has(r.n)).map((r) => `${r.n} ${r.sdkMethod}`)).toEqual([]);
  });
});
