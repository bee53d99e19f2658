/**
 * `portfolio-reporting`: the typed client of the Portfolio Reporting Service (`PortfolioReporting`), its
 * errors, and the types of every resource it reads and writes.
 * @module
 */
import { PortfolioReporting } from './client.js';

export { PortfolioReporting };
export default PortfolioReporting;
export type { RawRequest } from './client.js';
export type { ClientOptions, RequestOptions } from './core/transport.js';
export type { Logger, LogLevel } from './core/logger.js';
export { APIPromise, ListPromise, type WithResponse, type Page } from './core/api-promise.js';
export {
  PortfolioReportingError,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ValidationError,
  ResponseValidationError,
  WaitForStatusError,
  type CallSite,
  type ServiceErrorEntry,
  type ValidationIssue,
} from './core/errors.js';
export type { RelationshipInput } from './core/jsonapi.js';
export type { ResourceIdentifier, ToOne, ToMany, GenericResource } from './schemas/resource.js';
export type { UnknownKind, UnknownResource } from './schemas/kinds.js';
export type {
  InstrumentKind,
  CreatableInstrumentKind,
  KnownInstrument,
  KnownAsset,
  InstrumentOf,
  AssetOf,
  InstrumentCreateAttributes,
} from './schemas/instruments.js';
export type { Instrument, InstrumentCreateInput } from './resources/instruments.js';
export type { Asset, AssetCreateInput } from './resources/assets.js';
export type {
  TransactionKind,
  CreatableTransactionKind,
  KnownTransaction,
  TransactionOf,
  TransactionCreateAttributes,
  TransactionListQuery,
} from './schemas/transactions.js';
export type { Transaction, TransactionCreateInput } from './resources/transactions.js';
export { limitFilter, limitType } from './schemas/limits.js';
export type {
  Limit,
  LimitStatus,
  LimitCreateAttributes,
  LimitFilter,
  LimitFilterInput,
  LimitCondition,
  LimitConditionInput,
  LimitConditionType,
  LimitType,
  LimitTypeInput,
} from './schemas/limits.js';
export type { LimitCreateInput } from './resources/limits.js';
export type {
  Custodian,
  CustodianAuthority,
  CustodianAuthorityStatus,
  CustodianAuthorityFile,
  CustodianAuthorityCreateQuery,
  ConsentFile,
  ConsentInput,
  LinkQuery,
  RevokeResult,
} from './schemas/custodians.js';
export { consentFiles, type WaitForStatusOptions } from './resources/custodian-authorities.js';
export type { FileUploadInput, UploadSource } from './resources/custodian-authority-files.js';
export type { UnknownObject } from './schemas/kinds.js';
export type { Webhooks, ClientWebhookVerifierOptions } from './resources/webhooks.js';
export {
  WebhookVerificationError,
  type WebhookVerifier,
  type WebhookVerifierOptions,
  type WebhookVerificationReason,
  type WebhookEvent,
  type CalculatedDataCreatedEvent,
  type UnknownWebhookEvent,
  type WebhookBody,
  type WebhookHeaders,
  type WebhookKey,
  type WebhookKeys,
} from './webhooks/index.js';
export type { TimeSeries, PriceSeries, SeriesCreateInput } from './resources/time-series.js';
export type { Bulk, BulkResources, BulkRunOptions, BulkTransactionOptions, SeriesItem } from './bulk/bulk.js';
export type { BulkCallContext, BulkFailure, BulkOptions, BulkProgress, BulkResult, BulkSuccess, CallPolicy } from './bulk/runner.js';
export type {
  InterestRate,
  Price,
  IndexFactor,
  NetAssetValue,
  InterestRateCreateAttributes,
  PriceCreateAttributes,
  IndexFactorCreateAttributes,
  NetAssetValueCreateAttributes,
  PriceUpdateAttributes,
} from './schemas/time-series.js';
export type { Classes, InstrumentClasses, AssetClasses } from './resources/classes.js';
export type { InstrumentClass, InstrumentClassDetailed, AssetClass, AssetClassDetailed } from './schemas/classes.js';
export {
  holdingAsset,
  type Holdings,
  type AssetHoldings,
  type HoldingsResult,
  type HoldingsListParams,
  type AssetHoldingsListParams,
  type CurrentHoldingExpansion,
} from './resources/holdings.js';
export type { Holding, AssetHolding, HoldingExpansion } from './schemas/holdings.js';
export type {
  LegalEntities,
  LegalEntityAccounts,
  LegalEntityDepositories,
  ClientLegalEntities,
  LegalEntityCreateInput,
  LegalEntityUpdateInput,
  AccountCreateInput,
  DepositoryCreateInput,
} from './resources/legal-entities.js';
export type { Accounts, AccountUpdateInput } from './resources/accounts.js';
export type { Depositories, DepositoryUpdateInput } from './resources/depositories.js';
export type {
  LegalEntity,
  Account,
  Depository,
  LegalEntityCreateAttributes,
  AccountCreateAttributes,
  DepositoryCreateAttributes,
  LegalEntityUpdateAttributes,
  AccountUpdateAttributes,
  DepositoryUpdateAttributes,
} from './schemas/legal-structure.js';
export type { Users, UserInvites, ClientUsers, UserCreateInput, UserUpdateInput, InviteCreateInput } from './resources/users.js';
export type { User, Invite, IdentityProvider, UserCreateAttributes, UserUpdateAttributes, InviteCreateAttributes } from './schemas/users.js';
export type { Items, Children } from './resources/calls.js';
export type { GenericItems, GenericChildren, GenericInput, GenericRelationshipInput, QueryParams } from './resources/generic.js';
export type { Clients, ClientPortfolios } from './resources/clients.js';
export type { ReportingEntities } from './resources/reporting-entities.js';
export type { Performance, CustodianHoldings, PerformanceData } from './resources/reporting.js';
