/**
 * Instrument classes (`/api/v3`) and asset classes (`/api/v2`): one resource, mounted per version.
 */
import type * as z from 'zod/mini';
import { type API, segment } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import {
  type AssetClass,
  type AssetClassDetailed,
  assetClasses,
  type InstrumentClass,
  type InstrumentClassDetailed,
  instrumentClasses,
} from '../schemas/classes.js';

/** Classes of one version: `retrieve` a class, `retrieveDetailed` a detailed class with its class relationship. */
export class Classes<C, D> {
  constructor(
    private readonly api: API,
    private readonly label: string,
    /** `/api/v3/instrument-classes`; detailed classes live at `<base>-detailed`. */
    private readonly base: string,
    private readonly schemas: { classSchema: z.ZodMiniType<C>; detailedSchema: z.ZodMiniType<D> },
  ) {}

  /**
   * Retrieves one class (a single object, not a list).
   * @example
   * const cls = await prs.instrumentClasses.retrieve(classId);
   * console.log(cls.attributes.name);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<C> {
    return this.api.retrieve(
      () => ({ path: `${this.base}/${segment(`${this.label}.retrieve`, 'id', id)}` }),
      this.schemas.classSchema,
      options,
    );
  }

  /**
   * Retrieves one detailed class; its relationship (`instrumentClass` in v3, `assetClass` in v2) names its class.
   * @example
   * const detailed = await prs.instrumentClasses.retrieveDetailed(detailedId);
   * const classId = detailed.relationships?.instrumentClass?.data?.id;
   */
  retrieveDetailed(id: string, options?: RequestOptions): APIPromise<D> {
    const target = () => ({ path: `${this.base}-detailed/${segment(`${this.label}.retrieveDetailed`, 'id', id)}` });
    return this.api.retrieve(target, this.schemas.detailedSchema, options);
  }
}

/** `prs.instrumentClasses` (v3). */
export type InstrumentClasses = Classes<InstrumentClass, InstrumentClassDetailed>;
/** `prs.assetClasses` (v2). */
export type AssetClasses = Classes<AssetClass, AssetClassDetailed>;

/** Builds `prs.instrumentClasses` (wiring used by the client). */
export function instrumentClassesOf(api: API): InstrumentClasses {
  return new Classes(api, 'instrumentClasses', '/api/v3/instrument-classes', instrumentClasses);
}
/** Builds `prs.assetClasses` (wiring used by the client). */
export function assetClassesOf(api: API): AssetClasses {
  return new Classes(api, 'assetClasses', '/api/v2/asset-classes', assetClasses);
}
