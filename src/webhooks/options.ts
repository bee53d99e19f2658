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
  /** The service's origin; keys come from `{baseUrl}/v2/webhooks/keys`. Required unless `loadKeys` is given. */
  baseUrl?: string;
  /** A custom fetch for the keys request. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * A bearer token (or a function returning one) for the keys request: the reference puts every endpoint
   * of its document behind the token. Leave it out where the keys are served publicly.
   */
  accessToken?: string | (() => string | Promise<string>);
  /** Replaces the keys request: returns the `{ keys: [...] }` document (keys from configuration, say). */
  loadKeys?: (signal: AbortSignal) => Promise<unknown>;
  /** How far `webhook-timestamp` may lie from now, in either direction, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** A `whsec_…` secret: `v1` (HMAC-SHA256) entries are then verified too. */
  secret?: string;
  /** Version tags of ECDSA P-256 entries. Default `['v1a']`. */
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

/** Checks every option (a `ValidationError` prefixed with `what`, the call, naming it) and resolves the defaults. */
export function resolveVerifierOptions(
  options: WebhookVerifierOptions,
  what = 'new WebhookVerifier()',
): ResolvedVerifierOptions {
  checkKeys(what, options, VERIFIER_OPTION_KEYS, 'options', '');
  // The settings it shares with the client are checked by the client's own rules and messages.
  checkSettings(
    what,
    {
      baseUrl: options.loadKeys ? undefined : options.baseUrl,
      accessToken: options.accessToken,
      durations: {
        keysMaxAge: options.keysMaxAge,
        keysCooldown: options.keysCooldown,
        keysTimeout: options.keysTimeout,
      },
    },
    options.loadKeys
      ? {}
      : {
          required: ['baseUrl'],
          hints: { baseUrl: 'the keys come from {baseUrl}/v2/webhooks/keys; or pass loadKeys' },
        },
  );
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new ValidationError(what, [{ path: 'fetch', message: 'must be a fetch function' }], '');
  if (options.loadKeys !== undefined && typeof options.loadKeys !== 'function')
    throw new ValidationError(
      what,
      [{ path: 'loadKeys', message: mustBe('a function returning the keys', options.loadKeys) }],
      '',
    );
  const tolerance = options.toleranceSeconds ?? 300;
  if (!Number.isFinite(tolerance) || tolerance < 0)
    throw new ValidationError(
      what,
      [{ path: 'toleranceSeconds', message: mustBe('a finite number of seconds, 0 or more', tolerance) }],
      '',
    );
  const given: unknown = options.versions ?? ['v1a'];
  const tags = Array.isArray(given) ? given : [];
  const wrongTag = tags.findIndex(
    (tag) => typeof tag !== 'string' || !/^[A-Za-z0-9_.-]+$/.test(tag) || tag === SYMMETRIC_VERSION,
  );
  if (!Array.isArray(given) || wrongTag >= 0) {
    const tag = tags[wrongTag];
    const issue =
      wrongTag < 0
        ? { path: 'versions', message: mustBe('an array of version tags', given) }
        : tag === SYMMETRIC_VERSION
          ? // `versions` names ECDSA entries only: `v1` here would never be checked as HMAC.
            {
              path: `versions.${wrongTag}`,
              message: 'must be an ECDSA version tag; `v1` is the symmetric scheme: configure `secret` for it',
            }
          : { path: `versions.${wrongTag}`, message: mustBe('a version tag such as "v1a"', tag) };
    throw new ValidationError(what, [issue], '');
  }
  const versions = new Set<string>(tags);
  const secret = options.secret === undefined ? undefined : parseSecret(what, options.secret);
  const { load, source } = keySource(options);
  const keys = {
    load,
    source,
    // Checked by \`checkSettings\` above, as durations.
    maxAge: options.keysMaxAge ?? 600_000,
    cooldown: options.keysCooldown ?? 30_000,
    timeout: options.keysTimeout ?? 5_000,
  };
  return { tolerance, versions, secret, keys };
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

function parseSecret(what: string, secret: unknown): Uint8Array<ArrayBuffer> {
  const key = typeof secret === 'string' ? decodeBase64(secret.replace(/^whsec_/, '')) : undefined;
  if (!key?.length) {
    // The secret itself is never echoed, nor a value given in its place: only its kind.
    const got = typeof secret === 'string' ? 'other text (not shown)' : typeof secret;
    throw new ValidationError(
      what,
      [{ path: 'secret', message: `must be the \`whsec_…\` signing secret (base64 after the prefix), got ${got}` }],
      '',
    );
  }
  return key;
}
