/**
 * `prs.clients`: clients (an undocumented shape, decoded as generic resources) and what hangs under a
 * client: legal entities, users, reporting entities, and the deprecated portfolios list.
 */

import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { GenericResource } from '../schemas/generic.js';
import { ClientLimits } from './client-limits.js';
import { GenericChildren, type GenericInput, GenericItems } from './generic.js';
import { type ClientLegalEntities, clientLegalEntities } from './legal-entities.js';
import { type ClientUsers, clientUsers } from './users.js';

/** `prs.clients.portfolios`: the deprecated client-level form of `prs.reportingEntities.portfolios`. */
export class ClientPortfolios {
  private readonly children: GenericChildren;
  constructor(private readonly api: API) {
    this.children = new GenericChildren(api, 'clients.portfolios', 'clientId');
  }

  /**
   * Lists a client's portfolios.
   * @deprecated The service deprecates `GET /clients/:id/portfolios`: use `prs.reportingEntities.portfolios.list(reportingEntityId)`.
   * @example
   * const portfolios = await prs.clients.portfolios.list(clientId); // logs a deprecation warning
   * // instead:
   * const sameKind = await prs.reportingEntities.portfolios.list(reportingEntityId);
   */
  list(clientId: string, options?: ListRequestOptions): ListPromise<GenericResource> {
    this.api.transport.logger.log(
      'warn',
      'clients.portfolios.list is deprecated by the service; use prs.reportingEntities.portfolios.list',
    );
    return this.children.list(clientId, options);
  }
}

/** `prs.clients.reportingEntities`: list and create the reporting entities of a client (generic resources). */
export interface ClientReportingEntities extends GenericChildren {
  /**
   * Lists the reporting entities of a client, every page followed; `options.query` is sent as given.
   * @example
   * const entities = await prs.clients.reportingEntities.list(clientId);
   */
  list(clientId: string, options?: ListRequestOptions): ListPromise<GenericResource>;
  /**
   * Creates a reporting entity of a client from `{ attributes, relationships? }` (sent as given; relationships as
   * `{ type, id }`).
   * @example
   * const entity = await prs.clients.reportingEntities.create(clientId, { attributes: { name: 'Family office' } });
   */
  create(
    clientId: string,
    input: GenericInput,
    options?: RequestOptions,
  ): APIPromise<GenericResource, { created: boolean }>;
}

// The interface gives the inherited methods their own names and examples in an editor; the class implements them.
export interface Clients {
  /**
   * Retrieves a client by id (a generic resource: its attributes are not shown by the reference).
   * @example
   * const client = await prs.clients.retrieve(clientId);
   */
  retrieve(clientId: string, options?: RequestOptions): APIPromise<GenericResource>;
  /**
   * Changes a client (PATCH, answered with 204): sends `{ data: { id, type, attributes, relationships? } }` as given.
   * @example
   * await prs.clients.update(clientId, { attributes: { name: 'Muster Family' } });
   */
  update(clientId: string, input: GenericInput, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes a client (204).
   * @example
   * await prs.clients.delete(clientId);
   */
  delete(clientId: string, options?: RequestOptions): APIPromise<void>;
}
/** `prs.clients`: list, retrieve, create, update and delete clients; their legal entities, users and reporting entities. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface declares only what the base class implements
export class Clients extends GenericItems {
  /** Legal entities of a client. */
  readonly legalEntities: ClientLegalEntities;
  /** Users of a client (the client relationship grants them no access by itself). */
  readonly users: ClientUsers;
  /** Reporting entities of a client. */
  readonly reportingEntities: ClientReportingEntities;
  /** Deprecated: a client's portfolios; use `prs.reportingEntities.portfolios`. */
  readonly portfolios: ClientPortfolios;
  /** The client's investment limits and their status. */
  readonly limits: ClientLimits;

  constructor(api: API) {
    super(api, 'clients');
    this.legalEntities = clientLegalEntities(api);
    this.users = clientUsers(api);
    this.reportingEntities = new GenericChildren(api, 'clients.reportingEntities', 'clientId');
    this.portfolios = new ClientPortfolios(api);
    this.limits = new ClientLimits(api);
  }

  /**
   * Lists clients, every page followed; `options.query` is sent as given.
   * @example
   * for await (const client of prs.clients.list()) console.log(client.id, client.attributes);
   */
  list(options?: ListRequestOptions): ListPromise<GenericResource> {
    return this.api.list('clients.list', {}, options);
  }

  /**
   * Creates a client from `{ attributes, relationships? }` (sent as a `client` document as given).
   * @example
   * const client = await prs.clients.create({ attributes: { name: 'Muster Family' } });
   */
  create(input: GenericInput, options?: RequestOptions): APIPromise<GenericResource, { created: boolean }> {
    return this.api.call('clients.create', { body: input }, options);
  }
}
