import type { API } from '../core/api.js';
import type { ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions } from '../core/transport.js';
import type { Custodian } from '../schemas/kind-types.generated.js';

/** Custodians: the banks the operator can obtain data access from. The reference marks these endpoints "not yet available". */
export class Custodians {
  constructor(private readonly api: API) {}

  /**
   * Lists the custodians; a custodian's `identifier` is the consent's `custodianIdentifier`.
   * @example
   * const custodians = await prs.custodians.list();
   */
  list(options?: ListRequestOptions): ListPromise<Custodian> {
    return this.api.list('custodians.list', {}, options);
  }
}
