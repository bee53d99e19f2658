import type { API } from '../core/api.js';
import { LegalEntityCustodianAuthorities } from './legal-entity-custodian-authorities.js';

/**
 * Legal entities (`/api/v2/legal-entities`). This class holds only the custodian authorities so far; the
 * legal entity endpoints themselves live beside them once added.
 */
export class LegalEntities {
  /** The legal entity's custodian authorities: list, and start a new one. */
  readonly custodianAuthorities: LegalEntityCustodianAuthorities;
  constructor(api: API) {
    this.custodianAuthorities = new LegalEntityCustodianAuthorities(api);
  }
}
