/**
 * The JSON:API codec, once: request bodies from an endpoint row's body rule and the caller's input (a create
 * document of one type or of a kind, a PATCH of only what can change, the document of an undocumented resource,
 * a plain `{ data }`), and response documents decoded by the resource schemas. Every rule checks the caller's
 * input first: bad input is a `ValidationError` naming each field and rule, and nothing is sent.
 */
import * as z from 'zod/mini';
import { acceptsType, type FamilyTypes } from '../schemas/families.js';
import { genericAttributes } from '../schemas/generic.js';
import type { Rel, Rels, ResourceIdentifier } from '../schemas/resource.js';
import { fixesKeys, returnsInput, shapeKeys, writesAsJson } from '../schemas/zod-definitions.js';
import { article, describe } from './describe.js';
import { type Body, type DocumentRule, patchRelationships, type RequestBody } from './documents.js';
import {
  type CallSite,
  omittedIssues,
  ResponseValidationError,
  ValidationError,
  type ValidationIssue,
} from './errors.js';
import { isObject } from './is-object.js';
import { accepts, collectIssues, optionHint } from './issues.js';
import { jsonValueIssue, namedMemberIssue, toJsonIssue } from './json-value.js';
import { overflows } from './overflows.js';
import { setOwn } from './own-member.js';
import { checkObject, enumerableSymbols, keyIssues, unknownKey, unsentNames } from './settings.js';

export { formatIssues } from './issues.js';

/**
 * A relationship as a caller may give it: an id, a `{ type, id }` pair, or a resource the SDK returned. `T` is the
 * `type`s it accepts: its target (`account`), or where a family is accepted its known kinds too (`stock-asset`).
 */
export type RelationshipInput<T extends string = string> =
  | string
  | {
      /** The related resource's JSON:API type (e.g. `account`; a kind such as `stock-asset` where a family is accepted). */
      readonly type: T;
      /** The related resource's id. */
      readonly id: string;
    };

/**
 * The relationships a create input accepts, from a resource's relationship table: each one's `type` is its target or
 * a kind of its families (`FamilyTypes`, written out here so that editors show the types, not the alias).
 */
