/**
 * Instrument classes (v3) and asset classes (v2): one resource, mounted per version.
 */
import type { API } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import type {
  AssetClass,
  AssetClassDetailed,
  InstrumentClass,
  InstrumentClassDetailed,
} from '../schemas/kind-types.generated.js';

/** Classes of one version: `retrieve` a class, `retrieveDetailed` a detailed class with its class relationship. */
export class Classes<C, D> {
  constructor(
    private readonly api: API,
    /** The rows' prefix: `instrumentClasses` or `assetClasses`. */
    private readonly rows: 'instrumentClasses' | 'assetClasses',
  ) {}

  /**
   * Retrieves one class (a single object, not a list).
   * @example
   * const cls = await prs.instrumentClasses.retrieve(classId);
   * console.log(cls.attributes.name);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<C> {
    return this.api.call(`${this.rows}.retrieve`, { path: { id } }, options);
  }

  /**
   * Retrieves one detailed class; its relationship (`instrumentClass` in v3, `assetClass` in v2) names its class.
   * @example
   * const detailed = await prs.instrumentClasses.retrieveDetailed(detailedId);
   * const classId = detailed.relationships?.instrumentClass?.data?.id;
   */
  retrieveDetailed(id: string, options?: RequestOptions): APIPromise<D> {
    return this.api.call(`${this.rows}.retrieveDetailed`, { path: { id } }, options);
  }
}

/** `prs.instrumentClasses` (v3): one class, or one detailed class with its class relationship. */
export interface InstrumentClasses extends Classes<InstrumentClass, InstrumentClassDetailed> {
  /**
   * Retrieves one instrument class (a single object, not a list).
   * @example
   * const cls = await prs.instrumentClasses.retrieve(classId);
   * console.log(cls.attributes.name);
   */
  retrieve(classId: string, options?: RequestOptions): APIPromise<InstrumentClass>;
  /**
   * Retrieves one detailed class; its `instrumentClass` relationship names its class.
   * @example
   * const detailed = await prs.instrumentClasses.retrieveDetailed(detailedClassId);
   * const classId = detailed.relationships?.instrumentClass?.data?.id;
   */
  retrieveDetailed(detailedClassId: string, options?: RequestOptions): APIPromise<InstrumentClassDetailed>;
}
/** `prs.assetClasses` (v2): one class, or one detailed class with its class relationship. */
export interface AssetClasses extends Classes<AssetClass, AssetClassDetailed> {
  /**
   * Retrieves one asset class (a single object, not a list).
   * @example
   * const cls = await prs.assetClasses.retrieve(classId);
   * console.log(cls.attributes.name);
   */
  retrieve(classId: string, options?: RequestOptions): APIPromise<AssetClass>;
  /**
   * Retrieves one detailed class; its `assetClass` relationship names its class.
   * @example
   * const detailed = await prs.assetClasses.retrieveDetailed(detailedClassId);
   * const classId = detailed.relationships?.assetClass?.data?.id;
   */
  retrieveDetailed(detailedClassId: string, options?: RequestOptions): APIPromise<AssetClassDetailed>;
}

/** Builds `prs.instrumentClasses` (wiring used by the client). */
export function instrumentClassesOf(api: API): InstrumentClasses {
  return new Classes(api, 'instrumentClasses');
}
/** Builds `prs.assetClasses` (wiring used by the client). */
export function assetClassesOf(api: API): AssetClasses {
  return new Classes(api, 'assetClasses');
}
