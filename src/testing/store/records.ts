/**
 * What the mock keeps, one flat record per resource. Relationships between records are ids; the route
 * modules render them as JSON:API resources. Tests read and seed these through `mock.store`.
 */

/** A JSON:API resource identifier. */
export interface Ident {
  /** The JSON:API type, e.g. `account`. */
  type: string;
  /** The resource's id. */
  id: string;
}
/** JSON:API relationships as sent by a caller and echoed back (instruments, transactions). */
export type Relationships = Record<string, { data: Ident | Ident[] | null }>;

/** Resources whose fields the reference does not show keep whatever attributes they were given. */
export interface ClientRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The attributes as given, echoed back. */
  attributes: Record<string, unknown>;
}
/** A reporting entity (`mock.store.reportingEntities`): a client's unit of reporting, owning portfolios. */
export interface ReportingEntityRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The client it belongs to. */
  clientId: string;
  /** `ccyCode` here sets the currency of aggregated holdings (default `EUR`). */
  attributes: Record<string, unknown>;
}
/** A portfolio (`mock.store.portfolios`) of a reporting entity; positions are held in portfolios. */
export interface PortfolioRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The reporting entity that owns it. */
  reportingEntityId: string;
  /** The attributes as given, echoed back. */
  attributes: Record<string, unknown>;
}
/** A legal entity (`mock.store.legalEntities`) of a client: owns accounts, depositories and custodian authorities. */
export interface LegalEntityRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The client it belongs to. */
  clientId: string;
  /** Its name (the only attribute that can change). */
  name: string;
}
/** An account (`mock.store.accounts`) of a legal entity. */
export interface AccountRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The legal entity that owns it. */
  legalEntityId: string;
  /** An optional display name. */
  name?: string;
  /** The account's number at the bank (what a custodian authority links by). */
  externalIdentifier: string;
  /** ISO 4217 currency, e.g. `EUR`. */
  ccyCode: string;
  /** Fixed at creation; an excluded account refuses some transaction kinds. */
  excludeFromReporting: boolean;
  /** Linked depositories (many-to-many; the first is the deprecated `depository`). */
  depositoryIds: string[];
}
/** A depository (`mock.store.depositories`) of a legal entity; its accounts are in `AccountRecord.depositoryIds`. */
export interface DepositoryRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The legal entity that owns it. */
  legalEntityId: string;
  /** An optional display name. */
  name?: string;
  /** The depository's number at the bank (what a custodian authority links by). */
  externalIdentifier: string;
}
/** A user (`mock.store.users`) of the end-user web application. */
export interface UserRecord {
  /** The id; the mock makes a UUID. */
  id: string;
  /** The client the user belongs to (grants no access by itself). */
  clientId: string;
  /** Given name. */
  firstName: string;
  /** Family name. */
  lastName: string;
  /** Where invites are sent; also an invite's default `restrictedToEmail`. */
  contactEmail: string;
  /** Ids of the reporting entities the user may read. */
  readAccessToReportingEntities: string[];
}
/** The state of an invite: `valid` until the user connects (`used`), it expires, or it is cancelled. */
export type InviteState = 'valid' | 'used' | 'expired' | 'cancelled';
/** An invite (`mock.store.invites`): a link that connects an identity provider to a user. */
export interface InviteRecord {
  /** The id; the mock makes a UUID. */
  id: string;
  /** The user invited. */
  userId: string;
  /** As stored; a `valid` invite past `expiration` reads as `expired`. */
  state: InviteState;
  /** `<inviteBaseUrl>/-/invite/<token>`. */
  link: string;
  /** The only identity provider the invite accepts; `''` for any. */
  restrictedToIdentityProvider: '' | 'apple' | 'google' | 'microsoft';
  /** The only e-mail address the invite accepts (default: the user's `contactEmail`). */
  restrictedToEmail: string;
  /** ISO date-time. */
  expiration: string;
}
/** A custodian (`mock.store.custodians`): a bank that reports holdings once authorised. */
export interface CustodianRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The slug a consent's `custodianIdentifier` names, e.g. `nordbank`. */
  identifier: string;
  /** Display name. */
  name: string;
  /** ISO 3166-1 alpha-2 country, e.g. `SE`. */
  country: string;
}
/** A custodian auth flow (`mock.store.authFlows`): the files a custodian requires for an authority. */
export interface AuthFlowRecord {
  /** A slug, e.g. `nordbank-v2`. */
  id: string;
  /** The custodian the flow is for. */
  custodianId: string;
  /** The file roles (`name`s) an authority following this flow must upload. */
  expectedFiles: string[];
  /** Set on an outdated flow: the flow to use instead (creating with an outdated flow is a 400). */
  supersededBy?: string;
}
/** A custodian authority status, in the order of the documented flow. */
export type CustodianAuthorityStatus =
  | 'waiting-for-files'
  | 'waiting-for-consent'
  | 'awaiting-operator'
  | 'awaiting-custodian'
  | 'active'
  | 'revoke-in-progress'
  | 'revoked'
  | 'cancelled';