export type RelationshipInputs<R extends Rels> = {
  [K in keyof R as R[K]['create'] extends 'required' ? K : never]: R[K]['many'] extends true
    ? readonly RelationshipInput<R[K]['target'] | FamilyTypes<R[K]>>[]
    : RelationshipInput<R[K]['target'] | FamilyTypes<R[K]>>;
} & {
  [K in keyof R as R[K]['create'] extends 'optional' ? K : never]?: R[K]['many'] extends true
    ? readonly RelationshipInput<R[K]['target'] | FamilyTypes<R[K]>>[]
    : RelationshipInput<R[K]['target'] | FamilyTypes<R[K]>>;
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
    if (identifierKeyIssues(input, path, issues)) return undefined;
    if (typeof id !== 'string' || id === '') {
      issues.push({ path: `${path}.id`, message: 'must be a non-empty string' });
      return undefined;
    }
    if (type !== undefined && !acceptsType(r, type)) {
      const refused = r.refusedKinds?.find((kind) => r.family?.some((family) => type === `${kind}-${family}`));
      const kinds = r.family?.map((f) => ` or a <kind>-${f}`).join('') ?? '';
      // A `<kind>-<family>` type of a kind the kind tables do not have is named so (a typo reads as a kind).
      const unknown = r.family?.some((f) => typeof type === 'string' && type.endsWith(`-${f}`))
        ? ', a kind this SDK does not know (give its id alone)'
        : '';
      issues.push({
        path: `${path}.type`,
        message:
          refused === undefined
            ? `must be "${target}"${kinds}, got ${describe(type)}${unknown}`
            : `cannot be a ${refused} kind (got "${type as string}"): the service keeps ${r.refusedKinds?.join(' and ')} kinds for reporting only`,
      });
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

/**
 * The members a relationship given as an object may have: `type` and `id`, which are sent, and those of a resource
 * the SDK returned, which are not (a relationship carries only the identifier). Anything else, a misspelled `typ`
 * say, would be left out without a word (the documented target type sent in place of the one meant): refused, as
 * every unknown key (`keyIssues`). Whether any was found.
 */
function identifierKeyIssues(value: object, path: string, issues: ValidationIssue[]): boolean {
  const found = keyIssues(value, IDENTIFIER_KEYS, path);
  for (const issue of found)
    issues.push(issue.path === `${path}.lid` ? { path: issue.path, message: LOCAL_ID } : issue);
  return found.length > 0;
}
/**
 * JSON:API 1.1's `lid` names a resource created in the same request: the service's reference has no such request
 * (one resource per create, identifiers `{ type, id }`), so one given is refused by its own words, not sent.
 */
const LOCAL_ID = "is JSON:API 1.1's local id, which the service does not take: name the related resource by its id";
const IDENTIFIER_KEYS = ['type', 'id', 'attributes', 'relationships', 'links', 'meta'];

/** Turns relationship inputs into JSON:API relationship objects, checking names, cardinality and required ones. */
export function relationshipsDocument(
  input: Record<string, unknown> | undefined,
  rels: Rels,
  issues: ValidationIssue[],
): Record<string, { data: Identifier | Identifier[] }> | undefined {
  let out: Record<string, { data: Identifier | Identifier[] }> | undefined;
  for (const name of Object.keys(rels)) {
    const r = rels[name] as Rel;
    const value = input?.[name];
    if (value === undefined) {
      if (r.create === 'required')
        issues.push({ path: `relationships.${name}`, message: `is required (${article(r.target)} id)` });
      continue;
    }
    const path = `relationships.${name}`;
    if (r.create === false) {
      issues.push({ path, message: 'is set by the service and cannot be sent' });
      continue;
    }
    if (r.many) {
      if (!Array.isArray(value)) {
        issues.push({ path, message: `must be an array of ${r.target} ids or resources` });
        continue;
      }
      const ids = identifiers(value, path, issues, (v, at) => toIdentifier(v, r, at, issues));
      out ??= {};
      out[name] = { data: ids };
    } else {
      const id = toIdentifier(value, r, path, issues);
      if (id) {
        out ??= {};
        out[name] = { data: id };
      }
    }
  }
  if (input === undefined) return out;
  // Inherited names too (`for…in`): a relationship is read by name above, so an unknown inherited one is refused too.
  for (const name in input) {
    // Own names only: one every object inherits (`constructor`) is no relationship either.
    if (!Object.hasOwn(rels, name)) issues.push(unknownRelationship(name, rels));
  }
  return out;
}

/**
 * The identifiers of a to-many relationship's array, each element made by `one`. A hole (`['r1', , 'r2']`), which
 * `map` and `filter` skip, is refused by its position; only an array's first, so that a caller's `new Array(1e9)`
 * makes one issue, not a billion. A named member (`Object.assign(['r1'], { extra })`), which JSON leaves out, is
 * refused by its name, as in attributes.
 */
function identifiers(
  value: readonly unknown[],
  path: string,
  issues: ValidationIssue[],
  one: (value: unknown, path: string) => Identifier | undefined,
): Identifier[] {
  const ids: Identifier[] = [];
  let held = 0;
  for (let i = 0; i < value.length; i++) {
    if (i in value) {
      held++;
      const id = one(value[i], `${path}.${i}`);
      if (id) ids.push(id);
    } else if (held === i) {
      issues.push({
        path: `${path}.${i}`,
        message: 'must be a relationship, got a hole in the array, which would be left out',
      });
    }
  }
  const named = namedMemberIssue(value, path, held);
  if (named) issues.push(named);
  return ids;
}

/** A name the relationship table `rels` does not hold. */
function unknownRelationship(name: string | symbol, rels: Rels): ValidationIssue {
  return unknownKey(name, Object.keys(rels), 'relationships', 'relationship');
}

/**
 * Refuses the caller's `relationships` unless undefined or a plain object (read by its keys, a Map, an array or a
 * string would be taken as empty, or as names 0, 1…), and its symbol keys, as `checkKeys` refuses them: JSON has
 * none, so the relationship would be left out.
 */
function checkRelationships(what: string, relationships: unknown, rels: Rels | undefined): void {
  if (relationships === undefined) return;
  checkObject(what, relationships, 'relationships');
  // An undocumented resource's relationship names are free: only a symbol is refused.
  const issues = rels
    ? enumerableSymbols(relationships as object).map((key) => unknownRelationship(key, rels))
    : unsentNames(relationships as object, 'relationships');
  if (issues.length) throw new ValidationError(what, issues);
}

const DOCUMENT_KEYS = ['type', 'attributes', 'relationships'];
/** An update's: its type and id are the row's and the path's, never the caller's. */
const UPDATE_KEYS = ['attributes', 'relationships'];

/**
 * `checkKeys` for the keys of a call's input, where a request option put among them (`{ type, attributes, timeout }`)
 * is told where it goes (`optionHint`).
 */
function checkInputKeys(what: string, input: object, known: readonly string[]): void {
  checkObject(what, input, '');
  const issues = keyIssues(input, known, '');
  if (issues.length) throw new ValidationError(what, issues.map(optionHint));
}

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
  checkInputKeys(what, input, DOCUMENT_KEYS);
  // A `type` is the endpoint's, given or not: another one would be sent as the endpoint's without a word.
  const givenType = input.type;
  const typeIssue =
    givenType === undefined || givenType === type
      ? undefined
      : {
          path: 'type',
          message: `must be "${type}" (what this method ${id === undefined ? 'creates' : 'updates'}), got ${describe(givenType)}`,
        };
  // zod reads an object schema's members by name: a Map would pass as an object whose optional members are absent.
  checkObject(what, input.attributes, 'attributes');
  checkRelationships(what, input.relationships, rels);
  let attributes: unknown = input.attributes;
  const given = input.attributes ?? {};
  const flat = schema !== undefined && writesAsJson(schema);
  if (schema) {
    // zod's answer first; its issues only for a refused value, collected the bounded way (zod alone overflows the
    // stack on a list of ~100,000 bad filters).
    // Symbols first: asking the schema whether it fixes its keys costs more, on every create.
    const symbols =
      Object.getOwnPropertySymbols(given).length && fixesKeys(schema)
        ? symbolKeyIssues(schema, given, 'attributes')
        : [];
    const found = symbols.length ? symbols : accepts(schema, given) ? [] : collectIssues(schema, given, 'attributes');
    // The value sent is the caller's: as given when zod's output would equal it and zod read it through its own
    // members (`readsOwnMembers`), else zod's parse, which fills in a documented default (fee `category`) or holds
    // what zod read through inherited members.
    if (found.length) issues.push(...found);
    else if (returnsInput(schema) && readsOwnMembers(given, flat)) attributes = given;
    else attributes = parsedAgain(what, schema, given, 'attributes');
  }
  // What is sent is held to what JSON writes, whatever the schema let through: zod reads an object by its members'
  // names, so a Map, a Set or NaN inside a member it does not type (a generic resource's attributes) or inside an
  // all-optional object would be sent changed or dropped. Not walked where the schema admits only such values.
  // Where zod's output replaced the caller's value (a default filled in, inherited members read), the caller's is
  // walked first: a Map zod took for an empty object, a symbol key zod did not copy, are still refused.
  // Where it admits only such values, the attributes object itself may still write as something else (`toJSON`).
  const unwritable =
    issues.length === 0 &&
    attributes !== undefined &&
    (flat
      ? toJsonIssue(given, 'attributes')
      : (attributes !== given && jsonValueIssue(given, 'attributes', fixed(schema))) ||
        jsonValueIssue(attributes, 'attributes', fixed(schema)));
  if (unwritable) issues.push(unwritable);
  const relationships = relationshipsDocument(input.relationships, rels, issues);
  if (typeIssue) issues.unshift(typeIssue);
  if (issues.length) throw new ValidationError(what, issues);
  const data: Record<string, unknown> = { type };
  if (id !== undefined) data.id = id;
  if (attributes !== undefined) data.attributes = attributes;
  if (relationships) data.relationships = relationships;
  return { data };
}

/** Whether a create's or update's attributes have keys their schema fixes (a generic resource's are free). */
const fixed = (schema: z.ZodMiniType | undefined): boolean => schema !== undefined && fixesKeys(schema);

/**
 * zod reads an object by its members' names: a symbol key of a value its schema types, which neither JSON nor a
 * query carries, would be left out without a word. Refused as `checkKeys` refuses one, naming what the schema accepts.
 */
function symbolKeyIssues(schema: z.ZodMiniType, value: unknown, prefix: string): ValidationIssue[] {
  return isObject(value) ? enumerableSymbols(value).map((key) => unknownKey(key, shapeKeys(schema), prefix)) : [];
}

/**
 * Checks a plain input (query parameters, options) against its schema; throws `ValidationError` with at most
 * `MAX_ISSUES` issues (and the count of the rest), however many the input breaks.
 */
export function validateInput<T>(what: string, schema: z.ZodMiniType<T>, value: unknown, prefix = ''): T {
  const symbols = symbolKeyIssues(schema, value, prefix);
  if (symbols.length) throw new ValidationError(what, symbols);
  const issues = collectIssues(schema, value, prefix);
  const flat = writesAsJson(schema);
  // zod reads an array by its indices: a named member (`expand: Object.assign(['asset'], { x: 1 })`) would be left
  // out of the query or the body, as it is of attributes; and an object by its names: a symbol key below the top
  // too. Not walked where the schema admits only primitives.
  const unwritable = issues.length === 0 && !flat && jsonValueIssue(value, prefix, true);
  if (unwritable) issues.push(unwritable);
  if (issues.length) throw new ValidationError(what, issues);
  return readsOwnMembers(value, flat) ? (value as T) : (parsedAgain(what, schema, value, prefix) as T);
}

/**
 * zod's output for a value it accepted, from a second parse: read through a getter (a class's, which the copy a call
 * takes does not reach), the value may answer otherwise this time, and is then refused as it reads now, a
 * `ValidationError` and nothing sent, never zod's own error.
 */
function parsedAgain(what: string, schema: z.ZodMiniType, value: unknown, prefix: string): unknown {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const issues = collectIssues(schema, value, prefix);
  throw new ValidationError(
    what,
    issues.length
      ? issues
      : [{ path: prefix, message: 'answered otherwise each time it was read: give a plain object' }],
  );
}

/**
 * Whether zod, having accepted `value`, read it through members it owns, so that `value` as given is what was
 * checked. zod reads an object schema's members by name, inherited ones too (a class's getters,
 * `Object.create({ fromDate })`), where JSON and `Object.entries` see own members only: such a value went out
 * without them. Decided: it is sent as zod's output, which holds exactly what zod read, rather than refused by the
 * inherited member's name, which only a walk of the schema beside the value could find exactly; the caller's own
 * members are sent as before. Cheap for the common case: every object in the value must be an array or have the
 * prototype `Object.prototype` or null, and for a `flat` schema (only primitives below the top) one prototype is
 * read. An object with `toJSON` (a `Date`) is written as it says, as before; a value past the stack (a cycle under
 * `z.unknown`) answers no.
 */
function readsOwnMembers(value: unknown, flat: boolean): boolean {
  return overflows(() => ownOnly(value, flat)) === true;
}

function ownOnly(value: unknown, flat: boolean): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      return typeof (value as { toJSON?: unknown }).toJSON === 'function';
  }
  if (flat) return true;
  for (const key in value) if (!ownOnly((value as Record<string, unknown>)[key], false)) return false;
  return true;
}

