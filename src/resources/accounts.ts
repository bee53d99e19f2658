/**
 * `prs.accounts`: one account by id. Accounts are created under their legal entity (`prs.legalEntities.accounts`).
 */
import type { API } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import type { Account } from '../schemas/kind-types.generated.js';
import type { AccountUpdateAttributes } from '../schemas/legal-structure.js';
import { Items } from './calls.js';

/** The body of `accounts.update` without the `data` wrapper: `name`, `externalIdentifier`, `ccyCode`. */
export interface AccountUpdateParams {
  /** The attributes to change: any of `name`, `externalIdentifier` and `ccyCode`. */
  attributes: AccountUpdateAttributes;
}
/**
 * The former name of `AccountUpdateParams`, kept so existing code compiles.
 * @deprecated use `AccountUpdateParams`
 */
export type AccountUpdateInput = AccountUpdateParams;

/** `prs.accounts`: retrieve, update (never `excludeFromReporting` or relationships), delete. */
export interface Accounts extends Items<Account, AccountUpdateParams> {
  /**
   * Retrieves an account by id.
   * @example
   * const account = await prs.accounts.retrieve(accountId);
   */
  retrieve(accountId: string, options?: RequestOptions): APIPromise<Account>;
  /**
   * Changes any of `name`, `externalIdentifier` and `ccyCode` (PATCH, answered with 204). `excludeFromReporting`
   * (set on create only), another field or a relationship is a `ValidationError`, and nothing is sent.
   * @example
   * await prs.accounts.update(accountId, { attributes: { name: 'Main account' } });
   */
  update(accountId: string, input: AccountUpdateParams, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes an account (204).
   * @example
   * await prs.accounts.delete(accountId);
   */
  delete(accountId: string, options?: RequestOptions): APIPromise<void>;
}

/** Builds `prs.accounts` (wiring used by the client, not public API). */
export function accountsOf(api: API): Accounts {
  return new Items(api, 'accounts');
}
