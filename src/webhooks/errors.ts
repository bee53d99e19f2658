import { branded, PortfolioReportingError } from '../core/error-base.js';

/**
 * Which check refused a delivery. Receivers usually answer 400 for all of them except
 * `keys_unavailable` (answer 503: the sender retries once the keys endpoint is back).
 */
export type WebhookVerificationReason =
  /** The body was not the raw string or bytes (a parsed object, say): a programming error of the receiver. */
  | 'invalid_body_type'
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or blank (or, from plain JavaScript, not text). */
  | 'missing_header'
  /** `webhook-timestamp` is not a whole number of seconds. */
  | 'invalid_timestamp'
  /** Older than `toleranceSeconds`: a replay, or a delivery that waited too long. */
  | 'timestamp_too_old'
  /** Newer than `toleranceSeconds`: a sender (or receiver) clock far off. */
  | 'timestamp_too_new'
  /**
   * `webhook-signature` is longer than 8,192 characters, holds more than 32 entries or gives more than 32 ECDSA
   * signatures: refused before any signature is checked, so that a header of hundreds of bogus entries costs nothing.
   */
  | 'signature_header_too_large'
  /** No entry of a version this verifier checks (only `v1` entries and no `secret`, say). */
  | 'unsupported_signature'
  /** Every entry of a checked version was malformed (not base64, a broken DER encoding, a wrong length). */
  | 'malformed_signature'
  /** The delivery names a key id that is not among the service's active keys, even after a refresh. */
  | 'unknown_key'
  /** No usable key is held: the key set could not be loaded (and none is cached), or lists no P-256 key. */
  | 'keys_unavailable'
  /** Well-formed signatures, none of which verifies with the keys (or secret) held. */
  | 'no_matching_signature'
  /** The signature is valid but the body is not UTF-8 JSON in the documented event shape. */
  | 'malformed_body';

/**
 * A webhook delivery was refused; `reason` says which check failed. Messages never contain the secret,
 * the signatures or the body.
 * @example
 * try { await verifier.verify(body, headers) } catch (e) {
 *   if (e instanceof WebhookVerificationError) res.writeHead(e.reason === 'keys_unavailable' ? 503 : 400).end();
 * }
 */
export class WebhookVerificationError extends PortfolioReportingError {
  override name = 'WebhookVerificationError';
  /** Which check failed, e.g. `no_matching_signature` or `keys_unavailable`. */
  readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string, options?: { cause?: unknown }) {
    super(`webhook verification failed (${reason}): ${message}`, options);
    this.reason = reason;
  }
}
branded(WebhookVerificationError, 'WebhookVerificationError');
