/**
 * What a failed attempt of a bulk item means, read from the SDK's errors: rate limited (never processed,
 * always safe to send again), transient (a 5xx, 408, timeout or lost connection: perhaps processed), a
 * conflict (something is in the way: perhaps an earlier attempt of the same item), or final.
 */
import {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  ConflictError,
  NotFoundError,
  RateLimitError,
} from '../core/errors.js';
import { backoffMs, RETRY_STATUSES } from '../core/retry-policy.js';

export type Failure = 'rate-limited' | 'transient' | 'conflict' | 'final';

/** Statuses after which the service may or may not have done the work: the transport's retry statuses but 429. */
const TRANSIENT_STATUSES = new Set(RETRY_STATUSES.filter((s) => s !== 429));
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);

export function failureOf(error: unknown): Failure {
  if (error instanceof RateLimitError) return 'rate-limited';
  if (error instanceof ConflictError) return 'conflict';
  if (error instanceof APIError) return TRANSIENT_STATUSES.has(error.status) ? 'transient' : 'final';
  // A timeout is an `APIConnectionError` too; the caller's own abort is not transient.
  if (error instanceof APIConnectionError && !(error instanceof APIUserAbortError)) return 'transient';
  return 'final';
}

/** True when the failed call is one that may be repeated whatever happened (GET, PUT, PATCH, DELETE). */
export function isIdempotentCall(error: unknown): boolean {
  return error instanceof APIError && IDEMPOTENT_METHODS.has(error.method);
}

/** A DELETE sent again after a transient failure that finds nothing: the earlier attempt deleted it (as the transport rules). */
export function isRepeatedDeleteOfGone(error: unknown): boolean {
  return error instanceof NotFoundError && error.method === 'DELETE';
}

/** Exponential backoff with full jitter, the transport's own: `random × min(max, initial × 2^(retry − 1))`. */
export { backoffMs };
