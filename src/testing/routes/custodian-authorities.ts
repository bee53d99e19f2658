/**
 * Custodians and custodian authorities: create → waiting-for-files; uploads (hash `sha2-256:<hex>`)
 * until every expected file is in → waiting-for-consent; consent → awaiting-operator; link (consent type
 * `all` only); revoke → revoke-in-progress. The operator's and custodian's moves are
 * `store.custodianAuthorities.advance()`. A call in a status that does not permit it is a 409.
 */

import type { Ctx } from '../http/context.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import { created, json, noContent, paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { hex } from '../ids.js';
import { REVOCABLE } from '../store/custodians.js';
import type { AuthorityFileRecord, CustodianAuthorityRecord } from '../store/records.js';
import { consent } from './consent.js';
import { found, listOf, readOne } from './crud.js';

export function renderAuthority(a: CustodianAuthorityRecord) {
  return {
    id: a.id,
    type: 'custodian-authority',
    attributes: {
      status: a.status,
      pendingFiles: a.status === 'waiting-for-files' ? [...a.pendingFiles] : [],
      linkedDepositories: a.linkedDepositories.map((e) => ({ ...e })),
      linkedAccounts: a.linkedAccounts.map((e) => ({ ...e })),
    },
    relationships: {
      custodian: { data: { type: 'custodian', id: a.custodianId } },
      custodianAuthFlow: { data: { type: 'custodian-auth-flow', id: a.custodianAuthFlowId } },
      legalEntity: { data: { type: 'legal-entity', id: a.legalEntityId } },
    },
  };
}

const renderFile = (f: AuthorityFileRecord) => ({
  id: f.id,
  type: 'custodian-authority-file',
  attributes: { hash: f.hash, name: f.name, uploadedAt: f.uploadedAt, filename: f.filename },
});

function createAuthority(ctx: Ctx): Response {
  const le = found(ctx.store.legalEntities, ctx.param('legalEntityId'));
  const flowId = ctx.requireQuery('custodianAuthFlowId');
  const flow = ctx.store.authFlows.get(flowId);
  if (!flow) throw notFound('custodian-auth-flow', flowId);
  if (flow.supersededBy) throw badRequest(`custodian auth flow ${flow.id} is outdated; use ${flow.supersededBy}`);
  return created(
    ctx,
    renderAuthority(ctx.store.custodianAuthorities.add({ legalEntityId: le.id, custodianAuthFlowId: flow.id })),
  );
}

async function upload(ctx: Ctx): Promise<Response> {
  const authority = found(ctx.store.custodianAuthorities, ctx.param('id'));
  const name = ctx.requireQuery('name');
  const expected = ctx.store.authFlows.expect(authority.custodianAuthFlowId).expectedFiles;
  if (!expected.includes(name))
    throw badRequest(
      `query parameter name must be one of the flow's expected files (${expected.join(', ')}), got "${name}"`,
    );
  if (authority.status !== 'waiting-for-files')
    throw conflict(
      `custodian authority ${authority.id} is ${authority.status}; files are uploaded only while waiting-for-files`,
    );
  const type = ctx.request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new HttpError(
      415,
      `upload the file as multipart/form-data with one part named "file", got Content-Type "${type}"`,
    );
  let form: FormData;
  try {
    form = await ctx.request.formData();
  } catch {
    throw badRequest('the multipart body could not be read');
  }
  const parts = [...form.keys()];
  const file = form.get('file');
  if (typeof file === 'string' || file === null || parts.length !== 1)
    throw badRequest(
      `the body must have exactly one part, a file named "file"; got parts: ${parts.join(', ') || 'none'}`,
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const record = ctx.store.custodianAuthorityFiles.insert({
    id: ctx.store.ids.uuid(),
    custodianAuthorityId: authority.id,
    name,
    filename: (file as File).name || name,
    hash: `sha2-256:${hex(digest)}`,
    uploadedAt: ctx.store.now().toISOString(),
    size: bytes.length,
  });
  authority.pendingFiles = authority.pendingFiles.filter((n) => n !== name);
  if (!authority.pendingFiles.length) authority.status = 'waiting-for-consent';
  return created(ctx, renderFile(record));
}

const LINKABLE = ['awaiting-operator', 'awaiting-custodian', 'active'];

function link(ctx: Ctx): Response {
  const authority = found(ctx.store.custodianAuthorities, ctx.param('id'));
  const type = ctx.requireQuery('type');
  const number = ctx.requireQuery('resourceNumber');
  if (type !== 'depository' && type !== 'account')
    throw badRequest(`query parameter type must be "depository" or "account", got "${type}"`);
  if (authority.consent?.consentType !== 'all') {
    throw badRequest(
      `linking is allowed only for authorities with consent type "all"; ${authority.id} has ${authority.consent ? `consent type "${authority.consent.consentType}" (create a new authority for more numbers)` : 'no consent yet'}`,
    );
  }
  if (!LINKABLE.includes(authority.status))
    throw conflict(
      `custodian authority ${authority.id} is ${authority.status}; links are requested only while ${LINKABLE.join(', ')}`,
    );
  if (type === 'depository' && !authority.linkedDepositories.some((e) => e.depositoryNumber === number)) {
    authority.linkedDepositories.push({ depositoryNumber: number, depositoryId: null, status: 'in-progress' });
  }
  if (type === 'account' && !authority.linkedAccounts.some((e) => e.accountNumber === number)) {
    authority.linkedAccounts.push({ accountNumber: number, accountId: null, status: 'in-progress' });
  }
  return noContent();
}

function revoke(ctx: Ctx): Response {
  const authority = found(ctx.store.custodianAuthorities, ctx.param('id'));
  if (!REVOCABLE.includes(authority.status))
    throw conflict(
      `custodian authority ${authority.id} is ${authority.status}; it can be revoked only while ${REVOCABLE.join(', ')}`,
    );
  authority.status = 'revoke-in-progress';
  return json(ctx.contentType, { data: { custodianAuthorityId: authority.id, status: authority.status } });
}

export const custodianRoutes: Route[] = [
  {
    endpoint: 'custodians.list',
    handle: (ctx) =>
      paged(
        ctx,
        ctx.store.custodians.all().map((c) => ({
          id: c.id,
          type: 'custodian',
          attributes: { identifier: c.identifier, name: c.name, country: c.country },
        })),
      ),
  },
  listOf(
    'legalEntities.custodianAuthorities.list',
    (s) => s.legalEntities,
    (le, ctx) => ctx.store.custodianAuthorities.where((a) => a.legalEntityId === le.id).map(renderAuthority),
    'legalEntityId',
  ),
  { endpoint: 'legalEntities.custodianAuthorities.create', handle: createAuthority },
  readOne('custodianAuthorities.retrieve', (s) => s.custodianAuthorities, renderAuthority),
  { endpoint: 'custodianAuthorities.files.upload', handle: upload },
  listOf(
    'custodianAuthorities.files.list',
    (s) => s.custodianAuthorities,
    (a, ctx) => ctx.store.custodianAuthorityFiles.of(a.id).map(renderFile),
  ),
  {
    endpoint: 'custodianAuthorities.consent',
    handle: async (ctx) => {
      await consent(ctx, found(ctx.store.custodianAuthorities, ctx.param('id')));
      return noContent();
    },
  },
  { endpoint: 'custodianAuthorities.link', handle: link },
  { endpoint: 'custodianAuthorities.revoke', handle: revoke },
];
