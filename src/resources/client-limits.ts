import { type API, segment } from '../core/api.js';
import type { ListPromise } from '../core/api-promise.js';
import { validateInput } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import {
  type Limit,
  type LimitStatus,
  type LimitStatusParams,
  limitSchema,
  limitStatusQuery,
  limitStatusSchema,
} from '../schemas/limits.js';

const BASE = '/api/v2/clients';

/** A client's investment limits (`/api/v2/clients/:id/limits…`). */
export class ClientLimits {
  constructor(private readonly api: API) {}

  /**
   * Lists the client's limits.
   * @example
   * const limits = await prs.clients.limits.list(clientId);
   */
  list(clientId: string, options?: RequestOptions): ListPromise<Limit> {
    return this.api.list(
      () => ({ path: `${BASE}/${segment('clients.limits.list', 'clientId', clientId)}/limits` }),
      limitSchema,
      options,
    );
  }

  /**
   * The status of every limit of the client on a date.
   * @example
   * const breached = (await prs.clients.limits.status(clientId, { date: '2024-06-30' })).filter((s) => s.attributes.isBreached);
   */
  status(clientId: string, query: LimitStatusParams, options?: RequestOptions): ListPromise<LimitStatus> {
    const what = 'clients.limits.status';
    const target = () => ({
      path: `${BASE}/${segment(what, 'clientId', clientId)}/limits-status`,
      query: validateInput(what, limitStatusQuery, query),
    });
    return this.api.list(target, limitStatusSchema, options);
  }
}
