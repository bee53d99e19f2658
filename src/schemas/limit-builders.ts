/**
 * `limitFilter` and `limitType`: builders of a limit's inputs, without zod, so that importing the package does not
 * build the limit schemas (`limits.ts` reads the condition fields from here).
 */
import type * as z from 'zod/mini';
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

const conditionBuilders = Object.fromEntries(
  Object.entries(CONDITION_FIELDS).flatMap(([stem, field]) =>
    [`${stem}-is`, `${stem}-is-not`].map((type) => [
      camel(type),
      (value: string) => ({ type: 'condition', condition: { type, [field]: value } }),
    ]),
  ),
) as ConditionBuilders;

/**
 * Builds limit filters without spelling JSON keys: every condition type has a function named after it.
 * The result is checked when the limit is created.
 * @example
 * const filter = limitFilter.and(limitFilter.countryCodeIs('CH'), limitFilter.currencyCodeIsNot('USD'));
 * // { type: 'and', filters: [{ type: 'condition', condition: { type: 'country-code-is', 'country-code': 'CH' } }, …] }
 */
export const limitFilter = {
  /** Matches holdings that every filter matches. */
  and: (...filters: LimitFilterInput[]): LimitFilterInput => ({ type: 'and', filters }),
  /** Matches holdings that any filter matches. */
  or: (...filters: LimitFilterInput[]): LimitFilterInput => ({ type: 'or', filters }),
  /** Wraps a condition object into a filter. */
  condition: (condition: LimitConditionInput): LimitFilterInput => ({ type: 'condition', condition }),
  ...conditionBuilders,
};

/**
 * Builds a `limitType`: a bound left out is sent as null (no bound).
 * @example
 * limitType.proportional({ max: 0.2 }); // { type: 'proportional', values: { min: null, max: 0.2 } }
 */
export const limitType = {
  /** No constraint of its own: groups other limits. */
  limitGroup: (): LimitTypeInput => ({ type: 'limit-group' }),
  /** A share of the parent limit, as fractions (0.10 = 10%). */
  proportional: ({
    min = null,
    max = null,
  }: {
    /** Lower bound as a fraction of the parent limit from 0 to 1 (0.10 = 10 %); `null` or left out for none. */
    min?: number | null;
    /** Upper bound as a fraction of the parent limit from 0 to 1 (0.10 = 10 %); `null` or left out for none. */
    max?: number | null;
  }): LimitTypeInput => ({
    type: 'proportional',
    values: { min, max },
  }),
  /** A fixed amount in the limit's `ccyCode`. */
  absolute: ({
    min = null,
    max = null,
  }: {
    /** Lower bound as an amount in the limit's `ccyCode`; `null` or left out for none. */
    min?: number | null;
    /** Upper bound as an amount in the limit's `ccyCode`; `null` or left out for none. */
    max?: number | null;
  }): LimitTypeInput => ({
    type: 'absolute',
    values: { min, max },
  }),
};
