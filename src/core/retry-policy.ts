/**
 * The retry policy of API.md in numbers, shared by the transport (which hands them to ky) and the bulk
 * runner (which re-attempts whole items by the same rule).
 */

/** Statuses retried: 429 for every method, the others for idempotent ones only. */
export const RETRY_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];
/** A `Retry-After` longer than this is cut to it: a script should not sleep for an hour unasked. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The longest wait before the first retry without `Retry-After`; it doubles with each retry (full jitter). */
export const BACKOFF_MS = 300;

/**
 * The wait a `Retry-After` header asks for, in ms (seconds or an HTTP date), at most `MAX_RETRY_AFTER_MS`;
 * undefined when absent or unreadable. The bulk runner's reading; the transport's is ky's, which reads the
 * same two forms.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const header = headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** Exponential backoff with full jitter: `random × min(max, initial × 2^(retry − 1))` before retry `retry` (1, 2, …). */
export function backoffMs(
  retry: number,
  initial = BACKOFF_MS,
  max = Number.POSITIVE_INFINITY,
  random: () => number = Math.random,
): number {
  return random() * Math.min(max, initial * 2 ** (retry - 1));
}
