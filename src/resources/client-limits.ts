import type { API } from '../core/api.js';
import type { ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions } from '../core/transport.js';
import type { Limit, LimitStatus } from '../schemas/kind-types.generated.js';
import type { LimitStatusParams } from '../schemas/limits.js';

/** A client's investment limits (`/api/v2/clients/:id/limits…`). */
export class ClientLimits {
  constructor(private readonly api: API) {}

  /**
   * Lists the client's limits.
   * @example
   * const limits = await prs.clients.limits.list(clientId);
   */
  list(clientId: string, options?: ListRequestOptions): ListPromise<Limit> {
    return this.api.list('clients.limits.list', { path: { clientId } }, options);
  }

  /**
   * The status of every limit of the client on a date.
   * @example
   * const breached = (await prs.clients.limits.status(clientId, { date: '2024-06-30' })).filter((s) => s.attributes.isBreached);
   */
  status(clientId: string, query: LimitStatusParams, options?: ListRequestOptions): ListPromise<LimitStatus> {
    return this.api.list('clients.limits.status', { path: { clientId }, query }, options);
  }
}
