/**
 * Users of the end-user web application and their invites (links that connect an identity provider).
 */
import type * as z from 'zod/mini';
import { f } from './fields.js';
import { createAttributes, defineResource, readSchema, rel, updateAttributes } from './resource.js';

export const userDef = defineResource(
  'user',
  {
    /** First name. */
    firstName: f.string(),
    /** Last name. */
    lastName: f.string(),
    /** Contact e-mail address; the default e-mail an invite is restricted to. */
    contactEmail: f.string(),
  },
  // `client` comes from the path and grants no access; the readable reporting entities can change.
  {
    /** The client that owns the user (always present); it grants the user no access to the client or its sub-resources. */
    client: rel.always(rel.one('client', false)),
    /** The reporting entities the user can view in the end-user web application. */
    readAccessToReportingEntities: rel.many('reporting-entity', 'optional'),
  },
);

/** `''` means no restriction. */
export const IDENTITY_PROVIDERS = ['apple', 'google', 'microsoft', ''] as const;

export const inviteDef = defineResource(
  'invite',
  {
    /** `valid`, `used`, `expired` or `cancelled`. Set by the service. */
    state: f.readOnly(f.enum(['valid', 'used', 'expired', 'cancelled'])),
    /** URL to deliver to the user yourself (the service does not send it): `{invite_base}/-/invite/<INVITE_TOKEN>`. */
    link: f.readOnly(f.string()),
    /** Identity provider the invite is locked to: `apple`, `google` or `microsoft`; `''` for no restriction. */
    restrictedToIdentityProvider: f.optional(f.enum(IDENTITY_PROVIDERS)),
    /**
     * E-mail the invite is locked to, compared case-insensitively with the identity provider's e-mail; defaults to
     * the user's `contactEmail`.
     */
    restrictedToEmail: f.optional(f.string()),
    /** When the invite expires: an ISO 8601 date-time, by default 60 days after creation. Set by the service. */
    expiration: f.readOnly(f.optional(f.string())),
  },
  {
    /** The user the invite is for (always present). */
    user: rel.always(rel.one('user', false)),
  },
);

export const userSchema = readSchema(userDef);
export const inviteSchema = readSchema(inviteDef);
export const userCreateAttributes = createAttributes(userDef.fields);
export const userUpdateAttributes = updateAttributes(userDef.fields, ['firstName', 'lastName', 'contactEmail']);
export const inviteCreateAttributes = createAttributes(inviteDef.fields);

/** An identity provider an invite can be restricted to; `''` for none. */
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];
/** The attributes of `clients.users.create`: `firstName`, `lastName` and `contactEmail`. */
export interface UserCreateAttributes extends z.input<typeof userCreateAttributes> {
  firstName: z.input<typeof userCreateAttributes>['firstName'];
  lastName: z.input<typeof userCreateAttributes>['lastName'];
  contactEmail: z.input<typeof userCreateAttributes>['contactEmail'];
}
/** The attributes of `users.update`: any of `firstName`, `lastName` and `contactEmail`. */
export interface UserUpdateAttributes extends z.input<typeof userUpdateAttributes> {
  firstName?: z.input<typeof userUpdateAttributes>['firstName'];
  lastName?: z.input<typeof userUpdateAttributes>['lastName'];
  contactEmail?: z.input<typeof userUpdateAttributes>['contactEmail'];
}
/** The attributes of `users.invites.create`: the optional `restrictedToIdentityProvider` and `restrictedToEmail`. */
export interface InviteCreateAttributes extends z.input<typeof inviteCreateAttributes> {
  restrictedToIdentityProvider?: z.input<typeof inviteCreateAttributes>['restrictedToIdentityProvider'];
  restrictedToEmail?: z.input<typeof inviteCreateAttributes>['restrictedToEmail'];
}
