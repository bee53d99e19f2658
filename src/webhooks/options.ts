/**
 * The options of a webhook verifier, checked and resolved at once: `new WebhookVerifier(…)` and the client's
 * `prs.webhooks.verifier(…)` (which loads the verifier itself on first use) refuse the same values with the
 * same messages, before any delivery arrives.
 */
import { mustBe } from '../core/describe.js';
import { PortfolioReportingError } from '../core/error-base.js';
import { MANUAL_REDIRECTS, MAX_REDIRECTS, rememberSecret } from '../core/secrets.js';
import { checkKeys, checkSettings, tokenResultProblem } from '../core/settings.js';
import { ValidationError } from '../core/validation-error.js';
import { decodeBase64 } from './encoding.js';
import type { KeySetOptions } from './key-set.js';

/**
 * The options of `new WebhookVerifier(…)`: where the keys come from, the timestamp tolerance, an optional `whsec_`
 * secret, and key cache timings.
 */
export interface WebhookVerifierOptions {
  /** The service's origin; keys come from `{baseUrl}/v2/webhooks/keys`. Required unless `loadKeys` (then refused). */
  baseUrl?: string;
  /** A custom fetch for the keys request. Default: the global `fetch`. Refused with `loadKeys`. */
  fetch?: typeof fetch;
  /**
   * A bearer token (or a function returning one) for the keys request: the reference puts every endpoint
   * of its document behind the token. Leave it out where the keys are served publicly, and with `loadKeys`.
   */
  accessToken?: string | (() => string | Promise<string>);
  /**
   * Replaces the keys request: returns the `{ keys: [...] }` document (keys from configuration, say). `baseUrl`,
   * `fetch` and `accessToken`, which only serve that request, are refused with it.
   */
  loadKeys?: (signal: AbortSignal) => Promise<unknown>;
  /** How far `webhook-timestamp` may lie from now, in either direction, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** A `whsec_…` secret: `v1` (HMAC-SHA256) entries are then verified too. */
  secret?: string;
  /** Version tags of ECDSA P-256 entries. Default `['v1a']`; empty (`v1` entries alone) only with a `secret`. */
  versions?: readonly string[];
  /** ms before held keys are fetched again on next use. Default 600 000 (10 minutes). */
  keysMaxAge?: number;
  /** ms after a keys request (successful or not) before another may start. Default 30 000. */
  keysCooldown?: number;
  /** ms the keys request may take. Default 5 000. */
  keysTimeout?: number;
}

/** The symmetric Standard Webhooks version (HMAC-SHA256); `versions` names the asymmetric ones. */
export const SYMMETRIC_VERSION = 'v1';

/** The public keys' path below the base URL: the endpoint table's `webhooks.keys` row reads it from here. */
export const WEBHOOK_KEYS_PATH = '/v2/webhooks/keys';
export const VERIFIER_OPTION_KEYS = [
  'baseUrl',
  'fetch',
  'accessToken',
  'loadKeys',
  'toleranceSeconds',
  'secret',
  'versions',
  'keysMaxAge',
  'keysCooldown',
  'keysTimeout',
];

/** The verifier's settings, checked. */
export interface ResolvedVerifierOptions {
  /** Seconds `webhook-timestamp` may lie from now. */
  tolerance: number;
  versions: ReadonlySet<string>;
  secret: Uint8Array<ArrayBuffer> | undefined;
  keys: KeySetOptions;
}

/** The options `loadKeys` replaces: they only serve the keys request. */
const KEY_REQUEST_OPTIONS = ['baseUrl', 'fetch', 'accessToken'] as const;

