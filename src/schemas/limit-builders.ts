/**
 * `limitFilter` and `limitType`: builders of a limit's inputs, without zod, so that importing the package does not
 * build the limit schemas (`limits.ts` reads the condition fields from here).
 */
import { extraArguments } from '../core/arity.js';
import { mustBe } from '../core/describe.js';
import { checkArgument, checkKeys } from '../core/settings.js';
import { ValidationError } from '../core/validation-error.js';
import type { LimitConditionFilterInput, LimitConditionInput, LimitFilterInput, LimitTypeInput } from './limits.js';
import { type StringFormat, stringProblem } from './string-rules.js';

/**
 * Each condition's stem (`country-code`, giving `country-code-is` and `country-code-is-not`), its value's key and
 * the value's format: the create's schema is built from it (limits.ts), and the builders check a value by it.
 */
export const CONDITION_FIELDS = {
  'country-code': { field: 'country-code', format: 'country' },
  'instrument-class': { field: 'instrument-class-id', format: 'string' },
  'detailed-instrument-class': { field: 'detailed-instrument-class-id', format: 'string' },
  'currency-code': { field: 'currency-code', format: 'currency' },
  'security-identifier': { field: 'security-identifier', format: 'string' },
  'reporting-entity': { field: 'reporting-entity-id', format: 'string' },
  'reporting-portfolio': { field: 'reporting-portfolio-id', format: 'string' },
} as const satisfies Record<string, { field: string; format: StringFormat }>;

/** The rule of an `and` or `or` with no filter, the create's and its builder's. */
export const emptyGroup = (type: 'and' | 'or'): string =>
  `must hold at least one filter (an empty "${type}" has no documented meaning)`;

/**
 * The fourteen condition builders of `limitFilter`, one per condition type (`countryCodeIs` builds `country-code-is`),
 * written out so that each has its JSDoc on hover; test/types/limits.test-d.ts holds them to the condition types.
 */
interface ConditionBuilders {
  /**
   * Builds the `country-code-is` condition filter: holdings whose country is `value` (ISO 3166-1 alpha-2, e.g. `CH`).
   * @example limitFilter.countryCodeIs('CH')
   */
  countryCodeIs(value: string): LimitConditionFilterInput;
  /**
   * Builds the `country-code-is-not` condition filter: holdings whose country is not `value` (ISO 3166-1 alpha-2, e.g. `US`).
   * @example limitFilter.countryCodeIsNot('US')
   */
  countryCodeIsNot(value: string): LimitConditionFilterInput;
  /**
   * Builds the `instrument-class-is` condition filter: holdings of the instrument class with id `value`.
   * @example limitFilter.instrumentClassIs(instrumentClassId)
   */
  instrumentClassIs(value: string): LimitConditionFilterInput;
  /**
   * Builds the `instrument-class-is-not` condition filter: holdings not of the instrument class with id `value`.
   * @example limitFilter.instrumentClassIsNot(instrumentClassId)
   */
  instrumentClassIsNot(value: string): LimitConditionFilterInput;
  /**
   * Builds the `detailed-instrument-class-is` condition filter: holdings of the detailed instrument class with id `value`.
   * @example limitFilter.detailedInstrumentClassIs(detailedInstrumentClassId)
   */
  detailedInstrumentClassIs(value: string): LimitConditionFilterInput;
  /**
   * Builds the `detailed-instrument-class-is-not` condition filter: holdings not of the detailed instrument class with id `value`.
   * @example limitFilter.detailedInstrumentClassIsNot(detailedInstrumentClassId)
   */
  detailedInstrumentClassIsNot(value: string): LimitConditionFilterInput;
  /**
   * Builds the `currency-code-is` condition filter: holdings whose currency is `value` (ISO 4217, e.g. `CHF`).
   * @example limitFilter.currencyCodeIs('CHF')
   */
  currencyCodeIs(value: string): LimitConditionFilterInput;
  /**
   * Builds the `currency-code-is-not` condition filter: holdings whose currency is not `value` (ISO 4217, e.g. `USD`).
   * @example limitFilter.currencyCodeIsNot('USD')
   */
  currencyCodeIsNot(value: string): LimitConditionFilterInput;
  /**
   * Builds the `security-identifier-is` condition filter: holdings whose security identifier is `value`.
   * @example limitFilter.securityIdentifierIs('US0378331005')
   */
  securityIdentifierIs(value: string): LimitConditionFilterInput;
  /**
   * Builds the `security-identifier-is-not` condition filter: holdings whose security identifier is not `value`.
   * @example limitFilter.securityIdentifierIsNot('US0378331005')
   */
  securityIdentifierIsNot(value: string): LimitConditionFilterInput;
  /**
   * Builds the `reporting-entity-is` condition filter: holdings of the reporting entity with id `value`.
   * @example limitFilter.reportingEntityIs(reportingEntityId)
   */
  reportingEntityIs(value: string): LimitConditionFilterInput;
  /**
   * Builds the `reporting-entity-is-not` condition filter: holdings not of the reporting entity with id `value`.
   * @example limitFilter.reportingEntityIsNot(reportingEntityId)
   */
  reportingEntityIsNot(value: string): LimitConditionFilterInput;
  /**
   * Builds the `reporting-portfolio-is` condition filter: holdings of the reporting portfolio with id `value`.
   * @example limitFilter.reportingPortfolioIs(portfolioId)
   */
  reportingPortfolioIs(value: string): LimitConditionFilterInput;
  /**
   * Builds the `reporting-portfolio-is-not` condition filter: holdings not of the reporting portfolio with id `value`.
   * @example limitFilter.reportingPortfolioIsNot(portfolioId)
   */
  reportingPortfolioIsNot(value: string): LimitConditionFilterInput;
}
const camel = (s: string) => s.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

