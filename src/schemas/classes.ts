/**
 * Instrument classes (v3) and asset classes (v2): a class and a detailed class that belongs to one.
 * Both versions come from one definition, as instruments and assets do. Their named types (`InstrumentClass`, …)
 * are written from these schemas into kind-types.generated.ts by `npm run generate`.
 */
import { f } from './fields.js';
import { defineResource, type Rel, readSchema, rel } from './resource.js';

type Noun = 'instrument' | 'asset';
/**
 * The relationship of a detailed class to its class, per noun. Declared (not a mapped type over `${N}Class`) so
 * that the declaration build keeps the JSDoc and hover on `relationships.instrumentClass` shows it.
 */
interface ParentRels {
  instrument: {
    /** The instrument class this detailed instrument class belongs to (`{ data: { type: 'instrument-class', id } }`). */
    instrumentClass: Rel<'instrument-class', false, false>;
  };
  asset: {
    /** The asset class this detailed asset class belongs to (`{ data: { type: 'asset-class', id } }`). */
    assetClass: Rel<'asset-class', false, false>;
  };
}

/** `<noun>-class` and `<noun>-class-detailed`, the detailed one related to its class by `<noun>Class`. */
function classFamily<N extends Noun>(noun: N) {
  const fields = {
    /** Name of the class. */
    name: f.string(),
  };
  const parent = { [`${noun}Class`]: rel.one(`${noun}-class`, false) } as Record<string, Rel> as ParentRels[N];
  return {
    classSchema: readSchema(defineResource(`${noun}-class`, fields)),
    detailedSchema: readSchema(defineResource(`${noun}-class-detailed`, fields, parent)),
  };
}

export const instrumentClasses = classFamily('instrument');
export const assetClasses = classFamily('asset');
