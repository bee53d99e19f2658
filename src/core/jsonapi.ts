/**
 * The JSON:API codec, once: request documents from `{ type, attributes, relationships }` inputs, and
 * response documents decoded by the resource schemas.
 */
import * as z from 'zod/mini';
import { accepts } from '../schemas/compiled.js';
import type { Rel, Rels } from '../schemas/resource.js';
import { article, describe } from './describe.js';
import { type CallSite, ResponseValidationError, ValidationError, type ValidationIssue } from './errors.js';
import { collectIssues, formatIssues } from './issues.js';
import { checkKeys } from './settings.js';

export { formatIssues } from './issues.js';

/** A relationship as a caller may give it: an id, a `{ type, id }` pair, or a resource the SDK returned. */
export type RelationshipInput<T extends string = string> =
  | string
  | { readonly type: T | (string & {}); readonly id: string };

/** The relationships a create input accepts, from a resource's relationship table. */
export type RelationshipInputs<R extends Rels> = {
  [K in keyof R as R[K]['create'] extends 'required' ? K : never]: R[K]['many'] extends true
    ? readonly RelationshipInput<R[K]['target']>[]
    : RelationshipInput<R[K]['target']>;
} & {
  [K in keyof R as R[K]['create'] extends 'optional' ? K : never]?: R[K]['many'] extends true
    ? readonly RelationshipInput<R[K]['target']>[]
    : RelationshipInput<R[K]['target']>;
};

interface Identifier {
  type: string;
  id: string;
}

function toIdentifier(input: unknown, r: Rel, path: string, issues: ValidationIssue[]): Identifier | undefined {
  const target = r.target;
  if (typeof input === 'string') {
    if (input === '') issues.push({ path, message: 'must be a non-empty id' });
    return { type: target, id: input };
  }
  if (typeof input === 'object' && input !== null) {
    const { type, id } = input as { type?: unknown; id?: unknown };
    if (typeof id !== 'string' || id === '') {
      issues.push({ path: `${path}.id`, message: 'must be a non-empty string' });
      return undefined;
    }
    if (type !== undefined && type !== target && !inFamily(type, r.family)) {
      const kinds = r.family?.map((f) => ` or a <kind>-${f}`).join('') ?? '';
      issues.push({ path: `${path}.type`, message: `must be "${target}"${kinds}, got ${describe(type)}` });
      return undefined;
    }
    // The caller's type is sent as given (a `stock-asset` stays one); only a bare id gets the documented target.
    return { type: type === undefined ? target : (type as string), id };
  }
  issues.push({
    path,
    message: `must be an id string, a { type: "${target}", id } pair or ${article(target)} resource`,
  });
  return undefined;
}

/** True when `type` is a kind of one of the families (`bond-asset` of `asset`). */
function inFamily(type: unknown, family: readonly string[] | undefined): boolean {
  return typeof type === 'string' && !!family?.some((f) => type.endsWith(`-${f}`));
}

/** Turns relationship inputs into JSON:API relationship objects, checking names, cardinality and required ones. */
export function relationshipsDocument(
  input: Record<string, unknown> | undefined,
  rels: Rels,
  issues: ValidationIssue[],
): Record<string, { data: Identifier | Identifier[] }> | undefined {
  const out: Record<string, { data: Identifier | Identifier[] }> = {};
  for (const [name, r] of Object.entries(rels) as [string, Rel][]) {
    const path = `relationships.${name}`;
    const value = input?.[name];
    if (value === undefined) {
      if (r.create === 'required') issues.push({ path, message: `is required (${article(r.target)} id)` });
      continue;
    }
    if (r.create === false) {
      issues.push({ path, message: 'is set by the service and cannot be sent' });
      continue;
    }
    if (r.many) {
      if (!Array.isArray(value)) {
        issues.push({ path, message: `must be an array of ${r.target} ids or resources` });
        continue;
      }
      const ids = value.map((v, i) => toIdentifier(v, r, `${path}.${i}`, issues)).filter((v) => v !== undefined);
      out[name] = { data: ids };
    } else {
      const id = toIdentifier(value, r, path, issues);
      if (id) out[name] = { data: id };
    }
  }
  for (const name of Object.keys(input ?? {})) {
    if (!(name in rels)) {
      const known = Object.keys(rels);
      issues.push({
        path: `relationships.${name}`,
        message: `is not a relationship of this resource${known.length ? ` (known: ${known.join(', ')})` : ''}`,
      });
    }
  }
  return Object.keys(out).length ? out : undefined;
}

