/**
 * `prs.legalEntities`: a legal entity, and the accounts and depositories it owns.
 */
import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { RelationshipInput, RelationshipInputs } from '../core/jsonapi.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { Account, Depository, LegalEntity } from '../schemas/kind-types.generated.js';
import type {
  AccountCreateAttributes,
  accountDef,
  DepositoryCreateAttributes,
  LegalEntityCreateAttributes,
  LegalEntityUpdateAttributes,
} from '../schemas/legal-structure.js';
import { Children, Items } from './calls.js';
import { LegalEntityCustodianAuthorities } from './legal-entity-custodian-authorities.js';

/** The body of `legalEntities.update` without the `data` wrapper: only `name` can change. */
export interface LegalEntityUpdateParams {
  /** The new `name`. */
  attributes: LegalEntityUpdateAttributes;
}
/**
 * The former name of `LegalEntityUpdateParams`, kept so existing code compiles.
 * @deprecated use `LegalEntityUpdateParams`
 */
export type LegalEntityUpdateInput = LegalEntityUpdateParams;
type AccountRelationshipInputs = RelationshipInputs<typeof accountDef.relationships>;
/** The relationships of an account to create: an optional `depository` (an id, `{ type, id }` or a depository). */
export interface AccountCreateRelationships extends AccountRelationshipInputs {
  // NonNullable: `X['m']` of an optional member adds `| undefined`, which a consumer's exactOptionalPropertyTypes refuses here.
  depository?: NonNullable<AccountRelationshipInputs['depository']>;
}
/** The body of `legalEntities.accounts.create`: `depository` links the new account to an existing depository. */
export interface AccountCreateParams {
  /** `externalIdentifier`, `ccyCode`, and the optional `name` and `excludeFromReporting`. */
  attributes: AccountCreateAttributes;
  /** An optional `depository` to link the account to: an id, `{ type, id }` or a depository. */
  relationships?: AccountCreateRelationships;
}
/**
 * The former name of `AccountCreateParams`, kept so existing code compiles.
 * @deprecated use `AccountCreateParams`
 */
export type AccountCreateInput = AccountCreateParams;
/** The body of `legalEntities.depositories.create`: a depository is created linked to exactly one account. */
export interface DepositoryCreateParams {
  /** `externalIdentifier` and an optional `name`. */
  attributes: DepositoryCreateAttributes;
  /** `accounts`: the one existing account to link the depository to (an id, `{ type, id }` or an account). */
  relationships: DepositoryCreateRelationships;
}
/** The relationships of a depository to create: the one account it is linked to. */
export interface DepositoryCreateRelationships {
  /**
   * Exactly one existing account to link the new depository to (an id, `{ type: 'account', id }` or an account
   * the SDK returned); more accounts are linked by creating them with the `depository` relationship.
   */
  accounts: readonly [RelationshipInput<'account'>];
}
/**
 * The former name of `DepositoryCreateParams`, kept so existing code compiles.
 * @deprecated use `DepositoryCreateParams`
 */
export type DepositoryCreateInput = DepositoryCreateParams;

// The interface gives the inherited method its own name and example in an editor; the class implements it.
export interface LegalEntityDepositories {
  /**
   * Lists the depositories of a legal entity, every page followed (`for await` walks them item by item).
   * @example
   * const depositories = await prs.legalEntities.depositories.list(legalEntityId);
   */
  list(legalEntityId: string, options?: ListRequestOptions): ListPromise<Depository>;
}
/** The depositories of a legal entity: each is created linked to exactly one existing account. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface declares only what the base class implements
export class LegalEntityDepositories extends Children<Depository, DepositoryCreateParams> {
  /**
   * Creates a depository linked to exactly one existing account (more accounts are linked by creating them with
   * the `depository` relationship).
   * @example
   * const depository = await prs.legalEntities.depositories.create(legalEntityId, {
   *   attributes: { externalIdentifier: 'DEP-1' },
   *   relationships: { accounts: [accountId] },
   * });
   */
  override create(
    legalEntityId: string,
    input: DepositoryCreateParams,
    options?: RequestOptions,
  ): APIPromise<Depository, { created: boolean }> {
    const check = () => {
      const accounts: unknown = input?.relationships?.accounts;
      return Array.isArray(accounts) && accounts.length !== 1
        ? [
            {
              path: 'relationships.accounts',
              message: `must hold exactly one account, got ${accounts.length}: link more accounts by creating them with the depository relationship`,
            },
          ]
        : [];
    };
    return this.api.call('legalEntities.depositories.create', { path: { legalEntityId }, body: input, check }, options);
  }
}

