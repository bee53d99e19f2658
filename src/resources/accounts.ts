/**
 * `prs.accounts`: one account by id. Accounts are created under their legal entity (`legalEntities.accounts`).
 */
import type { APIPromise } from '../core/api-promise.js';
import type { API } from '../core/api.js';
import type { RequestOptions } from '../core/transport.js';
import { type Account, accountDef, accountSchema, type AccountUpdateAttributes, accountUpdateAttributes } from '../schemas/legal-structure.js';
import { Items } from './calls.js';
import { patchRule } from './documents.js';

/** The body of `accounts.update` without the `data` wrapper: `name`, `externalIdentifier`, `ccyCode`. */
export interface AccountUpdateInput {
  attributes: AccountUpdateAttributes;
}

export class Accounts {
  private readonly items: Items<Account, AccountUpdateInput>;
  constructor(api: API) {
    this.items = new Items(api, { label: 'accounts', base: '/api/v2/accounts', schema: accountSchema, patch: patchRule(accountDef, accountUpdateAttributes) });
  }

  /**
   * Retrieves an account. Its depositories are in `relationships.depositories`; the deprecated
   * `relationships.depository` is decoded too while the service sends it.
   * @example
   * const account = await prs.accounts.retrieve(accountId);
   * const depositoryIds = account.relationships?.depositories?.data?.map((d) => d.id) ?? [];
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Account> {
    return this.items.retrieve(id, options);
  }

  /**
   * Changes `name`, `externalIdentifier` or `ccyCode` (PATCH, 204). `excludeFromReporting` and the
   * relationships cannot change: sending them is a `ValidationError`.
   * @example
   * await prs.accounts.update(accountId, { attributes: { name: 'Main account' } });
   */
  update(id: string, input: AccountUpdateInput, options?: RequestOptions): APIPromise<void> {
    return this.items.update(id, input, options);
  }

  /**
   * Deletes an account.
   * @example
   * await prs.accounts.delete(accountId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.items.delete(id, options);
  }
}
