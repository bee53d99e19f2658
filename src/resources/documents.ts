/**
 * Request documents beyond a plain create: PATCH documents (only what can change), documents of
 * undocumented resources (relationships name their own type), and extra rules merged with the codec's.
 */

import type * as z from 'zod/mini';
import type { Body } from '../core/api.js';
import { omittedIssues, ValidationError, type ValidationIssue } from '../core/errors.js';
import { buildDocument, type DocumentInput } from '../core/jsonapi.js';
import { genericAttributes } from '../schemas/generic.js';
import type { Rels, ResourceIdentifier } from '../schemas/resource.js';

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

/** What a PATCH of one resource type may carry. */
export interface PatchRule {
  type: string;
  /** From `updateAttributes`: the changeable fields, every other field refused with its reason. */
  attributes: z.ZodMiniType;
  /** The resource's relationship table: names in it that are not `changeable` are refused by name. */
  relationships: Rels;
  changeableRelationships?: readonly string[];
}

/**
 * `{ data: { id, type, attributes?, relationships? } }` for a PATCH: only changeable attributes and
 * relationships, at least one of them, nothing the service would ignore or refuse.
 */
export function updateDocument(what: string, id: string, input: DocumentInput, rule: PatchRule): Body {
  if (typeof input !== 'object' || input === null)
    throw new ValidationError(what, [{ path: '', message: 'expected an object { attributes }' }]);
  const changeable = rule.changeableRelationships ?? [];
  const rels: Rels = {};
  for (const name of changeable) rels[name] = { ...(rule.relationships[name] as Rels[string]), create: 'optional' };
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
export function genericDocument(what: string, input: GenericInput, type: string, id?: string): Body {
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

/** The create rule of a documented resource: its type, create attributes and relationship table. */
export function createRule<I extends DocumentInput>(
  def: { type: string; relationships: Rels },
  attributes: z.ZodMiniType,
) {
  return (what: string, input: I): Body => buildDocument(what, input, def.type, attributes, def.relationships);
}

/** The PATCH rule of a documented resource: `attributes` from `updateAttributes`, the relationships that may change. */
export function patchRule<I extends DocumentInput>(
  def: { type: string; relationships: Rels },
  attributes: z.ZodMiniType,
  changeableRelationships?: readonly string[],
) {
  return (what: string, id: string, input: I): Body =>
    updateDocument(what, id, input, {
      type: def.type,
      attributes,
      relationships: def.relationships,
      changeableRelationships,
    });
}