/**
 * Checks a response body against its schema. On success the parsed JSON itself is returned (no copy):
 * the schemas are loose and transform nothing, so the checked value is the value. `check` answers first: the
 * row's generated check (src/schemas/response-checks.generated.ts), else zod's `safeParse`; on a body it refuses,
 * zod says what is wrong, an array's
 * elements one by one, so that a page of any number of bad items gives a bounded `ResponseValidationError`.
 */
export function decode<T>(
  call: CallSite,
  schema: z.ZodMiniType<T>,
  body: unknown,
  check: (body: unknown) => boolean = (value) => z.safeParse(schema, value).success,
): T {
  // A body nested deeper than the stack (10,000 nested limit filters) is not accepted: zod's issues, collected with
  // its overflow bounded, make it a `ResponseValidationError`, never a `RangeError`.
  if (overflows(() => check(body)) === true) return body as T;
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

/**
 * The body a row's rule makes of the caller's input; `id` is the resource's id for a PATCH. A multipart
 * rule takes the `FormData` its method built.
 */
export function requestBody(what: string, rule: RequestBody, input: unknown, id: string | undefined): Body {
  switch (rule.kind) {
    case 'document':
      if (rule.patch) return updateDocument(what, id as string, input as DocumentInput, rule);
      // Only an absent input is an empty document: null is refused, as every input that is not an object.
      return buildDocument(
        what,
        (input === undefined ? {} : input) as DocumentInput,
        rule.type,
        rule.attributes,
        rule.relationships,
      );
    case 'kinds':
      return buildKindDocument(what, input as DocumentInput, kindRules(rule));
    case 'generic':
      return genericDocument(what, input as GenericInput, rule.type, rule.patch ? id : undefined);
    case 'data': {
      const data = validateInput(what, rule.data, input);
      // Its members were checked; JSON would write what a `toJSON` of the object returns (a nested one: see above).
      const unwritable = toJsonIssue(input, '');
      if (unwritable) throw new ValidationError(what, [unwritable]);
      return { data };
    }
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
/** Whether an update's `attributes` or `relationships` names a value to send (JSON leaves an undefined one out). */
function namesAny(members: unknown): boolean {
  return isObject(members) ? Object.values(members).some((value) => value !== undefined) : members !== undefined;
}

function updateDocument(what: string, id: string, input: DocumentInput, rule: DocumentRule): Body {
  if (typeof input !== 'object' || input === null)
    throw new ValidationError(what, [{ path: '', message: 'expected an object { attributes }' }]);
  // The input's own keys, as a create's are: buildDocument below only sees the object built from them.
  checkInputKeys(what, input, UPDATE_KEYS);
  const changeable = rule.changeable ?? [];
  const rels = patchRelationships(rule);
  checkRelationships(what, input.relationships, rels);
  const issues: ValidationIssue[] = [];
  const sendable: Record<string, unknown> = {};
  const given = input.relationships ?? {};
  // Inherited names too, as a create reads them (by name): `Object.entries` would leave one out unseen.
  for (const name in given) {
    const value = given[name];
    if (Object.hasOwn(rule.relationships, name) && !changeable.includes(name)) {
      issues.push({
        path: `relationships.${name}`,
        message: `cannot be changed by PATCH${changeable.length ? ` (changeable: ${changeable.join(', ')})` : ''}`,
      });
    } else setOwn(sendable, name, value); // unknown names are reported by the codec
  }
  const { attributes } = input;
  if (!namesAny(attributes) && !namesAny(input.relationships))
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
  // Checked as given, before the copy below (a copy of a Map is an empty object).
  if (isObject(input)) {
    checkInputKeys(what, input, DOCUMENT_KEYS);
    checkRelationships(what, input.relationships, undefined);
  }
  const issues: ValidationIssue[] = [];
  const relationships: Record<string, { data: Identifier | Identifier[] }> = {};
  const given = isObject(input) && isObject(input.relationships) ? input.relationships : {};
  for (const [name, value] of Object.entries(given)) {
    const path = `relationships.${name}`;
    if (Array.isArray(value)) {
      const ids = identifiers(value, path, issues, (v, at) => genericIdentifier(v, at, issues));
      setOwn(relationships, name, { data: ids });
    } else {
      const identifier = genericIdentifier(value, path, issues);
      if (identifier) setOwn(relationships, name, { data: identifier });
    }
  }
  // An update that changes nothing is not sent (JSON leaves an undefined value out).
  if (id !== undefined && isObject(input) && !namesAny(input.attributes) && !namesAny(input.relationships))
    issues.push({ path: 'attributes', message: 'names nothing to change' });
  // Read by name, as checked: a spread would leave out an inherited `attributes`.
  const body = isObject(input) ? { type: (input as DocumentInput).type, attributes: input.attributes } : input;
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
  if (!isObject(value)) {
    issues.push({
      path,
      message:
        'must be { type, id } or an array of them: the target type of an undocumented relationship is not known to the SDK',
    });
    return undefined;
  }
  const { type, id } = value;
  if (identifierKeyIssues(value, path, issues)) return undefined;
  if (typeof type !== 'string' || type === '')
    issues.push({ path: `${path}.type`, message: 'must be a non-empty string' });
  if (typeof id !== 'string' || id === '') issues.push({ path: `${path}.id`, message: 'must be a non-empty string' });
  return typeof type === 'string' && type !== '' && typeof id === 'string' && id !== '' ? { type, id } : undefined;
}
