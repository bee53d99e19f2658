/**
 * Legal entities, accounts and depositories. A depository is created linked to exactly one account of
 * its legal entity; an account may be created linked to a depository. `excludeFromReporting` is fixed
 * at creation. Deleting a legal entity that still has accounts or depositories is a 409, and so is deleting a
 * depository or an account a transaction's or an instrument's relationship names (`deleteOne`); otherwise it leaves
 * what named it without it (a position's depository, a custodian authority's link).
 */
import { Fields, ref, refs } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { documentRule, refuseOtherRelationships } from '../http/create-rule.js';
import { badRequest, conflict } from '../http/errors.js';
import { created, noContent } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { otherOwner } from '../store/fits.js';
import type { AccountRecord, DepositoryRecord, LegalEntityRecord } from '../store/records.js';
import type { MockStore } from '../store/store.js';
import { deleteOne, found, listOf, readOne } from './crud.js';

const rel = (type: string, id: string) => ({ data: { type, id } });
const rels = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

function renderLegalEntity(store: MockStore, le: LegalEntityRecord, full: boolean) {
  const relationships: Record<string, unknown> = { client: rel('client', le.clientId) };
  if (full) {
    relationships.accounts = rels(
      'account',
      store.accounts.where((a) => a.legalEntityId === le.id).map((a) => a.id),
    );
    relationships.depositories = rels(
      'depository',
      store.depositories.where((d) => d.legalEntityId === le.id).map((d) => d.id),
    );
  }
  return { id: le.id, type: 'legal-entity', attributes: { name: le.name }, relationships };
}

export function renderAccount(a: AccountRecord) {
  const attributes: Record<string, unknown> = {
    externalIdentifier: a.externalIdentifier,
    ccyCode: a.ccyCode,
    excludeFromReporting: a.excludeFromReporting,
  };
  if (a.name !== undefined) attributes.name = a.name;
  const relationships: Record<string, unknown> = { legalEntity: rel('legal-entity', a.legalEntityId) };
  // Absent, not empty, when unlinked; `depository` (deprecated) holds the first link.
  if (a.depositoryIds[0]) {
    relationships.depository = rel('depository', a.depositoryIds[0]);
    relationships.depositories = rels('depository', a.depositoryIds);
  }
  return { id: a.id, type: 'account', attributes, relationships };
}

function renderDepository(store: MockStore, d: DepositoryRecord) {
  const attributes: Record<string, unknown> = { externalIdentifier: d.externalIdentifier };
  if (d.name !== undefined) attributes.name = d.name;
  return {
    id: d.id,
    type: 'depository',
    attributes,
    relationships: {
      legalEntity: rel('legal-entity', d.legalEntityId),
      accounts: rels(
        'account',
        store.accounts.ofDepository(d.id).map((a) => a.id),
      ),
    },
  };
}

function noRelationships(doc: { relationships: object }, what: string): void {
  if (Object.keys(doc.relationships).length)
    throw badRequest(`the relationships of a ${what} cannot be changed by PATCH`);
}

async function createLegalEntity(ctx: Ctx): Promise<Response> {
  const client = found(ctx.store.clients, ctx.param('id'));
  const doc = await ctx.document('legal-entity');
  const f = new Fields(doc.attributes, 'data.attributes');
  const name = f.string('name') as string;
  f.allowOnly(['name']);
  refuseOtherRelationships(f, documentRule('clients.legalEntities.create'), doc.relationships);
  f.done();
  return created(ctx, renderLegalEntity(ctx.store, ctx.store.legalEntities.add({ clientId: client.id, name }), false));
}

async function patchLegalEntity(ctx: Ctx): Promise<Response> {
  const le = found(ctx.store.legalEntities, ctx.param('id'));
  const doc = await ctx.patchDocument('legal-entity');
  noRelationships(doc, 'legal entity');
  const f = new Fields(doc.attributes, 'data.attributes');
  const name = f.string('name', { optional: true });
  f.allowOnly(['name']);
  f.done();
  if (name !== undefined) le.name = name;
  return noContent();
}

/**
 * A legal entity that still owns accounts or depositories is kept (409); its custodian authorities, their files and
 * its custodian holdings go with it.
 */
