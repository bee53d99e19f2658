/**
 * Discriminated unions that stay open: a member per known `type`, and a typed "unknown" member for any
 * type the SDK does not know yet (a new instrument kind, a new limit filter), keeping every field.
 */
import * as z from 'zod/mini';
import type { Schema } from './fields.js';
import { once } from './lazy.js';
import { genericResource } from './resource.js';

/**
 * The `type` of a resource kind this SDK version does not know. At run time it is the service's string,
 * unchanged. In types it is `never`: the only typing under which `switch (x.type)` over the known kinds
 * still narrows their attributes (a `string` member would stay in every case, a branded string turns
 * narrowing off altogether). Once every known kind has a `case`, `default` narrows to `never` as well: read
 * the unknown member there through a typed binding, `const other: UnknownResource = x; String(other.type)`.
 */
export type UnknownKind = never;

/** A resource of a kind the SDK does not know: every field kept, attributes untyped. */
export interface UnknownResource {
  /** The resource's id. */
  id: string;
  /** The service's type string (typed `never`: read it as `String(x.type)`). */
  type: UnknownKind;
  /** The attributes as sent, untyped. */
  attributes?: Record<string, unknown>;
  /** The relationships as sent, untyped. */
  relationships?: Record<string, unknown>;
  [member: string]: unknown;
}

/** A `{ type, … }` value (not a resource) of a type the SDK does not know: every field kept. */
export interface UnknownObject {
  /** The service's type string (typed `never`: read it as `String(x.type)`). */
  type: UnknownKind;
  [field: string]: unknown;
}
/** The fallback of open unions of plain `{ type, … }` values (limit filters, conditions, limit types). */
export const unknownObject = z.looseObject({ type: z.string() }) as unknown as Schema<UnknownObject>;

/**
 * The members of a kind union and its fallback: what the generated response checks (scripts/generate-checks.ts)
 * and the issue collection dispatch on.
 */
export interface KindDispatch {
  members: ReadonlyMap<string, Schema>;
  fallback: Schema;
}
const dispatches = new WeakMap<object, KindDispatch>();

/** The `type` a kind union dispatches on: a string `type` member, if the value has one. */
export function kindOf(value: unknown): string | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

/** The members and fallback of a schema made by `kindUnion` (undefined for any other schema). */
export function kindDispatch(schema: Schema): KindDispatch | undefined {
  return dispatches.get(schema);
}

/**
 * A schema that checks a value against the member its `type` names, or, for any other type, against
 * `fallback` (an unknown resource by default; `unknownObject` for limit filters and conditions).
 */
export function kindUnion<const M extends Record<string, Schema>, U = UnknownResource>(
  members: M,
  fallback: Schema = genericResource,
): Schema<z.output<M[keyof M]> | U> {
  // A member is read only when a value of its type comes (members may be built on first use: kindFamily).
  const member = (kind: string | undefined) =>
    kind !== undefined && Object.hasOwn(members, kind) ? (members[kind] as Schema) : undefined;
  const schema = z.unknown().check(
    z.superRefine((value, ctx) => {
      const result = z.safeParse(member(kindOf(value)) ?? fallback, value);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue(issue as never);
    }),
  );
  const byType = once(() => new Map<string, Schema>(Object.entries(members)));
  dispatches.set(schema, {
    get members() {
      return byType();
    },
    fallback,
  });
  return schema as unknown as Schema<z.output<M[keyof M]> | U>;
}

/** An open union of plain `{ type, … }` values: a member per known type, any other type kept as `UnknownObject`. */
export function openKindUnion<const M extends Record<string, Schema>>(
  members: M,
): Schema<z.output<M[keyof M]> | UnknownObject> {
  return kindUnion<M, UnknownObject>(members, unknownObject);
}