/** Checks every option (a `ValidationError` prefixed with `what`, the call, naming it) and resolves the defaults. */
export function resolveVerifierOptions(
  // No options at all is refused as `{}` is: `baseUrl` is required.
  options: WebhookVerifierOptions = {},
  what = 'new WebhookVerifier()',
): ResolvedVerifierOptions {
  const refuse = (path: string, message: string): never => {
    throw new ValidationError(what, [{ path, message }], '');
  };
  checkKeys(what, options, VERIFIER_OPTION_KEYS, 'options', '');
  const { loadKeys, fetch, secret, keysMaxAge, keysCooldown, keysTimeout, toleranceSeconds = 300 } = options;
  // With `loadKeys` they would go unused (and unchecked): refused, so that none is taken for one in use.
  for (const key of loadKeys === undefined ? [] : KEY_REQUEST_OPTIONS)
    if (options[key] !== undefined) refuse(key, 'must be left out: loadKeys replaces it');
  // The settings it shares with the client are checked by the client's own rules and messages.
  checkSettings(
    what,
    {
      baseUrl: options.baseUrl,
      accessToken: options.accessToken,
      durations: { keysMaxAge, keysCooldown, keysTimeout },
    },
    loadKeys
      ? {}
      : {
          required: ['baseUrl'],
          hints: { baseUrl: 'the keys come from {baseUrl}/v2/webhooks/keys; or pass loadKeys' },
        },
  );
  if (fetch !== undefined && typeof fetch !== 'function') refuse('fetch', 'must be a fetch function');
  if (loadKeys !== undefined && typeof loadKeys !== 'function')
    refuse('loadKeys', mustBe('a function returning the keys', loadKeys));
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0)
    refuse('toleranceSeconds', mustBe('a finite number of seconds, 0 or more', toleranceSeconds));
  const tags: unknown = options.versions ?? ['v1a'];
  if (!Array.isArray(tags)) return refuse('versions', mustBe('an array of version tags', tags));
  // Without a secret, an empty list leaves nothing a delivery could be verified with.
  if (!tags.length && secret === undefined)
    refuse('versions', 'must not be empty without a `secret` (nothing could be verified)');
  for (const [i, tag] of tags.entries())
    if (typeof tag !== 'string' || !/^[\w.-]+$/.test(tag) || tag === SYMMETRIC_VERSION)
      refuse(
        `versions.${i}`,
        tag === SYMMETRIC_VERSION
          ? // `versions` names ECDSA entries only: `v1` here would never be checked as HMAC.
            'must be an ECDSA version tag (`v1` is the symmetric scheme: configure `secret`)'
          : mustBe('a version tag such as "v1a"', tag),
      );
  const { load, source } = keySource(options);
  return {
    tolerance: toleranceSeconds,
    versions: new Set<string>(tags),
    secret: secret === undefined ? undefined : parseSecret(secret, refuse),
    // The durations were checked by `checkSettings` above.
    keys: {
      load,
      source,
      maxAge: keysMaxAge ?? 600_000,
      cooldown: keysCooldown ?? 30_000,
      timeout: keysTimeout ?? 5_000,
    },
  };
}

function keySource(options: WebhookVerifierOptions): {
  load: (signal: AbortSignal) => Promise<unknown>;
  source: string;
} {
  if (options.loadKeys) return { load: options.loadKeys, source: 'loadKeys()' };
  // Checked by `checkSettings` in the constructor: an http(s) URL without credentials, query or fragment.
  const url = new URL((options.baseUrl as string).replace(/\/+$/, '') + WEBHOOK_KEYS_PATH);
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const token = options.accessToken;
  const source = `GET ${url.href}`;
  return {
    source,
    async load(signal) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token)
        headers.authorization = `Bearer ${sendable(typeof token === 'string' ? token : await token(), source)}`;
      // Where a redirect can be read, it is followed here, on the base URL's origin only: a fetch that followed it
      // might take the token to another origin. Elsewhere (a browser) fetch follows, and the final origin is checked.
      let target = url.href;
      let response: Response;
      for (let hops = 0; ; hops++) {
        response = await fetchImpl(target, {
          method: 'GET',
          headers,
          signal,
          redirect: MANUAL_REDIRECTS ? 'manual' : 'follow',
        });
        const location = response.status >= 300 && response.status < 400 && response.headers.get('location');
        if (!location || hops === MAX_REDIRECTS) break;
        target = URL.canParse(location, target) ? new URL(location, target).href : location;
        if (!target.startsWith(`${url.origin}/`)) break;
      }
      // Keys served by another origin would be trusted to sign events: never requested there, never used.
      const final = response.redirected && response.url ? response.url : target;
      const at = URL.canParse(final) ? new URL(final).origin : final;
      if (at !== url.origin)
        throw new PortfolioReportingError(
          `${source} was redirected to another origin (${at}); keys are read from ${url.origin} only (nothing was sent there)`,
        );
      if (!response.ok) throw new PortfolioReportingError(`${source} answered ${response.status}`);
      return response.json();
    },
  };
}

/**
 * The token as sent, remembered before any use so that no message shows it. A function's result is checked by
 * the rule of a static token: fetch would refuse it with an error quoting it, or send `Bearer undefined`.
 */
function sendable(token: unknown, source: string): string {
  if (typeof token === 'string') rememberSecret(token);
  const problem = tokenResultProblem(token);
  if (problem) throw new ValidationError(source, [{ path: 'accessToken', message: problem }]);
  return token as string;
}

function parseSecret(secret: unknown, refuse: (path: string, message: string) => never): Uint8Array<ArrayBuffer> {
  const key = typeof secret === 'string' ? decodeBase64(secret.replace(/^whsec_/, '')) : undefined;
  // The secret itself is never echoed, nor a value given in its place: only its kind.
  const got = typeof secret === 'string' ? 'other text (not shown)' : typeof secret;
  return key?.length
    ? key
    : refuse('secret', `must be the \`whsec_…\` signing secret (base64 after the prefix), got ${got}`);
}
