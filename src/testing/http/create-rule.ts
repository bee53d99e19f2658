/**
 * The create rule of a resource with several kinds (instruments, assets, transactions), read from the SDK's
 * own endpoint row: which `<kind>-<suffix>` types can be created, why the others cannot, each kind's
 * attributes schema and relationship table. The mock restates none of it, so it cannot drift from the SDK.
 */
import * as z from 'zod/mini';
import type { DocumentRule, RequestBody } from '../../core/documents.js';
import { collectIssues } from '../../core/issues.js';
import { getOwn } from '../../core/own-member.js';
import { type Endpoint, type EndpointId, endpoints } from '../../endpoints.js';
import type { Relationships } from '../store/records.js';
import { FAMILY_KINDS, tableOf } from '../store/relationships.js';
import type { MockStore } from '../store/store.js';
import { type Fields, ref } from './check.js';
import { badRequest } from './errors.js';

type KindsBody = Extract<RequestBody, { kind: 'kinds' }>;

/** The rule for `type` on a kinds row; a 400 for a kind that cannot be created (the SDK's reason) or is unknown. */
export function kindRule(endpoint: EndpointId, type: string): DocumentRule {
  const body = (endpoints[endpoint] as Endpoint).body as KindsBody;
  // Own members only: `constructor` or `toString` as a type must not read Object.prototype's.
  const refused = body.refused && (getOwn(body.refused, type) as string | undefined);
  if (refused) throw badRequest(`data.type: ${refused}`);
  const rule = getOwn(body.kinds, type) as DocumentRule | undefined;
  if (!rule) throw badRequest(`data.type must be one of ${Object.keys(body.kinds).join(', ')}; got "${type}"`);
  return rule;
}

/**
 * The attributes checked by the rule's schema, every issue recorded in `f` with its path; returns them as the
 * schema outputs them (documented defaults filled in). `null` counts as absent, as the service reads it. An
 * attribute a route's own check has already refused in `f` keeps that check's words: the schema's issues
 * within it are not added a second time.
 */
export function checkedAttributes(f: Fields, rule: DocumentRule): Record<string, unknown> {
  if (!rule.attributes) return f.values;
  const given = Object.fromEntries(Object.entries(f.values).filter(([, value]) => value !== null));
  const parsed = z.safeParse(rule.attributes, given);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issues = collectIssues(rule.attributes, given, f.prefix).map((issue) => ({
    issue,
    // Decided before any is added, so that the schema's own issues do not hide each other.
    own: f.refused(issue.path.slice(f.prefix.length).replace(/^\./, '').split(/[.[]/)[0] as string),
  }));
  for (const { issue, own } of issues) if (!own) f.issue(`${issue.path} ${issue.message}`);
  return given;
}

/**
 * The relationships of a create document checked against the rule's table: required ones present, each
 * pointing to an existing record of its target (named by the target, or by a kind of its family), none the
 * table does not have. Returns the records pointed to, by relationship name.
 */
export function checkedRelationships(
  f: Fields,
  store: MockStore,
  rule: DocumentRule,
  given: Relationships,
): Record<string, { id: string } | undefined> {
  const found: Record<string, { id: string } | undefined> = {};
  for (const [name, r] of Object.entries(rule.relationships)) {
    if (r.create === false) continue;
    const types = r.family
      ? [r.target, ...r.family.flatMap((family) => (FAMILY_KINDS[family] ?? []).map((k) => `${k}-${family}`))]
      : undefined;
    found[name] = ref(f, given, name, tableOf(store, r.target), { required: r.create === 'required', types });
  }
  refuseOtherRelationships(f, rule, given);
  return found;
}

/** The rule of a create row of one resource type (e.g. `'limits.create'`), as the SDK checks its body. */
export function documentRule(endpoint: EndpointId): DocumentRule {
  const body = (endpoints[endpoint] as Endpoint).body;
  if (body?.kind !== 'document') throw new Error(`mock: ${endpoint} has no document rule`);
  return body;
}

/** Records every relationship in `given` that the rule's table does not let a create send. */
export function refuseOtherRelationships(f: Fields, rule: DocumentRule, given: Relationships): void {
  for (const name of Object.keys(given)) {
    const r = Object.hasOwn(rule.relationships, name) ? rule.relationships[name] : undefined;
    if (!r || r.create === false) f.issue(`data.relationships.${name} is not a relationship of ${rule.type}`);
  }
}
