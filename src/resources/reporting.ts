/**
 * Calculated data whose shapes the reference does not show: `prs.performance` per reporting entity and
 * `prs.custodianHoldings` per legal entity. Both decode as generic resources.
 */
import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { GenericResource } from '../schemas/generic.js';

/** What `performance.retrieve` resolves to: the `data` member as sent, one resource or a list (the shape is not shown). */
export type PerformanceData = GenericResource | GenericResource[];

/** `prs.performance`: performance of a reporting entity. */
export class Performance {
  constructor(private readonly api: API) {}

  /**
   * Retrieves the performance of a reporting entity; `options.query` (e.g. a date range) is sent as given.
   * Resolves to the `data` member: one generic resource or a list of them.
   * @example
   * const performance = await prs.performance.retrieve(reportingEntityId, { query: { fromDate: '2024-01-01', toDate: '2024-12-31' } });
   */
  retrieve(reportingEntityId: string, options?: RequestOptions): APIPromise<PerformanceData> {
    return this.api.call('performance.retrieve', { path: { reportingEntityId } }, options);
  }
}

/** `prs.custodianHoldings`: holdings as reported by custodians, per legal entity. */
export class CustodianHoldings {
  constructor(private readonly api: API) {}

  /**
   * Lists the custodian holdings of a legal entity, every page followed; `options.query` is sent as given.
   * @example
   * const holdings = await prs.custodianHoldings.list(legalEntityId);
   */
  list(legalEntityId: string, options?: ListRequestOptions): ListPromise<GenericResource> {
    return this.api.list('custodianHoldings.list', { path: { legalEntityId } }, options);
  }
}
