/**
 * What instruments (v3) and assets (v2) share: retrieve and create, from the one kind table of
 * `schemas/instruments.ts`.
 */

import type { CreatableInstrumentKind, INSTRUMENT_KINDS } from '../schemas/instruments.js';
import type { KindCreateInput, KindCreateInputOf } from './kind-create.js';

/** The create input of one family: a member per creatable kind, `type` picking the attributes. */
export type FamilyCreateInput<S extends 'instrument' | 'asset'> = KindCreateInput<typeof INSTRUMENT_KINDS, S>;

type Kinds = typeof INSTRUMENT_KINDS;
/** The create input of one kind of a family, as inferred from the kind table (what the named params extend). */
export type FamilyCreateInputOf<
  S extends 'instrument' | 'asset',
  K extends CreatableInstrumentKind,
> = KindCreateInputOf<Kinds, S, K>;