function beforeDeleteLegalEntity(le: LegalEntityRecord, ctx: Ctx): void {
  const s = ctx.store;
  const accounts = s.accounts.where((a) => a.legalEntityId === le.id).length;
  const depositories = s.depositories.where((d) => d.legalEntityId === le.id).length;
  if (accounts || depositories)
    throw conflict(
      `legal entity ${le.id} still has ${accounts} account(s) and ${depositories} depository(ies); delete them first`,
    );
  for (const a of s.custodianAuthorities.where((x) => x.legalEntityId === le.id)) {
    for (const f of s.custodianAuthorityFiles.of(a.id)) s.custodianAuthorityFiles.delete(f.id);
    s.custodianAuthorities.delete(a.id);
  }
  for (const h of s.custodianHoldings.where((x) => x.legalEntityId === le.id)) s.custodianHoldings.delete(h.id);
}

/**
 * A custodian authority's links to a deleted depository or account go back to what `link` and a consent make:
 * `in-progress`, with no id (the authority's next activation matches or creates one again).
 */
function reopenLinks(store: MockStore, type: 'depository' | 'account', id: string): void {
  for (const a of store.custodianAuthorities.all()) {
    for (const e of a.linkedDepositories)
      if (type === 'depository' && e.depositoryId === id) {
        e.depositoryId = null;
        e.status = 'in-progress';
      }
    for (const e of a.linkedAccounts)
      if (type === 'account' && e.accountId === id) {
        e.accountId = null;
        e.status = 'in-progress';
      }
  }
}

async function createAccount(ctx: Ctx): Promise<Response> {
  const le = found(ctx.store.legalEntities, ctx.param('id'));
  const doc = await ctx.document('account');
  const f = new Fields(doc.attributes, 'data.attributes');
  const name = f.string('name', { optional: true });
  const externalIdentifier = f.string('externalIdentifier') as string;
  const ccyCode = f.currency('ccyCode') as string;
  const excludeFromReporting = f.boolean('excludeFromReporting', { optional: true }) ?? false;
  f.allowOnly(['name', 'externalIdentifier', 'ccyCode', 'excludeFromReporting']);
  // The SDK's row: only `depository` links at create (`depositories` and `legalEntity` are read-only).
  refuseOtherRelationships(f, documentRule('legalEntities.accounts.create'), doc.relationships);
  const depository = ref(f, doc.relationships, 'depository', ctx.store.depositories);
  const misfit = depository && otherOwner('depository', depository.id, depository.legalEntityId, le.id, 'legal entity');
  if (misfit) f.issue(`data.relationships.depository: ${misfit}`);
  f.done();
  const depositoryIds = depository ? [depository.id] : [];
  const account = ctx.store.accounts.add({
    legalEntityId: le.id,
    name,
    externalIdentifier,
    ccyCode,
    excludeFromReporting,
    depositoryIds,
  });
  return created(ctx, renderAccount(account));
}

async function patchAccount(ctx: Ctx): Promise<Response> {
  const account = found(ctx.store.accounts, ctx.param('id'));
  const doc = await ctx.patchDocument('account');
  noRelationships(doc, 'account');
  const f = new Fields(doc.attributes, 'data.attributes');
  const name = f.string('name', { optional: true });
  const externalIdentifier = f.string('externalIdentifier', { optional: true });
  const ccyCode = f.currency('ccyCode', { optional: true });
  const exclude = doc.attributes.excludeFromReporting;
  if (exclude !== undefined && exclude !== account.excludeFromReporting)
    f.fail('excludeFromReporting', 'cannot be changed after the account was created');
  f.allowOnly(['name', 'externalIdentifier', 'ccyCode', 'excludeFromReporting']);
  f.done();
  Object.assign(account, defined({ name, externalIdentifier, ccyCode }));
  return noContent();
}

