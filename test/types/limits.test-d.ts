/**
 * A limit's `limitFilter` and `limitType`, read and sent: the named types equal the schemas' inferred types, a
 * hand-written filter or limit type is checked in `limits.create` (it was `unknown` there: the union's schema had no
 * input type), and a misspelled member of a narrowed filter is a compile error (no index signature). Every
 * `@ts-expect-error` must be a real error: an unused directive fails `tsc --noEmit`. Nothing here runs.
 */
import { expectTypeOf } from 'vitest';
import type * as z from 'zod/mini';
import type {
  Limit,
  LimitAndFilter,
  LimitAndFilterInput,
  LimitCondition,
  LimitConditionFilter,
  LimitConditionFilterInput,
  LimitConditionInput,
  LimitConditionType,
  LimitCreateAttributes,
  LimitFilter,
  LimitFilterInput,
  LimitOrFilter,
  LimitOrFilterInput,
  LimitStatus,
  LimitType,
  LimitTypeInput,
  limitFilter,
  PortfolioReporting,
} from '../../src/index.js';
import type { openKindUnion } from '../../src/schemas/kinds.js';
import type {
  andCreate,
  andRead,
  closedKindUnion,
  conditionCreate,
  conditionFilterCreate,
  conditionFilterRead,
  conditionRead,
  orCreate,
  orRead,
} from '../../src/schemas/limits.js';

// The unions as their schemas' constructors infer them from the members (the schemas are annotated with the names).
type ReadFilterUnion = ReturnType<
  typeof openKindUnion<{ and: typeof andRead; or: typeof orRead; condition: typeof conditionFilterRead }>
>;
type CreateFilterUnion = ReturnType<
  typeof closedKindUnion<{ and: typeof andCreate; or: typeof orCreate; condition: typeof conditionFilterCreate }>
>;

// ─── the named types equal the schemas' inferred types ──────────────────────────────────────────────────────

expectTypeOf<LimitFilter>().toEqualTypeOf<z.infer<ReadFilterUnion>>();
expectTypeOf<LimitAndFilter>().toEqualTypeOf<z.infer<typeof andRead>>();
expectTypeOf<LimitOrFilter>().toEqualTypeOf<z.infer<typeof orRead>>();
expectTypeOf<LimitConditionFilter>().toEqualTypeOf<z.infer<typeof conditionFilterRead>>();
expectTypeOf<LimitCondition>().toEqualTypeOf<z.infer<typeof conditionRead>>();
expectTypeOf<Limit['attributes']['limitFilter']>().toEqualTypeOf<LimitFilter>();
expectTypeOf<Limit['attributes']['limitType']>().toEqualTypeOf<LimitType>();
expectTypeOf<LimitStatus['attributes']['limitType']>().toEqualTypeOf<LimitType>();

expectTypeOf<LimitFilterInput>().toEqualTypeOf<z.input<CreateFilterUnion>>();
expectTypeOf<LimitFilterInput>().toEqualTypeOf<z.output<CreateFilterUnion>>();
expectTypeOf<LimitAndFilterInput>().toEqualTypeOf<z.input<typeof andCreate>>();
expectTypeOf<LimitOrFilterInput>().toEqualTypeOf<z.input<typeof orCreate>>();
expectTypeOf<LimitConditionFilterInput>().toEqualTypeOf<z.input<typeof conditionFilterCreate>>();
expectTypeOf<LimitConditionInput>().toEqualTypeOf<z.input<typeof conditionCreate>>();
expectTypeOf<LimitConditionInput>().toEqualTypeOf<z.output<typeof conditionCreate>>();
expectTypeOf<LimitCreateAttributes['limitFilter']>().toEqualTypeOf<LimitFilterInput>();
expectTypeOf<LimitCreateAttributes['limitType']>().toEqualTypeOf<LimitTypeInput>();

// ─── limits.create checks a hand-written filter and limit type ──────────────────────────────────────────────

export function creates(prs: PortfolioReporting) {
  const base = { name: 'Swiss', ccyCode: 'CHF', startDate: '2024-01-01' };
  const absolute: LimitTypeInput = { type: 'absolute', values: { min: null, max: 1_000_000 } };
  const relationships = { client: 'c1' };
  return [
    prs.limits.create({
      attributes: {
        ...base,
        limitFilter: { type: 'condition', condition: { type: 'country-code-is', 'country-code': 'CH' } },
        limitType: absolute,
      },
      relationships,
    }),
    prs.limits.create({
      attributes: {
        ...base,
        // @ts-expect-error the value field of `country-code-is` is `country-code`
        limitFilter: { type: 'condition', condition: { type: 'country-code-is', 'country-cod': 'CH' } },
        limitType: absolute,
      },
      relationships,
    }),
    prs.limits.create({
      // @ts-expect-error a condition needs its `type` and value field
      attributes: { ...base, limitFilter: { type: 'condition', condition: {} }, limitType: absolute },
      relationships,
    }),
    prs.limits.create({
      attributes: {
        ...base,
        // @ts-expect-error `filters`, not `filtres`
        limitFilter: { type: 'and', filtres: [] },
        limitType: absolute,
      },
      relationships,
    }),
    prs.limits.create({
      attributes: {
        ...base,
        limitFilter: { type: 'condition', condition: { type: 'currency-code-is', 'currency-code': 'CHF' } },
        // @ts-expect-error the limit types are `limit-group`, `proportional` and `absolute`
        limitType: { type: 'absolut', values: { min: null, max: 1 } },
      },
      relationships,
    }),
  ];
}

// ─── misspelled reads of a narrowed filter or limit type ────────────────────────────────────────────────────

export function reads(limit: Limit): unknown[] {
  const filter = limit.attributes.limitFilter;
  const limitType = limit.attributes.limitType;
  const out: unknown[] = [];
  if (filter.type === 'and') {
    out.push(filter.filters);
    // @ts-expect-error `filters`
    out.push(filter.filtres);
  }
  if (filter.type === 'or') {
    // @ts-expect-error `filters`
    out.push(filter.filter);
  }
  if (filter.type === 'condition') {
    // @ts-expect-error `condition`
    out.push(filter.conditon);
    const condition = filter.condition;
    if (condition.type === 'country-code-is') {
      out.push(condition['country-code']);
      // @ts-expect-error the value field is `country-code`
      out.push(condition.countryCode);
    }
  }
  if (limitType.type === 'absolute') {
    out.push(limitType.values.max);
    // @ts-expect-error `values`
    out.push(limitType.valeus);
  }
  return out;
}

// The condition builders (written out in limit-builders.ts for their JSDoc): one per condition type, named after it
// (`country-code-is-not` -> `countryCodeIsNot`), no other; each takes the value and returns the named filter type.
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Camel<Capitalize<T>>}` : S;
expectTypeOf<Exclude<keyof typeof limitFilter, 'and' | 'or' | 'condition'>>().toEqualTypeOf<
  Camel<LimitConditionType>
>();
expectTypeOf<typeof limitFilter.countryCodeIs>().toEqualTypeOf<(value: string) => LimitConditionFilterInput>();
expectTypeOf<{
  [K in Camel<LimitConditionType>]: ReturnType<(typeof limitFilter)[K]>;
}>().toEqualTypeOf<{ [K in Camel<LimitConditionType>]: LimitConditionFilterInput }>();
