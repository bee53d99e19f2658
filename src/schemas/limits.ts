/**
 * Investment limits (`limit`, `limit-status`): the `limitType` object, the recursive `limitFilter` and its
 * fourteen condition types, each written once as a table row that yields the response schema (open: an
 * unknown type is kept), the request schema (closed, formats checked) and a builder.
 */
import * as z from 'zod/mini';
import { f, type KeptObject, keptObject, rule, type Schema } from './fields.js';
import { kindUnion, openKindUnion, type UnknownObject } from './kinds.js';
import { CONDITION_FIELDS, emptyGroup } from './limit-builders.js';
import { createAttributes, type ResourceDef, readSchema, rel } from './resource.js';
import type { StringFormat } from './string-rules.js';

/** Each row of the builders' table with its value's schemas made by its format: `{ field, value: f[format]() }`. */
function withSchemas<const T extends Record<string, { field: string; format: StringFormat }>>(
  table: T,
): { [K in keyof T]: { field: T[K]['field']; value: ReturnType<(typeof f)[T[K]['format']]> } } {
  return Object.fromEntries(
    Object.entries(table).map(([stem, { field, format }]) => [stem, { field, value: f[format]() }]),
  ) as never;
}

/**
 * Condition types by the stem of their name; each has an `-is` and an `-is-not` form with the same value field. The
 * field and its format are the builders' table's (the builders check a value by it too).
 */
const CONDITIONS = withSchemas(CONDITION_FIELDS);

type Conditions = typeof CONDITIONS;
type Stem = keyof Conditions;
/** The fourteen condition types: `country-code-is`, `country-code-is-not`, … */
export type LimitConditionType = `${Stem}-is` | `${Stem}-is-not`;
type StemOf<T extends LimitConditionType> = T extends `${infer S extends Stem}-is-not`
  ? S
  : T extends `${infer S extends Stem}-is`
    ? S
    : never;
type FieldOf<T extends LimitConditionType> = Conditions[StemOf<T>]['field'];
/** Each condition's value field, documented here so hover shows it on every condition that carries it. */
interface ConditionValueShape<Side extends 'read' | 'create'> {
  /** The country to match: ISO 3166-1 alpha-2 code, e.g. `CH`. */
  'country-code': Conditions['country-code']['value'][Side];
  /** The id of the instrument class to match. */
  'instrument-class-id': Conditions['instrument-class']['value'][Side];
  /** The id of the detailed instrument class to match. */
  'detailed-instrument-class-id': Conditions['detailed-instrument-class']['value'][Side];
  /** The currency to match: ISO 4217 code, e.g. `CHF`. */
  'currency-code': Conditions['currency-code']['value'][Side];
  /** The security identifier to match. */
  'security-identifier': Conditions['security-identifier']['value'][Side];
  /** The id of the reporting entity to match. */
  'reporting-entity-id': Conditions['reporting-entity']['value'][Side];
  /** The id of the reporting portfolio to match. */
  'reporting-portfolio-id': Conditions['reporting-portfolio']['value'][Side];
}
export type ConditionSchemas<Side extends 'read' | 'create'> = {
  [T in LimitConditionType]: z.ZodMiniObject<
    {
      /** The condition type: `<stem>-is` matches holdings with the value, `<stem>-is-not` those without it. */
      type: z.ZodMiniLiteral<T>;
    } & Pick<ConditionValueShape<Side>, FieldOf<T>>,
    Side extends 'read' ? z.core.$strip : z.core.$strict
  >;
};

function conditionSchemas<Side extends 'read' | 'create'>(side: Side): ConditionSchemas<Side> {
  const out: Record<string, Schema> = {};
  for (const [stem, { field, value }] of Object.entries(CONDITIONS)) {
    for (const type of [`${stem}-is`, `${stem}-is-not`]) {
      const shape = { type: z.literal(type), [field]: value[side] };
      out[type] = side === 'read' ? keptObject(shape) : z.strictObject(shape);
    }
  }
  return out as ConditionSchemas<Side>;
}

/**
 * A closed union on requests: a known `type` is checked against its member; any other `type` is refused
 * with the list of known ones.
 */
