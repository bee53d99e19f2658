/**
 * Resources with several kinds (instruments, assets, transactions): a table of kinds written once yields
 * each family's response schemas (`<kind>-<suffix>` types) and the create schemas of the creatable kinds.
 */
import type * as z from 'zod/mini';
import type { CreateShape, Fields } from './fields.js';
import { defineLazy } from './lazy.js';
import { createAttributes, type ReadSchema, type Rels, type ResourceDef, readSchema } from './resource.js';

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

export const kind = <F extends Fields, R extends Rels, C extends boolean>(
  creatable: C,
  fields: F,
  relationships: R,
  check?: z.core.$ZodCheck<Record<string, unknown>>,
): KindDef<F, R, C> => ({
  fields,
  relationships,
  creatable,
  ...(check && { check }),
});

/** The kinds of a table that callers may create. */
export type CreatableKind<T extends KindTable> = {
  [K in keyof T & string]: T[K]['creatable'] extends true ? K : never;
}[keyof T & string];

type FamilyDefs<T extends KindTable, S extends string> = {
  [K in keyof T & string as `${K}-${S}`]: ResourceDef<`${K}-${S}`, T[K]['fields'], T[K]['relationships']>;
};
export type FamilySchemas<T extends KindTable, S extends string> = {
  [K in keyof T & string as `${K}-${S}`]: ReadSchema<`${K}-${S}`, T[K]['fields'], T[K]['relationships']>;
};
/** A resource of any known kind of a family, as decoded; narrow with `switch (x.type)`. */
export type KnownOf<T extends KindTable, S extends string> = {
  [K in keyof FamilySchemas<T, S>]: z.infer<FamilySchemas<T, S>[K]>;
}[keyof FamilySchemas<T, S>];

/** One family (`<kind>-<suffix>` type strings) generated from a kind table: definitions and response schemas. */
export function kindFamily<T extends KindTable, S extends string>(
  table: T,
  suffix: S,
): { defs: FamilyDefs<T, S>; schemas: FamilySchemas<T, S> } {
  const defs: Record<string, ResourceDef> = {};
  const schemas: Record<string, unknown> = {};
  for (const [name, k] of Object.entries(table)) {
    const type = `${name}-${suffix}`;
    const def: ResourceDef = { type, fields: k.fields, relationships: k.relationships };
    defs[type] = def;
    // Built on first read, not at import (a cold start pays for none of them).
    defineLazy(schemas, type, () => readSchema(def));
  }
  return { defs: defs as FamilyDefs<T, S>, schemas: schemas as FamilySchemas<T, S> };
}

export type KindCreateSchemas<T extends KindTable> = {
  [K in CreatableKind<T>]: z.ZodMiniObject<CreateShape<T[K]['fields']>, z.core.$strict>;
};
/** The attributes accepted when creating one kind of a table. */
export type KindCreateAttributes<T extends KindTable, K extends CreatableKind<T>> = z.input<KindCreateSchemas<T>[K]>;

/** Create-attribute schemas per creatable kind of a table (with the kind's cross-field rule, if any). */
export function kindCreateSchemas<T extends KindTable>(table: T): KindCreateSchemas<T> {
  const out: Record<string, z.ZodMiniObject> = {};
  for (const [name, k] of Object.entries(table)) {
    if (!k.creatable) continue;
    // Built on first read, as the read schemas are (kindFamily).
    defineLazy(out, name, () => {
      const schema = createAttributes(k.fields);
      return k.check ? schema.check(k.check as never) : schema;
    });
  }
  return out as KindCreateSchemas<T>;
}