/** A depository number a consent names, and the depository it became once the authority is active. */
export interface LinkedDepository {
  /** The number at the custodian. */
  depositoryNumber: string;
  /** The matching depository; null while `in-progress`. */
  depositoryId: string | null;
  /** `active` once the authority is. */
  status: 'in-progress' | 'active';
}
/** An account number a consent names, and the account it became once the authority is active. */
export interface LinkedAccount {
  /** The number at the custodian. */
  accountNumber: string;
  /** The matching account; null while `in-progress`. */
  accountId: string | null;
  /** `active` once the authority is. */
  status: 'in-progress' | 'active';
}
/** The consent an authority accepted: its scope and the numbers it covers. */
export interface Consent {
  /** `all` covers every number at the custodian, `specific` those listed. */
  consentType: 'all' | 'specific';
  /** The legal entity's identifier as the consent gave it. */
  legalEntityIdentifier: string;
  /** The depository numbers named (empty for `all`). */
  depositoryNumbers: string[];
  /** The account numbers named (empty for `all`). */
  accountNumbers: string[];
}
/**
 * A custodian authority (`mock.store.custodianAuthorities`); `advance()` makes the operator's and custodian's moves.
 */
export interface CustodianAuthorityRecord {
  /** The id; the mock makes a UUID. */
  id: string;
  /** The legal entity it authorises data access for. */
  legalEntityId: string;
  /** The custodian, taken from the auth flow. */
  custodianId: string;
  /** The auth flow it follows. */
  custodianAuthFlowId: string;
  /** Where it is in the flow. */
  status: CustodianAuthorityStatus;
  /** The file roles still to upload (from the flow's `expectedFiles`). */
  pendingFiles: string[];
  /** The depositories named so far, by consent or `link`. */
  linkedDepositories: LinkedDepository[];
  /** The accounts named so far, by consent or `link`. */
  linkedAccounts: LinkedAccount[];
  /** Set when the consent was accepted. */
  consent?: Consent;
}
/** A file uploaded to a custodian authority (`mock.store.custodianAuthorityFiles`). */
export interface AuthorityFileRecord {
  /** The id; the mock makes a UUID. */
  id: string;
  /** The authority it was uploaded to. */
  custodianAuthorityId: string;
  /** The file's role: one of the flow's `expectedFiles`. */
  name: string;
  /** The original file name. */
  filename: string;
  /** `sha2-256:<hex>` over the uploaded bytes. */
  hash: string;
  /** ISO date-time of the upload (the mock's clock). */
  uploadedAt: string;
  /** Bytes received. */
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
/** An instrument (`mock.store.instruments`), served as `<kind>-instrument` under v3 and `<kind>-asset` under v2. */
export interface InstrumentRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** Its kind, e.g. `stock`. */
  kind: InstrumentKind;
  /** The attributes as created or seeded. */
  attributes: Record<string, unknown>;
  /** The relationships as created or seeded (e.g. a loan's `account`). */
  relationships: Relationships;
  /** The class and detailed class used by holdings expansion and limit conditions (defaults by kind). */
  instrumentClassId?: string;
  /** The detailed class (defaults by kind; its class is `instrumentClassId`). */
  detailedInstrumentClassId?: string;
  /** Owner for `GET /instruments/:reportingEntityId/private-instruments`, besides seeded positions. */
  reportingEntityId?: string;
}
/** A commitment (`mock.store.commitments`) to a private market fund: `value` committed on `date`. */
export interface CommitmentRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The fund instrument. */
  instrumentId: string;
  /** ISO date. */
  date: string;
  /** The amount committed, in the instrument currency. */
  value: number;
}
/** Who supplied a time-series value: `client` (through the interface) or `operator`. */
export type Provider = 'client' | 'operator';
/** One value of a price, interest-rate or index-factor series (`mock.store.prices` and so on). */
export interface SeriesRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The instrument the series belongs to. */
  instrumentId: string;
  /** ISO date from which the value applies. */
  date: string;
  /** The price, the rate as a decimal, or the factor. */
  value: number;
  /** Who supplied it (default `client`). */
  provider: Provider;
}
/** A net asset value (`mock.store.netAssetValues`), stored with the price entry it sets. */
export interface NetAssetValueRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The fund instrument. */
  instrumentId: string;
  /** ISO date of the valuation. */
  officialDate: string;
  /** ISO date from which it applies (default `officialDate`); the paired price is dated so. */
  effectiveDate: string;
  /** The net asset value, in the instrument currency. */
  value: number;
  /** The price entry it set: the one dated `effectiveDate`, created with it or taken over. */
  priceId: string;
}
/** An instrument class (`mock.store.instrumentClasses`), e.g. `Equities`. */
export interface ClassRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** Display name. */
  name: string;
}
/** A detailed instrument class (`mock.store.detailedInstrumentClasses`), e.g. `Listed equities`, within a class. */
export interface DetailedClassRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** Display name. */
  name: string;
  /** The class it refines. */
  instrumentClassId: string;
}
/**
 * A holding the reporting is computed from: `units` of an instrument in a portfolio of a reporting
 * entity (optionally on a depository), held from `fromDate` (inclusive) to `toDate` (inclusive) when set.
 */
