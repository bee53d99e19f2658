/**
 * Creating a resource with several kinds (instruments, assets, transactions): the typed input, one member
 * per creatable kind, and the rules `buildKindDocument` applies — all generated from the kind table.
 */
import type { RelationshipInputs } from '../core/jsonapi.js';
import type { CreatableKind, KindCreateAttributes, KindTable } from '../schemas/kind-table.js';
import type { Rels } from '../schemas/resource.js';

type RequiredRelNames<R extends Rels> = { [K in keyof R]: R[K]['create'] extends 'required' ? K : never }[keyof R];
type RelationshipsPart<R extends Rels> = [RequiredRelNames<R>] extends [never]
  ? {
      /** The related resources, each an id, `{ type, id }` or a resource the SDK returned (none required). */
      relationships?: RelationshipInputs<R>;
    }
  : {
      /** The related resources, each an id, `{ type, id }` or a resource the SDK returned. */
      relationships: RelationshipInputs<R>;
    };

/** The create input of one kind of a family: `type` (`<kind>-<suffix>`), its attributes and relationships. */
export type KindCreateInputOf<T extends KindTable, S extends string, K extends CreatableKind<T>> = {
  /** The kind to create, `<kind>-<family>` (e.g. `bond-instrument`, `dividend-transaction`): it picks the attributes. */
  type: `${K}-${S}`;
  /** The new resource's fields, as the kind's table row gives them. */
  attributes: KindCreateAttributes<T, K>;
} & RelationshipsPart<T[K]['relationships']>;

/** The `relationships` of a create input: what each named `…CreateRelationships` interface extends. */
export type RelationshipsOf<I extends { relationships?: unknown }> = NonNullable<I['relationships']>;

/** The create input of a family: a member per creatable kind, `type` (`<kind>-<suffix>`) picking the attributes. */
export type KindCreateInput<T extends KindTable, S extends string> = {
  [K in CreatableKind<T>]: KindCreateInputOf<T, S, K>;
}[CreatableKind<T>];

/**
 * What a create of the kind `T` (`bond-instrument`) answers: that kind's named type (`BondInstrument`), picked from
 * `ByKind` (`InstrumentsByKind`). A union of kinds gives the union of their types. A 303 to an existing resource of
 * another kind is a `ConflictError`, so the answer is always the kind asked for.
 */
export type CreatedKind<T extends string, S extends string, ByKind> = T extends `${infer K}-${S}`
  ? K extends keyof ByKind
    ? ByKind[K]
    : never
  : never;
