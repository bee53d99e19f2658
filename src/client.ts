import { API } from './core/api.js';
import type { APIPromise } from './core/api-promise.js';
import { type ClientOptions, type RequestOptions, Transport, type TransportRequest } from './core/transport.js';
import { Assets } from './resources/assets.js';
import { Clients } from './resources/clients.js';
import { CustodianAuthorities } from './resources/custodian-authorities.js';
import { Custodians } from './resources/custodians.js';
import { Instruments } from './resources/instruments.js';
import { LegalEntities } from './resources/legal-entities.js';
import { Limits } from './resources/limits.js';
import { Transactions } from './resources/transactions.js';
import { Webhooks } from './resources/webhooks.js';

/** The input of `prs.request()`: any endpoint, same auth, retries, errors. */
export interface RawRequest {
  method: TransportRequest['method'];
  /** Path with its version prefix, e.g. `/api/v2/clients`. */
  path: string;
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
  /** Assets: the v2 name of instruments (`/api/v2/assets`). */
  readonly assets: Assets;
  /** Instruments (`/api/v3/instruments`). */
  readonly instruments: Instruments;
  /** Clients (`/api/v2/clients`): their investment limits. */
  readonly clients: Clients;
  /** Custodians (`/api/v2/custodians`). */
  readonly custodians: Custodians;
  /** Custodian authorities (`/api/v2/custodian-authorities`): files, consent, link, revoke, waiting on status. */
  readonly custodianAuthorities: CustodianAuthorities;
  /** Legal entities (`/api/v2/legal-entities`): their custodian authorities. */
  readonly legalEntities: LegalEntities;
  /** Investment limits (`/api/v2/limits`). */
  readonly limits: Limits;
  /** Transactions (`/api/v2/transactions`). */
  readonly transactions: Transactions;
  /** Webhook keys (`/v2/webhooks/keys`) and verification of deliveries. */
  readonly webhooks: Webhooks;
  /** @internal the shared calls every resource is made of */
  readonly _api: API;

  constructor(options: ClientOptions = {}) {
    this._api = new API(new Transport(options));
    this.assets = new Assets(this._api);
    this.instruments = new Instruments(this._api);
    this.clients = new Clients(this._api);
    this.custodians = new Custodians(this._api);
    this.custodianAuthorities = new CustodianAuthorities(this._api);
    this.legalEntities = new LegalEntities(this._api);
    this.limits = new Limits(this._api);
    this.transactions = new Transactions(this._api);
    this.webhooks = new Webhooks(this._api);
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
    return this._api.raw({ ...req, options });
  }
}
