/**
 * The endpoint table: one row per endpoint of the service (the 95 of its reference list), keyed by the SDK
 * method that calls it. A row says the HTTP verb, the path template (version prefix, `:params`), what the
 * request carries (the body rule and the documented query), what the answer is (status and document schema)
 * and how a collection is paged. The mock routes by these ids, the OpenAPI description is generated from
 * them, and the contract tests walk them. Plain data: the schemas themselves live in `src/schemas/`.
 */
import * as z from 'zod/mini';
import { bodySchema, collection, kindsBody, type RequestBody, single } from './core/documents.js';
import { assetClasses, instrumentClasses } from './schemas/classes.js';
import {
  authorityCreateQuery,
  consentInput,
  custodianAuthorityFileSchema,
  custodianAuthoritySchema,
  custodianSchema,
  linkQuery,
  revokeResultSchema,
} from './schemas/custodians.js';
import { f, type Schema } from './schemas/fields.js';
import { genericResource, performanceData } from './schemas/generic.js';
import { assetHoldingSchema, assetHoldingsParams, holdingSchema, holdingsParams } from './schemas/holdings.js';
import { assetSchema, createAttributeSchemas, INSTRUMENT_KINDS, instrumentSchema } from './schemas/instruments.js';
import {
  accountCreateAttributes,
  accountDef,
  accountSchema,
  accountUpdateAttributes,
  depositoryCreateAttributes,
  depositoryDef,
  depositorySchema,
  depositoryUpdateAttributes,
  legalEntityCreateAttributes,
  legalEntityDef,
  legalEntitySchema,
  legalEntityUpdateAttributes,
} from './schemas/legal-structure.js';
import { limitCreateAttributes, limitDef, limitSchema, limitStatusQuery, limitStatusSchema } from './schemas/limits.js';
import {
  indexFactorSeries,
  interestRateSeries,
  netAssetValueSeries,
  priceSeries,
  priceUpdateAttributes,
} from './schemas/time-series.js';
import {
  TRANSACTION_KINDS,
  transactionCreateSchemas,
  transactionListQuery,
  transactionSchema,
} from './schemas/transactions.js';
import {
  inviteCreateAttributes,
  inviteDef,
  inviteSchema,
  userCreateAttributes,
  userDef,
  userSchema,
  userUpdateAttributes,
} from './schemas/users.js';
import { webhookKeys } from './schemas/webhook-keys.js';
import { WEBHOOK_KEYS_PATH } from './webhooks/options.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The successful answer of an endpoint. */
export type Reply =
  /**
   * A JSON:API document of `resource`: one (`{ data }`), or a page of them when the row has `pagination`
   * (`{ data: [...], links }`, with `included` resources for a compound list).
   */
  | {
      status: 200 | 201;
      resource: Schema;
      /** The resources a compound page includes (holdings: their assets). */
      included?: Schema;
      /**
       * A create whose duplicate is answered `303 See Other` with the existing resource's URL in `Location`
       * (assets and instruments: same `securityIdentifier` + `ccyCode`); the SDK follows it (`created: false`).
       */
      seeOther?: true;
    }
  /** Plain JSON, not a JSON:API document (the webhook keys). */
  | { status: 200; json: Schema }
  /** No body. */
  | { status: 204 };

/** One endpoint. */
export interface Endpoint {
  method: Method;
  /** With its version prefix and `:params`, exactly as in the service's endpoint list. */
  path: string;
  /** What the request body carries (POST, PATCH); absent when there is none. */
  body?: RequestBody;
  /** The documented query parameters, as the SDK method takes them (arrays are sent comma-separated). */
  query?: Schema;
  /** The successful answer. */
  response: Reply;
  /** `list`: a collection followed page by page through `links.next`; `compound`: the same with `included`. */
  pagination?: 'list' | 'compound';
  /** Answered in plain JSON (`application/json`), not JSON:API: the webhook keys. A token is needed as for any row. */
  plainJson?: true;
  /** Deprecated by the service. */
  deprecated?: true;
}

