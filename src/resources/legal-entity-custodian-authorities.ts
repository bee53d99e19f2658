import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { CustodianAuthorityCreateParams } from '../schemas/custodians.js';
import type { CustodianAuthority } from '../schemas/kind-types.generated.js';

/** A legal entity's custodian authorities (endpoints the reference marks "not yet available"). */
export class LegalEntityCustodianAuthorities {
  constructor(private readonly api: API) {}

  /**
   * Lists the legal entity's custodian authorities.
   * @example
   * const authorities = await prs.legalEntities.custodianAuthorities.list(legalEntityId);
   */
  list(legalEntityId: string, options?: ListRequestOptions): ListPromise<CustodianAuthority> {
    return this.api.list('legalEntities.custodianAuthorities.list', { path: { legalEntityId } }, options);
  }

  /**
   * Starts an authorisation with a custodian, following an auth flow: the authority starts in
   * `waiting-for-files`, its `pendingFiles` naming the files to upload. The request has no body.
   * @example
   * const authority = await prs.legalEntities.custodianAuthorities.create(legalEntityId, { custodianAuthFlowId: 'ubs-ch-v2' });
   */
  create(
    legalEntityId: string,
    query: CustodianAuthorityCreateParams,
    options?: RequestOptions,
  ): APIPromise<CustodianAuthority, { created: boolean }> {
    return this.api.call('legalEntities.custodianAuthorities.create', { path: { legalEntityId }, query }, options);
  }
}
