/**
 * The request options' names, on their own: the transport checks a call's options by them, and the codec (loaded on
 * the first call) tells an input that holds one where it goes; neither chunk takes the other's module for it.
 */

/** The keys of `ListRequestOptions` (`RequestOptions` and, last, `maxPages`), checked on every call. */
export const REQUEST_OPTION_KEYS: readonly string[] = [
  'signal',
  'timeout',
  'totalTimeout',
  'maxRetries',
  'headers',
  'query',
  'maxPages',
];
