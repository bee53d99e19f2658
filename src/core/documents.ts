/**
 * The JSON:API documents around the resource schemas, as schemas: what a response wraps a resource in
 * (single, collection, compound), what a request body is made of (the rules of `src/endpoints.ts`), and
 * the service's error body. The endpoint table states its rows with these; the OpenAPI generator and the
 * contract tests read them back.
 */
import * as z from 'zod/mini';
import type { Schema } from '../schemas/fields.js';
import type { KindTable } from '../schemas/kind-table.js';
import type { Rel, Rels } from '../schemas/resource.js';

/** `links` of a page: `next` is the absolute URL of the next page, absent or null on the last one. */
const links = z.optional(z.nullable(z.looseObject({ next: z.optional(z.nullable(z.string())) })));

/** `{ data: resource }`: one resource (what `API.retrieve` and `API.create` decode). */
export function single(resource: Schema): Schema {
  return z.looseObject({ data: resource });
}

/** `{ data: [resource…], links? }`: one page of a collection, the next one at `links.next`. */
export function collection(resource: Schema): Schema {
  return z.looseObject({ data: z.array(resource), included: z.optional(z.array(z.unknown())), links });
}

/** `{ data: [resource…], included: [included…], links? }`: a compound page (holdings with their assets). */
export function compound(resource: Schema, included: Schema): Schema {
  return z.looseObject({ data: z.array(resource), included: z.optional(z.array(included)), links });
}

/** The service's error body: `{ errors: [{ status, detail }] }` (status as a number or a string). */
export const errorDocument = z.looseObject({
  errors: z.array(
    z.looseObject({
      status: z.optional(z.union([z.number(), z.string()])),
      detail: z.optional(z.string()),
    }),
  ),
});

/** The create (or PATCH) rule of one resource type: its attributes schema and relationship table. */
export interface DocumentRule {
  /** The `data.type` sent. */
  type: string;
  /** The attributes schema (create or update rules); absent for a body without attributes. */
  attributes?: Schema;
  /** The relationship table: `required` ones must be sent, `optional` ones may, `false` ones never. */
  relationships: Rels;
}

/** What an endpoint's request carries in its body. */
export type RequestBody =
  /** `{ data: { type, attributes, relationships? } }` of one resource type (`patch`: with `id`, attributes optional). */
  | ({ kind: 'document'; patch?: boolean } & DocumentRule)
  /** The create document of a resource with several kinds: one rule per creatable `<kind>-<suffix>` type. */
  | { kind: 'kinds'; kinds: Readonly<Record<string, DocumentRule>> }
  /** A resource whose shape the reference does not show: any attributes, relationships as `{ type, id }`. */
  | { kind: 'generic'; type: string; patch?: boolean }
  /** `{ data: <schema> }`: a body that is not a resource document (the consent). */
  | { kind: 'data'; data: Schema }
  /** `multipart/form-data` with one file part named `part`. */
  | { kind: 'multipart'; part: string };

const nonEmpty = z.string().check(z.minLength(1));

function identifierOf(r: Rel): Schema {
  // A family relationship (an `asset`) may name its target by a kind of any listed family (`bond-instrument`).
  const type = r.family
    ? z.string().check(z.regex(new RegExp(`^(${r.target}|.+-(${r.family.join('|')}))$`)))
    : z.literal(r.target);
  return z.strictObject({ type, id: nonEmpty });
}

/** The `relationships` member a rule's table allows: required ones required, read-only ones absent. */
function relationshipsOf(rels: Rels): Schema | undefined {
  const shape: Record<string, Schema> = {};
  let required = false;
  for (const [name, r] of Object.entries(rels)) {
    if (r.create === false) continue;
    const identifier = identifierOf(r);
    const member = z.strictObject({ data: r.many ? z.array(identifier) : identifier });
    shape[name] = r.create === 'required' ? member : z.optional(member);
    required ||= r.create === 'required';
  }
  if (!Object.keys(shape).length) return undefined;
  const object = z.strictObject(shape);
  return required ? object : z.optional(object);
}

function documentOf(rule: DocumentRule, patch: boolean): Schema {
  const data: Record<string, Schema> = { type: z.literal(rule.type) };
  if (patch) data.id = nonEmpty;
  if (rule.attributes) data.attributes = patch ? z.optional(rule.attributes) : rule.attributes;
  const relationships = relationshipsOf(rule.relationships);
  if (relationships) data.relationships = relationships;
  return z.strictObject({ data: z.strictObject(data) });
}

const genericIdentifier = z.strictObject({ type: nonEmpty, id: nonEmpty });
const genericRelationships = z.optional(
  z.record(z.string(), z.strictObject({ data: z.union([genericIdentifier, z.array(genericIdentifier)]) })),
);

const bodies = new WeakMap<RequestBody, Schema>();

/**
 * The schema of a whole request body (`{ data: … }`) as the SDK sends it, from an endpoint's body rule;
 * `undefined` for a multipart body, which is not JSON. Built once per rule.
 */
export function bodySchema(body: RequestBody): Schema | undefined {
  if (body.kind === 'multipart') return undefined;
  let schema = bodies.get(body);
  if (schema) return schema;
  switch (body.kind) {
    case 'document':
      schema = documentOf(body, body.patch ?? false);
      break;
    case 'kinds': {
      const members = Object.values(body.kinds).map((rule) => documentOf(rule, false));
      schema = z.union(members as [Schema, ...Schema[]]);
      break;
    }
    case 'generic': {
      const data: Record<string, Schema> = {
        type: z.literal(body.type),
        attributes: z.record(z.string(), z.unknown()),
        relationships: genericRelationships,
      };
      if (body.patch) data.id = nonEmpty;
      schema = z.strictObject({ data: z.strictObject(data) });
      break;
    }
    case 'data':
      schema = z.strictObject({ data: body.data });
      break;
  }
  bodies.set(body, schema);
  return schema;
}

/** The create rules of the creatable kinds of a kind table, by `<kind>-<suffix>` type. */
export function creatableKinds(
  table: KindTable,
  schemas: Readonly<Record<string, Schema>>,
  suffix: string,
): Record<string, DocumentRule> {
  const out: Record<string, DocumentRule> = {};
  for (const [name, k] of Object.entries(table)) {
    const attributes = schemas[name];
    if (k.creatable && attributes)
      out[`${name}-${suffix}`] = { type: `${name}-${suffix}`, attributes, relationships: k.relationships };
  }
  return out;
}
