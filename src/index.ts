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
