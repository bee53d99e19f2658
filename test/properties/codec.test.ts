/**
 * Property: every valid create input of every creatable kind goes over the wire as exactly the document the
 * caller described (nothing dropped, renamed or changed; only a documented default added), and the service's
 * echo of it decodes back to the same fields. Inputs are generated from each kind table's own create schemas,
 * so a new kind, field or family is covered by one line in FAMILIES.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PortfolioReporting } from '../../src/index.js';
import { relationshipTypes } from '../../src/schemas/families.js';
import { createAttributeSchemas, INSTRUMENT_KINDS } from '../../src/schemas/instruments.js';
import type { KindTable } from '../../src/schemas/kind-table.js';
import type { Rel, Rels } from '../../src/schemas/resource.js';
import { TRANSACTION_KINDS, transactionCreateSchemas } from '../../src/schemas/transactions.js';
import { defaultsOf, validValue } from '../helpers/arbitraries.js';
import { codePoint } from '../helpers/code-points.js';
import { BASE_URL, recordingClient } from '../helpers/recording-fetch.js';

interface Family {
  suffix: string;
  path: string;
  table: KindTable;
  schemas: Record<string, unknown>;
  create: (prs: PortfolioReporting, input: never) => PromiseLike<unknown> & { withResponse(): Promise<object> };
}
const FAMILIES: Family[] = [
  {
    suffix: 'instrument',
    path: '/api/v3/instruments',
    table: INSTRUMENT_KINDS,
    schemas: createAttributeSchemas,
    create: (prs, input) => prs.instruments.create(input),
  },
  {
    suffix: 'asset',
    path: '/api/v2/assets',
    table: INSTRUMENT_KINDS,
    schemas: createAttributeSchemas,
    create: (prs, input) => prs.assets.create(input),
  },
  {
    suffix: 'transaction',
    path: '/api/v2/transactions',
    table: TRANSACTION_KINDS,
    schemas: transactionCreateSchemas,
    create: (prs, input) => prs.transactions.create(input),
  },
];

interface Generated {
  input: { type: string; attributes: Record<string, unknown>; relationships?: Record<string, unknown> };
  /** The attributes and relationships as the document must carry them. */
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: unknown }> | undefined;
}

const id = fc.string({ unit: codePoint, minLength: 1 });

/** One relationship in each accepted form (an id, a pair, a returned resource), with the identifier it becomes. */
function relationship(r: Rel): fc.Arbitrary<{ given: unknown; identifier: { type: string; id: string } }> {
  // Its target, or any known kind of its families it accepts (src/schemas/families.ts).
  const resourceTypes = relationshipTypes(r);
  return fc.tuple(id, fc.constantFrom(...resourceTypes)).chain(([value, resourceType]) =>
    fc.constantFrom<{ given: unknown; identifier: { type: string; id: string } }>(
      // A bare id gets the documented target type; a pair or a returned resource keeps its own.
      { given: value, identifier: { type: r.target, id: value } },
      { given: { type: resourceType, id: value }, identifier: { type: resourceType, id: value } },
      {
        given: { id: value, type: resourceType, attributes: { name: 'returned by the SDK' }, relationships: {} },
        identifier: { type: resourceType, id: value },
      },
    ),
  );
}

function relationships(
  rels: Rels,
): fc.Arbitrary<{ given?: Record<string, unknown>; expected?: Generated['relationships'] }> {
  const model: Record<string, fc.Arbitrary<{ given: unknown; data: unknown }>> = {};
  const requiredKeys: string[] = [];
  for (const [name, r] of Object.entries(rels)) {
    if (r.create === false) continue;
    const one = relationship(r);
    model[name] = r.many
      ? fc
          .array(one, { maxLength: 3 })
          .map((items) => ({ given: items.map((i) => i.given), data: items.map((i) => i.identifier) }))
      : one.map((i) => ({ given: i.given, data: i.identifier }));
    if (r.create === 'required') requiredKeys.push(name);
  }
  return fc.record(model, { requiredKeys, noNullPrototype: true }).map((chosen) => {
    const names = Object.keys(chosen);
    if (names.length === 0) return {};
    return {
      given: Object.fromEntries(names.map((name) => [name, chosen[name]?.given])),
      expected: Object.fromEntries(names.map((name) => [name, { data: chosen[name]?.data }])),
    };
  });
}

function createInputs(family: Family): fc.Arbitrary<Generated> {
  const kinds = Object.entries(family.table).filter(([, kind]) => kind.creatable);
  return fc.oneof(
    ...kinds.map(([name, kind]) => {
      const schema = family.schemas[name];
      const attributes = validValue(schema) as fc.Arbitrary<Record<string, unknown>> | undefined;
      if (!attributes) throw new Error(`${name}: its create schema accepts nothing`);
      return fc.record({ attributes, rels: relationships(kind.relationships) }).map(({ attributes, rels }) => ({
        input: { type: `${name}-${family.suffix}`, attributes, ...(rels.given ? { relationships: rels.given } : {}) },
        attributes: { ...attributes, ...defaultsOf(schema, attributes) },
        relationships: rels.expected,
      }));
    }),
  );
}

/** A client that answers 201 with the document it was sent, plus an id. */
const echoClient = () =>
  recordingClient((req) => ({
    status: 201,
    body: { data: { id: 'created-1', ...(req.body as { data: object }).data } },
  }));

describe.each(FAMILIES)('$suffix create documents', (family) => {
  it('carry exactly the given type, attributes and relationships, and decode back unchanged', async () => {
    const { prs, requests: sent } = echoClient();
    await fc.assert(
      fc.asyncProperty(createInputs(family), async ({ input, attributes, relationships }) => {
        sent.length = 0;
        const data = await family.create(prs, input as never);
        expect(sent).toHaveLength(1);
        expect(sent[0]?.method).toBe('POST');
        expect(sent[0]?.url).toBe(`${BASE_URL}${family.path}`);
        expect(sent[0]?.headers.get('content-type')).toBe('application/vnd.api+json');
        const expected = { type: input.type, attributes, ...(relationships ? { relationships } : {}) };
        expect(sent[0]?.body).toStrictEqual({ data: expected });
        expect(data).toStrictEqual({ id: 'created-1', ...expected });
      }),
      { numRuns: 200 },
    );
  });
});