const DOCUMENT_KEYS = ['type', 'attributes', 'relationships'];

/** The input of a resource document: `{ type?, attributes, relationships? }` — the request body without `data`. */
export interface DocumentInput {
  type?: string;
  attributes?: unknown;
  relationships?: Record<string, unknown>;
}

/**
 * Builds `{ data: { type, id?, attributes, relationships? } }`, validating attributes with `schema` and
 * relationships with `rels`. Throws `ValidationError` (nothing is sent) with every broken rule.
 */
export function buildDocument(
  what: string,
  input: DocumentInput,
  type: string,
  schema: z.ZodMiniType | undefined,
  rels: Rels,
  id?: string,
): { data: Record<string, unknown> } {
  const issues: ValidationIssue[] = [];
  if (typeof input !== 'object' || input === null)
    throw new ValidationError(what, [{ path: '', message: 'expected an object { attributes, relationships? }' }]);
  checkKeys(what, input, DOCUMENT_KEYS, '');
  let attributes: unknown = input.attributes;
  if (schema) {
    const result = z.safeParse(schema, input.attributes ?? {});
    // The parsed value is the caller's, plus any documented default the schema fills in (fee `category`).
    if (result.success) attributes = result.data;
    else issues.push(...formatIssues(result.error.issues, 'attributes', input.attributes ?? {}));
  }
  const relationships = relationshipsDocument(input.relationships, rels, issues);
  if (issues.length) throw new ValidationError(what, issues);
  const data: Record<string, unknown> = { type };
  if (id !== undefined) data.id = id;
  if (attributes !== undefined) data.attributes = attributes;
  if (relationships) data.relationships = relationships;
  return { data };
}

/**
 * Checks a plain input (query parameters, options) against its schema; throws `ValidationError` with at most
 * `MAX_ISSUES` issues (and the count of the rest), however many the input breaks.
 */
export function validateInput<T>(what: string, schema: z.ZodMiniType<T>, value: unknown, prefix = ''): T {
  const issues = collectIssues(schema, value, prefix);
  if (issues.length) throw new ValidationError(what, issues);
  return value as T;
}

/**
 * Checks a response body against its schema. On success the parsed JSON itself is returned (no copy):
 * the schemas are loose and transform nothing, so the checked value is the value. The check compiled from
 * the schema answers first; zod itself runs only on a body it refuses, to say what is wrong, an array's
 * elements one by one, so that a page of any number of bad items gives a bounded `ResponseValidationError`.
 */
export function decode<T>(call: CallSite, schema: z.ZodMiniType<T>, body: unknown): T {
  if (accepts(schema)(body)) return body as T;
  const issues = collectIssues(schema, body);
  if (issues.length) throw new ResponseValidationError(call, issues, body);
  return body as T;
}

/** How one `type` of a multi-kind resource is created, or why it cannot be. */
export type KindRule = { attributes: z.ZodMiniType; relationships: Rels } | { refused: string };

/**
 * Builds the create document of a resource with several kinds (instruments, transactions): the `type`
 * picks the rule; a refused or unknown type is a `ValidationError` that lists the types that can be created.
 */
export function buildKindDocument(
  what: string,
  input: DocumentInput,
  rules: Record<string, KindRule>,
): { data: Record<string, unknown> } {
  const type = (input as DocumentInput | null)?.type;
  const rule = typeof type === 'string' && Object.hasOwn(rules, type) ? rules[type] : undefined;
  if (!rule || 'refused' in rule) {
    const creatable = Object.entries(rules)
      .filter(([, r]) => !('refused' in r))
      .map(([t]) => t);
    const message =
      rule && 'refused' in rule ? rule.refused : `must be one of ${creatable.join(', ')}, got ${describe(type)}`;
    throw new ValidationError(what, [{ path: 'type', message }]);
  }
  return buildDocument(what, input, type as string, rule.attributes, rule.relationships);
}
