/**
 * `prs.legalEntities`: a legal entity, and the accounts and depositories it owns.
 */
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { API } from '../core/api.js';
import type { RelationshipInput, RelationshipInputs } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import {
  type Account,
  type AccountCreateAttributes,
  accountCreateAttributes,
  accountDef,
  accountSchema,
  type Depository,
  type DepositoryCreateAttributes,
  depositoryCreateAttributes,
  depositoryDef,
  depositorySchema,
  type LegalEntity,
  legalEntityDef,
  legalEntitySchema,
  type LegalEntityUpdateAttributes,
  legalEntityUpdateAttributes,
} from '../schemas/legal-structure.js';
import { Children, Items } from './calls.js';
import { createRule, patchRule, withIssues } from './documents.js';

const V2 = '/api/v2';

/** The body of `legalEntities.update` without the `data` wrapper: only `name` can change. */
export interface LegalEntityUpdateInput {
  attributes: LegalEntityUpdateAttributes;
}
/** The body of `legalEntities.accounts.create`: `depository` links the new account to an existing depository. */
export interface AccountCreateInput {
  attributes: AccountCreateAttributes;
  relationships?: RelationshipInputs<typeof accountDef.relationships>;
}
/** The body of `legalEntities.depositories.create`: a depository is created linked to exactly one account. */
export interface DepositoryCreateInput {
  attributes: DepositoryCreateAttributes;
  relationships: { accounts: readonly [RelationshipInput<'account'>] };
}

const createDepository = createRule<DepositoryCreateInput>(depositoryDef, depositoryCreateAttributes);
/** The exactly-one-account rule, reported together with the codec's own findings. */
function depositoryDocument(what: string, input: DepositoryCreateInput) {
  const accounts: unknown = input?.relationships?.accounts;
  const extra =
    Array.isArray(accounts) && accounts.length !== 1
      ? [{ path: 'relationships.accounts', message: `must hold exactly one account, got ${accounts.length}: link more accounts by creating them with the depository relationship` }]
      : [];
  return withIssues(what, extra, () => createDepository(what, input));
}

/** `prs.legalEntities.accounts`: the accounts of a legal entity. */
export class LegalEntityAccounts {
  private readonly calls: Children<Account, AccountCreateInput>;
  constructor(api: API) {
    this.calls = new Children(api, {
      label: 'legalEntities.accounts',
      parent: `${V2}/legal-entities`,
      parentId: 'legalEntityId',
      child: 'accounts',
      schema: accountSchema,
      create: createRule(accountDef, accountCreateAttributes),
    });
  }

  /**
   * Lists the accounts of a legal entity.
   * @example
   * const accounts = await prs.legalEntities.accounts.list(legalEntityId);
   */
  list(legalEntityId: string, options?: RequestOptions): ListPromise<Account> {
    return this.calls.list(legalEntityId, options);
  }

  /**
   * Creates an account; `excludeFromReporting` can only be set here. `depository` links an existing depository.
   * @example
   * const account = await prs.legalEntities.accounts.create(legalEntityId, {
   *   attributes: { name: 'Current account', externalIdentifier: 'CH93 0076 2011 6238 5295 7', ccyCode: 'CHF' },
   *   relationships: { depository: depositoryId },
   * });
   */
  create(legalEntityId: string, input: AccountCreateInput, options?: RequestOptions): APIPromise<Account, { created: boolean }> {
    return this.calls.create(legalEntityId, input, options);
  }
}

/** `prs.legalEntities.depositories`: the depositories of a legal entity. */
export class LegalEntityDepositories {
  private readonly calls: Children<Depository, DepositoryCreateInput>;
  constructor(api: API) {
    this.calls = new Children(api, {
      label: 'legalEntities.depositories',
      parent: `${V2}/legal-entities`,
      parentId: 'legalEntityId',
      child: 'depositories',
      schema: depositorySchema,
      create: depositoryDocument,
    });
  }

  /**
   * Lists the depositories of a legal entity, each with its `legalEntity` and linked `accounts`.
   * @example
   * const depositories = await prs.legalEntities.depositories.list(legalEntityId);
   */
  list(legalEntityId: string, options?: RequestOptions): ListPromise<Depository> {
    return this.calls.list(legalEntityId, options);
  }

  /**
   * Creates a depository linked to exactly one existing account (any other count is a `ValidationError`).
   * @example
   * const depository = await prs.legalEntities.depositories.create(legalEntityId, {
   *   attributes: { name: 'Custody', externalIdentifier: 'D-1001' },
   *   relationships: { accounts: [accountId] },
   * });
   */
  create(legalEntityId: string, input: DepositoryCreateInput, options?: RequestOptions): APIPromise<Depository, { created: boolean }> {
    return this.calls.create(legalEntityId, input, options);
  }
}

/** `prs.legalEntities`: retrieve, rename and delete legal entities; their accounts and depositories. */
export class LegalEntities {
  /** Accounts owned by a legal entity. */
  readonly accounts: LegalEntityAccounts;
  /** Depositories owned by a legal entity. */
  readonly depositories: LegalEntityDepositories;
  private readonly items: Items<LegalEntity, LegalEntityUpdateInput>;

  constructor(api: API) {
    this.accounts = new LegalEntityAccounts(api);
    this.depositories = new LegalEntityDepositories(api);
    this.items = new Items(api, {
      label: 'legalEntities',
      base: `${V2}/legal-entities`,
      schema: legalEntitySchema,
      patch: patchRule(legalEntityDef, legalEntityUpdateAttributes),
    });
  }

  /**
   * Retrieves a legal entity with its `accounts`, `client` and `depositories` relationships.
   * @example
   * const entity = await prs.legalEntities.retrieve(legalEntityId);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<LegalEntity> {
    return this.items.retrieve(id, options);
  }

  /**
   * Renames a legal entity (PATCH, 204). Relationships cannot change: sending one is a `ValidationError`.
   * @example
   * await prs.legalEntities.update(legalEntityId, { attributes: { name: 'Family Holding AG' } });
   */
  update(id: string, input: LegalEntityUpdateInput, options?: RequestOptions): APIPromise<void> {
    return this.items.update(id, input, options);
  }

  /**
   * Deletes a legal entity.
   * @example
   * await prs.legalEntities.delete(legalEntityId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.items.delete(id, options);
  }
}
