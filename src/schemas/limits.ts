/**
 * Investment limits (`limit`, `limit-status`): the `limitType` object, the recursive `limitFilter` and its
 * fourteen condition types, each written once as a table row that yields the response schema (open: an
 * unknown type is kept), the request schema (closed, formats checked) and a builder.
 */
import * as z from 'zod/mini';
import { f, keptObject, type Schema } from './fields.js';
import { kindUnion, openKindUnion, type UnknownObject } from './kinds.js';
import { CONDITION_FIELDS } from './limit-builders.js';
import { createAttributes, type ResourceDef, readSchema, rel } from './resource.js';

/** Condition types by the stem of their name; each has an `-is` and an `-is-not` form with the same value field. */
const CONDITIONS = {
  'country-code': { field: CONDITION_FIELDS['country-code'], value: f.country() },
  'instrument-class': { field: CONDITION_FIELDS['instrument-class'], value: f.string() },
  'detailed-instrument-class': { field: CONDITION_FIELDS['detailed-instrument-class'], value: f.string() },
  'currency-code': { field: CONDITION_FIELDS['currency-code'], value: f.currency() },
  'security-identifier': { field: CONDITION_FIELDS['security-identifier'], value: f.string() },
  'reporting-entity': { field: CONDITION_FIELDS['reporting-entity'], value: f.string() },
  'reporting-portfolio': { field: CONDITION_FIELDS['reporting-portfolio'], value: f.string() },
} as const;

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
export type ConditionSchemas<Side extends 'read' | 'create'> = {
  [T in LimitConditionType]: z.ZodMiniObject<
    { type: z.ZodMiniLiteral<T> } & { [K in FieldOf<T>]: Conditions[StemOf<T>]['value'][Side] },
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
function closedKindUnion<const M extends Record<string, Schema>>(members: M): Schema<z.output<M[keyof M]>> {
  const types = Object.keys(members) as [string, ...string[]];
  return kindUnion<M, never>(members, z.looseObject({ type: z.enum(types) }));
}

const conditionRead = openKindUnion(conditionSchemas('read'));
const conditionCreate = closedKindUnion(conditionSchemas('create'));

// The recursive filter. Its annotations name the union through its members so TypeScript can infer the
// recursive type; at run time the unions dispatch on `type` (kindUnion), which reports the failing branch.
const groupRead = <T extends 'and' | 'or'>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    get filters(): z.ZodMiniArray<typeof limitFilterRead> {
      return z.array(limitFilterRead);
    },
  });
const andRead = groupRead('and');
const orRead = groupRead('or');
const conditionFilterRead = keptObject({ type: z.literal('condition'), condition: conditionRead });
const limitFilterRead: z.ZodMiniUnion<
  [z.ZodMiniDiscriminatedUnion<[typeof andRead, typeof orRead, typeof conditionFilterRead]>, Schema<UnknownObject>]
> = openKindUnion({ and: andRead, or: orRead, condition: conditionFilterRead }) as never;

const groupCreate = <T extends 'and' | 'or'>(type: T) =>
  z.strictObject({
    type: z.literal(type),
    get filters(): z.ZodMiniArray<typeof limitFilterCreate> {
      return z
        .array(limitFilterCreate)
        .check(
          z.minLength(1, { error: `must hold at least one filter (an empty "${type}" has no documented meaning)` }),
        );
    },
  });
const andCreate = groupCreate('and');
const orCreate = groupCreate('or');
const conditionFilterCreate = z.strictObject({ type: z.literal('condition'), condition: conditionCreate });
const limitFilterCreate: z.ZodMiniDiscriminatedUnion<
  [typeof andCreate, typeof orCreate, typeof conditionFilterCreate]
> = closedKindUnion({
  and: andCreate,
  or: orCreate,
  condition: conditionFilterCreate,
}) as never;

/** `{ min, max }`: each a bound or null for none; `min` must not exceed `max`. */
function bounds(value: Schema<number>) {
  return z.strictObject({ min: z.nullable(value), max: z.nullable(value) }).check(
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
  .check(
    z.gte(0, { error: 'must be a fraction from 0 to 1 (0.10 = 10%)' }),
    z.lte(1, { error: 'must be a fraction from 0 to 1 (0.10 = 10%)' }),
  );
const boundsRead = keptObject({
  /** Lower bound (a fraction for `proportional`, an amount in `ccyCode` for `absolute`), or `null` for none. */
  min: z.nullable(z.number()),
  /** Upper bound (a fraction for `proportional`, an amount in `ccyCode` for `absolute`), or `null` for none. */
  max: z.nullable(z.number()),
});

const limitTypeRead = openKindUnion({
  'limit-group': keptObject({ type: z.literal('limit-group') }),
  proportional: keptObject({ type: z.literal('proportional'), values: boundsRead }),
  absolute: keptObject({ type: z.literal('absolute'), values: boundsRead }),
});
const limitTypeCreate = closedKindUnion({
  'limit-group': z.strictObject({ type: z.literal('limit-group') }),
  proportional: z.strictObject({ type: z.literal('proportional'), values: bounds(fraction) }),
  absolute: z.strictObject({ type: z.literal('absolute'), values: bounds(z.number()) }),
});

/** A limit filter as decoded: `and` / `or` / `condition`, or an unknown type kept whole. */
export type LimitFilter = z.infer<typeof limitFilterRead>;
/** A limit filter as sent: build one with `limitFilter.*`. */
export type LimitFilterInput = z.infer<typeof limitFilterCreate>;
/** A limit condition as decoded: one of the fourteen types, or an unknown type kept whole. */
export type LimitCondition = z.infer<typeof conditionRead>;
/** A limit condition as sent, e.g. `{ type: 'country-code-is', 'country-code': 'CH' }`. */
export type LimitConditionInput = z.infer<typeof conditionCreate>;
/** How a limit is calculated, as decoded. */
export type LimitType = z.infer<typeof limitTypeRead>;
/** How a limit is calculated, as sent: build one with `limitType.*`. */
export type LimitTypeInput = z.infer<typeof limitTypeCreate>;

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

/** The query of the limit status endpoints. */
export const limitStatusQuery = z.strictObject({
  /** The date of the status, `YYYY-MM-DD`. */
  date: f.date().create,
});

/** The query of `limits.status` and `clients.limits.status`: `{ date }`. */
export interface LimitStatusParams extends z.input<typeof limitStatusQuery> {
  date: z.input<typeof limitStatusQuery>['date'];
}

/** An investment limit as decoded. */
export interface Limit extends z.infer<typeof limitSchema> {}
/** A limit's status on a date (its id is the limit's id). */
export interface LimitStatus extends z.infer<typeof limitStatusSchema> {}
/** The attributes of `limits.create`. */
export interface LimitCreateAttributes extends z.input<typeof limitCreateAttributes> {
  name: z.input<typeof limitCreateAttributes>['name'];
  ccyCode: z.input<typeof limitCreateAttributes>['ccyCode'];
  startDate: z.input<typeof limitCreateAttributes>['startDate'];
  limitFilter: z.input<typeof limitCreateAttributes>['limitFilter'];
  limitType: z.input<typeof limitCreateAttributes>['limitType'];
}