// Request body rules, each named once and shared by the rows that send it.
const doc = (type: string, attributes: Schema | undefined, relationships: Rels = {}): RequestBody => ({
  kind: 'document',
  type,
  ...(attributes && { attributes }),
  relationships,
});
const patch = (
  type: string,
  attributes: Schema,
  relationships: Rels = {},
  changeable?: readonly string[],
): RequestBody => ({
  kind: 'document',
  patch: true,
  type,
  attributes,
  relationships,
  ...(changeable && { changeable }),
});
const generic = (type: string, isPatch = false): RequestBody => ({ kind: 'generic', type, patch: isPatch });
type Rels = Extract<RequestBody, { kind: 'document' }>['relationships'];

const ok = (resource: Schema): Reply => ({ status: 200, resource });
const created = (resource: Schema): Reply => ({ status: 201, resource });
const noContent: Reply = { status: 204 };
const list = (resource: Schema) => ({ response: ok(resource), pagination: 'list' as const });

const instrumentKinds = (suffix: string): RequestBody =>
  kindsBody(INSTRUMENT_KINDS, createAttributeSchemas, suffix, {
    fee: 'fee instruments cannot be created: the service keeps them for reporting only',
    refund: 'refund instruments cannot be created: the service keeps them for reporting only',
    other: '"other" instruments can only be retrieved, not created',
  });
const series = {
  interestRates: { path: 'interest-rates', def: interestRateSeries },
  prices: { path: 'prices', def: priceSeries },
  indexFactors: { path: 'index-factors', def: indexFactorSeries },
} as const;
const seriesCreate = (s: { def: { def: { type: string }; create: Schema } }): RequestBody =>
  doc(s.def.def.type, s.def.create);

/** `files.upload`: the file's role goes in the query. */
const uploadQuery = z.strictObject({ name: f.string().create });

