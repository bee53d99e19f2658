/**
 * Request bodies from an endpoint row's body rule (`src/core/documents.ts`): the create document of one type or
 * of a kind, a PATCH (only what can change), the document of an undocumented resource (relationships name
 * their own type), a plain `{ data }` body. Every rule checks the caller's input first: bad input is a
 * `ValidationError` naming each field and rule, and nothing is sent.
 */

import { genericAttributes } from '../schemas/generic.js';
import type { Rels, ResourceIdentifier } from '../schemas/resource.js';
import type { Body } from './api.js';
import { describe } from './describe.js';
import { type DocumentRule, patchRelationships, type RequestBody } from './documents.js';
import { omittedIssues, ValidationError, type ValidationIssue } from './errors.js';
import { buildDocument, buildKindDocument, type DocumentInput, type KindRule, validateInput } from './jsonapi.js';

/**
 * The body a row's rule makes of the caller's input; `id` is the resource's id for a PATCH. A multipart
 * rule takes the `FormData` its method built.
 */
export function requestBody(what: string, rule: RequestBody, input: unknown, id: string | undefined): Body {
  switch (rule.kind) {
    case 'document':
      return rule.patch
        ? updateDocument(what, id as string, input as DocumentInput, rule)
        : buildDocument(what, (input ?? {}) as DocumentInput, rule.type, rule.attributes, rule.relationships);
    case 'kinds':
      return buildKindDocument(what, input as DocumentInput, kindRules(rule));
    case 'generic':
      return genericDocument(what, input as GenericInput, rule.type, rule.patch ? id : undefined);
    case 'data':
      return { data: validateInput(what, rule.data, input) };
    case 'multipart':
      if (input instanceof FormData) return input;
      throw new ValidationError(what, [{ path: '', message: `must be FormData, got ${describe(input)}` }]);
  }
}

const kindRuleCache = new WeakMap<RequestBody, Record<string, KindRule>>();
/**
 * The rules `buildKindDocument` applies to a row's `kinds` body, by type: creatable kinds first (the order its
 * message lists them in), then the refused ones with their reasons.
 */
export function kindRules(rule: RequestBody): Record<string, KindRule> {
  if (rule.kind !== 'kinds') throw new Error(`a ${rule.kind} body has no kinds`);
  let rules = kindRuleCache.get(rule);
  if (!rules) {
    rules = {};
    for (const [type, r] of Object.entries(rule.kinds))
      rules[type] = {
        attributes: r.attributes as NonNullable<DocumentRule['attributes']>,
        relationships: r.relationships,
      };
    for (const [type, refused] of Object.entries(rule.refused ?? {})) rules[type] = { refused };
    kindRuleCache.set(rule, rules);
  }
  return rules;
}

/**
 * Runs `make` (which builds a document and may throw a `ValidationError`) and reports its issues together
 * with `extra` ones found by rules the codec does not know, so a caller sees every broken rule at once.
 */
export function withIssues<T>(what: string, extra: ValidationIssue[], make: () => T): T {
  let result: T;
  try {
    result = make();
  } catch (error) {
    if (error instanceof ValidationError && extra.length) {
      // The count of issues the first error left out goes along (a marker the error class turns back into it).
      const left = error.omittedIssues > 0 ? [omittedIssues(error.omittedIssues)] : [];
      throw new ValidationError(what, [...error.issues, ...extra, ...left]);
    }
    throw error;
  }
  if (extra.length) throw new ValidationError(what, extra);
  return result;
}

/**
 * `{ data: { id, type, attributes?, relationships? } }` for a PATCH: only changeable attributes and
 * relationships, at least one of them, nothing the service would ignore or refuse.
 */
function updateDocument(what: string, id: string, input: DocumentInput, rule: DocumentRule): Body {
  if (typeof input !== 'object' || input === null)
    throw new ValidationError(what, [{ path: '', message: 'expected an object { attributes }' }]);
  const changeable = rule.changeable ?? [];
  const rels = patchRelationships(rule);
  const issues: ValidationIssue[] = [];
  const sendable: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input.relationships ?? {})) {
    if (Object.hasOwn(rule.relationships, name) && !changeable.includes(name)) {
      issues.push({
        path: `relationships.${name}`,
        message: `cannot be changed by PATCH${changeable.length ? ` (changeable: ${changeable.join(', ')})` : ''}`,
      });
    } else sendable[name] = value; // unknown names are reported by the codec
  }
  const { attributes } = input;
  const noAttributes = attributes === undefined || (isPlainObject(attributes) && Object.keys(attributes).length === 0);
  if (noAttributes && Object.keys(input.relationships ?? {}).length === 0)
    issues.push({ path: 'attributes', message: 'names nothing to change' });
  const doc = withIssues(what, issues, () =>
    buildDocument(what, { attributes, relationships: sendable }, rule.type, rule.attributes, rels, id),
  );
  if (attributes === undefined) delete doc.data.attributes; // a relationships-only PATCH carries no empty attributes
  return doc;
}

/** A relationship of an undocumented resource: the SDK cannot fill in a target type, so it is given. */
export type GenericRelationshipInput =
  | Pick<ResourceIdentifier, 'type' | 'id'>
  | readonly Pick<ResourceIdentifier, 'type' | 'id'>[];

/** The input of create and update of an undocumented resource (client, reporting entity, portfolio). */
export interface GenericInput {
  /** The attributes, sent as given (the reference does not show their shape). */
  attributes: Record<string, unknown>;
  /** `{ type, id }` (or an array for to-many), e.g. `{ client: { type: 'client', id } }`. */
  relationships?: Record<string, GenericRelationshipInput>;
}

/**
 * `{ data: { type, id?, attributes, relationships? } }` for an undocumented resource. Attributes are sent
 * as given; each relationship's target type is read from the input, since no table documents it.
 */
function genericDocument(what: string, input: GenericInput, type: string, id?: string): Body {
  const issues: ValidationIssue[] = [];
  const relationships: Record<string, { data: Identifier | Identifier[] }> = {};
  const given = isPlainObject(input) && isPlainObject(input.relationships) ? input.relationships : {};
  for (const [name, value] of Object.entries(given)) {
    const path = `relationships.${name}`;
    if (Array.isArray(value)) {
      const ids = value.map((v, i) => genericIdentifier(v, `${path}.${i}`, issues));
      relationships[name] = { data: ids.filter((v) => v !== undefined) };
    } else {
      const identifier = genericIdentifier(value, path, issues);
      if (identifier) relationships[name] = { data: identifier };
    }
  }
  const body = isPlainObject(input) ? { ...input, relationships: undefined } : input;
  const doc = withIssues(what, issues, () => buildDocument(what, body, type, genericAttributes, {}, id));
  if (Object.keys(relationships).length) doc.data.relationships = relationships;
  return doc;
}

interface Identifier {
  type: string;
  id: string;
}

/** `{ type, id }` of an undocumented relationship, sent as given: no table says what its type must be. */
function genericIdentifier(value: unknown, path: string, issues: ValidationIssue[]): Identifier | undefined {
  if (!isPlainObject(value)) {
    issues.push({
      path,
      message:
        'must be { type, id } or an array of them: the target type of an undocumented relationship is not known to the SDK',
    });
    return undefined;
  }
  const { type, id } = value;
  if (typeof type !== 'string' || type === '')
    issues.push({ path: `${path}.type`, message: 'must be a non-empty string' });
  if (typeof id !== 'string' || id === '') issues.push({ path: `${path}.id`, message: 'must be a non-empty string' });
  return typeof type === 'string' && type !== '' && typeof id === 'string' && id !== '' ? { type, id } : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