/** Each condition type (`country-code-is`, `country-code-is-not`, …), its value's key and the value's format. */
const CONDITION_TYPES: Record<string, { field: string; format: StringFormat }> = Object.fromEntries(
  Object.entries(CONDITION_FIELDS).flatMap(([stem, value]) => [
    [`${stem}-is`, value],
    [`${stem}-is-not`, value],
  ]),
);

// A builder names itself in its errors as it is called: `limitFilter.countryCodeIs()`.
const conditionBuilders = Object.fromEntries(
  Object.entries(CONDITION_TYPES).map(([type, { field, format }]) => {
    const what = `limitFilter.${camel(type)}()`;
    // A function, not an arrow: it reads `arguments`.
    return [
      camel(type),
      function (value: string) {
        // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
        extraArguments(what, arguments, 1, '');
        // The create's rule, checked now: a bad value failed only inside `limits.create`, far from this call.
        const problem = stringProblem(format, value);
        if (problem) throw new ValidationError(what, [{ path: 'value', message: problem }], '');
        return { type: 'condition', condition: { type, [field]: value } };
      },
    ];
  }),
) as unknown as ConditionBuilders;

/**
 * `and` and `or`: at least one filter, each an object (what a filter holds is checked when the limit is created;
 * a builder's own result was checked when it was built).
 */
const group =
  (type: 'and' | 'or') =>
  (...filters: LimitFilterInput[]): LimitFilterInput => {
    const what = `limitFilter.${type}()`;
    if (filters.length === 0) throw new ValidationError(what, [{ path: 'filters', message: emptyGroup(type) }], '');
    for (const [i, filter] of filters.entries()) checkArgument(what, filter, `filters.${i}`, '');
    return { type, filters };
  };

/** A condition of a known type holding its value's key alone, by the rule the create holds that value to. */
function checkCondition(condition: unknown): void {
  const what = 'limitFilter.condition()';
  checkArgument(what, condition, 'condition', '');
  const { type } = condition as { type?: unknown };
  const known = typeof type === 'string' && Object.hasOwn(CONDITION_TYPES, type) ? CONDITION_TYPES[type] : undefined;
  if (known === undefined)
    throw new ValidationError(
      what,
      [{ path: 'condition.type', message: mustBe(`one of ${Object.keys(CONDITION_TYPES).join(', ')}`, type) }],
      '',
    );
  checkKeys(what, condition, ['type', known.field], 'condition', '');
  const problem = stringProblem(known.format, (condition as Record<string, unknown>)[known.field]);
  if (problem) throw new ValidationError(what, [{ path: `condition.${known.field}`, message: problem }], '');
}

const BOUNDS = ['min', 'max'] as const;

/**
 * A bounded limit type's `values`: the builder's `args` one at most, `bounds` checked as the builder `what` takes
 * them (an object of `min` and `max` only, each a finite number or null), a bound left out written as null.
 */
function values(what: string, bounds: unknown, args: IArguments): { min: number | null; max: number | null } {
  extraArguments(what, args, 1, '');
  checkArgument(what, bounds, 'bounds', '');
  checkKeys(what, bounds, BOUNDS, 'bounds', '');
  const given = bounds as Record<string, unknown>;
  const issues = BOUNDS.filter((key) => given[key] != null && !Number.isFinite(given[key])).map((key) => ({
    path: `bounds.${key}`,
    message: mustBe('a finite number or null', given[key]),
  }));
  if (issues.length) throw new ValidationError(what, issues, '');
  return { min: (given.min ?? null) as number | null, max: (given.max ?? null) as number | null };
}

/**
 * Builds limit filters without spelling JSON keys: every condition type has a function named after it. A value is
 * checked when its builder is called, by the rule the limit's create holds it to; the whole filter again on create.
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
  condition(condition: LimitConditionInput): LimitFilterInput {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    extraArguments('limitFilter.condition()', arguments, 1, '');
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
  limitGroup(): LimitTypeInput {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given (one was ignored)
    extraArguments('limitType.limitGroup()', arguments, 0, '');
    return { type: 'limit-group' };
  },
  /** A share of the parent limit, as fractions (0.10 = 10%). */
  proportional(bounds: {
    /** Lower bound as a fraction of the parent limit from 0 to 1 (0.10 = 10 %); `null` or left out for none. */
    min?: number | null;
    /** Upper bound as a fraction of the parent limit from 0 to 1 (0.10 = 10 %); `null` or left out for none. */
    max?: number | null;
  }): LimitTypeInput {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    return { type: 'proportional', values: values('limitType.proportional()', bounds, arguments) };
  },
  /** A fixed amount in the limit's `ccyCode`. */
  absolute(bounds: {
    /** Lower bound as an amount in the limit's `ccyCode`; `null` or left out for none. */
    min?: number | null;
    /** Upper bound as an amount in the limit's `ccyCode`; `null` or left out for none. */
    max?: number | null;
  }): LimitTypeInput {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    return { type: 'absolute', values: values('limitType.absolute()', bounds, arguments) };
  },
};
