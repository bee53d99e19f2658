/**
 * `portfolio-reporting/webhooks`: verify signed deliveries without the client. Web platform only
 * (WebCrypto, fetch): Node 22+, browsers, Deno, Bun, edge runtimes.
 * @module
 */

export { PortfolioReportingError } from '../core/error-base.js';
export type { WebhookBody, WebhookHeaders } from './delivery.js';
export { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';
export type { CalculatedDataCreatedEvent, UnknownWebhookEvent, WebhookEvent } from './events.js';
export type { WebhookKey, WebhookKeys } from './keys.js';
export { WebhookVerifier, type WebhookVerifierOptions } from './verifier.js';
