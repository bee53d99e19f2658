/**
 * `portfolio-reporting`: the typed client of the Portfolio Reporting Service (`PortfolioReporting`), its
 * errors, and the types of every resource it reads and writes.
 * @module
 */
import { PortfolioReporting } from './client.js';

export { PortfolioReporting };
export default PortfolioReporting;
export type { RawRequest } from './client.js';
export { APIPromise, ListPromise, type Page, type WithResponse } from './core/api-promise.js';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  type CallSite,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PortfolioReportingError,
  RateLimitError,
  RedirectError,
  ResponseValidationError,
  type ServiceErrorEntry,
  UnprocessableEntityError,
  ValidationError,
  type ValidationIssue,
  WaitForStatusError,
} from './core/errors.js';
export type { RelationshipInput } from './core/jsonapi.js';
export type { Logger, LogLevel } from './core/logger.js';
export type { ClientOptions, ListRequestOptions, RequestOptions } from './core/transport.js';
export type {
  Accounts,
  AccountUpdateInput,
  AccountUpdateParams,
} from './resources/accounts.js';
export type {
  Asset,
  AssetCreateInput,
  AssetCreateParams,
} from './resources/assets.js';
export type { Children, Items } from './resources/calls.js';
export type { AssetClasses, Classes, InstrumentClasses } from './resources/classes.js';
export type { ClientPortfolios, ClientReportingEntities, Clients } from './resources/clients.js';
export { consentFiles, type WaitForStatusOptions } from './resources/custodian-authorities.js';
export type {
  FileUploadInput,
  FileUploadParams,
  UploadSource,
} from './resources/custodian-authority-files.js';
export type {
  Depositories,
  DepositoryUpdateInput,
  DepositoryUpdateParams,
} from './resources/depositories.js';
export type {
  GenericChildren,
  GenericInput,
  GenericItems,
  GenericRelationshipInput,
} from './resources/generic.js';
export {
  type AssetHoldings,
  type AssetHoldingsListParams,
  type CurrentHoldingExpansion,
  type Holdings,
  type HoldingsListParams,
  type HoldingsResult,
  holdingAsset,
} from './resources/holdings.js';
export type {
  Instrument,
  InstrumentCreateInput,
  InstrumentCreateParams,
} from './resources/instruments.js';
export type {
  AccountCreateInput,
  AccountCreateParams,
  AccountCreateRelationships,
  ClientLegalEntities,
  DepositoryCreateInput,
  DepositoryCreateParams,
  DepositoryCreateRelationships,
  LegalEntities,
  LegalEntityAccounts,
  LegalEntityCreateInput,
  LegalEntityCreateParams,
  LegalEntityDepositories,
  LegalEntityUpdateInput,
  LegalEntityUpdateParams,
} from './resources/legal-entities.js';
export type {
  LimitCreateInput,
  LimitCreateParams,
  LimitCreateRelationships,
} from './resources/limits.js';
export type { CustodianHoldings, Performance, PerformanceData } from './resources/reporting.js';
export type { Portfolios, ReportingEntities, ReportingEntityPortfolios } from './resources/reporting-entities.js';
export type {
  AssetIndexFactors,
  AssetInterestRates,
  AssetPrices,
  IndexFactorCreateParams,
  InstrumentIndexFactors,
  InstrumentInterestRates,
  InstrumentNetAssetValues,
  InstrumentPrices,
  InterestRateCreateParams,
  NetAssetValueCreateParams,
  PriceCreateParams,
  PriceSeries,
  PriceUpdateParams,
  SeriesCreateInput,
  SeriesCreateParams,
  TimeSeries,
} from './resources/time-series.js';
export type {
  Transaction,
  TransactionCreateInput,
  TransactionCreateParams,
} from './resources/transactions.js';
export type {
  ClientUsers,
  InviteCreateInput,
  InviteCreateParams,
  UserCreateInput,
  UserCreateParams,
  UserCreateRelationships,
  UserInvites,
  Users,
  UserUpdateInput,
  UserUpdateParams,
  UserUpdateRelationships,
} from './resources/users.js';
export type { ClientWebhookVerifier, ClientWebhookVerifierOptions, Webhooks } from './resources/webhooks.js';
export { attributesOf } from './schemas/attributes-of.js';
export type {
  ConsentFile,
  ConsentInput,
  ConsentParams,
  CustodianAuthorityCreateParams,
  CustodianAuthorityCreateQuery,
  CustodianAuthorityStatus,
  LinkParams,
  LinkQuery,
  RevokeResult,
} from './schemas/custodians.js';
export type { HoldingExpansion } from './schemas/holdings.js';
export type {
  AssetOf,
  CreatableInstrumentKind,
  InstrumentCreateAttributes,
  InstrumentKind,
  InstrumentOf,
  KnownAsset,
  KnownInstrument,
} from './schemas/instruments.js';
// The named types of every kind (`BondInstrument`, `DividendTransactionCreateParams`, …), written from the kind tables,
// and of every other resource (`Account`, `AccountAttributes`, …), written from their response schemas.
export type * from './schemas/kind-types.generated.js';
export type { UnknownKind, UnknownObject, UnknownResource } from './schemas/kinds.js';
export type {
  AccountCreateAttributes,
  AccountUpdateAttributes,
  DepositoryCreateAttributes,
  DepositoryUpdateAttributes,
  LegalEntityCreateAttributes,
  LegalEntityUpdateAttributes,
} from './schemas/legal-structure.js';
export { limitFilter, limitType } from './schemas/limit-builders.js';
export type {
  LimitAndFilter,
  LimitAndFilterInput,
  LimitCondition,
  LimitConditionFilter,
  LimitConditionFilterInput,
  LimitConditionInput,
  LimitConditionType,
  LimitCreateAttributes,
  LimitFilter,
  LimitFilterInput,
  LimitOrFilter,
  LimitOrFilterInput,
  LimitStatusParams,
  LimitType,
  LimitTypeInput,
} from './schemas/limits.js';
export type { GenericResource, ResourceIdentifier, ToMany, ToOne } from './schemas/resource.js';
export type {
  IndexFactorCreateAttributes,
  InterestRateCreateAttributes,
  NetAssetValueCreateAttributes,
  PriceCreateAttributes,
  PriceUpdateAttributes,
} from './schemas/time-series.js';
export type {
  CreatableTransactionKind,
  KnownTransaction,
  TransactionCreateAttributes,
  TransactionKind,
  TransactionListByAccount,
  TransactionListByDepository,
  TransactionListFields,
  TransactionListParams,
  TransactionListQuery,
  TransactionOf,
} from './schemas/transactions.js';
export type {
  IdentityProvider,
  InviteCreateAttributes,
  UserCreateAttributes,
  UserUpdateAttributes,
} from './schemas/users.js';
// From the webhook modules themselves, not their entry: the verifier's code stays out of the client's first load
// (`prs.webhooks` imports it on the first verify).
export type { WebhookBody, WebhookHeaders } from './webhooks/delivery.js';
export { WebhookVerificationError, type WebhookVerificationReason } from './webhooks/errors.js';
export type { CalculatedDataCreatedEvent, UnknownWebhookEvent, WebhookEvent } from './webhooks/events.js';
export type { WebhookKey, WebhookKeys } from './webhooks/keys.js';
export type { WebhookVerifierOptions } from './webhooks/options.js';
export type { WebhookVerifier } from './webhooks/verifier.js';
