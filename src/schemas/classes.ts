/**
 * Instrument classes (v3) and asset classes (v2): a class and a detailed class that belongs to one.
 * Both versions come from one definition, as instruments and assets do.
 */
import type * as z from 'zod/mini';
import { f } from './fields.js';
import { type Attributes, defineResource, type Rel, readSchema, rel } from './resource.js';

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

/** The attributes of an `instrument-class`. */
export interface InstrumentClassAttributes extends Attributes<z.infer<typeof instrumentClasses.classSchema>> {}
/** An instrument class (v3, `instrument-class`). */
export interface InstrumentClass extends z.infer<typeof instrumentClasses.classSchema> {
  /** The `instrument-class`'s fields (`attributesOf` reads any this SDK does not know). */
  attributes: InstrumentClassAttributes;
}
/** The attributes of an `instrument-class-detailed`. */
export interface InstrumentClassDetailedAttributes
  extends Attributes<z.infer<typeof instrumentClasses.detailedSchema>> {}
/** A detailed instrument class (v3) with its `instrumentClass` relationship. */
export interface InstrumentClassDetailed extends z.infer<typeof instrumentClasses.detailedSchema> {
  /** The `instrument-class-detailed`'s fields (`attributesOf` reads any this SDK does not know). */
  attributes: InstrumentClassDetailedAttributes;
}
/** The attributes of an `asset-class`. */
export interface AssetClassAttributes extends Attributes<z.infer<typeof assetClasses.classSchema>> {}
/** An asset class (v2, `asset-class`). */
export interface AssetClass extends z.infer<typeof assetClasses.classSchema> {
  /** The `asset-class`'s fields (`attributesOf` reads any this SDK does not know). */
  attributes: AssetClassAttributes;
}
/** The attributes of an `asset-class-detailed`. */
export interface AssetClassDetailedAttributes extends Attributes<z.infer<typeof assetClasses.detailedSchema>> {}
/** A detailed asset class (v2) with its `assetClass` relationship. */
export interface AssetClassDetailed extends z.infer<typeof assetClasses.detailedSchema> {
  /** The `asset-class-detailed`'s fields (`attributesOf` reads any this SDK does not know). */
  attributes: AssetClassDetailedAttributes;
}