export interface PositionRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The portfolio's reporting entity (set by `add`). */
  reportingEntityId: string;
  /** The portfolio holding it. */
  portfolioId: string;
  /** The depository it is kept on, if any. */
  depositoryId?: string;
  /** The instrument held. */
  instrumentId: string;
  /** How many units are held. */
  units: number;
  /** ISO date from which it is held (inclusive); unset: always. */
  fromDate?: string;
  /** ISO date until which it is held (inclusive); unset: still held. */
  toDate?: string;
}
/** A transaction (`mock.store.transactions`), kept as created or seeded. */
export interface TransactionRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The full JSON:API type, e.g. `dividend-transaction`. */
  type: string;
  /** The attributes as created or seeded. */
  attributes: Record<string, unknown>;
  /** The relationships as created or seeded (e.g. `account`, `asset`). */
  relationships: Relationships;
}
/** An investment limit (`mock.store.limits`) of a client. */
export interface LimitRecord {
  /** The id; the mock makes a UUID. */
  id: string;
  /** The client it belongs to. */
  clientId: string;
  /** The limit it is nested under, if any. */
  parentLimitId?: string;
  /** Display name. */
  name: string;
  /** ISO 4217 currency of absolute values. */
  ccyCode: string;
  /** ISO date from which it applies. */
  startDate: string;
  /** Which holdings it counts, as sent (a filter tree of conditions). */
  limitFilter: unknown;
  /** How it is measured (`absolute`, `proportional` or `limit-group`) and, for the first two, its `min` and `max`. */
  limitType: { type: string; values?: { min?: number | null; max?: number | null } };
}
/** A holding reported by a custodian for a legal entity (`mock.store.custodianHoldings`); its shape is not shown. */
export interface CustodianHoldingRecord {
  /** The id; the mock makes 24 hex digits. */
  id: string;
  /** The legal entity it is reported for. */
  legalEntityId: string;
  /** The attributes as seeded, echoed back. */
  attributes: Record<string, unknown>;
}