export function closedKindUnion<const M extends Record<string, Schema>>(
  members: M,
): Schema<z.output<M[keyof M]>, z.input<M[keyof M]>> {
  const types = Object.keys(members) as [string, ...string[]];
  // The input type too: without it a create input holding this union (a limit's `limitFilter`) is `unknown`.
  return kindUnion<M, never>(members, z.looseObject({ type: z.enum(types) })) as never;
}

export const conditionRead = openKindUnion(conditionSchemas('read'));
export const conditionCreate = closedKindUnion(conditionSchemas('create'));

/** A limit condition as decoded: one of the fourteen types, or an unknown type kept whole. */
export type LimitCondition =
  | { [T in LimitConditionType]: z.infer<ConditionSchemas<'read'>[T]> }[LimitConditionType]
  | UnknownObject;

/** A filter matching the holdings that every filter in `filters` matches. */
export interface LimitAndFilter {
  /** `and`: every filter must match. */
  type: 'and';
  /** The filters combined (required; each a limit filter). */
  filters: LimitFilter[];
}
/** A filter matching the holdings that any filter in `filters` matches. */
export interface LimitOrFilter {
  /** `or`: any filter may match. */
  type: 'or';
  /** The filters combined (required; each a limit filter). */
  filters: LimitFilter[];
}
/** A filter matching the holdings its `condition` matches. */
export interface LimitConditionFilter {
  /** `condition`: the condition must match. */
  type: 'condition';
  /** The condition (required): `{ type, <value field> }`, e.g. `{ type: 'country-code-is', 'country-code': 'CH' }`. */
  condition: LimitCondition;
}
/**
 * A limit filter as decoded: `and` / `or` / `condition`, or an unknown type kept whole. Named by hand (a recursive
 * union hovers as pages of members otherwise); a type test holds it equal to the schema's inferred type.
 */
export type LimitFilter = LimitAndFilter | LimitOrFilter | LimitConditionFilter | UnknownObject;

// The recursive filter, typed through the named `LimitFilter`. At run time the unions dispatch on `type`
// (kindUnion), which reports the failing branch. Loose at run time, closed in type: see KeptObject.
const groupRead = <T extends 'and' | 'or'>(type: T) =>
  keptObject({
    type: z.literal(type),
    get filters(): z.ZodMiniArray<Schema<LimitFilter>> {
      return z.array(limitFilterRead);
    },
  });
export const andRead = groupRead('and');
export const orRead = groupRead('or');
export const conditionFilterRead = keptObject({
  type: z.literal('condition'),
  condition: conditionRead as Schema<LimitCondition>,
});
// Checked against the members' inferred union by a type test (test/types/limits.test-d.ts).
const limitFilterRead: Schema<LimitFilter> = openKindUnion({
  and: andRead,
  or: orRead,
  condition: conditionFilterRead,
});

const groupCreate = <T extends 'and' | 'or'>(type: T) =>
  z.strictObject({
    type: z.literal(type),
    /** The filters combined (at least one; each a limit filter). */
    get filters(): z.ZodMiniArray<Schema<LimitFilterInput, LimitFilterInput>> {
      return z.array(limitFilterCreate).check(z.minLength(1, { error: emptyGroup(type) }));
    },
  });
export const andCreate = groupCreate('and');
export const orCreate = groupCreate('or');
export const conditionFilterCreate = z.strictObject({
  type: z.literal('condition'),
  /** The condition: `{ type, <value field> }`, e.g. `{ type: 'country-code-is', 'country-code': 'CH' }`. */
  condition: conditionCreate as Schema<LimitConditionInput, LimitConditionInput>,
});
/** A limit condition as sent, e.g. `{ type: 'country-code-is', 'country-code': 'CH' }`. */
export type LimitConditionInput = {
  [T in LimitConditionType]: z.infer<ConditionSchemas<'create'>[T]>;
}[LimitConditionType];
/** Sent as a filter matching the holdings that every filter in `filters` matches. */
export interface LimitAndFilterInput {
  /** `and`: every filter must match. */
  type: 'and';
  /** The filters combined (at least one; each a limit filter). */
  filters: LimitFilterInput[];
}
/** Sent as a filter matching the holdings that any filter in `filters` matches. */
export interface LimitOrFilterInput {
  /** `or`: any filter may match. */
  type: 'or';
  /** The filters combined (at least one; each a limit filter). */
  filters: LimitFilterInput[];
}
/** Sent as a filter matching the holdings its `condition` matches. */
export interface LimitConditionFilterInput {
  /** `condition`: the condition must match. */
  type: 'condition';
  /** The condition: `{ type, <value field> }`, e.g. `{ type: 'country-code-is', 'country-code': 'CH' }`. */
  condition: LimitConditionInput;
}
/**
 * A limit filter as sent: `and` / `or` of filters, or a `condition`; build one with `limitFilter.*`. Named by hand
 * like `LimitFilter`; a type test holds it equal to the schema's input and output types.
 */
