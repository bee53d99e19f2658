/**
 * `prs.depositories`: one depository by id. Depositories are created under their legal entity
 * (`prs.legalEntities.depositories`).
 */
import type { API } from '../core/api.js';
import type { Depository, DepositoryUpdateAttributes } from '../schemas/legal-structure.js';
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
export type Depositories = Items<Depository, DepositoryUpdateParams>;

/** Builds `prs.depositories` (wiring used by the client, not public API). */
export function depositoriesOf(api: API): Depositories {
  return new Items(api, 'depositories');
}
