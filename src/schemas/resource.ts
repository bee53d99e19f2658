/**
 * Resource definitions: a JSON:API `type`, its fields and its relationships, written once. From one
 * definition come the response schema (`readSchema`) and the request rules (`createAttributes`, `relationships`).
 */
import * as z from 'zod/mini';
import {
  type CreateShape,
  createShape,
  type Fields,
  type KeptObject,
  keptObject,
  type ReadShape,
  readShape,
  refused,
  type Schema,
  SERVICE_SET,
} from './fields.js';

// The shapes below are declared types: the declaration build keeps the JSDoc of their members (it drops it on the
// members of an object literal written inside a zod call), so hover on `relationships.x.data.id` shows it.
type IdentifierShape = {
  /** The JSON:API type of the related resource, e.g. `account`. */
  type: z.ZodMiniString;
  /** The id of the related resource. */
  id: z.ZodMiniString;
};
type ToOneShape = {
  /** The related resource's `{ type, id }`, or `null` for none. */
  data: z.ZodMiniOptional<z.ZodMiniNullable<typeof identifier>>;
};
type ToManyShape = {
  /** The related resources, each `{ type, id }`. */
  data: z.ZodMiniOptional<z.ZodMiniArray<typeof identifier>>;
};
type AlwaysOneShape = {
  /** The related resource's `{ type, id }`. */
  data: typeof identifier;
};

/** `{ type, id }`: a resource identifier as the service writes it. */
export const identifier: KeptObject<IdentifierShape> = keptObject({ type: z.string(), id: z.string() });
/** A resource identifier `{ type, id }` as the service writes it (other members kept). */
export type ResourceIdentifier = z.infer<typeof identifier>;

export const toOne: KeptObject<ToOneShape> = keptObject({ data: z.optional(z.nullable(identifier)) });
export const toMany: KeptObject<ToManyShape> = keptObject({ data: z.optional(z.array(identifier)) });
/** A to-one relationship as decoded: `{ data: { type, id } | null }`. */
export type ToOne = z.infer<typeof toOne>;
/** A to-many relationship as decoded: `{ data: [{ type, id }, …] }`. */
export type ToMany = z.infer<typeof toMany>;
/** A to-one relationship the service always sends, with its resource: `{ data: { type, id } }`. */
export const alwaysOne: KeptObject<AlwaysOneShape> = keptObject({ data: identifier });
/** A to-one relationship the service always sends, as decoded: `{ data: { type, id } }`. */
export type AlwaysToOne = z.infer<typeof alwaysOne>;

/**
 * One relationship of a resource: its target type, cardinality, and whether a create request must,
 * may or must not carry it (`false`: read-only, e.g. `commitments`).
 */
export interface Rel<
  T extends string = string,
  M extends boolean = boolean,
  C extends 'required' | 'optional' | false = 'required' | 'optional' | false,
  F extends string = string,
> {
  target: T;
  many: M;
  create: C;
  /**
   * Families whose kinds stand for the target (`['asset', 'instrument']`: a `bond-asset` or a
   * `bond-instrument` the SDK returned may be given for an `asset`); such an input is sent with its own type.
   */
  family?: readonly F[];
  /** Kinds of those families that may not be given (`['fee', 'refund']`: `fee-asset`, `refund-instrument`). */
  refusedKinds?: readonly string[];
  /** Always in the service's answers, with its resource (the reference says "required" or "always"): an answer without it is refused. */
  always?: true;
}
export type Rels = Record<string, Rel>;
/** The relationship table of a resource that has none. */
export type NoRels = Record<never, Rel>;

export const rel = {
  one: <T extends string, C extends 'required' | 'optional' | false = 'optional', const F extends string = never>(
    target: T,
    create?: C,
    family?: readonly F[],
  ): Rel<T, false, C, F> => ({
    target,
    many: false,
    create: (create ?? 'optional') as C,
    ...(family && { family }),
  }),
  many: <T extends string, C extends 'required' | 'optional' | false = 'optional', const F extends string = never>(
    target: T,
    create?: C,
    family?: readonly F[],
  ): Rel<T, true, C, F> => ({
    target,
    many: true,
    create: (create ?? 'optional') as C,
    ...(family && { family }),
  }),
  /** `r`, which every answer carries with its resource: `rel.always(rel.one('client', false))`. */
  always: <R extends Rel<string, false>>(r: R): R & { always: true } => ({ ...r, always: true }),
};

/**
 * The `attributes` member of a resource type `T`: what a named attributes interface extends
 * (`interface AccountAttributes extends Attributes<…> {}`), as an interface cannot extend `T['attributes']` itself.
 */
export type Attributes<T extends { attributes: object }> = T['attributes'];
/**
 * The `relationships` member of a resource type `T`, present: what a named relationships interface extends
 * (`interface AccountRelationships extends ReadRelationships<…> {}`), `Attributes`' counterpart.
 */
export type ReadRelationships<T extends { relationships?: object | undefined }> = NonNullable<T['relationships']>;

export interface ResourceDef<T extends string = string, F extends Fields = Fields, R extends Rels = Rels> {
  type: T;
  fields: F;
  relationships: R;
}

