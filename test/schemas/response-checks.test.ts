/**
 * The generated response checks (src/schemas/response-checks.generated.ts, written by
 * scripts/generate-checks.ts) are what the script writes from today's schemas, and answer as zod does: for every
 * row of the endpoint table that answers with a document, on documents generated from the row's own schema —
 * valid ones, the same with a few members replaced, removed or added, and any JSON. Rows decode with them.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { GENERATED_FILE, generateChecks } from '../../scripts/generate-checks.js';
import { collection, single } from '../../src/core/documents.js';
import { type Endpoint, type EndpointId, endpoints } from '../../src/endpoints.js';
import type { Schema } from '../../src/schemas/fields.js';
import { kindDispatch } from '../../src/schemas/kinds.js';
import { responseChecks } from '../../src/schemas/response-checks.generated.js';
import { schemaValues } from '../helpers/arbitraries.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const rows = (Object.entries(endpoints) as [EndpointId, Endpoint][]).flatMap(([id, row]) => {
  const response = row.response;
  if (!('resource' in response)) return [];
  const schema = row.pagination ? collection(response.resource, response.included) : single(response.resource);
  return [[id, schema] as const];
});

describe('generated response checks', () => {
  it('are what scripts/generate-checks.ts writes from the schemas, with no node left to zod', () => {
    const { source, leftToZod } = generateChecks();
    expect(readFileSync(GENERATED_FILE, 'utf8'), 'stale: run npm run generate').toBe(source);
    expect(leftToZod).toEqual([]);
  });

  it('are read from zod’s definitions for the minor package.json pins, which is the one installed', () => {
    // zod-definitions.ts reads zod's internals, which a minor release may change: the range admits patches only.
    const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
    const range: string = read('../../package.json').dependencies.zod;
    const [major, minor] = (read('../../node_modules/zod/package.json').version as string).split('.');
    expect(range).toMatch(new RegExp(`^~${major}\\.${minor}\\.\\d+$`));
  });

  it('cover every row that answers with a document, and no other', () => {
    expect(rows.length).toBe(66);
    expect(Object.keys(responseChecks).sort()).toEqual(rows.map(([id]) => id).sort());
  });

  it('hold a resource whose type names a kind to that kind’s other members', () => {
    // A kind's `type` is tested once, by the dispatch: the function of its other members does not test it again.
    let kinds = 0;
    for (const [id, schema] of rows) {
      const row: Endpoint = endpoints[id];
      const dispatch = kindDispatch((row.response as { resource: Schema }).resource);
      if (!dispatch) continue;
      const check = responseChecks[id] as (value: unknown) => boolean;
      for (const type of dispatch.members.keys()) {
        kinds++;
        for (const data of [
          { id: '1', type, attributes: 1 },
          { id: 1, type, attributes: {} },
        ]) {
          const document = { data: row.pagination ? [data] : data };
          expect(z.safeParse(schema, document).success, `${id}: ${type}`).toBe(false);
          expect(check(document), `${id}: ${type}`).toBe(false);
        }
      }
    }
    expect(kinds).toBeGreaterThan(0);
  });

  it.each(rows)('%s answers as zod does', (id, schema) => {
    const check = responseChecks[id] as (value: unknown) => boolean;
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(schemaValues(schema), (value) => {
        const expected = z.safeParse(schema, value).success;
        if (expected) accepted++;
        else refused++;
        expect(check(value)).toBe(expected);
      }),
      { numRuns: 100 },
    );
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('a row decodes with its generated check', () => {
  const transaction = { id: 't1', type: 'fee-transaction', attributes: {} };
  const query = { accountId: 'a1', fromDate: '2026-01-01', toDate: '2026-01-31' };

  it('the page goes to the row’s generated check', async () => {
    const page = { data: [], links: { next: null } };
    const check = vi.spyOn(responseChecks, 'transactions.list');
    try {
      const { prs } = recordingClient({ body: page });
      expect(await prs.transactions.list(query)).toEqual([]);
      expect(check).toHaveBeenCalledExactlyOnceWith(page);
      expect(check).toHaveReturnedWith(true);
    } finally {
      check.mockRestore();
    }
  });

  it('a page the check refuses is worded by zod: the error names the field', async () => {
    const { prs } = recordingClient({ body: { data: [{ ...transaction, type: 7 }] } });
    await expect(prs.transactions.list(query)).rejects.toMatchObject({
      name: 'ResponseValidationError',
      issues: [expect.objectContaining({ path: 'data.0.type' })],
    });
  });
});