/** Every endpoint of the service, in the order of its reference list. */
export const endpoints = {
  'assets.retrieve': { method: 'GET', path: '/api/v2/assets/:id', response: ok(assetSchema) },
  'assets.create': {
    method: 'POST',
    path: '/api/v2/assets',
    body: instrumentKinds('asset'),
    response: { status: 201, resource: assetSchema, seeOther: true },
  },
  'assets.delete': { method: 'DELETE', path: '/api/v2/assets/:id', response: noContent },
  'instruments.retrieve': { method: 'GET', path: '/api/v3/instruments/:id', response: ok(instrumentSchema) },
  'instruments.listPrivate': {
    method: 'GET',
    path: '/api/v3/instruments/:reportingEntityId/private-instruments',
    ...list(instrumentSchema),
  },
  'instruments.create': {
    method: 'POST',
    path: '/api/v3/instruments',
    body: instrumentKinds('instrument'),
    response: { status: 201, resource: instrumentSchema, seeOther: true },
  },
  'instruments.interestRates.list': {
    method: 'GET',
    path: '/api/v3/instruments/:id/interest-rates',
    ...list(interestRateSeries.schema),
  },
  'instruments.interestRates.create': {
    method: 'POST',
    path: '/api/v3/instruments/:id/interest-rates',
    body: seriesCreate(series.interestRates),
    response: created(interestRateSeries.schema),
  },
  'instruments.interestRates.delete': { method: 'DELETE', path: '/api/v3/interest-rates/:id', response: noContent },
  'instruments.prices.list': { method: 'GET', path: '/api/v3/instruments/:id/prices', ...list(priceSeries.schema) },
  'instruments.prices.create': {
    method: 'POST',
    path: '/api/v3/instruments/:id/prices',
    body: seriesCreate(series.prices),
    response: created(priceSeries.schema),
  },
  'instruments.prices.update': {
    method: 'PATCH',
    path: '/api/v3/prices/:id',
    body: patch(priceSeries.def.type, priceUpdateAttributes),
    response: noContent,
  },
  'instruments.prices.delete': { method: 'DELETE', path: '/api/v3/prices/:id', response: noContent },
  'instruments.indexFactors.list': {
    method: 'GET',
    path: '/api/v3/instruments/:id/index-factors',
    ...list(indexFactorSeries.schema),
  },
  'instruments.indexFactors.create': {
    method: 'POST',
    path: '/api/v3/instruments/:id/index-factors',
    body: seriesCreate(series.indexFactors),
    response: created(indexFactorSeries.schema),
  },
  'instruments.indexFactors.delete': { method: 'DELETE', path: '/api/v3/index-factors/:id', response: noContent },
  'instruments.netAssetValues.list': {
    method: 'GET',
    path: '/api/v3/instruments/:id/net-asset-values',
    ...list(netAssetValueSeries.schema),
  },
  'instruments.netAssetValues.create': {
    method: 'POST',
    path: '/api/v3/instruments/:id/net-asset-values',
    body: doc(netAssetValueSeries.def.type, netAssetValueSeries.create),
    response: created(netAssetValueSeries.schema),
  },
  'instruments.netAssetValues.delete': {
    method: 'DELETE',
    path: '/api/v3/net-asset-values/:navId',
    response: noContent,
  },
  'assets.interestRates.list': {
    method: 'GET',
    path: '/api/v2/assets/:id/interest-rates',
    ...list(interestRateSeries.schema),
  },
  'assets.interestRates.create': {
    method: 'POST',
    path: '/api/v2/assets/:id/interest-rates',
    body: seriesCreate(series.interestRates),
    response: created(interestRateSeries.schema),
  },
  'assets.interestRates.delete': { method: 'DELETE', path: '/api/v2/interest-rates/:id', response: noContent },
  'assets.prices.list': { method: 'GET', path: '/api/v2/assets/:id/prices', ...list(priceSeries.schema) },
  'assets.prices.create': {
    method: 'POST',
    path: '/api/v2/assets/:id/prices',
    body: seriesCreate(series.prices),
    response: created(priceSeries.schema),
  },
  'assets.prices.update': {
    method: 'PATCH',
    path: '/api/v2/prices/:id',
    body: patch(priceSeries.def.type, priceUpdateAttributes),
    response: noContent,
  },
  'assets.prices.delete': { method: 'DELETE', path: '/api/v2/prices/:id', response: noContent },
  'assets.indexFactors.list': {
    method: 'GET',
    path: '/api/v2/assets/:id/index-factors',
    ...list(indexFactorSeries.schema),
  },
  'assets.indexFactors.create': {
    method: 'POST',
    path: '/api/v2/assets/:id/index-factors',
    body: seriesCreate(series.indexFactors),
    response: created(indexFactorSeries.schema),
  },
  'assets.indexFactors.delete': { method: 'DELETE', path: '/api/v2/index-factors/:id', response: noContent },
  'instrumentClasses.retrieve': {
    method: 'GET',
    path: '/api/v3/instrument-classes/:id',
    response: ok(instrumentClasses.classSchema),
  },
  'instrumentClasses.retrieveDetailed': {
    method: 'GET',
    path: '/api/v3/instrument-classes-detailed/:id',
    response: ok(instrumentClasses.detailedSchema),
  },
  'assetClasses.retrieve': {
    method: 'GET',
    path: '/api/v2/asset-classes/:id',
    response: ok(assetClasses.classSchema),
  },
  'assetClasses.retrieveDetailed': {
    method: 'GET',
    path: '/api/v2/asset-classes-detailed/:id',
    response: ok(assetClasses.detailedSchema),
  },
  'holdings.list': {
    method: 'GET',
    path: '/api/v2/holdings/reporting-entities/:id',
    query: holdingsParams,
    response: { status: 200, resource: holdingSchema, included: assetSchema },
    pagination: 'compound',
  },
  'assetHoldings.list': {
    method: 'GET',
    path: '/api/v2/asset-holdings/reporting-entities/:id',
    query: assetHoldingsParams,
    response: { status: 200, resource: assetHoldingSchema, included: assetSchema },
    pagination: 'compound',
  },
  'clients.legalEntities.list': {
    method: 'GET',
    path: '/api/v2/clients/:id/legal-entities',
    ...list(legalEntitySchema),
  },
  'clients.legalEntities.create': {
    method: 'POST',
    path: '/api/v2/clients/:id/legal-entities',
    body: doc(legalEntityDef.type, legalEntityCreateAttributes, legalEntityDef.relationships),
    response: created(legalEntitySchema),
  },
  'legalEntities.retrieve': {
    method: 'GET',
    path: '/api/v2/legal-entities/:id',
    response: ok(legalEntitySchema),
  },
  'legalEntities.update': {
    method: 'PATCH',
    path: '/api/v2/legal-entities/:id',
    body: patch(legalEntityDef.type, legalEntityUpdateAttributes, legalEntityDef.relationships),
    response: noContent,
  },
  'legalEntities.delete': { method: 'DELETE', path: '/api/v2/legal-entities/:id', response: noContent },
  'legalEntities.accounts.list': {
    method: 'GET',
    path: '/api/v2/legal-entities/:id/accounts',
    ...list(accountSchema),
  },
  'legalEntities.accounts.create': {
    method: 'POST',
    path: '/api/v2/legal-entities/:id/accounts',
    body: doc(accountDef.type, accountCreateAttributes, accountDef.relationships),
    response: created(accountSchema),
  },
  'legalEntities.depositories.list': {
    method: 'GET',
    path: '/api/v2/legal-entities/:id/depositories',
    ...list(depositorySchema),
  },
  'legalEntities.depositories.create': {
    method: 'POST',
    path: '/api/v2/legal-entities/:id/depositories',
    body: doc(depositoryDef.type, depositoryCreateAttributes, depositoryDef.relationships),
    response: created(depositorySchema),
  },
  'accounts.retrieve': { method: 'GET', path: '/api/v2/accounts/:id', response: ok(accountSchema) },
  'accounts.update': {
    method: 'PATCH',
    path: '/api/v2/accounts/:id',
    body: patch(accountDef.type, accountUpdateAttributes, accountDef.relationships),
    response: noContent,
  },
  'accounts.delete': { method: 'DELETE', path: '/api/v2/accounts/:id', response: noContent },
  'depositories.retrieve': {
    method: 'GET',
    path: '/api/v2/depositories/:id',
    response: ok(depositorySchema),
  },
  'depositories.update': {
    method: 'PATCH',
    path: '/api/v2/depositories/:id',
    body: patch(depositoryDef.type, depositoryUpdateAttributes, depositoryDef.relationships),
    response: noContent,
  },
  'depositories.delete': { method: 'DELETE', path: '/api/v2/depositories/:id', response: noContent },
  'clients.users.create': {
    method: 'POST',
    path: '/api/v2/clients/:id/users',
    body: doc(userDef.type, userCreateAttributes, userDef.relationships),
    response: created(userSchema),
  },
  'clients.users.list': { method: 'GET', path: '/api/v2/clients/:id/users', ...list(userSchema) },
  'users.retrieve': { method: 'GET', path: '/api/v2/users/:id', response: ok(userSchema) },
  'users.update': {
    method: 'PATCH',
    path: '/api/v2/users/:id',
    // Answered with the full user (200), not 204; the readable reporting entities can change too.
    body: patch(userDef.type, userUpdateAttributes, userDef.relationships, ['readAccessToReportingEntities']),
    response: ok(userSchema),
  },
  'users.delete': { method: 'DELETE', path: '/api/v2/users/:id', response: noContent },
  'users.invites.create': {
    method: 'POST',
    path: '/api/v2/users/:id/invites',
    body: doc(inviteDef.type, inviteCreateAttributes, inviteDef.relationships),
    response: created(inviteSchema),
  },
  'users.invites.list': { method: 'GET', path: '/api/v2/users/:id/invites', ...list(inviteSchema) },
  'users.invites.cancel': {
    method: 'POST',
    path: '/api/v2/users/:userId/invites/:inviteId/cancellation',
    body: doc('invite-cancellation', undefined),
    response: noContent,
  },
  'custodians.list': { method: 'GET', path: '/api/v2/custodians', ...list(custodianSchema) },
  'legalEntities.custodianAuthorities.list': {
    method: 'GET',
    path: '/api/v2/legal-entities/:legalEntityId/custodian-authorities',
    ...list(custodianAuthoritySchema),
  },
  'legalEntities.custodianAuthorities.create': {
    method: 'POST',
    path: '/api/v2/legal-entities/:legalEntityId/custodian-authorities',
    // No body: the auth flow to follow goes in the query.
    query: authorityCreateQuery,
    response: created(custodianAuthoritySchema),
  },
  'custodianAuthorities.retrieve': {
    method: 'GET',
    path: '/api/v2/custodian-authorities/:id',
    response: ok(custodianAuthoritySchema),
  },
  'custodianAuthorities.files.upload': {
    method: 'POST',
    path: '/api/v2/custodian-authorities/:id/files',
    body: { kind: 'multipart', part: 'file' },
    query: uploadQuery,
    response: created(custodianAuthorityFileSchema),
  },
  'custodianAuthorities.files.list': {
    method: 'GET',
    path: '/api/v2/custodian-authorities/:id/files',
    ...list(custodianAuthorityFileSchema),
  },
  'custodianAuthorities.consent': {
    method: 'POST',
    path: '/api/v2/custodian-authorities/:id/consent',
    body: { kind: 'data', data: consentInput },
    response: noContent,
  },
  'custodianAuthorities.link': {
    method: 'POST',
    path: '/api/v2/custodian-authorities/:id/link',
    query: linkQuery,
    response: noContent,
  },
  'custodianAuthorities.revoke': {
    method: 'POST',
    path: '/api/v2/custodian-authorities/:id/revoke',
    response: ok(revokeResultSchema),
  },
  'transactions.list': {
    method: 'GET',
    path: '/api/v2/transactions',
    query: transactionListQuery,
    ...list(transactionSchema),
  },
  'transactions.create': {
    method: 'POST',
    path: '/api/v2/transactions',
    body: kindsBody(TRANSACTION_KINDS, transactionCreateSchemas, 'transaction', {
      'fx-forward-cash-settlement':
        'FX forward cash settlement transactions cannot be created: the service creates them when the forward settles',
      'fx-forward-physical-delivery':
        'FX forward physical delivery transactions cannot be created: the service creates them when the forward settles',
      loan: 'loan transactions cannot be created: the service creates them with the loan instrument (one at the agreement date, one at maturity)',
    }),
    response: created(transactionSchema),
  },
  'transactions.delete': { method: 'DELETE', path: '/api/v2/transactions/:id', response: noContent },
  'limits.retrieve': { method: 'GET', path: '/api/v2/limits/:id', response: ok(limitSchema) },
  'limits.create': {
    method: 'POST',
    path: '/api/v2/limits',
    body: doc(limitDef.type, limitCreateAttributes, limitDef.relationships),
    response: created(limitSchema),
  },
  'clients.limits.list': { method: 'GET', path: '/api/v2/clients/:id/limits', ...list(limitSchema) },
  'limits.delete': { method: 'DELETE', path: '/api/v2/limits/:id', response: noContent },
  'limits.status': {
    method: 'GET',
    path: '/api/v2/limits/:id/status',
    query: limitStatusQuery,
    response: ok(limitStatusSchema),
  },
  'clients.limits.status': {
    method: 'GET',
    path: '/api/v2/clients/:id/limits-status',
    query: limitStatusQuery,
    ...list(limitStatusSchema),
  },
  'webhooks.keys': {
    method: 'GET',
    path: WEBHOOK_KEYS_PATH,
    response: { status: 200, json: webhookKeys },
    plainJson: true,
  },
  'clients.list': { method: 'GET', path: '/api/v2/clients', ...list(genericResource) },
  'clients.retrieve': { method: 'GET', path: '/api/v2/clients/:id', response: ok(genericResource) },
  'clients.create': {
    method: 'POST',
    path: '/api/v2/clients',
    body: generic('client'),
    response: created(genericResource),
  },
  'clients.update': {
    method: 'PATCH',
    path: '/api/v2/clients/:id',
    body: generic('client', true),
    response: noContent,
  },
  'clients.delete': { method: 'DELETE', path: '/api/v2/clients/:id', response: noContent },
  'clients.reportingEntities.list': {
    method: 'GET',
    path: '/api/v2/clients/:id/reporting-entities',
    ...list(genericResource),
  },
  'clients.reportingEntities.create': {
    method: 'POST',
    path: '/api/v2/clients/:id/reporting-entities',
    body: generic('reporting-entity'),
    response: created(genericResource),
  },
  'reportingEntities.retrieve': {
    method: 'GET',
    path: '/api/v2/reporting-entities/:id',
    response: ok(genericResource),
  },
  'reportingEntities.update': {
    method: 'PATCH',
    path: '/api/v2/reporting-entities/:id',
    body: generic('reporting-entity', true),
    response: noContent,
  },
  'reportingEntities.delete': { method: 'DELETE', path: '/api/v2/reporting-entities/:id', response: noContent },
  'reportingEntities.portfolios.list': {
    method: 'GET',
    path: '/api/v2/reporting-entities/:id/portfolios',
    ...list(genericResource),
  },
  'reportingEntities.portfolios.create': {
    method: 'POST',
    path: '/api/v2/reporting-entities/:id/portfolios',
    body: generic('portfolio'),
    response: created(genericResource),
  },
  'portfolios.retrieve': { method: 'GET', path: '/api/v2/portfolios/:id', response: ok(genericResource) },
  'portfolios.update': {
    method: 'PATCH',
    path: '/api/v2/portfolios/:id',
    body: generic('portfolio', true),
    response: noContent,
  },
  'portfolios.delete': { method: 'DELETE', path: '/api/v2/portfolios/:id', response: noContent },
  'performance.retrieve': {
    method: 'GET',
    path: '/api/v2/performance/reporting-entities/:id',
    response: ok(performanceData),
  },
  'custodianHoldings.list': {
    method: 'GET',
    path: '/api/v2/custodian-holdings/legal-entities/:id',
    ...list(genericResource),
  },
  'clients.portfolios.list': {
    method: 'GET',
    path: '/api/v2/clients/:id/portfolios',
    ...list(genericResource),
    deprecated: true,
  },
} as const satisfies Record<string, Endpoint>;

