/**
 * `limitFilter` and `limitType`: builders of a limit's inputs, without zod, so that importing the package does not
 * build the limit schemas (`limits.ts` reads the condition fields from here).
 */
import type * as z from 'zod/mini';
import { extraArguments } from '../core/arity.js';
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

type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Camel<Capitalize<T>>}` : S;
type ConditionInputOf<T extends LimitConditionType> = z.infer<ConditionSchemas<'create'>[T]>;
type ConditionBuilders = {
  [T in LimitConditionType as Camel<T>]: (value: string) => { type: 'condition'; condition: ConditionInputOf<T> };
};
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
        extraArguments(what, arguments, 1);
        // The create's rule, checked now: a bad value failed only inside `limits.create`, far from this call.
        const problem = stringProblem(format, value);
        if (problem) throw new ValidationError(what, [{ path: 'value', message: problem }]);
        return { type: 'condition', condition: { type, [field]: value } };
      },
    ];
  }),
) as ConditionBuilders;

/**
 * `and` and `or`: at least one filter, each an object (what a filter holds is checked when the limit is created;
 * a builder's own result was checked when it was built).
 */
const group =
  (type: 'and' | 'or') =>
  (...filters: LimitFilterInput[]): LimitFilterInput => {
    const what = `limitFilter.${type}()`;
    if (filters.length === 0) throw new ValidationError(what, [{ path: 'filters', message: emptyGroup(type) }]);
    for (const [i, filter] of filters.entries()) checkArgument(what, filter, `filters.${i}`);
    return { type, filters };
  };

/** A condition of a known type holding its value's key alone, by the rule the create holds that value to. */
function checkCondition(condition: unknown): void {
  const what = 'limitFilter.condition()';
  checkArgument(what, condition, 'condition');
  const { type } = condition as { type?: unknown };
  const known = typeof type === 'string' && Object.hasOwn(CONDITION_TYPES, type) ? CONDITION_TYPES[type] : undefined;
  if (known === undefined)
    throw new ValidationError(what, [
      { path: 'condition.type', message: mustBe(`one of ${Object.keys(CONDITION_TYPES).join(', ')}`, type) },
    ]);
  checkKeys(what, condition, ['type', known.field], 'condition');
  const problem = stringProblem(known.format, (condition as Record<string, unknown>)[known.field]);
  if (problem) throw new ValidationError(what, [{ path: `condition.${known.field}`, message: problem }]);
}

const BOUNDS = ['min', 'max'] as const;

/**
 * A bounded limit type's `values`: the builder's `args` one at most, `bounds` checked as the builder `what` takes
 * them (an object of `min` and `max` only, each a finite number or null), a bound left out written as null.
 */
function values(what: string, bounds: unknown, args: IArguments): { min: number | null; max: number | null } {
  extraArguments(what, args, 1);
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
    extraArguments('limitFilter.condition()', arguments, 1);
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
    extraArguments('limitType.limitGroup()', arguments, 0);
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
