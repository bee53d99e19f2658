/**
 * Type-level checks shared by the type tests of each kind table (instruments, transactions): given a kind
 * table, they name the fields whose type came out `unknown` or `any`, on the read side and on the create side.
 */
import type { CreateShape, Fields, ReadShape } from '../../src/schemas/fields.js';

/** True for `unknown` and `any`: a type a schema failed to give. */
export type Untyped<T> = unknown extends T ? true : false;

/** The documented (read) fields of a decoded resource `M` whose attribute type is untyped. */
export type UntypedReadFields<M extends { attributes: object }, F extends Fields> = {
  [N in keyof ReadShape<F>]: Untyped<M['attributes'][N & keyof M['attributes']]> extends true ? N : never;
}[keyof ReadShape<F>];

/** The sendable fields of a create input `A` whose type is untyped (a field a caller could give anything). */
export type UntypedCreateFields<A, F extends Fields> = {
  [N in keyof CreateShape<F>]: Untyped<A[N & keyof A]> extends true ? N : never;
}[keyof CreateShape<F>];
