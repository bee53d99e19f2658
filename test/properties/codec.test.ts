/**
 * Property: every valid create input of every creatable kind goes over the wire as exactly the document the
 * caller described (nothing dropped, renamed or changed), and the service's echo of it decodes back to the same
 * fields. Inputs are generated from the kind table's own create schemas, so a new kind or field is covered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PortfolioReporting } from '../../src/index.js';
import { createAttributeSchemas, INSTRUMENT_KINDS } from '../../src/schemas/instruments.js';
import type { Rels } from '../../src/schemas/resource.js';
import { validValue } from '../helpers/arbitraries.js';

interface Generated {
  input: { type: string; attributes: unknown; relationships?: Record<string, unknown> };
  /** The relationships as the document must carry them. */
  relationships: Record<string, { data: unknown }> | undefined;
}

const id = fc.string({ unit: 'binary', minLength: 1 });

/** One relationship given in each accepted form, with the identifier it must become. */
function relationship(target: string): fc.Arbitrary<{ given: unknown; identifier: { type: string; id: string } }> {
  return id.chain((value) =>
    fc
      .constantFrom<unknown>(
        value,
        { type: target, id: value },
        { id: value, type: target, attributes: { name: 'returned by the SDK' }, relationships: {} },
      )
      .map((given) => ({ given, identifier: { type: target, id: value } })),
  );
}

function relationships(
  rels: Rels,
): fc.Arbitrary<Pick<Generated, 'relationships'> & { given?: Record<string, unknown> }> {
  const model: Record<string, fc.Arbitrary<{ given: unknown; data: unknown }>> = {};
  const requiredKeys: string[] = [];
  for (const [name, rel] of Object.entries(rels)) {
    if (rel.create === false) continue;
    const one = relationship(rel.target);
    model[name] = rel.many
      ? fc
          .array(one, { maxLength: 3 })
          .map((items) => ({ given: items.map((i) => i.given), data: items.map((i) => i.identifier) }))
      : one.map((i) => ({ given: i.given, data: i.identifier }));
    if (rel.create === 'required') requiredKeys.push(name);
  }
  return fc.record(model, { requiredKeys, noNullPrototype: true }).map((chosen) => {
    const names = Object.keys(chosen);
    if (names.length === 0) return { relationships: undefined };
    return {
      given: Object.fromEntries(names.map((name) => [name, chosen[name]?.given])),
      relationships: Object.fromEntries(names.map((name) => [name, { data: chosen[name]?.data }])),
    };
  });
}

function createInputs(suffix: 'instrument' | 'asset'): fc.Arbitrary<Generated> {
  const kinds = Object.entries(INSTRUMENT_KINDS).filter(([, kind]) => kind.creatable);
  return fc.oneof(
    ...kinds.map(([name, kind]) => {
      const attributes = validValue(createAttributeSchemas[name as keyof typeof createAttributeSchemas]);
      if (!attributes) throw new Error(`${name}: its create schema accepts nothing`);
      return fc.record({ attributes, rels: relationships(kind.relationships) }).map(({ attributes, rels }) => ({
        input: { type: `${name}-${suffix}`, attributes, ...(rels.given ? { relationships: rels.given } : {}) },
        relationships: rels.relationships,
      }));
    }),
  );
}

/** A client whose fetch records the request and answers 201 with the document it was sent, plus an id. */
function echoClient() {
  const sent: { method: string; url: string; contentType: string | null; body: string }[] = [];
  const prs = new PortfolioReporting({
    baseUrl: 'https://reporting.test',
    accessToken: 'token',
    maxRetries: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const body = await request.text();
      sent.push({ method: request.method, url: request.url, contentType: request.headers.get('content-type'), body });
      const { data } = JSON.parse(body) as { data: Record<string, unknown> };
      return new Response(JSON.stringify({ data: { id: 'created-1', ...data } }), {
        status: 201,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    },
  });
  return { prs, sent };
}

describe.each([
  ['instrument', '/api/v3/instruments'],
  ['asset', '/api/v2/assets'],
] as const)('%s create documents', (suffix, path) => {
  it('carry exactly the given type, attributes and relationships, and decode back unchanged', async () => {
    const { prs, sent } = echoClient();
    const resource = suffix === 'instrument' ? prs.instruments : prs.assets;
    await fc.assert(
      fc.asyncProperty(createInputs(suffix), async ({ input, relationships }) => {
        sent.length = 0;
        const { data, created } = await resource.create(input as never).withResponse();
        expect(sent).toHaveLength(1);
        expect(sent[0]?.method).toBe('POST');
        expect(sent[0]?.url).toBe(`https://reporting.test${path}`);
        expect(sent[0]?.contentType).toBe('application/vnd.api+json');
        const expected = {
          type: input.type,
          attributes: input.attributes,
          ...(relationships ? { relationships } : {}),
        };
        expect(JSON.parse(sent[0]?.body ?? '')).toStrictEqual({ data: expected });
        expect(data).toStrictEqual({ id: 'created-1', ...expected });
        expect(created).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
