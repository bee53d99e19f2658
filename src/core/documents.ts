/**
 * The JSON:API documents around the resource schemas, as schemas: what a response wraps a resource in
 * (single, collection, compound), what a request body is made of (the rules of `src/endpoints.ts`), and
 * the service's error body. The endpoint table states its rows with these; the OpenAPI generator and the
 * contract tests read them back.
 */
import * as z from 'zod/mini';
import { relationshipTypes } from '../schemas/families.js';
import type { Schema } from '../schemas/fields.js';
import type { KindTable } from '../schemas/kind-table.js';
import { defineLazy } from '../schemas/lazy.js';
import type { Rel, Rels } from '../schemas/resource.js';

/** JSON:API 1.1: a link is a URL string, a link object `{ href, … }`, or null. */
const link = z.nullable(z.union([z.string(), z.looseObject({ href: z.string() })]));
/** `links` of a page: `next` is the URL of the next page, absent or null on the last one. */
const links = z.optional(z.nullable(z.looseObject({ next: z.optional(link) })));

/** A page as decoded: the resources, the included ones of a compound page, and where the next page is. */
export interface CollectionDocument<T, I> {
  data: T[];
  included?: I[];
  links?: { next?: string | { href: string } | null } | null;
}

// Built once per resource schema, on first use (not at import): the same wrapper serves every call.
const singles = new WeakMap<Schema, Schema>();
const collections = new WeakMap<Schema, Map<Schema | undefined, Schema>>();

/** `{ data: resource }`: one resource (what `API.retrieve` and `API.create` decode). */
export function single<T>(resource: z.ZodMiniType<T>): z.ZodMiniType<{ data: T }> {
  let doc = singles.get(resource);
  if (!doc) {
    doc = z.looseObject({ data: resource });
    singles.set(resource, doc);
  }
  return doc as z.ZodMiniType<{ data: T }>;
}

/**
 * `{ data: [resource…], included?: [included…], links? }`: one page of a collection, the next one at
 * `links.next`; a compound page (holdings with their assets) says what it includes.
 */
export function collection<T, I = unknown>(
  resource: z.ZodMiniType<T>,
  included?: z.ZodMiniType<I>,
): z.ZodMiniType<CollectionDocument<T, I>> {
  let byIncluded = collections.get(resource);
  if (!byIncluded) {
    byIncluded = new Map();
    collections.set(resource, byIncluded);
  }
  let doc = byIncluded.get(included);
  if (!doc) {
    doc = z.looseObject({ data: z.array(resource), included: z.optional(z.array(included ?? z.unknown())), links });
    byIncluded.set(included, doc);
  }
  return doc as z.ZodMiniType<CollectionDocument<T, I>>;
}

/** A documented JSON:API request body, built and validated by the codec before it is sent. */
export type Body = { data: unknown } | FormData | undefined;

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
  /**
   * A PATCH: the relationships it may change (each optional); the table's others are refused by name as
   * unchangeable. Absent: none may change.
   */
  changeable?: readonly string[];
}

/** What an endpoint's request carries in its body. */
export type RequestBody =
  /** `{ data: { type, attributes, relationships? } }` of one resource type (`patch`: with `id`, attributes optional). */
  | ({ kind: 'document'; patch?: boolean } & DocumentRule)
  /** The create document of a resource with several kinds: one rule per creatable `<kind>-<suffix>` type. */
  | {
      kind: 'kinds';
      kinds: Readonly<Record<string, DocumentRule>>;
      /** The kinds that cannot be created, by `<kind>-<suffix>` type, with the reason the caller is told. */
      refused?: Readonly<Record<string, string>>;
    }
  /** A resource whose shape the reference does not show: any attributes, relationships as `{ type, id }`. */
  | { kind: 'generic'; type: string; patch?: boolean }
  /** `{ data: <schema> }`: a body that is not a resource document (the consent). */
  | { kind: 'data'; data: Schema }
  /** `multipart/form-data` with one file part named `part`. */
  | { kind: 'multipart'; part: string };

const nonEmpty = z.string().check(z.minLength(1));

function identifierOf(r: Rel): Schema {
  // A family relationship (an `asset`) may name its target by a known kind of any listed family (`bond-instrument`).
  const type = r.family ? z.literal(relationshipTypes(r)) : z.literal(r.target);
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

/** A PATCH rule's relationship table: only the changeable ones, each optional. */
export function patchRelationships(rule: DocumentRule): Rels {
  const rels: Rels = {};
  for (const name of rule.changeable ?? [])
    rels[name] = { ...(rule.relationships[name] as Rels[string]), create: 'optional' };
  return rels;
}

function documentOf(rule: DocumentRule, patch: boolean): Schema {
  const data: Record<string, Schema> = { type: z.literal(rule.type) };
  if (patch) data.id = nonEmpty;
  if (rule.attributes) data.attributes = patch ? z.optional(rule.attributes) : rule.attributes;
  const relationships = relationshipsOf(patch ? patchRelationships(rule) : rule.relationships);
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

/**
 * The create rule of a resource with several kinds: one rule per creatable `<kind>-<suffix>` type, and the
 * others refused with the reason given (or a plain "cannot be created"), so that a caller learns why.
 */
export function kindsBody(
  table: KindTable,
  schemas: Readonly<Record<string, Schema>>,
  suffix: string,
  reasons: Readonly<Record<string, string>> = {},
): RequestBody {
  const refused: Record<string, string> = {};
  for (const [name, k] of Object.entries(table))
    if (!k.creatable) refused[`${name}-${suffix}`] = reasons[name] ?? `${name}-${suffix} cannot be created`;
  return { kind: 'kinds', kinds: creatableKinds(table, schemas, suffix), refused };
}

/** The create rules of the creatable kinds of a kind table, by `<kind>-<suffix>` type. */
export function creatableKinds(
  table: KindTable,
  schemas: Readonly<Record<string, Schema>>,
  suffix: string,
): Record<string, DocumentRule> {
  const out: Record<string, DocumentRule> = {};
  for (const [name, k] of Object.entries(table)) {
    if (!k.creatable || !Object.hasOwn(schemas, name)) continue;
    // The attributes schema is read when a document of this kind is first built or checked.
    const rule = { type: `${name}-${suffix}`, relationships: k.relationships } as DocumentRule;
    out[rule.type] = defineLazy(rule, 'attributes', () => schemas[name]);
  }
  return out;
}
