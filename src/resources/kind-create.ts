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
 * What a create whose `type` is `T` takes: that kind's params (`BondInstrumentCreateParams`), picked from the family's
 * union `U`, so a mistake is reported against the kind's own type. A `type` no creatable kind has (`fee-instrument`)
 * picks `UnknownKindCreateParams<U>`, where only `type` is checked: with the whole union, a second error checked the
 * attributes against every kind's at once (naming the closest, `MutualFundInstrumentCreateAttributes`, or refusing a
 * fee's `category` against all of them).
 */
export type KindCreateParams<U extends { type: string }, T> = [Extract<U, { type: T }>] extends [never]
  ? UnknownKindCreateParams<U>
  : Extract<U, { type: T }>;

/** A create input whose `type` is not one of `U`'s (`InstrumentCreateParams`): the error names `type` alone. */
export interface UnknownKindCreateParams<U extends { type: string }> {
  /** One of the creatable kinds' `type`s. */
  type: U['type'];
  /** Checked once `type` names a creatable kind. */
  attributes?: unknown;
  /** Checked once `type` names a creatable kind. */
  relationships?: unknown;
}

/**
 * What a create of the kind `T` (`bond-instrument`) answers: that kind's named type (`BondInstrument`), picked from
 * `ByKind` (`InstrumentsByKind`). A union of kinds gives the union of their types; a `type` that is not a literal
 * (`T` inferred as `string`) gives every creatable kind of `U`'s, as the `type` its params take. A 303 to an existing
 * resource of another kind is a `ConflictError`, so the answer is always the kind asked for.
 */
export type CreatedKind<U extends { type: string }, T, S extends string, ByKind> = KindType<
  KindCreateParams<U, T>['type'],
  S,
  ByKind
>;
type KindType<T extends string, S extends string, ByKind> = T extends `${infer K}-${S}`
  ? K extends keyof ByKind
    ? ByKind[K]
    : never
  : never;
