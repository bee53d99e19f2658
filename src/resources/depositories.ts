/**
 * `prs.depositories`: one depository by id. Depositories are created under their legal entity
 * (`legalEntities.depositories`).
 */
import type { APIPromise } from '../core/api-promise.js';
import type { API } from '../core/api.js';
import type { RequestOptions } from '../core/transport.js';
import { type Depository, depositoryDef, depositorySchema, type DepositoryUpdateAttributes, depositoryUpdateAttributes } from '../schemas/legal-structure.js';
import { Items } from './calls.js';
import { patchRule } from './documents.js';

/** The body of `depositories.update` without the `data` wrapper: `name`, `externalIdentifier`. */
export interface DepositoryUpdateInput {
  attributes: DepositoryUpdateAttributes;
}

export class Depositories {
  private readonly items: Items<Depository, DepositoryUpdateInput>;
  constructor(api: API) {
    this.items = new Items(api, { label: 'depositories', base: '/api/v2/depositories', schema: depositorySchema, patch: patchRule(depositoryDef, depositoryUpdateAttributes) });
  }

  /**
   * Retrieves a depository with its `legalEntity` and linked `accounts`.
   * @example
   * const depository = await prs.depositories.retrieve(depositoryId);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Depository> {
    return this.items.retrieve(id, options);
  }

  /**
   * Changes `name` or `externalIdentifier` (PATCH, 204); relationships cannot change.
   * @example
   * await prs.depositories.update(depositoryId, { attributes: { externalIdentifier: 'D-1002' } });
   */
  update(id: string, input: DepositoryUpdateInput, options?: RequestOptions): APIPromise<void> {
    return this.items.update(id, input, options);
  }

  /**
   * Deletes a depository.
   * @example
   * await prs.depositories.delete(depositoryId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.items.delete(id, options);
  }
}
