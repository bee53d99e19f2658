/**
 * `prs.users`: users of the end-user web application and their invites. Users are created under their
 * client (`prs.clients.users`).
 */

import { type API, segment } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import { buildDocument, type RelationshipInput, type RelationshipInputs } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import {
  type Invite,
  type InviteCreateAttributes,
  inviteCreateAttributes,
  inviteDef,
  inviteSchema,
  type User,
  type UserCreateAttributes,
  type UserUpdateAttributes,
  userCreateAttributes,
  userDef,
  userSchema,
  userUpdateAttributes,
} from '../schemas/users.js';
import { Children, Items } from './calls.js';
import { createRule, patchRule } from './documents.js';

const USERS = '/api/v2/users';

/** The body of `clients.users.create` without the `data` wrapper. */
export interface UserCreateParams {
  /** `firstName`, `lastName` and `contactEmail`. */
  attributes: UserCreateAttributes;
  /** The optional `readAccessToReportingEntities`: the reporting entities the user may view. */
  relationships?: RelationshipInputs<typeof userDef.relationships>;
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
  relationships?: { readAccessToReportingEntities?: readonly RelationshipInput<'reporting-entity'>[] };
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
export type ClientUsers = Children<User, UserCreateParams>;

/** Builds `prs.clients.users` (wiring used by the client). */
export function clientUsers(api: API): ClientUsers {
  const create = createRule<UserCreateParams>(userDef, userCreateAttributes);
  return new Children(api, {
    label: 'clients.users',
    parent: '/api/v2/clients',
    parentId: 'clientId',
    child: 'users',
    schema: userSchema,
    create,
  });
}

/** `prs.users.invites`: invitation links that connect an identity provider to a user. */
export class UserInvites extends Children<Invite, InviteCreateParams> {
  constructor(api: API) {
    const create = createRule<InviteCreateParams>(inviteDef, inviteCreateAttributes);
    super(api, {
      label: 'users.invites',
      parent: USERS,
      parentId: 'userId',
      child: 'invites',
      schema: inviteSchema,
      create,
    });
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
    return super.create(userId, input ?? {}, options);
  }

  /**
   * Cancels an invite (POST `{ data: { type: 'invite-cancellation' } }`, 204): its link can no longer be used.
   * @example
   * await prs.users.invites.cancel(userId, inviteId);
   */
  cancel(userId: string, inviteId: string, options?: RequestOptions): APIPromise<void> {
    const what = 'users.invites.cancel';
    const target = () => ({
      path: `${USERS}/${segment(what, 'userId', userId)}/invites/${segment(what, 'inviteId', inviteId)}/cancellation`,
      body: buildDocument(what, {}, 'invite-cancellation', undefined, {}),
    });
    return this.api.send('POST', target, options);
  }
}

/** `prs.users`: retrieve, update (answered with the full user), delete; and their invites. */
export class Users {
  /** Invites of a user: create, list (every state), cancel. */
  readonly invites: UserInvites;
  private readonly items: Items<User, UserUpdateParams>;
  private readonly patch = patchRule<UserUpdateParams>(userDef, userUpdateAttributes, [
    'readAccessToReportingEntities',
  ]);

  constructor(private readonly api: API) {
    this.invites = new UserInvites(api);
    this.items = new Items(api, { label: 'users', base: USERS, schema: userSchema });
  }

  /**
   * Retrieves a user with `client` and `readAccessToReportingEntities`.
   * @example
   * const user = await prs.users.retrieve(userId);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<User> {
    return this.items.retrieve(id, options);
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
  update(id: string, input: UserUpdateParams, options?: RequestOptions): APIPromise<User> {
    const what = 'users.update';
    const target = () => ({ path: `${USERS}/${segment(what, 'id', id)}`, body: this.patch(what, id, input) });
    return this.api.update(target, userSchema, options);
  }

  /**
   * Deletes a user.
   * @example
   * await prs.users.delete(userId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.items.delete(id, options);
  }
}
