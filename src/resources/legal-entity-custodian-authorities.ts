import { type API, segment } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import { validateInput } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import {
  authorityCreateQuery,
  type CustodianAuthority,
  type CustodianAuthorityCreateParams,
  custodianAuthoritySchema,
} from '../schemas/custodians.js';

const path = (what: string, legalEntityId: string) =>
  `/api/v2/legal-entities/${segment(what, 'legalEntityId', legalEntityId)}/custodian-authorities`;

/** A legal entity's custodian authorities (`/api/v2/legal-entities/:id/custodian-authorities`). */
export class LegalEntityCustodianAuthorities {
  constructor(private readonly api: API) {}

  /**
   * Lists the legal entity's custodian authorities.
   * @example
   * const authorities = await prs.legalEntities.custodianAuthorities.list(legalEntityId);
   */
  list(legalEntityId: string, options?: RequestOptions): ListPromise<CustodianAuthority> {
    return this.api.list(
      () => ({ path: path('legalEntities.custodianAuthorities.list', legalEntityId) }),
      custodianAuthoritySchema,
      options,
    );
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
  ): APIPromise<CustodianAuthority> {
    const what = 'legalEntities.custodianAuthorities.create';
    const target = () => ({ path: path(what, legalEntityId), query: validateInput(what, authorityCreateQuery, query) });
    return this.api.create(target, custodianAuthoritySchema, options);
  }
}
