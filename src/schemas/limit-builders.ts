/**
 * `limitFilter` and `limitType`: builders of a limit's inputs, without zod, so that importing the package does not
 * build the limit schemas (`limits.ts` reads the condition fields from here).
 */
import type * as z from 'zod/mini';
import { mustBe } from '../core/describe.js';
import { checkArgument, checkKeys } from '../core/settings.js';
import { ValidationError } from '../core/validation-error.js';
import type {
  ConditionSchemas,
  LimitConditionInput,
  LimitConditionType,
  LimitFilterInput,
  LimitTypeInput,
} from './limits.js';

/** Each condition's stem (`country-code`, giving `country-code-is` and `country-code-is-not`) and its value's key. */
export const CONDITION_FIELDS = {
  'country-code': 'country-code',
  'instrument-class': 'instrument-class-id',
  'detailed-instrument-class': 'detailed-instrument-class-id',
  'currency-code': 'currency-code',
  'security-identifier': 'security-identifier',
  'reporting-entity': 'reporting-entity-id',
  'reporting-portfolio': 'reporting-portfolio-id',
} as const;

type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Camel<Capitalize<T>>}` : S;
type ConditionInputOf<T extends LimitConditionType> = z.infer<ConditionSchemas<'create'>[T]>;
type ConditionBuilders = {
  [T in LimitConditionType as Camel<T>]: (value: string) => { type: 'condition'; condition: ConditionInputOf<T> };
};
const camel = (s: string) => s.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

/** Each condition type (`country-code-is`, `country-code-is-not`, …) and its value's key. */
const CONDITION_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(CONDITION_FIELDS).flatMap(([stem, field]) => [
    [`${stem}-is`, field],
    [`${stem}-is-not`, field],
  ]),
);

const conditionBuilders = Object.fromEntries(
  Object.entries(CONDITION_TYPES).map(([type, field]) => [
    camel(type),
    (value: string) => ({ type: 'condition', condition: { type, [field]: value } }),
  ]),
) as ConditionBuilders;

/** `and` and `or`: each filter given must be an object (what it holds is checked when the limit is created). */
const group =
  (type: 'and' | 'or') =>
  (...filters: LimitFilterInput[]): LimitFilterInput => {
    for (const [i, filter] of filters.entries()) checkArgument(`limitFilter.${type}()`, filter, `filters.${i}`);
    return { type, filters };
  };

/** A condition of a known type holding its value's key alone, a string (its format is checked on create). */
function checkCondition(condition: unknown): void {
  const what = 'limitFilter.condition()';
  checkArgument(what, condition, 'condition');
  const { type } = condition as { type?: unknown };
  const field = typeof type === 'string' && Object.hasOwn(CONDITION_TYPES, type) ? CONDITION_TYPES[type] : undefined;
  if (field === undefined)
    throw new ValidationError(what, [
      { path: 'condition.type', message: mustBe(`one of ${Object.keys(CONDITION_TYPES).join(', ')}`, type) },
    ]);
  checkKeys(what, condition, ['type', field], 'condition');
  const value = (condition as Record<string, unknown>)[field];
  if (typeof value !== 'string')
    throw new ValidationError(what, [{ path: `condition.${field}`, message: mustBe('a string', value) }]);
}

const BOUNDS = ['min', 'max'] as const;

/**
 * A bounded limit type's `values`: `bounds` checked as the builder `what` takes them (an object of `min` and `max`
 * only, each a finite number or null), a bound left out written as null.
 */
function values(what: string, bounds: unknown): { min: number | null; max: number | null } {
  checkArgument(what, bounds, 'bounds');
  checkKeys(what, bounds, BOUNDS, 'bounds');
  const given = bounds as Record<string, unknown>;
  const issues = BOUNDS.filter((key) => given[key] != null && !Number.isFinite(given[key])).map((key) => ({
    path: `bounds.${key}`,
    message: mustBe('a finite number or null', given[key]),
  }));
  if (issues.length) throw new ValidationError(what, issues);
  return { min: (given.min ?? null) as number | null, max: (given.max ?? null) as number | null };
}

/**
 * Builds limit filters without spelling JSON keys: every condition type has a function named after it.
 * The result is checked when the limit is created.
 * @example
 * const filter = limitFilter.and(limitFilter.countryCodeIs('CH'), limitFilter.currencyCodeIsNot('USD'));
 * // { type: 'and', filters: [{ type: 'condition', condition: { type: 'country-code-is', 'country-code': 'CH' } }, …] }
 */
export const limitFilter = {
  /** Matches holdings that every filter matches. */
  and: group('and'),
  /** Matches holdings that any filter matches. */
  or: group('or'),
  /** Wraps a condition object into a filter. */
  condition: (condition: LimitConditionInput): LimitFilterInput => {
    checkCondition(condition);
    return { type: 'condition', condition };
  },
  ...conditionBuilders,
};

/**
 * Builds a `limitType`: a bound left out is sent as null (no bound). A misspelled or misplaced key, or a bound other
 * than a finite number or null, is a `ValidationError` naming the builder and the member.
 * @example
 * limitType.proportional({ max: 0.2 }); // { type: 'proportional', values: { min: null, max: 0.2 } }
 */
export const limitType = {
  /** No constraint of its own: groups other limits. */
  limitGroup: (): LimitTypeInput => ({ type: 'limit-group' }),
  /** A share of the parent limit, as fractions (0.10 = 10%). */
  proportional: (bounds: {
    /** Lower bound as a fraction of the parent limit from 0 to 1 (0.10 = 10 %); `null` or left out for none. */
    min?: number | null;
    /** Upper bound as a fraction of the parent limit from 0 to 1 (0.10 = 10 %); `null` or left out for none. */
    max?: number | null;
  }): LimitTypeInput => ({
    type: 'proportional',
    values: values('limitType.proportional()', bounds),
  }),
  /** A fixed amount in the limit's `ccyCode`. */
  absolute: (bounds: {
    /** Lower bound as an amount in the limit's `ccyCode`; `null` or left out for none. */
    min?: number | null;
    /** Upper bound as an amount in the limit's `ccyCode`; `null` or left out for none. */
    max?: number | null;
  }): LimitTypeInput => ({
    type: 'absolute',
    values: values('limitType.absolute()', bounds),
  }),
};
