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
export type { ClientOptions, RequestOptions } from './core/transport.js';
export type { Accounts, AccountUpdateInput } from './resources/accounts.js';
export type { Asset, AssetCreateInput } from './resources/assets.js';
export type { Children, Items } from './resources/calls.js';
export type { AssetClasses, Classes, InstrumentClasses } from './resources/classes.js';
export type { ClientPortfolios, Clients } from './resources/clients.js';
export { consentFiles, type WaitForStatusOptions } from './resources/custodian-authorities.js';
export type { FileUploadInput, UploadSource } from './resources/custodian-authority-files.js';
export type { Depositories, DepositoryUpdateInput } from './resources/depositories.js';
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
export type { Instrument, InstrumentCreateInput } from './resources/instruments.js';
export type {
  AccountCreateInput,
  ClientLegalEntities,
  DepositoryCreateInput,
  LegalEntities,
  LegalEntityAccounts,
  LegalEntityCreateInput,
  LegalEntityDepositories,
  LegalEntityUpdateInput,
} from './resources/legal-entities.js';
export type { LimitCreateInput } from './resources/limits.js';
export type { CustodianHoldings, Performance, PerformanceData } from './resources/reporting.js';
export type { ReportingEntities } from './resources/reporting-entities.js';
export type { PriceSeries, SeriesCreateInput, TimeSeries } from './resources/time-series.js';
export type { Transaction, TransactionCreateInput } from './resources/transactions.js';
export type {
  ClientUsers,
  InviteCreateInput,
  UserCreateInput,
  UserInvites,
  Users,
  UserUpdateInput,
} from './resources/users.js';
export type { ClientWebhookVerifierOptions, Webhooks } from './resources/webhooks.js';
export type { AssetClass, AssetClassDetailed, InstrumentClass, InstrumentClassDetailed } from './schemas/classes.js';
export type {
  ConsentFile,
  ConsentInput,
  Custodian,
  CustodianAuthority,
  CustodianAuthorityCreateQuery,
  CustodianAuthorityFile,
  CustodianAuthorityStatus,
  LinkQuery,
  RevokeResult,
} from './schemas/custodians.js';
export type { AssetHolding, Holding, HoldingExpansion } from './schemas/holdings.js';
export type {
  AssetOf,
  CreatableInstrumentKind,
  InstrumentCreateAttributes,
  InstrumentKind,
  InstrumentOf,
  KnownAsset,
  KnownInstrument,
} from './schemas/instruments.js';
export type { UnknownKind, UnknownObject, UnknownResource } from './schemas/kinds.js';
export type {
  Account,
  AccountCreateAttributes,
  AccountUpdateAttributes,
  Depository,
  DepositoryCreateAttributes,
  DepositoryUpdateAttributes,
  LegalEntity,
  LegalEntityCreateAttributes,
  LegalEntityUpdateAttributes,
} from './schemas/legal-structure.js';
export type {
  Limit,
  LimitCondition,
  LimitConditionInput,
  LimitConditionType,
  LimitCreateAttributes,
  LimitFilter,
  LimitFilterInput,
  LimitStatus,
  LimitType,
  LimitTypeInput,
} from './schemas/limits.js';
export { limitFilter, limitType } from './schemas/limits.js';
export {
  attributesOf,
  type GenericResource,
  type ResourceIdentifier,
  type ToMany,
  type ToOne,
} from './schemas/resource.js';
export type {
  IndexFactor,
  IndexFactorCreateAttributes,
  InterestRate,
  InterestRateCreateAttributes,
  NetAssetValue,
  NetAssetValueCreateAttributes,
  Price,
  PriceCreateAttributes,
  PriceUpdateAttributes,
} from './schemas/time-series.js';
export type {
  CreatableTransactionKind,
  KnownTransaction,
  TransactionCreateAttributes,
  TransactionKind,
  TransactionListQuery,
  TransactionOf,
} from './schemas/transactions.js';
export type {
  IdentityProvider,
  Invite,
  InviteCreateAttributes,
  User,
  UserCreateAttributes,
  UserUpdateAttributes,
} from './schemas/users.js';
export {
  type CalculatedDataCreatedEvent,
  type UnknownWebhookEvent,
  type WebhookBody,
  type WebhookEvent,
  type WebhookHeaders,
  type WebhookKey,
  type WebhookKeys,
  WebhookVerificationError,
  type WebhookVerificationReason,
  type WebhookVerifier,
  type WebhookVerifierOptions,
} from './webhooks/index.js';
