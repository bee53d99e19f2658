/**
 * `prs.users`: users of the end-user web application and their invites. Users are created under their
 * client (`prs.clients.users`).
 */

import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { RelationshipInput, RelationshipInputs } from '../core/jsonapi.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { Invite, User } from '../schemas/kind-types.generated.js';
import type { InviteCreateAttributes, UserCreateAttributes, UserUpdateAttributes, userDef } from '../schemas/users.js';
import { Children } from './calls.js';

type UserRelationshipInputs = RelationshipInputs<typeof userDef.relationships>;
/** The relationships of a user to create: the reporting entities the user may view (optional). */
export interface UserCreateRelationships extends UserRelationshipInputs {
  // NonNullable: `X['m']` of an optional member adds `| undefined`, which a consumer's exactOptionalPropertyTypes refuses here.
  readAccessToReportingEntities?: NonNullable<UserRelationshipInputs['readAccessToReportingEntities']>;
}
/** The body of `clients.users.create` without the `data` wrapper. */
export interface UserCreateParams {
  /** `firstName`, `lastName` and `contactEmail`. */
  attributes: UserCreateAttributes;
  /** The optional `readAccessToReportingEntities`: the reporting entities the user may view. */
  relationships?: UserCreateRelationships;
}
/**
 * The former name of `UserCreateParams`, kept so existing code compiles.
 * @deprecated use `UserCreateParams`
 */
export type UserCreateInput = UserCreateParams;
/** The body of `users.update`: the changed attributes and/or the reporting entities the user may read. */
export interface UserUpdateParams {
  /** The attributes to change: any of `firstName`, `lastName` and `contactEmail`. */
  attributes?: UserUpdateAttributes;
  /** Replaces the list of reporting entities the user can view. `client` cannot change. */
  relationships?: UserUpdateRelationships;
}
/** The relationships `users.update` can change: the reporting entities the user can view. */
export interface UserUpdateRelationships {
  /**
   * The reporting entities the user can view in the end-user web application (each an id, `{ type, id }` or a
   * reporting entity); the list given replaces the current one.
   */
  readAccessToReportingEntities?: readonly RelationshipInput<'reporting-entity'>[];
}
/**
 * The former name of `UserUpdateParams`, kept so existing code compiles.
 * @deprecated use `UserUpdateParams`
 */
export type UserUpdateInput = UserUpdateParams;
/** The body of `users.invites.create`: both restrictions optional (`''` for no identity provider restriction). */
export interface InviteCreateParams {
  /** The optional `restrictedToIdentityProvider` and `restrictedToEmail`. */
  attributes?: InviteCreateAttributes;
}
/**
 * The former name of `InviteCreateParams`, kept so existing code compiles.
 * @deprecated use `InviteCreateParams`
 */
export type InviteCreateInput = InviteCreateParams;

/** `prs.clients.users`: list and create the users of a client. */
export interface ClientUsers extends Children<User, UserCreateParams> {
  /**
   * Lists the users of a client, every page followed (`for await` walks them item by item).
   * @example
   * const users = await prs.clients.users.list(clientId);
   */
  list(clientId: string, options?: ListRequestOptions): ListPromise<User>;
  /**
   * Creates a user of a client (the client relationship grants no access by itself: give
   * `readAccessToReportingEntities`). Bad input is a `ValidationError`, and nothing is sent.
   * @example
   * const user = await prs.clients.users.create(clientId, {
   *   attributes: { firstName: 'Anna', lastName: 'Muster', contactEmail: 'anna@example.com' },
   * });
   */
  create(clientId: string, input: UserCreateParams, options?: RequestOptions): APIPromise<User, { created: boolean }>;
}

/** Builds `prs.clients.users` (wiring used by the client). */
export function clientUsers(api: API): ClientUsers {
  return new Children(api, 'clients.users', 'clientId');
}

// The interface gives the inherited method its own name and example in an editor; the class implements it.
export interface UserInvites {
  /**
   * Lists the invites of a user in every state, every page followed.
   * @example
   * const invites = await prs.users.invites.list(userId);
   */
  list(userId: string, options?: ListRequestOptions): ListPromise<Invite>;
}
/** `prs.users.invites`: invitation links that connect an identity provider to a user. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface declares only what the base class implements
export class UserInvites extends Children<Invite, InviteCreateParams> {
  constructor(api: API) {
    super(api, 'users.invites', 'userId');
  }

  /**
   * Creates an invite (state `valid`); deliver its `link` to the user yourself. Restrict it to `apple`,
   * `google` or `microsoft` (`''` for none) and to an e-mail address if you like.
   * @example
   * const invite = await prs.users.invites.create(userId, { attributes: { restrictedToIdentityProvider: 'microsoft' } });
   * sendMail(invite.attributes.link);
   */
  override create(
    userId: string,
    input?: InviteCreateParams,
    options?: RequestOptions,
  ): APIPromise<Invite, { created: boolean }> {
    // An absent input is an empty document (the codec's default); null is refused as every create refuses it.
    return super.create(userId, input as InviteCreateParams, options);
  }

  /**
   * Cancels an invite (POST `{ data: { type: 'invite-cancellation' } }`, 204): its link can no longer be used.
   * @example
   * await prs.users.invites.cancel(userId, inviteId);
   */
  cancel(userId: string, inviteId: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call('users.invites.cancel', { path: { userId, inviteId } }, options);
  }
}

/** `prs.users`: retrieve, update (answered with the full user), delete; and their invites. */
export class Users {
  /** Invites of a user: create, list (every state), cancel. */
  readonly invites: UserInvites;

  constructor(private readonly api: API) {
    this.invites = new UserInvites(api);
  }

  /**
   * Retrieves a user with `client` and `readAccessToReportingEntities`.
   * @example
   * const user = await prs.users.retrieve(userId);
   */
  retrieve(userId: string, options?: RequestOptions): APIPromise<User> {
    return this.api.call('users.retrieve', { path: { id: userId } }, options);
  }

  /**
   * Changes a user's attributes and/or the reporting entities they can view; resolves to the full updated
   * user (the service answers 200). `client` cannot change.
   * @example
   * const user = await prs.users.update(userId, {
   *   attributes: { lastName: 'Muster' },
   *   relationships: { readAccessToReportingEntities: [reportingEntityId] },
   * });
   */
  update(userId: string, input: UserUpdateParams, options?: RequestOptions): APIPromise<User> {
    return this.api.call('users.update', { path: { id: userId }, body: input }, options);
  }

  /**
   * Deletes a user.
   * @example
   * await prs.users.delete(userId);
   */
  delete(userId: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call('users.delete', { path: { id: userId } }, options);
  }
}
