import type { API } from '../core/api.js';
import { ClientLimits } from './client-limits.js';

/**
 * Clients (`/api/v2/clients`). This class holds only the client's limits so far; the client endpoints
 * themselves live beside them once added.
 */
export class Clients {
  /** The client's investment limits and their status. */
  readonly limits: ClientLimits;
  constructor(api: API) {
    this.limits = new ClientLimits(api);
  }
}
