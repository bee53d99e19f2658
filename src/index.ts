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
