/**
 * `WebhookVerifier`: checks a delivery's Standard Webhooks headers and signatures with WebCrypto only, then
 * decodes its event. ECDSA P-256 entries are verified with the service's public keys; `v1` (HMAC-SHA256)
 * entries with a configured `whsec_` secret.
 */
import { PortfolioReportingError } from '../core/error-base.js';
import { checkKeys, checkSettings } from '../core/settings.js';
import { ValidationError } from '../core/validation-error.js';
import { type DeliveryHeaders, readBody, readHeaders, type WebhookBody, type WebhookHeaders } from './delivery.js';
import { concat, decodeBase64, utf8 } from './encoding.js';
import { WebhookVerificationError } from './errors.js';
import { decodeEvent, type WebhookEvent } from './events.js';
import { type KeySnapshot, RemoteKeySet } from './key-set.js';
import { type AsymmetricEntry, type ParsedSignatures, parseSignatureHeader, SYMMETRIC_VERSION } from './signature.js';

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

const KEYS_PATH = '/v2/webhooks/keys';
const VERIFIER_OPTION_KEYS = [
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
const ECDSA = { name: 'ECDSA', hash: 'SHA-256' } as const;

/**
 * Verifies webhook deliveries and decodes their events. Keep one per process: it caches the keys.
 * @example
 * const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.example.com' });
 * const event = await verifier.verify(rawBody, request.headers);
 */
export class WebhookVerifier {
  private readonly tolerance: number;
  private readonly versions: ReadonlySet<string>;
  private readonly keySet: RemoteKeySet;
  private readonly secret: Uint8Array<ArrayBuffer> | undefined;
  private hmacKey: Promise<CryptoKey> | undefined;

  constructor(options: WebhookVerifierOptions) {
    const what = 'new WebhookVerifier()';
    checkKeys(what, options, VERIFIER_OPTION_KEYS, 'options');
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
    this.tolerance = nonNegative('toleranceSeconds', options.toleranceSeconds ?? 300);
    this.versions = new Set(options.versions ?? ['v1a']);
    for (const version of this.versions) {
      if (!/^[A-Za-z0-9_.-]+$/.test(version) || version === SYMMETRIC_VERSION) {
        throw new PortfolioReportingError(
          `\`versions\` holds version tags of ECDSA entries; ${JSON.stringify(version)} is not one (\`v1\` is the symmetric scheme: configure \`secret\` for it).`,
        );
      }
    }
    this.secret = options.secret === undefined ? undefined : parseSecret(options.secret);
    const { load, source } = keySource(options);
    this.keySet = new RemoteKeySet({
      load,
      source,
      maxAge: nonNegative('keysMaxAge', options.keysMaxAge ?? 600_000),
      cooldown: nonNegative('keysCooldown', options.keysCooldown ?? 30_000),
      timeout: nonNegative('keysTimeout', options.keysTimeout ?? 5_000),
    });
  }

  /**
   * Verifies one delivery and returns its event; throws `WebhookVerificationError` naming the failed check.
   * @example
   * const event = await verifier.verify(await request.text(), request.headers);
   * if (event.type === 'calculated_data.created') refresh(event.data.clientId);
   */
  async verify(rawBody: WebhookBody, headers: WebhookHeaders): Promise<WebhookEvent> {
    const body = readBody(rawBody);
    const delivery = readHeaders(headers);
    this.checkTimestamp(delivery.timestamp);
    const signatures = parseSignatureHeader(delivery.signature, {
      symmetric: this.secret !== undefined,
      asymmetric: this.versions,
    });
    if (!signatures.symmetric.length && !signatures.asymmetric.length) throw this.nothingToCheck(signatures);
    // What was signed: `id.timestamp.body`, as bytes (a text body is encoded once, with its prefix).
    const prefix = `${delivery.id}.${delivery.timestamp}.`;
    const content = typeof body === 'string' ? utf8(prefix + body) : concat(utf8(prefix), body);
    const symmetric = signatures.symmetric.length > 0 && (await this.verifySymmetric(signatures.symmetric, content));
    if (!symmetric) await this.verifyAsymmetric(signatures.asymmetric, content, delivery);
    return decodeEvent(body);
  }

  private checkTimestamp(header: string): void {
    if (!/^\d{1,15}$/.test(header)) {
      throw new WebhookVerificationError(
        'invalid_timestamp',
        '`webhook-timestamp` must be whole seconds since the Unix epoch',
      );
    }
    const skew = Math.floor(Date.now() / 1000) - Number(header);
    if (skew > this.tolerance) {
      throw new WebhookVerificationError(
        'timestamp_too_old',
        `the delivery was signed ${skew} s ago, more than the tolerance of ${this.tolerance} s`,
      );
    }
    if (-skew > this.tolerance) {
      throw new WebhookVerificationError(
        'timestamp_too_new',
        `the delivery is dated ${-skew} s in the future, more than the tolerance of ${this.tolerance} s (check the clocks)`,
      );
    }
  }

  private nothingToCheck(signatures: ParsedSignatures): WebhookVerificationError {
    const checked = [...(this.secret ? [SYMMETRIC_VERSION] : []), ...this.versions].join(', ');
    if (signatures.malformed) {
      return new WebhookVerificationError(
        'malformed_signature',
        `no \`webhook-signature\` entry of ${checked} could be decoded (expected \`version,<base64>\` or \`version,<kid>,<base64>\`)`,
      );
    }
    const seen = [...signatures.versions].join(', ') || 'none';
    const hint =
      signatures.versions.has(SYMMETRIC_VERSION) && !this.secret ? '; configure `secret` to verify v1 entries' : '';
    return new WebhookVerificationError(
      'unsupported_signature',
      `the delivery is signed with ${seen}; this verifier checks ${checked}${hint}`,
    );
  }

  /**
   * One HMAC of the content, compared with every `v1` entry in constant time: the body is hashed once per
   * delivery however many entries the header holds.
   */
  private async verifySymmetric(macs: Uint8Array<ArrayBuffer>[], content: Uint8Array<ArrayBuffer>): Promise<boolean> {
    if (!macs.length || !this.secret) return false;
    const secret = this.secret;
    this.hmacKey ??= crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const expected = new Uint8Array(await crypto.subtle.sign('HMAC', await this.hmacKey, content));
    let matched = false;
    for (const mac of macs) matched = constantTimeEqual(mac, expected) || matched;
    return matched;
  }

  /** Tries the held keys; on a miss, one (shared, rate-limited) refresh and one more try; else throws. */
  private async verifyAsymmetric(
    entries: AsymmetricEntry[],
    content: Uint8Array<ArrayBuffer>,
    delivery: DeliveryHeaders,
  ): Promise<void> {
    if (!entries.length)
      throw new WebhookVerificationError('no_matching_signature', 'no `v1` signature matches the configured secret');
    const before = this.keySet.fresh() ?? (await this.keySet.current());
    const attempt = newAttempt();
    await tryKeys(entries, before, content, delivery.keyId, attempt);
    if (attempt.verified) return;
    await this.keySet.refresh();
    const after = this.keySet.snapshot();
    // Keys the refresh left unchanged are the same CryptoKey objects: only new ones are tried.
    if (after.generation !== before.generation) await tryKeys(entries, after, content, delivery.keyId, attempt);
    if (attempt.verified) return;
    const cause = after.lastError === undefined ? undefined : { cause: after.lastError };
    const failed = cause ? ` (the last keys request failed: ${errorMessage(after.lastError)})` : '';
    if (attempt.checked) {
      throw new WebhookVerificationError(
        'no_matching_signature',
        `no signature verifies with the ${after.keys.size} active key(s)${this.secret ? ' or the secret' : ''}${failed}`,
        cause,
      );
    }
    if (attempt.unknownKids.size) {
      throw new WebhookVerificationError(
        'unknown_key',
        `key id ${[...attempt.unknownKids].map((k) => JSON.stringify(k)).join(', ')} is not among the service's active keys${failed}`,
        cause,
      );
    }
    if (after.generation === 0) {
      throw new WebhookVerificationError('keys_unavailable', `the webhook keys could not be loaded${failed}`, cause);
    }
    throw new WebhookVerificationError(
      'no_matching_signature',
      `the key set holds no usable P-256 key${failed}`,
      cause,
    );
  }
}

interface Attempt {
  verified: boolean;
  /** Entry and key pairs of the last try, checked then or before (0 when no key could be tried). */
  checked: number;
  /** Key ids named but not held, in the last try. */
  unknownKids: Set<string>;
  /** The entries each key was tried with: a pair is never checked twice, before and after a refresh. */
  tried: Map<CryptoKey, Set<AsymmetricEntry>>;
}

const newAttempt = (): Attempt => ({ verified: false, checked: 0, unknownKids: new Set(), tried: new Map() });

/**
 * The key an entry (or the `webhook-key-id` header) names, and only that one; otherwise every held key. At
 * most `MAX_SIGNATURE_ENTRIES` × (held keys) checks, each over the same content bytes (WebCrypto hashes
 * them per check: it has no verify of a precomputed digest).
 */
async function tryKeys(
  entries: AsymmetricEntry[],
  snapshot: KeySnapshot,
  content: Uint8Array<ArrayBuffer>,
  headerKid: string | undefined,
  attempt: Attempt,
): Promise<void> {
  attempt.checked = 0;
  attempt.unknownKids = new Set();
  for (const entry of entries) {
    const kid = entry.kid ?? headerKid;
    const named = kid === undefined ? undefined : snapshot.keys.get(kid);
    if (kid !== undefined && !named) {
      attempt.unknownKids.add(kid);
      continue;
    }
    for (const key of named ? [named] : snapshot.keys.values()) {
      attempt.checked++;
      const tried = attempt.tried.get(key) ?? new Set();
      if (tried.has(entry)) continue;
      attempt.tried.set(key, tried.add(entry));
      for (const signature of entry.signatures) {
        if (await crypto.subtle.verify(ECDSA, key, signature, content)) {
          attempt.verified = true;
          return;
        }
      }
    }
  }
}

/** Equal bytes, in time that depends on the length only (both are 32-byte MACs here). */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

function keySource(options: WebhookVerifierOptions): {
  load: (signal: AbortSignal) => Promise<unknown>;
  source: string;
} {
  if (options.loadKeys) return { load: options.loadKeys, source: 'loadKeys()' };
  // Checked by `checkSettings` in the constructor: an http(s) URL without credentials, query or fragment.
  const url = new URL((options.baseUrl as string).replace(/\/+$/, '') + KEYS_PATH);
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const token = options.accessToken;
  const source = `GET ${url.href}`;
  return {
    source,
    async load(signal) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${typeof token === 'string' ? token : await token()}`;
      const response = await fetchImpl(url.href, { method: 'GET', headers, signal });
      if (!response.ok) throw new PortfolioReportingError(`${source} answered ${response.status}`);
      return response.json();
    },
  };
}

function parseSecret(secret: string): Uint8Array<ArrayBuffer> {
  const key = typeof secret === 'string' ? decodeBase64(secret.replace(/^whsec_/, '')) : undefined;
  if (!key?.length) {
    // The secret itself is never echoed.
    throw new PortfolioReportingError(
      '`secret` must be the `whsec_…` signing secret: base64 after the `whsec_` prefix.',
    );
  }
  return key;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new PortfolioReportingError(`\`${name}\` must be a finite number of 0 or more, got ${value}`);
  return value;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
