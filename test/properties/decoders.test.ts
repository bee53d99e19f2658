/**
 * Property: whatever JSON the service sends, decoding gives the typed value or a `ResponseValidationError` —
 * never another exception. Checked for every schema the modules of src/schemas export (found by walking their
 * exports, so a new schema module is covered), and end to end through the client for single resources and
 * collections (with `links.next` pagination).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { decode } from '../../src/core/jsonapi.js';
import { type PortfolioReporting, PortfolioReportingError, ResponseValidationError } from '../../src/index.js';
import { assetSchema, assetSchemas, instrumentSchema, instrumentSchemas } from '../../src/schemas/instruments.js';
import { transactionSchema, transactionSchemas } from '../../src/schemas/transactions.js';
import { exportedSchemas, nearJson, validValue, vocabulary } from '../helpers/arbitraries.js';
import { codePoint } from '../helpers/code-points.js';
import { BASE_URL, recordingClient } from '../helpers/recording-fetch.js';

const schemas = await exportedSchemas();
const vocab = vocabulary([...schemas.values()]);
const json = nearJson(vocab);
/** Resources of every known kind, valid to start with, then with a few values replaced, removed or added. */
const members = [
  ...Object.values(instrumentSchemas),
  ...Object.values(assetSchemas),
  ...Object.values(transactionSchemas),
];
const validResource = fc.oneof(...members.map((schema) => validValue(schema) as fc.Arbitrary<unknown>));
const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('replace', 'delete', 'add'),
  key: fc.constantFrom(...vocab.keys),
  value: json,
});
const resource = fc.tuple(validResource, fc.array(mutation, { maxLength: 3 })).map(([value, mutations]) => {
  const copy = structuredClone(value);
  for (const m of mutations) mutate(copy, m);
  return copy;
});

/** Applies one mutation at the `at`-th object or array inside `root` (depth-first order). */
function mutate(root: unknown, m: { at: number; op: string; key: string; value: unknown }): void {
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const walk = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return;
    containers.push(v as Record<string, unknown>);
    for (const child of Object.values(v)) walk(child);
  };
  walk(root);
  const target = containers[m.at % containers.length];
  if (!target) return;
  const keys = Object.keys(target);
  const key = m.op === 'add' || keys.length === 0 ? m.key : (keys[m.at % keys.length] as string);
  if (m.op === 'delete') delete (target as Record<string, unknown>)[key];
  else (target as Record<string, unknown>)[key] = m.value;
}

const call = { method: 'GET', url: `${BASE_URL}/api/v3/instruments/1` };

describe('every exported schema, given arbitrary JSON', () => {
  it('finds the schemas (the instrument, asset and transaction unions and each of their members among them)', () => {
    const found = new Set(schemas.values());
    for (const schema of [instrumentSchema, assetSchema, transactionSchema, ...members])
      expect(found.has(schema)).toBe(true);
  });

  it.each([...schemas.keys()])('%s: decodes to the body itself or throws ResponseValidationError', (name) => {
    const schema = schemas.get(name) as z.ZodMiniType;
    fc.assert(
      fc.property(fc.oneof(json, resource), (body) => {
        let value: unknown;
        try {
          value = decode(call, schema, body);
        } catch (error) {
          expect(error).toBeInstanceOf(ResponseValidationError);
          expect((error as ResponseValidationError).issues.length).toBeGreaterThan(0);
          return;
        }
        expect(value).toBe(body);
      }),
      { numRuns: 150 },
    );
  });
});

/** A client that answers the first request with `body` and any later one (a next page) with an empty page. */
const answering = (body: unknown) =>
  recordingClient((_request, index) => ({ body: index === 0 ? body : { data: [] } }));

const nextLink = fc.oneof(
  fc.constantFrom(null, '', '?page=2', '/api/v3/instruments/e1/private-instruments?page=2', 'https://prs.test/p2'),
  fc.constantFrom(
    'https://elsewhere.test/p2',
    'https://prs.test/api/v3/instruments/e1/private-instruments',
    'http://[',
    '//x',
    'javascript:1',
  ),
  fc.webUrl(),
  fc.string({ unit: codePoint }),
  json,
);

describe('the client, given arbitrary JSON answers', () => {
  it.each(['instruments', 'assets'] as const)(
    '%s.retrieve resolves to data or rejects with ResponseValidationError',
    async (name) => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            json,
            resource.map((data) => ({ data })),
          ),
          async (body) => {
            const { prs } = answering(body);
            const sent = JSON.parse(JSON.stringify(body)) as { data?: unknown };
            try {
              expect(await prs[name].retrieve('1')).toStrictEqual(sent.data);
            } catch (error) {
              expect(error).toBeInstanceOf(ResponseValidationError);
              expect((error as ResponseValidationError).body).toStrictEqual(sent);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  // Two collections: one path-scoped, one with a query (the next page's URL replaces both).
  const lists = {
    'instruments.listPrivate': {
      call: (prs: PortfolioReporting) => prs.instruments.listPrivate('e1'),
      self: 'https://prs.test/api/v3/instruments/e1/private-instruments',
    },
    'transactions.list': {
      call: (prs: PortfolioReporting) =>
        prs.transactions.list({ accountId: 'a1', fromDate: '2024-01-01', toDate: '2024-12-31' }),
      self: 'https://prs.test/api/v2/transactions?accountId=a1&fromDate=2024-01-01&toDate=2024-12-31',
    },
  };
  it.each(Object.keys(lists) as (keyof typeof lists)[])(
    '%s resolves to every item or rejects with a typed error',
    async (name) => {
      const list = lists[name];
      const page = fc.record(
        {
          data: fc.oneof(fc.array(validResource, { maxLength: 2 }), fc.array(resource, { maxLength: 3 }), json),
          links: fc.oneof(
            { weight: 3, arbitrary: fc.record({ next: nextLink }, { noNullPrototype: true }) },
            { weight: 1, arbitrary: json },
          ),
          included: json,
        },
        { requiredKeys: ['data'], noNullPrototype: true },
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(json, page), async (body) => {
          const { prs } = answering(body);
          const sent = JSON.parse(JSON.stringify(body)) as { data?: unknown };
          try {
            expect(await list.call(prs)).toStrictEqual(sent.data);
          } catch (error) {
            // The typed outcomes: the answer contradicts the schema, or the SDK refuses to follow its links.next.
            if (error instanceof ResponseValidationError) expect(error.body).toStrictEqual(sent);
            else {
              expect(error).toBeInstanceOf(PortfolioReportingError);
              expect((error as Error).message).toMatch(/links\.next/);
            }
          }
        }),
        // Known edges first: a next link that is no URL at all, one to another origin, one to the same page.
        {
          numRuns: 300,
          examples: [
            [{ data: [], links: { next: 'http://[' } }],
            [{ data: [], links: { next: 'https://elsewhere.test/p2' } }],
            [{ data: [], links: { next: list.self } }],
          ],
        },
      );
    },
  );
});
