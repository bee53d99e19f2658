/**
 * `prs.accounts`: one account by id. Accounts are created under their legal entity (`prs.legalEntities.accounts`).
 */
import type { API } from '../core/api.js';
import type { Account, AccountUpdateAttributes } from '../schemas/legal-structure.js';
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
export type Accounts = Items<Account, AccountUpdateParams>;

/** Builds `prs.accounts` (wiring used by the client, not public API). */
export function accountsOf(api: API): Accounts {
  return new Items(api, 'accounts');
}
