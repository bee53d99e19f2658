/**
 * `prs.reportingEntities`: reporting entities (generic resources) and their portfolios.
 * Reporting entities are created under their client (`prs.clients.reportingEntities`).
 */
import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { GenericInput } from '../core/jsonapi.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { GenericResource } from '../schemas/generic.js';
import { GenericChildren, GenericItems } from './generic.js';

/** `prs.reportingEntities.portfolios`: list and create the portfolios of a reporting entity (generic resources). */
export interface ReportingEntityPortfolios extends GenericChildren {
  /**
   * Lists the portfolios of a reporting entity, every page followed; `options.query` is sent as given.
   * @example
   * const portfolios = await prs.reportingEntities.portfolios.list(reportingEntityId);
   */
  list(reportingEntityId: string, options?: ListRequestOptions): ListPromise<GenericResource>;
  /**
   * Creates a portfolio of a reporting entity from `{ attributes, relationships? }` (sent as given; relationships as
   * `{ type, id }`).
   * @example
   * const portfolio = await prs.reportingEntities.portfolios.create(reportingEntityId, { attributes: { name: 'Growth' } });
   */
  create(
    reportingEntityId: string,
    input: GenericInput,
    options?: RequestOptions,
  ): APIPromise<GenericResource, { created: boolean }>;
}

// The interface gives the inherited methods their own names and examples in an editor; the class implements them.
export interface ReportingEntities {
  /**
   * Retrieves a reporting entity by id (a generic resource).
   * @example
   * const entity = await prs.reportingEntities.retrieve(reportingEntityId);
   */
  retrieve(reportingEntityId: string, options?: RequestOptions): APIPromise<GenericResource>;
  /**
   * Changes a reporting entity (PATCH, answered with 204): sends `{ data: { id, type, attributes, relationships? } }`
   * as given.
   * @example
   * await prs.reportingEntities.update(reportingEntityId, { attributes: { name: 'Family office' } });
   */
  update(reportingEntityId: string, input: GenericInput, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes a reporting entity (204).
   * @example
   * await prs.reportingEntities.delete(reportingEntityId);
   */
  delete(reportingEntityId: string, options?: RequestOptions): APIPromise<void>;
}
/** `prs.reportingEntities`: retrieve, update, delete; `portfolios` lists and creates their portfolios. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface declares only what the base class implements
export class ReportingEntities extends GenericItems {
  /** Portfolios of a reporting entity. */
  readonly portfolios: ReportingEntityPortfolios;

  constructor(api: API) {
    super(api, 'reportingEntities');
    this.portfolios = new GenericChildren(api, 'reportingEntities.portfolios', 'reportingEntityId');
  }
}

/** `prs.portfolios`: retrieve, update, delete one portfolio (generic resource); created under a reporting entity. */
export interface Portfolios extends GenericItems {
  /**
   * Retrieves a portfolio by id (a generic resource).
   * @example
   * const portfolio = await prs.portfolios.retrieve(portfolioId);
   */
  retrieve(portfolioId: string, options?: RequestOptions): APIPromise<GenericResource>;
  /**
   * Changes a portfolio (PATCH, answered with 204): sends `{ data: { id, type, attributes, relationships? } }` as given.
   * @example
   * await prs.portfolios.update(portfolioId, { attributes: { name: 'Growth' } });
   */
  update(portfolioId: string, input: GenericInput, options?: RequestOptions): APIPromise<void>;
  /**
   * Deletes a portfolio (204).
   * @example
   * await prs.portfolios.delete(portfolioId);
   */
  delete(portfolioId: string, options?: RequestOptions): APIPromise<void>;
}

/** Builds `prs.portfolios` (wiring used by the client). */
export function portfoliosOf(api: API): Portfolios {
  return new GenericItems(api, 'portfolios');
}
