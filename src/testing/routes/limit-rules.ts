/**
 * Limit filters and types: their checks on create, and the status computation. A limit's scope is its
 * filter AND every ancestor's; `absolute` sums the market value in scope, `proportional` divides it by
 * the parent's scope (or by all the client's holdings without a parent), `limit-group` has no value.
 */

import { isObject } from '../../core/is-object.js';
import { CONDITION_FIELDS } from '../../schemas/limit-builders.js';
import type { Fields } from '../http/check.js';
import type { LimitRecord } from '../store/records.js';
import type { MockStore } from '../store/store.js';
import { type Valued, valueOn } from '../valuation.js';

/** Condition kind → its value field; each kind comes as `<kind>-is` and `<kind>-is-not` (the SDK's table). */
const CONDITIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CONDITION_FIELDS).map(([kind, { field }]) => [kind, field]),
);
const LIMIT_TYPES = ['limit-group', 'proportional', 'absolute'];

function conditionKind(type: unknown): { kind: string; negated: boolean } | undefined {
  if (typeof type !== 'string') return undefined;
  const negated = type.endsWith('-is-not');
  const kind = type.replace(/-is(-not)?$/, '');
  return type.endsWith('-is') || negated
    ? Object.hasOwn(CONDITIONS, kind)
      ? { kind, negated }
      : undefined
    : undefined;
}

/** Records every broken rule of a (recursive) limit filter. */
export function checkFilter(f: Fields, value: unknown, path: string): void {
  if (!isObject(value)) {
    f.issue(`${path} must be an object { type: "and" | "or" | "condition", … }`);
  } else if (value.type === 'and' || value.type === 'or') {
    const filters = value.filters;
    if (Array.isArray(filters) && filters.length) {
      for (const [i, child] of filters.entries()) checkFilter(f, child, `${path}.filters[${i}]`);
    } else f.issue(`${path}.filters must be a non-empty list of limit filters`);
  } else if (value.type === 'condition') {
    const c = value.condition;
    const kind = isObject(c) ? conditionKind(c.type) : undefined;
    const field = kind && CONDITIONS[kind.kind];
    if (!isObject(c) || !field) {
      f.issue(
        `${path}.condition.type must be one of ${Object.keys(CONDITIONS)
          .flatMap((k) => [`${k}-is`, `${k}-is-not`])
          .join(', ')}`,
      );
    } else if (typeof c[field] !== 'string' || c[field] === '')
      f.issue(`${path}.condition["${field}"] is required (a string)`);
  } else f.issue(`${path}.type must be "and", "or" or "condition", got ${JSON.stringify(value.type)}`);
}

export function checkLimitType(f: Fields, value: unknown, path: string): void {
  if (!isObject(value) || !LIMIT_TYPES.includes(value.type as string)) {
    f.issue(`${path}.type must be one of ${LIMIT_TYPES.join(', ')}`);
  } else if (value.type !== 'limit-group') {
    const values = value.values;
    if (!isObject(values)) f.issue(`${path}.values is required: { min: number | null, max: number | null }`);
    else {
      for (const bound of ['min', 'max']) {
        const b = values[bound];
        if (b !== undefined && b !== null && (typeof b !== 'number' || !Number.isFinite(b)))
          f.issue(`${path}.values.${bound} must be a number or null`);
      }
    }
  }
}

function fieldOf(kind: string, v: Valued): unknown {
  switch (kind) {
    case 'country-code':
      return v.instrument.attributes.countryCode;
    case 'instrument-class':
      return v.instrument.instrumentClassId;
    case 'detailed-instrument-class':
      return v.instrument.detailedInstrumentClassId;
    case 'currency-code':
      return v.ccyCode;
    case 'security-identifier':
      return v.instrument.attributes.securityIdentifier;
    case 'reporting-entity':
      return v.position.reportingEntityId;
    default:
      return v.position.portfolioId;
  }
}

function matches(filter: unknown, v: Valued): boolean {
  if (!isObject(filter)) return false;
  if (filter.type === 'and') return (filter.filters as unknown[]).every((f) => matches(f, v));
  if (filter.type === 'or') return (filter.filters as unknown[]).some((f) => matches(f, v));
  const c = filter.condition as Record<string, unknown>;
  const kind = conditionKind(c.type);
  if (!kind) return false;
  return (fieldOf(kind.kind, v) === c[CONDITIONS[kind.kind] as string]) !== kind.negated;
}

function inScope(store: MockStore, limit: LimitRecord, v: Valued): boolean {
  const parent = limit.parentLimitId ? store.limits.get(limit.parentLimitId) : undefined;
  return matches(limit.limitFilter, v) && (!parent || inScope(store, parent, v));
}

const sum = (vs: Valued[]) => vs.reduce((total, v) => total + v.marketValue, 0);

/** The `limit-status` resource of a limit on a date. */
export function limitStatus(store: MockStore, limit: LimitRecord, date: string) {
  const entities = new Set(store.reportingEntities.where((e) => e.clientId === limit.clientId).map((e) => e.id));
  const held = valueOn(
    store,
    store.positions.where((p) => entities.has(p.reportingEntityId)),
    date,
  );
  const attributes: Record<string, unknown> = { date, limitType: limit.limitType, currentValue: null };
  if (limit.limitType.type !== 'limit-group') {
    const value = sum(held.filter((v) => inScope(store, limit, v)));
    const parent = limit.parentLimitId ? store.limits.get(limit.parentLimitId) : undefined;
    const whole = parent ? sum(held.filter((v) => inScope(store, parent, v))) : sum(held);
    const current =
      limit.limitType.type === 'absolute'
        ? Math.round(value * 100) / 100
        : whole
          ? Math.round((value / whole) * 1e6) / 1e6
          : 0;
    const { min, max } = limit.limitType.values ?? {};
    attributes.currentValue = current;
    attributes.isBreached = (typeof min === 'number' && current < min) || (typeof max === 'number' && current > max);
  }
  return { id: limit.id, type: 'limit-status', attributes };
}
