/**
 * Users and invites. An invite is created `valid` with a link and a 60-day expiration; cancelling a
 * valid invite makes it `cancelled` (204); cancelling one in any other state is a 409.
 */
import { Fields, refs } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { conflict, notFound } from '../http/errors.js';
import { created, noContent, one } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { otherOwner } from '../store/fits.js';
import type { InviteRecord, UserRecord } from '../store/records.js';
import type { MockStore } from '../store/store.js';
import { deleteOne, found, listOf, readOne } from './crud.js';

const PROVIDERS = ['apple', 'google', 'microsoft', ''] as const;
const USER_FIELDS = ['firstName', 'lastName', 'contactEmail'];

function renderUser(u: UserRecord) {
  return {
    id: u.id,
    type: 'user',
    attributes: { firstName: u.firstName, lastName: u.lastName, contactEmail: u.contactEmail },
    relationships: {
      client: { data: { type: 'client', id: u.clientId } },
      readAccessToReportingEntities: {
        data: u.readAccessToReportingEntities.map((id) => ({ type: 'reporting-entity', id })),
      },
    },
  };
}

function renderInvite(store: MockStore, i: InviteRecord) {
  return {
    id: i.id,
    type: 'invite',
    attributes: {
      state: store.invites.stateOf(i),
      link: i.link,
      restrictedToIdentityProvider: i.restrictedToIdentityProvider,
      restrictedToEmail: i.restrictedToEmail,
      expiration: i.expiration,
    },
    relationships: { user: { data: { type: 'user', id: i.userId } } },
  };
}

function email(f: Fields, name: string, optional: boolean): string | undefined {
  const value = f.string(name, { optional });
  if (value !== undefined && !/^[^@\s]+@[^@\s]+$/.test(value))
    f.fail(name, `must be an e-mail address, got ${JSON.stringify(value)}`);
  return value;
}

/** The reporting entities a user may view: they must belong to the user's client. */
function readAccess(
  ctx: Ctx,
  f: Fields,
  doc: { relationships: Parameters<typeof refs>[1] },
  clientId: string,
): string[] | undefined {
  const entities = refs(f, doc.relationships, 'readAccessToReportingEntities', ctx.store.reportingEntities);
  for (const e of entities ?? []) {
    const misfit = otherOwner('reporting entity', e.id, e.clientId, clientId, 'client');
    if (misfit) f.issue(`data.relationships.readAccessToReportingEntities: ${misfit}`);
  }
  return entities?.map((e) => e.id);
}

async function createUser(ctx: Ctx): Promise<Response> {
  const client = found(ctx.store.clients, ctx.param('id'));
  const doc = await ctx.document('user');
  const f = new Fields(doc.attributes, 'data.attributes');
  const firstName = f.string('firstName') as string;
  const lastName = f.string('lastName') as string;
  const contactEmail = email(f, 'contactEmail', false) as string;
  f.allowOnly(USER_FIELDS);
  const access = readAccess(ctx, f, doc, client.id);
  for (const name of Object.keys(doc.relationships))
    if (name !== 'readAccessToReportingEntities')
      f.issue(`data.relationships.${name} cannot be sent (the client is the one in the path)`);
  f.done();
  const user = ctx.store.users.add({
    clientId: client.id,
    firstName,
    lastName,
    contactEmail,
    readAccessToReportingEntities: access ?? [],
  });
  return created(ctx, renderUser(user));
}

async function patchUser(ctx: Ctx): Promise<Response> {
  const user = found(ctx.store.users, ctx.param('id'));
  const doc = await ctx.patchDocument('user');
  const f = new Fields(doc.attributes, 'data.attributes');
  const changes = {
    firstName: f.string('firstName', { optional: true }),
    lastName: f.string('lastName', { optional: true }),
    contactEmail: email(f, 'contactEmail', true),
  };
  f.allowOnly(USER_FIELDS);
  const access = readAccess(ctx, f, doc, user.clientId);
  for (const name of Object.keys(doc.relationships))
    if (name !== 'readAccessToReportingEntities') f.issue(`data.relationships.${name} cannot be changed`);
  f.done();
  for (const [k, v] of Object.entries(changes)) if (v !== undefined) user[k as keyof typeof changes] = v;
  if (access) user.readAccessToReportingEntities = access;
  return one(ctx, renderUser(user));
}

async function createInvite(ctx: Ctx): Promise<Response> {
  const user = found(ctx.store.users, ctx.param('id'));
  const doc = (await ctx.optionalDocument('invite')) ?? { attributes: {} };
  const f = new Fields(doc.attributes, 'data.attributes');
  const restrictedToIdentityProvider = f.oneOf('restrictedToIdentityProvider', PROVIDERS, { optional: true });
  const restrictedToEmail = email(f, 'restrictedToEmail', true);
  f.allowOnly(['restrictedToIdentityProvider', 'restrictedToEmail']);
  f.done();
  return created(
    ctx,
    renderInvite(
      ctx.store,
      ctx.store.invites.add({ userId: user.id, restrictedToIdentityProvider, restrictedToEmail }),
    ),
  );
}

async function cancelInvite(ctx: Ctx): Promise<Response> {
  const user = found(ctx.store.users, ctx.param('userId'));
  const invite = ctx.store.invites.get(ctx.param('inviteId'));
  if (!invite || invite.userId !== user.id) throw notFound(`invite of user ${user.id}:`, ctx.param('inviteId'));
  await ctx.optionalDocument('invite-cancellation');
  const state = ctx.store.invites.stateOf(invite);
  if (state !== 'valid') throw conflict(`invite ${invite.id} is ${state}; only a valid invite can be cancelled`);
  invite.state = 'cancelled';
  return noContent();
}

export const userRoutes: Route[] = [
  { endpoint: 'clients.users.create', handle: createUser },
  listOf(
    'clients.users.list',
    (s) => s.clients,
    (client, ctx) => ctx.store.users.where((u) => u.clientId === client.id).map(renderUser),
  ),
  readOne('users.retrieve', (s) => s.users, renderUser),
  { endpoint: 'users.update', handle: patchUser },
  // A user's invites go with it.
  deleteOne(
    'users.delete',
    (s) => s.users,
    (user, ctx) => {
      for (const i of ctx.store.invites.where((x) => x.userId === user.id)) ctx.store.invites.delete(i.id);
    },
  ),
  { endpoint: 'users.invites.create', handle: createInvite },
  listOf(
    'users.invites.list',
    (s) => s.users,
    (user, ctx) => ctx.store.invites.where((i) => i.userId === user.id).map((i) => renderInvite(ctx.store, i)),
  ),
  { endpoint: 'users.invites.cancel', handle: cancelInvite },
];