type RelReadShape<R extends Rels> = {
  [K in keyof R]: R[K] extends { always: true }
    ? typeof alwaysOne
    : z.ZodMiniOptional<R[K]['many'] extends true ? typeof toMany : typeof toOne>;
};
/** Whether any relationship of `R` is always sent (then so is `relationships`). */
type HasAlways<R extends Rels> = { [K in keyof R]: R[K] extends { always: true } ? true : never }[keyof R] extends never
  ? false
  : true;

/** The type of a resource's response schema. */
export type ReadSchema<T extends string, F extends Fields, R extends Rels> = z.ZodMiniObject<
  {
    /** The resource's id: an opaque string the service assigns (most are 24 hex digits; some UUID-shaped or Base64URL). */
    id: z.ZodMiniString;
    /** The resource's JSON:API type, e.g. `account` or `bond-instrument`. */
    type: z.ZodMiniLiteral<T>;
    /** The resource's fields (unknown ones the service adds are kept). */
    attributes: KeptObject<ReadShape<F>>;
    /**
     * The related resources, each `{ data: { type, id } }` (to-one) or `{ data: [{ type, id }, …] }` (to-many);
     * absent when the resource has none.
     */
    relationships: HasAlways<R> extends true
      ? KeptObject<RelReadShape<R>>
      : z.ZodMiniOptional<KeptObject<RelReadShape<R>>>;
  },
  z.core.$strip
>;

/** The response schema of a resource: unknown attributes, relationships and members are kept. */
export function readSchema<T extends string, F extends Fields, R extends Rels>(
  def: ResourceDef<T, F, R>,
): ReadSchema<T, F, R> {
  const rels: Record<string, Schema> = {};
  let always = false;
  for (const [name, r] of Object.entries(def.relationships)) {
    always ||= r.always === true;
    rels[name] = r.always ? alwaysOne : z.optional(r.many ? toMany : toOne);
  }
  const relationships = keptObject(rels as RelReadShape<R>);
  return keptObject({
    id: z.string(),
    type: z.literal(def.type),
    attributes: keptObject(readShape(def.fields)),
    relationships: always ? relationships : z.optional(relationships),
  }) as unknown as ReadSchema<T, F, R>;
}

/** The attributes a create request may carry: closed value sets, checked formats, nothing unknown. */
export function createAttributes<F extends Fields>(fields: F): z.ZodMiniObject<CreateShape<F>, z.core.$strict> {
  return z.strictObject(createShape(fields)) as z.ZodMiniObject<CreateShape<F>, z.core.$strict>;
}

/** A resource definition with its generics inferred: `defineResource('account', fields, relationships)`. */
export function defineResource<T extends string, F extends Fields, R extends Rels = NoRels>(
  type: T,
  fields: F,
  relationships?: R,
): ResourceDef<T, F, R> {
  return { type, fields, relationships: relationships ?? ({} as R) };
}

/** The PATCH shape: the `changeable` fields optional with their create rules, every other sendable field refused. */
// Only the changeable fields are in the type, so TypeScript names a fixed one as not in `…UpdateAttributes`
// (with `?: never` it said `Type 'true' is not assignable to type 'undefined'`); at run time the schema refuses a
// fixed field with the list of changeable ones.
export type UpdateShape<F extends Fields, K extends string> = {
  [P in keyof CreateShape<F> as P extends K ? P : never]: z.ZodMiniOptional<CreateShape<F>[P]>;
};

/**
 * The attributes a PATCH may carry: each `changeable` field, optional, checked as on create; any other field
 * of the resource is refused with a message naming what can change (e.g. `excludeFromReporting`).
 */
export function updateAttributes<F extends Fields, K extends keyof CreateShape<F> & string>(
  fields: F,
  changeable: readonly K[],
): z.ZodMiniObject<UpdateShape<F, K>, z.core.$strict> {
  const create = createShape(fields) as Record<string, Schema>;
  const fixed = refused(`cannot be changed after creation (changeable: ${changeable.join(', ')})`);
  const shape: Record<string, Schema> = {};
  for (const [key, schema] of Object.entries(create)) {
    // A read-only field keeps its own refusal ("set by the service"); a fixed one gets "cannot be changed".
    shape[key] = changeable.includes(key as K) ? z.optional(schema) : schema === SERVICE_SET ? schema : fixed;
  }
  return z.strictObject(shape) as z.ZodMiniObject<UpdateShape<F, K>, z.core.$strict>;
}

/** A resource as the service documents it, with attributes typed but otherwise unknown (undocumented shapes). */
export const genericResource = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.optional(z.record(z.string(), z.unknown())),
  relationships: z.optional(z.record(z.string(), z.unknown())),
});
type GenericBase = z.infer<typeof genericResource>;
/**
 * A resource whose shape the reference does not show (client, reporting entity, portfolio): `id`, `type`, and untyped
 * `attributes` and `relationships`, absent when the service sends none (`attributesOf(resource)` reads them either way).
 */
export interface GenericResource extends GenericBase {
  /** The resource's id. */
  id: GenericBase['id'];
  /** Its JSON:API type as the service sent it (`client`, `reporting-entity`, `portfolio`…). */
  type: GenericBase['type'];
  /** Its attributes as sent, each `unknown` (the reference does not show them); absent when the service sends none. */
  attributes?: GenericBase['attributes'];
  /** Its relationships as sent, each `unknown`. */
  relationships?: GenericBase['relationships'];
}

export type { CreateShape, ReadShape };
