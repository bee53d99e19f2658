/**
 * `prs.depositories`: one depository by id. Depositories are created under their legal entity
 * (`prs.legalEntities.depositories`).
 */
import type { API } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import type { Depository } from '../schemas/kind-types.generated.js';
import type { DepositoryUpdateAttributes } from '../schemas/legal-structure.js';
import { Items } from './calls.js';

/** The body of `depositories.update` without the `data` wrapper: `name`, `externalIdentifier`. */
export interface DepositoryUpdateParams {
  /** The attributes to change: any of `name` and `externalIdentifier`. */
  attributes: DepositoryUpdateAttributes;
}
/**
 * The former name of `DepositoryUpdateParams`, kept so existing code compiles.
 * @deprecated use `DepositoryUpdateParams`
 */
export type DepositoryUpdateInput = DepositoryUpdateParams;

/** `prs.depositories`: retrieve, update (`name`, `externalIdentifier`), delete. */
export interface Depositories extends Items<Depository, DepositoryUpdateParams> {
  /**
   * Retrieves a depository by id.
   * @example
   * const depository = await prs.depositories.retrieve(depositoryId);
   */
  retrieve(depositoryId: string, options?: RequestOptions): APIPromise<Depository>;
  /**
   * Changes `name` and/or `externalIdentifier` (PATCH, answered with 204). Another field or a relationship is a
   * `ValidationError`, and nothing is sent.
   * @example
   * await prs.depositories.update(depositoryId, { attributes: { name: 'Custody account' } });
   */
  update(depositoryId: string, input: DepositoryUpdateParams, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes a depository (204).
   * @example
   * await prs.depositories.delete(depositoryId);
   */
  delete(depositoryId: string, options?: RequestOptions): APIPromise<void>;
}

/** Builds `prs.depositories` (wiring used by the client, not public API). */
export function depositoriesOf(api: API): Depositories {
  return new Items(api, 'depositories');
}
