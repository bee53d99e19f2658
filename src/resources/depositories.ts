/**
 * `prs.depositories`: one depository by id. Depositories are created under their legal entity
 * (`prs.legalEntities.depositories`).
 */
import type { API } from '../core/api.js';
import {
  type Depository,
  type DepositoryUpdateAttributes,
  depositoryDef,
  depositorySchema,
  depositoryUpdateAttributes,
} from '../schemas/legal-structure.js';
import { Items } from './calls.js';
import { patchRule } from './documents.js';

/** The body of `depositories.update` without the `data` wrapper: `name`, `externalIdentifier`. */
export interface DepositoryUpdateInput {
  /** The attributes to change: any of `name` and `externalIdentifier`. */
  attributes: DepositoryUpdateAttributes;
}

/** `prs.depositories`: retrieve, update (`name`, `externalIdentifier`), delete. */
export type Depositories = Items<Depository, DepositoryUpdateInput>;

/** Builds `prs.depositories` (wiring used by the client, not public API). */
export function depositoriesOf(api: API): Depositories {
  const patch = patchRule<DepositoryUpdateInput>(depositoryDef, depositoryUpdateAttributes);
  return new Items(api, { label: 'depositories', base: '/api/v2/depositories', schema: depositorySchema, patch });
}