export type LimitFilterInput = LimitAndFilterInput | LimitOrFilterInput | LimitConditionFilterInput;
// Checked against the members' inferred union by a type test (test/types/limits.test-d.ts).
const limitFilterCreate: Schema<LimitFilterInput, LimitFilterInput> = closedKindUnion({
  and: andCreate,
  or: orCreate,
  condition: conditionFilterCreate,
});

// The shapes below are declared types because the declaration build keeps JSDoc on their members but drops it
// on the members of an object literal passed to a zod call: hover on `limit.attributes.limitType.values.max` shows
// these. The unions are written as `|` of their members so that `LimitType` and `LimitTypeInput` hover by name.
type BoundsShape<V extends Schema> = {
  /** Lower bound (a fraction for `proportional`, an amount in `ccyCode` for `absolute`), or `null` for none. */
  min: z.ZodMiniNullable<V>;
  /** Upper bound (a fraction for `proportional`, an amount in `ccyCode` for `absolute`), or `null` for none. */
  max: z.ZodMiniNullable<V>;
};
type LimitGroupShape = {
  /** `limit-group`: no constraint of its own; only groups other limits (its values: not shown). */
  type: z.ZodMiniLiteral<'limit-group'>;
};
type ProportionalShape<B extends Schema> = {
  /** `proportional`: a share of the parent limit (meaningful when the limit has a `parentLimit`). */
  type: z.ZodMiniLiteral<'proportional'>;
  /** The bounds as fractions of the parent limit, 0.10 = 10 %; `null` for no bound. */
  values: B;
};
type AbsoluteShape<B extends Schema> = {
  /** `absolute`: the total value of the holdings the filter matches must stay within the bounds. */
  type: z.ZodMiniLiteral<'absolute'>;
  /** The bounds as amounts in the limit's `ccyCode`; `null` for no bound. */
  values: B;
};

/** `{ min, max }`: each a bound or null for none; `min` must not exceed `max`. */
function bounds(value: Schema<number, number>): BoundsCreate {
  return z.strictObject<BoundsShape<Schema<number, number>>>({ min: z.nullable(value), max: z.nullable(value) }).check(
    z.superRefine((b, ctx) => {
      if (typeof b.min === 'number' && typeof b.max === 'number' && b.min > b.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['min'],
          message: `must not exceed max (${b.max}), got ${b.min}`,
          input: b.min,
        });
      }
    }),
  );
}
const fraction = z
  .number()
  .check(z.gte(0, rule('a fraction from 0 to 1 (0.10 = 10%)')), z.lte(1, rule('a fraction from 0 to 1 (0.10 = 10%)')));
type BoundsRead = KeptObject<BoundsShape<z.ZodMiniNumber>>;
// Named, not `ReturnType<typeof bounds>`: the declaration build would print the inferred shape without its JSDoc.
type BoundsCreate = z.ZodMiniObject<BoundsShape<Schema<number, number>>, z.core.$strict>;
const boundsRead: BoundsRead = keptObject({ min: z.nullable(z.number()), max: z.nullable(z.number()) });

/** How a limit is calculated, as decoded: `limit-group`, `proportional`, `absolute`, or an unknown type kept whole. */
export type LimitType =
  | z.infer<KeptObject<LimitGroupShape>>
  | z.infer<KeptObject<ProportionalShape<BoundsRead>>>
  | z.infer<KeptObject<AbsoluteShape<BoundsRead>>>
  | UnknownObject;
const limitTypeRead: Schema<LimitType> = openKindUnion({
  'limit-group': keptObject<LimitGroupShape>({ type: z.literal('limit-group') }),
  proportional: keptObject<ProportionalShape<BoundsRead>>({ type: z.literal('proportional'), values: boundsRead }),
  absolute: keptObject<AbsoluteShape<BoundsRead>>({ type: z.literal('absolute'), values: boundsRead }),
});

