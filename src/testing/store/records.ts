/**
 * What the mock keeps, one flat record per resource. Relationships between records are ids; the route
 * modules render them as JSON:API resources. Tests read and seed these through `mock.store`.
 */

/** A JSON:API resource identifier. */
export interface Ident {
  type: string;
  id: string;
}
/** JSON:API relationships as sent by a caller and echoed back (instruments, transactions). */
export type Relationships = Record<string, { data: Ident | Ident[] | null }>;

/** Resources whose fields the reference does not show keep whatever attributes they were given. */
export interface ClientRecord {
  id: string;
  attributes: Record<string, unknown>;
}
export interface ReportingEntityRecord {
  id: string;
  clientId: string;
  /** `ccyCode` here sets the currency of aggregated holdings (default `EUR`). */
  attributes: Record<string, unknown>;
}
export interface PortfolioRecord {
  id: string;
  reportingEntityId: string;
  attributes: Record<string, unknown>;
}
export interface LegalEntityRecord {
  id: string;
  clientId: string;
  name: string;
}
export interface AccountRecord {
  id: string;
  legalEntityId: string;
  name?: string;
  externalIdentifier: string;
  ccyCode: string;
  excludeFromReporting: boolean;
  /** Linked depositories (many-to-many; the first is the deprecated `depository`). */
  depositoryIds: string[];
}
export interface DepositoryRecord {
  id: string;
  legalEntityId: string;
  name?: string;
  externalIdentifier: string;
}
export interface UserRecord {
  id: string;
  clientId: string;
  firstName: string;
  lastName: string;
  contactEmail: string;
  readAccessToReportingEntities: string[];
}
export type InviteState = 'valid' | 'used' | 'expired' | 'cancelled';
export interface InviteRecord {
  id: string;
  userId: string;
  state: InviteState;
  link: string;
  restrictedToIdentityProvider: '' | 'apple' | 'google' | 'microsoft';
  restrictedToEmail: string;
  /** ISO date-time. */
  expiration: string;
}
export interface CustodianRecord {
  id: string;
  identifier: string;
  name: string;
  country: string;
}
export interface AuthFlowRecord {
  /** A slug, e.g. `nordbank-v2`. */
  id: string;
  custodianId: string;
  expectedFiles: string[];
  /** Set on an outdated flow: the flow to use instead (creating with an outdated flow is a 400). */
  supersededBy?: string;
}
export type CustodianAuthorityStatus =
  | 'waiting-for-files'
  | 'waiting-for-consent'
  | 'awaiting-operator'
  | 'awaiting-custodian'
  | 'active'
  | 'revoke-in-progress'
  | 'revoked'
  | 'cancelled';
export interface LinkedDepository {
  depositoryNumber: string;
  depositoryId: string | null;
  status: 'in-progress' | 'active';
}
export interface LinkedAccount {
  accountNumber: string;
  accountId: string | null;
  status: 'in-progress' | 'active';
}
export interface Consent {
  consentType: 'all' | 'specific';
  legalEntityIdentifier: string;
  depositoryNumbers: string[];
  accountNumbers: string[];
}
export interface CustodianAuthorityRecord {
  id: string;
  legalEntityId: string;
  custodianId: string;
  custodianAuthFlowId: string;
  status: CustodianAuthorityStatus;
  pendingFiles: string[];
  linkedDepositories: LinkedDepository[];
  linkedAccounts: LinkedAccount[];
  /** Set when the consent was accepted. */
  consent?: Consent;
}
export interface AuthorityFileRecord {
  id: string;
  custodianAuthorityId: string;
  name: string;
  filename: string;
  /** `sha2-256:<hex>` over the uploaded bytes. */
  hash: string;
  uploadedAt: string;
  size: number;
}
/** Instrument kinds, as in `<kind>-instrument` (v3) and `<kind>-asset` (v2). */
export type InstrumentKind =
  | 'bond'
  | 'fee'
  | 'fx-forward-cash-settlement'
  | 'fx-forward-physical-delivery'
  | 'index-linked-bond'
  | 'loan'
  | 'mutual-fund'
  | 'private-market-fund-commitment-based'
  | 'refund'
  | 'stock'
  | 'zero-coupon-bond'
  | 'other';
export interface InstrumentRecord {
  id: string;
  kind: InstrumentKind;
  attributes: Record<string, unknown>;
  relationships: Relationships;
  /** The class and detailed class used by holdings expansion and limit conditions (defaults by kind). */
  instrumentClassId?: string;
  detailedInstrumentClassId?: string;
  /** Owner for `GET /instruments/:reportingEntityId/private-instruments`, besides seeded positions. */
  reportingEntityId?: string;
}
export interface CommitmentRecord {
  id: string;
  instrumentId: string;
  date: string;
  value: number;
}
export type Provider = 'client' | 'operator';
export interface SeriesRecord {
  id: string;
  instrumentId: string;
  date: string;
  value: number;
  provider: Provider;
}
export interface NetAssetValueRecord {
  id: string;
  instrumentId: string;
  officialDate: string;
  effectiveDate: string;
  value: number;
  /** The price entry created with it, removed with it. */
  priceId: string;
}
export interface ClassRecord {
  id: string;
  name: string;
}
export interface DetailedClassRecord {
  id: string;
  name: string;
  instrumentClassId: string;
}
/**
 * A holding the reporting is computed from: `units` of an instrument in a portfolio of a reporting
 * entity (optionally on a depository), held from `fromDate` (inclusive) to `toDate` (inclusive) when set.
 */
export interface PositionRecord {
  id: string;
  reportingEntityId: string;
  portfolioId: string;
  depositoryId?: string;
  instrumentId: string;
  units: number;
  fromDate?: string;
  toDate?: string;
}
export interface TransactionRecord {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Relationships;
}
export interface LimitRecord {
  id: string;
  clientId: string;
  parentLimitId?: string;
  name: string;
  ccyCode: string;
  startDate: string;
  limitFilter: unknown;
  limitType: { type: string; values?: { min?: number | null; max?: number | null } };
}
export interface CustodianHoldingRecord {
  id: string;
  legalEntityId: string;
  attributes: Record<string, unknown>;
}