async function createDepository(ctx: Ctx): Promise<Response> {
  const le = found(ctx.store.legalEntities, ctx.param('id'));
  const doc = await ctx.document('depository');
  const f = new Fields(doc.attributes, 'data.attributes');
  const name = f.string('name', { optional: true });
  const externalIdentifier = f.string('externalIdentifier') as string;
  f.allowOnly(['name', 'externalIdentifier']);
  refuseOtherRelationships(f, documentRule('legalEntities.depositories.create'), doc.relationships);
  const data = doc.relationships.accounts?.data;
  const accounts =
    Array.isArray(data) && data.length === 1 ? (refs(f, doc.relationships, 'accounts', ctx.store.accounts) ?? []) : [];
  if (!Array.isArray(data) || data.length !== 1)
    f.issue('data.relationships.accounts must link exactly one existing account ({ data: [{ type: "account", id }] })');
  for (const a of accounts) {
    const misfit = otherOwner('account', a.id, a.legalEntityId, le.id, 'legal entity');
    if (misfit) f.issue(`data.relationships.accounts: ${misfit}`);
  }
  f.done();
  const depository = ctx.store.depositories.add({
    legalEntityId: le.id,
    name,
    externalIdentifier,
    accountIds: accounts.map((a) => a.id),
  });
  return created(ctx, renderDepository(ctx.store, depository));
}

async function patchDepository(ctx: Ctx): Promise<Response> {
  const depository = found(ctx.store.depositories, ctx.param('id'));
  const doc = await ctx.patchDocument('depository');
  noRelationships(doc, 'depository');
  const f = new Fields(doc.attributes, 'data.attributes');
  const name = f.string('name', { optional: true });
  const externalIdentifier = f.string('externalIdentifier', { optional: true });
  f.allowOnly(['name', 'externalIdentifier']);
  f.done();
  Object.assign(depository, defined({ name, externalIdentifier }));
  return noContent();
}

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const legalStructureRoutes: Route[] = [
  listOf(
    'clients.legalEntities.list',
    (s) => s.clients,
    (client, ctx) =>
      ctx.store.legalEntities
        .where((le) => le.clientId === client.id)
        .map((le) => renderLegalEntity(ctx.store, le, false)),
  ),
  { endpoint: 'clients.legalEntities.create', handle: createLegalEntity },
  readOne(
    'legalEntities.retrieve',
    (s) => s.legalEntities,
    (le, ctx) => renderLegalEntity(ctx.store, le, true),
  ),
  { endpoint: 'legalEntities.update', handle: patchLegalEntity },
  deleteOne('legalEntities.delete', (s) => s.legalEntities, beforeDeleteLegalEntity),
  listOf(
    'legalEntities.accounts.list',
    (s) => s.legalEntities,
    (le, ctx) => ctx.store.accounts.where((a) => a.legalEntityId === le.id).map(renderAccount),
  ),
  { endpoint: 'legalEntities.accounts.create', handle: createAccount },
  listOf(
    'legalEntities.depositories.list',
    (s) => s.legalEntities,
    (le, ctx) =>
      ctx.store.depositories.where((d) => d.legalEntityId === le.id).map((d) => renderDepository(ctx.store, d)),
  ),
  { endpoint: 'legalEntities.depositories.create', handle: createDepository },
  readOne('accounts.retrieve', (s) => s.accounts, renderAccount),
  { endpoint: 'accounts.update', handle: patchAccount },
  // Custodian authorities' links to it lose its id (its own depository links go with it).
  deleteOne(
    'accounts.delete',
    (s) => s.accounts,
    (account, ctx) => reopenLinks(ctx.store, 'account', account.id),
  ),
  readOne(
    'depositories.retrieve',
    (s) => s.depositories,
    (d, ctx) => renderDepository(ctx.store, d),
  ),
  { endpoint: 'depositories.update', handle: patchDepository },
  // Unlinked from its accounts as it goes; the positions held there are left without a depository, and custodian
  // authorities' links to it lose its id.
  deleteOne(
    'depositories.delete',
    (s) => s.depositories,
    (depository, ctx) => {
      for (const a of ctx.store.accounts.ofDepository(depository.id))
        a.depositoryIds = a.depositoryIds.filter((id) => id !== depository.id);
      for (const p of ctx.store.positions.where((x) => x.depositoryId === depository.id)) delete p.depositoryId;
      reopenLinks(ctx.store, 'depository', depository.id);
    },
  ),
];
