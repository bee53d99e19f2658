/**
 * Users of the end-user web application and their invites (links that connect an identity provider).
 */
import type * as z from 'zod/mini';
import { f } from './fields.js';
import { createAttributes, defineResource, readSchema, rel, updateAttributes } from './resource.js';

export const userDef = defineResource(
  'user',
  { firstName: f.string(), lastName: f.string(), contactEmail: f.string() },
  // `client` comes from the path and grants no access; the readable reporting entities can change.
  { client: rel.one('client', false), readAccessToReportingEntities: rel.many('reporting-entity', 'optional') },
);

/** `''` means no restriction. */
export const IDENTITY_PROVIDERS = ['apple', 'google', 'microsoft', ''] as const;

export const inviteDef = defineResource(
  'invite',
  {
    state: f.readOnly(f.enum(['valid', 'used', 'expired', 'cancelled'])),
    link: f.readOnly(f.string()),
    restrictedToIdentityProvider: f.optional(f.enum(IDENTITY_PROVIDERS)),
    restrictedToEmail: f.optional(f.string()),
    expiration: f.readOnly(f.optional(f.string())),
  },
  { user: rel.one('user', false) },
);

export const userSchema = readSchema(userDef);
export const inviteSchema = readSchema(inviteDef);
export const userCreateAttributes = createAttributes(userDef.fields);
export const userUpdateAttributes = updateAttributes(userDef.fields, ['firstName', 'lastName', 'contactEmail']);
export const inviteCreateAttributes = createAttributes(inviteDef.fields);

/** A user (`user`) with `client` and `readAccessToReportingEntities`. */
export type User = z.infer<typeof userSchema>;
/** An invite (`invite`): `state`, the `link` to deliver, its restrictions and `expiration`. */
export type Invite = z.infer<typeof inviteSchema>;
/** An identity provider an invite can be restricted to; `''` for none. */
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];
/** The attributes of `clients.users.create`: `firstName`, `lastName` and `contactEmail`. */
export type UserCreateAttributes = z.input<typeof userCreateAttributes>;
/** The attributes of `users.update`: any of `firstName`, `lastName` and `contactEmail`. */
export type UserUpdateAttributes = z.input<typeof userUpdateAttributes>;
/** The attributes of `users.invites.create`: the optional `restrictedToIdentityProvider` and `restrictedToEmail`. */
export type InviteCreateAttributes = z.input<typeof inviteCreateAttributes>;
