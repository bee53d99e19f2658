/**
 * `prs.reportingEntities`: reporting entities (generic resources) and their portfolios.
 * Reporting entities are created under their client (`prs.clients.reportingEntities`).
 */
import type { API } from '../core/api.js';
import { GenericChildren, GenericItems } from './generic.js';

/** `prs.reportingEntities`: retrieve, update, delete; `portfolios` lists and creates their portfolios. */
export class ReportingEntities extends GenericItems {
  /** Portfolios of a reporting entity. */
  readonly portfolios: GenericChildren;

  constructor(api: API) {
    super(api, 'reportingEntities');
    this.portfolios = new GenericChildren(api, 'reportingEntities.portfolios', 'reportingEntityId');
  }
}

/** `prs.portfolios`: retrieve, update, delete one portfolio (generic resource). */
export function portfoliosOf(api: API): GenericItems {
  return new GenericItems(api, 'portfolios');
}
