/**
 * `prs.reportingEntities`: reporting entities (generic resources) and their portfolios.
 * Reporting entities are created under their client (`prs.clients.reportingEntities`).
 */
import type { API } from '../core/api.js';
import { GenericChildren, GenericItems } from './generic.js';

const BASE = '/api/v2/reporting-entities';

/** `prs.reportingEntities`: retrieve, update, delete; `portfolios` lists and creates their portfolios. */
export class ReportingEntities extends GenericItems {
  /** Portfolios of a reporting entity. */
  readonly portfolios: GenericChildren;

  constructor(api: API) {
    super(api, { label: 'reportingEntities', base: BASE, type: 'reporting-entity' });
    this.portfolios = new GenericChildren(api, {
      label: 'reportingEntities.portfolios',
      parent: BASE,
      parentId: 'reportingEntityId',
      child: 'portfolios',
      type: 'portfolio',
    });
  }
}

/** `prs.portfolios`: retrieve, update, delete one portfolio (generic resource). */
export function portfoliosOf(api: API): GenericItems {
  return new GenericItems(api, { label: 'portfolios', base: '/api/v2/portfolios', type: 'portfolio' });
}