/** How a limit is calculated, as sent: build one with `limitType.*`. */
export type LimitTypeInput =
  | z.infer<z.ZodMiniObject<LimitGroupShape, z.core.$strict>>
  | z.infer<z.ZodMiniObject<ProportionalShape<BoundsCreate>, z.core.$strict>>
  | z.infer<z.ZodMiniObject<AbsoluteShape<BoundsCreate>, z.core.$strict>>;
const limitTypeCreate: Schema<LimitTypeInput, LimitTypeInput> = closedKindUnion({
  'limit-group': z.strictObject<LimitGroupShape>({ type: z.literal('limit-group') }),
  proportional: z.strictObject<ProportionalShape<BoundsCreate>>({
    type: z.literal('proportional'),
    values: bounds(fraction),
  }),
  absolute: z.strictObject<AbsoluteShape<BoundsCreate>>({ type: z.literal('absolute'), values: bounds(z.number()) }),
});

export const limitDef = {
  type: 'limit',
  fields: {
    /** Human-readable name. */
    name: f.string(),
    /** Currency the limit is expressed in: ISO 4217 code. `absolute` bounds are amounts in it. */
    ccyCode: f.currency(),
    /** Start date, `YYYY-MM-DD`. */
    startDate: f.date(),
    /** Which holdings the limit applies to: `and` / `or` of filters, or a `condition` (build with `limitFilter.*`). */
    limitFilter: { read: limitFilterRead, create: limitFilterCreate },
    /**
     * How the limit is calculated: `limit-group` (only groups other limits), `proportional` (`min`/`max` as
     * fractions of the parent limit, 0.10 = 10 %) or `absolute` (`min`/`max` amounts in `ccyCode`). Build with
     * `limitType.*`.
     */
    limitType: { read: limitTypeRead, create: limitTypeCreate },
  },
  relationships: {
    /** The client that owns the limit. */
    client: rel.one('client', 'required'),
    /** The limit this one is nested under (type `limit`); a `proportional` limit is a share of it. */
    parentLimit: rel.one('limit', 'optional'),
  },
} as const satisfies ResourceDef;
export const limitSchema = readSchema(limitDef);
export const limitCreateAttributes = createAttributes(limitDef.fields);

export const limitStatusDef = {
  type: 'limit-status',
  fields: {
    /** Date of the status, `YYYY-MM-DD`. */
    date: f.date(),
    /** How the limit is calculated, as on the limit (`limit-group`, `proportional` or `absolute`). */
    limitType: { read: limitTypeRead, create: undefined },
    /** `true` when `currentValue` is below `min` or above `max` of `limitType`. */
    isBreached: f.optional(f.boolean()),
    /**
     * For `proportional`, the percentage of total holdings subject to the limit (so the reference; the bounds of
     * `limitType` are fractions); for `absolute`, the amount of holdings subject to it, in the limit's `ccyCode`;
     * `null` for `limit-group`.
     */
    currentValue: f.nullOnRead(f.number()),
  },
  relationships: {},
} as const satisfies ResourceDef;
export const limitStatusSchema = readSchema(limitStatusDef);

// A declared shape type, so that the declaration build keeps the member's JSDoc (see the shapes above).
type LimitStatusShape = {
  /** The date of the status to read, a calendar date `YYYY-MM-DD` (required). */
  date: Schema<string, string>;
};
/** The query of the limit status endpoints. */
export const limitStatusQuery: z.ZodMiniObject<LimitStatusShape, z.core.$strict> = z.strictObject({
  date: f.date().create,
});

/** The query of `limits.status` and `clients.limits.status`: `{ date }`. */
export interface LimitStatusParams extends z.input<typeof limitStatusQuery> {
  date: z.input<typeof limitStatusQuery>['date'];
}

/** The attributes of `limits.create`. */
export interface LimitCreateAttributes extends z.input<typeof limitCreateAttributes> {
  name: z.input<typeof limitCreateAttributes>['name'];
  ccyCode: z.input<typeof limitCreateAttributes>['ccyCode'];
  startDate: z.input<typeof limitCreateAttributes>['startDate'];
  limitFilter: LimitFilterInput;
  limitType: LimitTypeInput;
}