/** `prs.legalEntities.accounts`: list and create the accounts of a legal entity. */
export interface LegalEntityAccounts extends Children<Account, AccountCreateParams> {
  /**
   * Lists the accounts of a legal entity, every page followed (`for await` walks them item by item).
   * @example
   * const accounts = await prs.legalEntities.accounts.list(legalEntityId);
   */
  list(legalEntityId: string, options?: ListRequestOptions): ListPromise<Account>;
  /**
   * Creates an account of a legal entity; `excludeFromReporting` can only be set here, and `depository` links an
   * existing depository. Bad input is a `ValidationError`, and nothing is sent.
   * @example
   * const account = await prs.legalEntities.accounts.create(legalEntityId, {
   *   attributes: { externalIdentifier: 'CH93 0076 2011 6238 5295 7', ccyCode: 'CHF' },
   * });
   */
  create(
    legalEntityId: string,
    input: AccountCreateParams,
    options?: RequestOptions,
  ): APIPromise<Account, { created: boolean }>;
}

// The interface gives the inherited methods their own names and examples in an editor; the class implements them.
export interface LegalEntities {
  /**
   * Retrieves a legal entity by id.
   * @example
   * const entity = await prs.legalEntities.retrieve(legalEntityId);
   */
  retrieve(legalEntityId: string, options?: RequestOptions): APIPromise<LegalEntity>;
  /**
   * Renames a legal entity (PATCH, answered with 204): only `name` can change; another field or a relationship is a
   * `ValidationError`, and nothing is sent.
   * @example
   * await prs.legalEntities.update(legalEntityId, { attributes: { name: 'Muster Holding AG' } });
   */
  update(legalEntityId: string, input: LegalEntityUpdateParams, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes a legal entity (204).
   * @example
   * await prs.legalEntities.delete(legalEntityId);
   */
  delete(legalEntityId: string, options?: RequestOptions): APIPromise<void>;
}
/**
 * `prs.legalEntities`: retrieve, rename (only `name` can change; relationships never) and delete legal
 * entities; their accounts and depositories.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface declares only what the base class implements
export class LegalEntities extends Items<LegalEntity, LegalEntityUpdateParams> {
  /**
   * Accounts owned by a legal entity. `excludeFromReporting` can only be set on create; `depository`
   * links an existing depository.
   */
  readonly accounts: LegalEntityAccounts;
  /** Depositories owned by a legal entity; each is created linked to exactly one existing account. */
  readonly depositories: LegalEntityDepositories;
  /** The legal entity's custodian authorities: list, and start a new one. */
  readonly custodianAuthorities: LegalEntityCustodianAuthorities;

  constructor(api: API) {
    super(api, 'legalEntities');
    this.accounts = new Children(api, 'legalEntities.accounts', 'legalEntityId');
    this.depositories = new LegalEntityDepositories(api, 'legalEntities.depositories', 'legalEntityId');
    this.custodianAuthorities = new LegalEntityCustodianAuthorities(api);
  }
}

/** The body of `clients.legalEntities.create` without the `data` wrapper. */
export interface LegalEntityCreateParams {
  /** The legal entity's `name`. */
  attributes: LegalEntityCreateAttributes;
}
/**
 * The former name of `LegalEntityCreateParams`, kept so existing code compiles.
 * @deprecated use `LegalEntityCreateParams`
 */
export type LegalEntityCreateInput = LegalEntityCreateParams;
/** `prs.clients.legalEntities`: list and create the legal entities of a client. */
export interface ClientLegalEntities extends Children<LegalEntity, LegalEntityCreateParams> {
  /**
   * Lists the legal entities of a client, every page followed (`for await` walks them item by item).
   * @example
   * const entities = await prs.clients.legalEntities.list(clientId);
   */
  list(clientId: string, options?: ListRequestOptions): ListPromise<LegalEntity>;
  /**
   * Creates a legal entity of a client from its `name`. Bad input is a `ValidationError`, and nothing is sent.
   * @example
   * const entity = await prs.clients.legalEntities.create(clientId, { attributes: { name: 'Muster Holding AG' } });
   */
  create(
    clientId: string,
    input: LegalEntityCreateParams,
    options?: RequestOptions,
  ): APIPromise<LegalEntity, { created: boolean }>;
}

/** Builds `prs.clients.legalEntities` (wiring used by the client). */
export function clientLegalEntities(api: API): ClientLegalEntities {
  return new Children(api, 'clients.legalEntities', 'clientId');
}
