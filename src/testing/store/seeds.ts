/**
 * What a test seeds `mock.store.instruments` and `mock.store.transactions` with, typed per kind as the service
 * reports the records (`BondInstrument['attributes']`, `DividendTransaction['attributes']`): the store holds records
 * as they are served, so a seed that compiles decodes on read, and a misspelled or missing field is a compile error
 * (a bond without `couponFrequency` no longer fails only when read). Routes store request bodies they have checked
 * by the service's rules through the `addChecked` forms, which a request's lack of a static type needs.
 */
import type { InstrumentsByKind, TransactionsByKind } from '../../schemas/kind-types.generated.js';
import type { TransactionKind } from '../../schemas/transactions.js';
import type { InstrumentKind, Relationships } from './records.js';

/** The attributes of a seeded instrument of kind `K`, as the service reports them. */
export type InstrumentSeedAttributes<K extends InstrumentKind> = InstrumentsByKind[K]['attributes'];

/**
 * What every seeded instrument may carry besides its kind and attributes: the records it is linked to. Exported (from
 * `portfolio-reporting/testing`) because a compiler error about a seed names it: a misspelled member is reported as
 * not in `InstrumentSeedLinks & { kind: …; attributes: … }`.
 */
export interface InstrumentSeedLinks {
  /** Relationships as the service reports them, e.g. `{ depository: { data: { type: 'depository', id } } }`. */
  relationships?: Relationships;
  /** The id of its instrument class; by default its detailed class's. */
  instrumentClassId?: string;
  /** The id of its detailed instrument class; by default the seeded one its kind falls in. */
  detailedInstrumentClassId?: string;
  /** The id of the reporting entity it belongs to, if any. */
  reportingEntityId?: string;
}

/** A seeded instrument: `kind` picks the attributes' type (`{ kind: 'bond', attributes: { couponFrequency, … } }`). */
export type InstrumentInput = {
  [K in InstrumentKind]: InstrumentSeedLinks & { kind: K; attributes: InstrumentSeedAttributes<K> };
}[InstrumentKind];

/** An instrument a route has checked by the service's rules (its request body has no static type). */
export type CheckedInstrumentInput = InstrumentSeedLinks & {
  kind: InstrumentKind;
  attributes: Record<string, unknown>;
};

/** The attributes of a seeded transaction of kind `K`, as the service reports them. */
export type TransactionSeedAttributes<K extends TransactionKind> = TransactionsByKind[K]['attributes'];

/** A seeded transaction: `type` (`dividend-transaction`) picks the attributes' type. */
export type TransactionInput = {
  [K in TransactionKind]: {
    type: `${K}-transaction`;
    attributes: TransactionSeedAttributes<K>;
    relationships?: Relationships;
  };
}[TransactionKind];

/** A transaction a route has checked by the service's rules (or made itself, as a loan's). */
export interface CheckedTransactionInput {
  /** The transaction's type, e.g. `dividend-transaction`. */
  type: string;
  /** The attributes as checked (or made). */
  attributes: Record<string, unknown>;
  /** The relationships as `{ data: { type, id } }`. */
  relationships?: Relationships;
}
