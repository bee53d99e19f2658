/**
 * What a failed attempt of a bulk item means, read from the SDK's errors: rate limited (never processed,
 * always safe to send again), not sent (no connection was made: safe to send again), transient (a 5xx, 408, timeout or lost connection: perhaps processed), a
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

export type Failure = 'rate-limited' | 'not-sent' | 'transient' | 'conflict' | 'final';

/**
 * Codes of a connection that was never made, so no byte of the request left: refused, no such host (or no
 * answer from DNS), no route, no local address, no socket (too many open files), the connect step timing out.
 * A reset or a timeout after connecting is not among them: the request may have been written.
 */
const NOT_SENT_CODES = new Set(
  'ECONNREFUSED ENOTFOUND EAI_AGAIN ENETUNREACH EHOSTUNREACH EADDRNOTAVAIL EMFILE ENFILE UND_ERR_CONNECT_TIMEOUT'.split(
    ' ',
  ),
);

/** Whether a connection failure proves the request never left: a code above, or fetch's own "bad port" refusal. */
export function neverSent(error: unknown): boolean {
  // A timeout (\`APIConnectionTimeoutError\`) carries no cause: it may come after the request was written.
  if (!(error instanceof APIConnectionError)) return false;
  for (let e: unknown = error.cause, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true;
    // fetch refuses a port browsers block (e.g. 9, 25) before connecting; undici's error has no code.
    if (e.message === 'bad port') return true;
  }
  return false;
}

/** Statuses after which the service may or may not have done the work: the transport's retry statuses but 429. */
const TRANSIENT_STATUSES = new Set(RETRY_STATUSES.filter((s) => s !== 429));
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);

export function failureOf(error: unknown): Failure {
  if (error instanceof RateLimitError) return 'rate-limited';
  if (error instanceof ConflictError) return 'conflict';
  if (error instanceof APIError) return TRANSIENT_STATUSES.has(error.status) ? 'transient' : 'final';
  // A timeout is an `APIConnectionError` too; the caller's own abort is not transient.
  if (error instanceof APIConnectionError && !(error instanceof APIUserAbortError))
    return neverSent(error) ? 'not-sent' : 'transient';
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
