import { API } from './core/api.js';
import type { APIPromise } from './core/api-promise.js';
import { extraArguments } from './core/arity.js';
import { refuseExtraArguments } from './core/checked-methods.js';
import { type ClientOptions, type RequestOptions, Transport, type TransportRequest } from './core/transport.js';
import { type Accounts, accountsOf } from './resources/accounts.js';
import { Assets } from './resources/assets.js';
import { type AssetClasses, assetClassesOf, type InstrumentClasses, instrumentClassesOf } from './resources/classes.js';
import { Clients } from './resources/clients.js';
import { CustodianAuthorities } from './resources/custodian-authorities.js';
import { Custodians } from './resources/custodians.js';
import { type Depositories, depositoriesOf } from './resources/depositories.js';
import { AssetHoldings, Holdings } from './resources/holdings.js';
import { Instruments } from './resources/instruments.js';
import { LegalEntities } from './resources/legal-entities.js';
import { Limits } from './resources/limits.js';
import { CustodianHoldings, Performance } from './resources/reporting.js';
import { type Portfolios, portfoliosOf, ReportingEntities } from './resources/reporting-entities.js';
import { Transactions } from './resources/transactions.js';
import { Users } from './resources/users.js';
import { Webhooks } from './resources/webhooks.js';

/** The input of `prs.request()`: any endpoint, same auth, retries, errors. */
export interface RawRequest {
  /** The HTTP method: `GET`, `POST`, `PATCH`, `PUT` or `DELETE`. */
  method: TransportRequest['method'];
  /** Path with its version prefix, e.g. `/api/v2/clients`. */
  path: string;
  /** Query parameters; those set to undefined are left out. */
  query?: TransportRequest['query'];
  /** A JSON body (sent with the JSON:API media type) or FormData. */
  body?: unknown;
}

/**
 * The Portfolio Reporting Service client.
 * @example
 * const prs = new PortfolioReporting({ baseUrl: 'https://reporting.example.com', accessToken: process.env.TOKEN });
 * const instrument = await prs.instruments.retrieve(id);
 */
export class PortfolioReporting {
  /** Accounts (`/api/v2/accounts/:id`); created under `legalEntities.accounts`. */
  readonly accounts: Accounts;
  /** Asset classes and detailed asset classes (`/api/v2/asset-classes`). */
  readonly assetClasses: AssetClasses;
  /** Asset holdings of a reporting entity (`/api/v2/asset-holdings`). */
  readonly assetHoldings: AssetHoldings;
  /** Assets: the v2 name of instruments (`/api/v2/assets`), with their time series. */
  readonly assets: Assets;
  /** Clients and what they own: legal entities, users, reporting entities, limits (`/api/v2/clients`). */
  readonly clients: Clients;
  /** Custodian authorities (`/api/v2/custodian-authorities`): files, consent, link, revoke, waiting on status. */
  readonly custodianAuthorities: CustodianAuthorities;
  /** Holdings reported by custodians, per legal entity (`/api/v2/custodian-holdings`). */
  readonly custodianHoldings: CustodianHoldings;
  /** Custodians (`/api/v2/custodians`). */
  readonly custodians: Custodians;
  /** Depositories (`/api/v2/depositories/:id`); created under `legalEntities.depositories`. */
  readonly depositories: Depositories;
  /** Holdings of a reporting entity per date (`/api/v2/holdings`). */
  readonly holdings: Holdings;
  /** Instrument classes and detailed instrument classes (`/api/v3/instrument-classes`). */
  readonly instrumentClasses: InstrumentClasses;
  /** Instruments (`/api/v3/instruments`), with their time series. */
  readonly instruments: Instruments;
  /** Legal entities, their accounts, depositories and custodian authorities (`/api/v2/legal-entities`). */
  readonly legalEntities: LegalEntities;
  /** Investment limits (`/api/v2/limits`). */
  readonly limits: Limits;
  /** Performance of a reporting entity (`/api/v2/performance`). */
  readonly performance: Performance;
  /** Portfolios (`/api/v2/portfolios/:id`); created under `reportingEntities.portfolios`. */
  readonly portfolios: Portfolios;
  /** Reporting entities and their portfolios (`/api/v2/reporting-entities`). */
  readonly reportingEntities: ReportingEntities;
  /** Transactions (`/api/v2/transactions`). */
  readonly transactions: Transactions;
  /** Users and their invites (`/api/v2/users`); created under `clients.users`. */
  readonly users: Users;
  /** Webhook keys (`/v2/webhooks/keys`) and verification of deliveries. */
  readonly webhooks: Webhooks;
  /** @internal the shared calls every resource is made of */
  readonly _api: API;

  constructor(options: ClientOptions = {}) {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    extraArguments('new PortfolioReporting()', arguments, 1, '');
    const api = new API(new Transport(options));
    this._api = api;
    this.accounts = accountsOf(api);
    this.assetClasses = assetClassesOf(api);
    this.assetHoldings = new AssetHoldings(api);
    this.assets = new Assets(api);
    this.clients = new Clients(api);
    this.custodianAuthorities = new CustodianAuthorities(api);
    this.custodianHoldings = new CustodianHoldings(api);
    this.custodians = new Custodians(api);
    this.depositories = depositoriesOf(api);
    this.holdings = new Holdings(api);
    this.instrumentClasses = instrumentClassesOf(api);
    this.instruments = new Instruments(api);
    this.legalEntities = new LegalEntities(api);
    this.limits = new Limits(api);
    this.performance = new Performance(api);
    this.portfolios = portfoliosOf(api);
    this.reportingEntities = new ReportingEntities(api);
    this.transactions = new Transactions(api);
    this.users = new Users(api);
    this.webhooks = new Webhooks(api);
    refuseExtraArguments(this);
  }

  /** The base URL requests go to. @example console.log(prs.baseUrl) */
  get baseUrl(): string {
    return this._api.transport.baseUrl;
  }

  /**
   * Calls any endpoint through the same transport (auth, retries, errors); resolves to the parsed JSON body.
   * @example
   * const clients = await prs.request({ method: 'GET', path: '/api/v2/clients' });
   */
  request(req: RawRequest, options?: RequestOptions): APIPromise<unknown> {
    // biome-ignore lint/complexity/noArguments: how many were given, checked with the request (nothing past `options`)
    return this._api.raw(req, options, 'prs.request', arguments.length > 2 ? [...arguments] : undefined);
  }
}
