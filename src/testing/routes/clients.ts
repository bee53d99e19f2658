/**
 * The endpoints named only in the change history: clients, reporting entities, portfolios, performance,
 * custodian holdings. Their shapes are not shown: resources keep whatever attributes they were given;
 * deleting a parent that still has children is a 409.
 */

import type { EndpointId } from '../../endpoints.js';
import type { Ctx } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { created, noContent, one, paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { base64url } from '../ids.js';
import type { ClientRecord, PortfolioRecord, ReportingEntityRecord } from '../store/records.js';
import type { MockStore } from '../store/store.js';
import type { Table } from '../store/table.js';
import { roundCents, valueOn } from '../valuation.js';
import { deleteOne, found, keepWhileOwning, listOf, readOne } from './crud.js';

const renderClient = (c: ClientRecord) => ({ id: c.id, type: 'client', attributes: c.attributes });
const renderEntity = (e: ReportingEntityRecord) => ({
  id: e.id,
  type: 'reporting-entity',
  attributes: e.attributes,
  relationships: { client: { data: { type: 'client', id: e.clientId } } },
});
const renderPortfolio = (p: PortfolioRecord) => ({
  id: p.id,
  type: 'portfolio',
  attributes: p.attributes,
  relationships: { reportingEntity: { data: { type: 'reporting-entity', id: p.reportingEntityId } } },
});

/** A PATCH merges the attributes sent into the stored ones. */
async function patchAttributes(
  ctx: Ctx,
  type: string,
  target: { attributes: Record<string, unknown> },
): Promise<Response> {
  const doc = await ctx.patchDocument(type);
  if (Object.keys(doc.relationships).length)
    throw badRequest(`the relationships of a ${type} cannot be changed by PATCH`);
  target.attributes = { ...target.attributes, ...doc.attributes };
  return noContent();
}

/**
 * The attributes of a create of one of these generic resources. The reference shows no relationship for them (a
 * portfolio's reporting entity, a reporting entity's client are the path's), so one given is a 400 naming it, as
 * for every create, rather than dropped from the record and the answer without a word.
 */
async function createdAttributes(ctx: Ctx, type: string): Promise<Record<string, unknown>> {
  const doc = await ctx.document(type);
  const [name] = Object.keys(doc.relationships);
  if (name !== undefined)
    throw badRequest(`data.relationships.${name} is not a relationship of ${type} (the reference shows none for it)`);
  return doc.attributes;
}

/** A client that still owns resources is kept (409 naming them). */
function keepOwners(client: ClientRecord, ctx: Ctx): void {
  const s = ctx.store;
  const count = (n: number, one: string, many: string): [number, string] => [n, n === 1 ? one : many];
  keepWhileOwning(`client ${client.id}`, [
    count(s.legalEntities.where((x) => x.clientId === client.id).length, 'legal entity', 'legal entities'),
    count(s.reportingEntities.where((x) => x.clientId === client.id).length, 'reporting entity', 'reporting entities'),
    count(s.users.where((x) => x.clientId === client.id).length, 'user', 'users'),
    count(s.limits.where((x) => x.clientId === client.id).length, 'limit', 'limits'),
  ]);
}

/**
 * A reporting entity that still owns portfolios or private instruments (added with its `reportingEntityId`) is kept
 * (409); its id leaves the users' read access (a link, not something it owns).
 */
function beforeDeleteReportingEntity(entity: ReportingEntityRecord, ctx: Ctx): void {
  const s = ctx.store;
  keepWhileOwning(`reporting entity ${entity.id}`, [
    [s.portfolios.where((p) => p.reportingEntityId === entity.id).length, 'portfolio(s)'],
    [s.instruments.where((i) => i.reportingEntityId === entity.id).length, 'private instrument(s)'],
  ]);
  for (const u of s.users.where((x) => x.readAccessToReportingEntities.includes(entity.id)))
    u.readAccessToReportingEntities = u.readAccessToReportingEntities.filter((id) => id !== entity.id);
}

/** Market value at both ends of the period and the change between them (no cash flows are considered). */
function performance(ctx: Ctx): Response {
  const entity = found(ctx.store.reportingEntities, ctx.param('id'));
  const toDate = ctx.query('toDate') ? ctx.dateQuery('toDate') : ctx.store.now().toISOString().slice(0, 10);
  const fromDate = ctx.query('fromDate') ? ctx.dateQuery('fromDate') : `${toDate.slice(0, 4)}-01-01`;
  if (fromDate > toDate) throw badRequest(`fromDate (${fromDate}) must not be after toDate (${toDate})`);
  const positions = ctx.store.positions.where((p) => p.reportingEntityId === entity.id);
  const worth = (date: string) =>
    roundCents(valueOn(ctx.store, positions, date).reduce((t, v) => t + v.marketValue, 0));
  const start = worth(fromDate);
  const end = worth(toDate);
  return one(ctx, {
    id: base64url(`performance|${entity.id}|${fromDate}|${toDate}`),
    type: 'performance',
    attributes: {
      fromDate,
      toDate,
      ccyCode: typeof entity.attributes.ccyCode === 'string' ? entity.attributes.ccyCode : 'EUR',
      startMarketValue: start,
      endMarketValue: end,
      absoluteReturn: roundCents(end - start),
      relativeReturn: start ? Math.round((end / start - 1) * 1e6) / 1e6 : null,
    },
    relationships: { reportingEntity: { data: { type: 'reporting-entity', id: entity.id } } },
  });
}

/** `POST` a resource of a shape not shown under the record named by `:id`: its attributes are kept as sent. */
function createUnder<P extends { id: string }>(
  endpoint: EndpointId,
  type: string,
  parent: (s: MockStore) => Table<P>,
  add: (parent: P, attributes: Record<string, unknown>, ctx: Ctx) => unknown,
): Route {
  return {
    endpoint,
    handle: async (ctx) => {
      const owner = found(parent(ctx.store), ctx.param('id'));
      return created(ctx, add(owner, await createdAttributes(ctx, type), ctx));
    },
  };
}

const portfoliosOf = (entityIds: Set<string>, ctx: Ctx) =>
  ctx.store.portfolios.where((p) => entityIds.has(p.reportingEntityId)).map(renderPortfolio);

export const clientRoutes: Route[] = [
  { endpoint: 'clients.list', handle: (ctx) => paged(ctx, ctx.store.clients.all().map(renderClient)) },
  readOne('clients.retrieve', (s) => s.clients, renderClient),
  {
    endpoint: 'clients.create',
    handle: async (ctx) => created(ctx, renderClient(ctx.store.clients.add(await createdAttributes(ctx, 'client')))),
  },
  {
    endpoint: 'clients.update',
    handle: (ctx) => patchAttributes(ctx, 'client', found(ctx.store.clients, ctx.param('id'))),
  },
  deleteOne('clients.delete', (s) => s.clients, keepOwners),
  listOf(
    'clients.reportingEntities.list',
    (s) => s.clients,
    (client, ctx) => ctx.store.reportingEntities.where((e) => e.clientId === client.id).map(renderEntity),
  ),
  createUnder(
    'clients.reportingEntities.create',
    'reporting-entity',
    (s) => s.clients,
    (client, attributes, ctx) => renderEntity(ctx.store.reportingEntities.add({ clientId: client.id, attributes })),
  ),
  readOne('reportingEntities.retrieve', (s) => s.reportingEntities, renderEntity),
  {
    endpoint: 'reportingEntities.update',
    handle: (ctx) => patchAttributes(ctx, 'reporting-entity', found(ctx.store.reportingEntities, ctx.param('id'))),
  },
  deleteOne('reportingEntities.delete', (s) => s.reportingEntities, beforeDeleteReportingEntity),
  listOf(
    'reportingEntities.portfolios.list',
    (s) => s.reportingEntities,
    (entity, ctx) => portfoliosOf(new Set([entity.id]), ctx),
  ),
  createUnder(
    'reportingEntities.portfolios.create',
    'portfolio',
    (s) => s.reportingEntities,
    (entity, attributes, ctx) =>
      renderPortfolio(ctx.store.portfolios.add({ reportingEntityId: entity.id, attributes })),
  ),
  readOne('portfolios.retrieve', (s) => s.portfolios, renderPortfolio),
  {
    endpoint: 'portfolios.update',
    handle: (ctx) => patchAttributes(ctx, 'portfolio', found(ctx.store.portfolios, ctx.param('id'))),
  },
  // The seeded positions of a portfolio go with it.
  deleteOne(
    'portfolios.delete',
    (s) => s.portfolios,
    (portfolio, ctx) => {
      for (const p of ctx.store.positions.where((x) => x.portfolioId === portfolio.id))
        ctx.store.positions.delete(p.id);
    },
  ),
  { endpoint: 'performance.retrieve', handle: performance },
  listOf(
    'custodianHoldings.list',
    (s) => s.legalEntities,
    (le, ctx) =>
      ctx.store.custodianHoldings
        .where((h) => h.legalEntityId === le.id)
        .map((h) => ({
          id: h.id,
          type: 'custodian-holding',
          attributes: h.attributes,
          relationships: { legalEntity: { data: { type: 'legal-entity', id: le.id } } },
        })),
  ),
  {
    endpoint: 'clients.portfolios.list',
    handle: (ctx) => {
      const client = found(ctx.store.clients, ctx.param('id'));
      const response = paged(
        ctx,
        portfoliosOf(new Set(ctx.store.reportingEntities.where((e) => e.clientId === client.id).map((e) => e.id)), ctx),
      );
      // Deprecated in favour of /reporting-entities/:id/portfolios (RFC 9745 header).
      response.headers.set('deprecation', 'true');
      return response;
    },
  },
];
