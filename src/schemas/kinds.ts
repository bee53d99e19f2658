/**
 * Resources with several kinds (instruments, assets, transactions, limit filters): a table of kinds written
 * once yields each family's response schemas and create rules, and discriminated unions that stay open —
 * a member per known `type`, and a typed "unknown" member for any type the SDK does not know yet.
 */
import * as z from 'zod/mini';
import type { CreateShape, Fields, Schema } from './fields.js';
import { createAttributes, genericResource, type ReadSchema, type ResourceDef, type Rels, readSchema } from './resource.js';

/**
 * The `type` of a resource kind this SDK version does not know. At run time it is the service's string,
 * unchanged. In types it is `never`: the only typing under which `switch (x.type)` over the known kinds
 * still narrows their attributes (a `string` member would stay in every case, a branded string turns
 * narrowing off altogether). Read it as `String(x.type)` in the `default` branch.
 */
export type UnknownKind = never;

/** A resource of a kind the SDK does not know: every field kept, attributes untyped. */
export interface UnknownResource {
  id: string;
  type: UnknownKind;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, unknown>;
  [member: string]: unknown;
}

/** A `{ type, … }` value (not a resource) of a type the SDK does not know: every field kept. */
export interface UnknownObject {
  type: UnknownKind;
  [field: string]: unknown;
}
/** The fallback of open unions of plain `{ type, … }` values (limit filters, conditions, limit types). */
export const unknownObject = z.looseObject({ type: z.string() }) as unknown as Schema<UnknownObject>;

/**
 * A schema that checks a value against the member its `type` names, or, for any other type, against
 * `fallback` (an unknown resource by default; webhook events give their own envelope, limit filters
 * `unknownObject`).
 */
export function kindUnion<const M extends Record<string, Schema>, U = UnknownResource>(members: M, fallback: Schema = genericResource): Schema<z.output<M[keyof M]> | U> {
  const byType = new Map<string, Schema>(Object.entries(members));
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      const type = (value as { type?: unknown } | null)?.type;
      const schema = (typeof type === 'string' && byType.get(type)) || fallback;
      const result = z.safeParse(schema, value);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue(issue as never);
    }),
  ) as unknown as Schema<z.output<M[keyof M]> | U>;
}

/** An open union of plain `{ type, … }` values: a member per known type, any other type kept as `UnknownObject`. */
export function openKindUnion<const M extends Record<string, Schema>>(members: M): Schema<z.output<M[keyof M]> | UnknownObject> {
  return kindUnion<M, UnknownObject>(members, unknownObject);
}

/** True when `resource.type` is one the SDK knows in `members` (narrows away the unknown member). */
export function isKnownKind<T extends { type: string }>(resource: T | UnknownResource, members: Record<string, unknown>): resource is T {
  return Object.hasOwn(members, resource.type);
}

/** One kind of a multi-kind resource: fields and relationships written once, and whether callers may create it. */
export interface KindDef<F extends Fields = Fields, R extends Rels = Rels, C extends boolean = boolean> {
  fields: F;
  relationships: R;
  /** False for kinds the service only reports or makes itself. */
  creatable: C;
  /** A rule across fields, checked on create (e.g. a recallable amount within the amount). */
  check?: z.core.$ZodCheck<Record<string, unknown>>;
}
export type KindTable = Record<string, KindDef>;

export const kind = <F extends Fields, R extends Rels, C extends boolean>(creatable: C, fields: F, relationships: R, check?: z.core.$ZodCheck<Record<string, unknown>>): KindDef<F, R, C> => ({
  fields,
  relationships,
  creatable,
  ...(check && { check }),
});

/** The kinds of a table that callers may create. */
export type CreatableKind<T extends KindTable> = { [K in keyof T & string]: T[K]['creatable'] extends true ? K : never }[keyof T & string];

type FamilyDefs<T extends KindTable, S extends string> = {
  [K in keyof T & string as `${K}-${S}`]: ResourceDef<`${K}-${S}`, T[K]['fields'], T[K]['relationships']>;
};
export type FamilySchemas<T extends KindTable, S extends string> = {
  [K in keyof T & string as `${K}-${S}`]: ReadSchema<`${K}-${S}`, T[K]['fields'], T[K]['relationships']>;
};
/** A resource of any known kind of a family, as decoded; narrow with `switch (x.type)`. */
export type KnownOf<T extends KindTable, S extends string> = { [K in keyof FamilySchemas<T, S>]: z.infer<FamilySchemas<T, S>[K]> }[keyof FamilySchemas<T, S>];

/** One family (`<kind>-<suffix>` type strings) generated from a kind table: definitions and response schemas. */
export function kindFamily<T extends KindTable, S extends string>(table: T, suffix: S): { defs: FamilyDefs<T, S>; schemas: FamilySchemas<T, S> } {
  const defs: Record<string, ResourceDef> = {};
  const schemas: Record<string, unknown> = {};
  for (const [name, k] of Object.entries(table)) {
    const type = `${name}-${suffix}`;
    defs[type] = { type, fields: k.fields, relationships: k.relationships };
    schemas[type] = readSchema(defs[type]);
  }
  return { defs: defs as FamilyDefs<T, S>, schemas: schemas as FamilySchemas<T, S> };
}

export type KindCreateSchemas<T extends KindTable> = { [K in CreatableKind<T>]: z.ZodMiniObject<CreateShape<T[K]['fields']>, z.core.$strict> };
/** The attributes accepted when creating one kind of a table. */
export type KindCreateAttributes<T extends KindTable, K extends CreatableKind<T>> = z.input<KindCreateSchemas<T>[K]>;

/** Create-attribute schemas per creatable kind of a table (with the kind's cross-field rule, if any). */
export function kindCreateSchemas<T extends KindTable>(table: T): KindCreateSchemas<T> {
  const out: Record<string, z.ZodMiniObject> = {};
  for (const [name, k] of Object.entries(table)) {
    if (!k.creatable) continue;
    const schema = createAttributes(k.fields);
    out[name] = k.check ? schema.check(k.check as never) : schema;
  }
  return out as KindCreateSchemas<T>;
}