/** The endpoint table's type: each row's literal method and path, by SDK method id. */
export type Endpoints = typeof endpoints;
/** An SDK method id, e.g. `'assets.retrieve'` or `'instruments.prices.create'`. */
export type EndpointId = keyof Endpoints;

/** The row of an SDK method id. @example endpoint('assets.retrieve').path // '/api/v2/assets/:id' */
export function endpoint<K extends EndpointId>(id: K): Endpoints[K] {
  const row = (endpoints as Record<string, Endpoint>)[id];
  if (!row || !Object.hasOwn(endpoints, id)) throw new Error(`no endpoint ${String(id)} in the endpoint table`);
  return row as Endpoints[K];
}

/** True when `id` names a row of the table. */
export function isEndpointId(id: string): id is EndpointId {
  return Object.hasOwn(endpoints, id);
}

/** Every row with its id, in the order of the service's list. */
export function endpointRows(): (Endpoint & { id: EndpointId })[] {
  return Object.entries(endpoints).map(([id, row]) => ({ ...(row as Endpoint), id: id as EndpointId }));
}

/**
 * The schema of a row's whole successful answer: the JSON:API document around its resource (one, or a page),
 * or its plain JSON; `undefined` for a 204. Built on first use.
 */
export function responseBody(row: Endpoint): Schema | undefined {
  const { response } = row;
  if (response.status === 204) return undefined;
  if ('json' in response) return response.json;
  return row.pagination ? collection(response.resource, response.included) : single(response.resource);
}

export { bodySchema };
