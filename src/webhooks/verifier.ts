/**
 * `WebhookVerifier`: checks a delivery's Standard Webhooks headers and signatures with WebCrypto only, then
 * decodes its event. ECDSA P-256 entries are verified with the service's public keys; `v1` (HMAC-SHA256)
 * entries with a configured `whsec_` secret.
 */
import { extraArguments } from '../core/arity.js';
import { type DeliveryHeaders, readBody, readHeaders, type WebhookBody, type WebhookHeaders } from './delivery.js';
import { concat, utf8 } from './encoding.js';
import { WebhookVerificationError } from './errors.js';
import { decodeEvent, type WebhookEvent } from './events.js';
import { type KeySnapshot, RemoteKeySet } from './key-set.js';
import { resolveVerifierOptions, SYMMETRIC_VERSION, type WebhookVerifierOptions } from './options.js';
import { type AsymmetricEntry, type ParsedSignatures, parseSignatureHeader } from './signature.js';

export type { WebhookVerifierOptions } from './options.js';

const ECDSA = { name: 'ECDSA', hash: 'SHA-256' } as const;

/**
 * Verifies webhook deliveries and decodes their events. Keep one per process: it caches the keys.
 * @example
 * const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.example.com' });
 * const event = await verifier.verify(rawBody, request.headers);
 */
export class WebhookVerifier {
  readonly #tolerance: number;
  readonly #versions: ReadonlySet<string>;
  readonly #keySet: RemoteKeySet;
  readonly #secret: Uint8Array<ArrayBuffer> | undefined;
  #hmacKey: Promise<CryptoKey> | undefined;

  constructor(options: WebhookVerifierOptions) {
    // biome-ignore lint/complexity/noArguments: a second argument is refused, not ignored (the SDK's one rule)
    extraArguments('new WebhookVerifier()', arguments, 1, '');
    const resolved = resolveVerifierOptions(options);
    this.#tolerance = resolved.tolerance;
    this.#versions = resolved.versions;
    this.#secret = resolved.secret;
    this.#keySet = new RemoteKeySet(resolved.keys);
  }

  /**
   * Verifies one delivery and returns its event; throws `WebhookVerificationError` naming the failed check.
   * @example
   * const event = await verifier.verify(await request.arrayBuffer(), request.headers);
   * if (event.type === 'calculated_data.created') refresh(event.data.clientId);
   */
  async verify(rawBody: WebhookBody, headers: WebhookHeaders): Promise<WebhookEvent> {
    // biome-ignore lint/complexity/noArguments: a third argument is refused (a rejection, as bad headers are)
    extraArguments('verify()', arguments, 2, '');
    const body = readBody(rawBody);
    const delivery = readHeaders(headers);
    this.#checkTimestamp(delivery.timestamp);
    const signatures = parseSignatureHeader(delivery.signature, {
      symmetric: this.#secret !== undefined,
      asymmetric: this.#versions,
    });
    if (!signatures.symmetric.length && !signatures.asymmetric.length) throw this.#nothingToCheck(signatures);
    // What was signed: `id.timestamp.body`, as bytes (a text body is encoded once, with its prefix).
    const prefix = `${delivery.id}.${delivery.timestamp}.`;
    const content = typeof body === 'string' ? utf8(prefix + body) : concat(utf8(prefix), body);
    const held = signatures.symmetric.length ? undefined : this.#heldPair(signatures.asymmetric, delivery.keyId);
    // One await on the hot path: no attempt records, no refresh, no async layers in between. A refusal takes the
    // full path below, which does not check that pair again.
    if (held && (await crypto.subtle.verify(ECDSA, held.key, held.signature, content))) return decodeEvent(body);
    const symmetric = signatures.symmetric.length > 0 && (await this.#verifySymmetric(signatures.symmetric, content));
    if (!symmetric) await this.#verifyAsymmetric(signatures.asymmetric, content, delivery, held);
    return decodeEvent(body);
  }

  /**
   * The one pair to check for the common delivery: a single entry with a single candidate signature, whose key
   * (named by the entry or the `webhook-key-id` header, or the only key held) the fresh key set holds.
   */
  #heldPair(entries: AsymmetricEntry[], headerKid: string | undefined): TriedPair | undefined {
    const entry = entries.length === 1 ? entries[0] : undefined;
    const signature = entry?.signatures.length === 1 ? entry.signatures[0] : undefined;
    const keys = signature && this.#keySet.fresh()?.keys;
    if (!entry || !signature || !keys) return undefined;
    const kid = entry.kid ?? headerKid;
    const key = kid === undefined ? (keys.size === 1 ? keys.values().next().value : undefined) : keys.get(kid);
    return key && { entry, key, signature };
  }

  #checkTimestamp(header: string): void {
    if (!/^\d{1,15}$/.test(header)) {
      // Repeated headers arrive joined by ", " (Node and fetch alike).
      throw new WebhookVerificationError(
        'invalid_timestamp',
        `\`webhook-timestamp\` must be whole seconds since the Unix epoch${header.includes(',') ? ' (it was repeated)' : ''}`,
      );
    }
    const skew = Math.floor(Date.now() / 1000) - Number(header);
    if (skew > this.#tolerance) {
      throw new WebhookVerificationError(
        'timestamp_too_old',
        `signed ${skew} s ago, past the tolerance of ${this.#tolerance} s`,
      );
    }
    if (-skew > this.#tolerance) {
      throw new WebhookVerificationError(
        'timestamp_too_new',
        `dated ${-skew} s ahead, past the tolerance of ${this.#tolerance} s (${
          // 13 digits are after the year 33658 in seconds: milliseconds, surely.
          header.length > 12 ? 'milliseconds? it must be whole seconds' : 'check the clocks'
        })`,
      );
    }
  }

  #nothingToCheck(signatures: ParsedSignatures): WebhookVerificationError {
    const checked = [...(this.#secret ? [SYMMETRIC_VERSION] : []), ...this.#versions].join(', ');
    if (signatures.malformed) {
      return new WebhookVerificationError(
        'malformed_signature',
        `no \`webhook-signature\` entry of ${checked} could be decoded (expected \`version,[kid,]base64\`)`,
      );
    }
    const seen = [...signatures.versions].join(', ') || 'none';
    const hint = signatures.versions.has(SYMMETRIC_VERSION) && !this.#secret ? '; configure `secret` for v1' : '';
    return new WebhookVerificationError(
      'unsupported_signature',
      `signed with ${seen}; this verifier checks ${checked}${hint}`,
    );
  }

  /**
   * One HMAC of the content, compared with every `v1` entry in constant time: the body is hashed once per
   * delivery however many entries the header holds.
   */
  async #verifySymmetric(macs: Uint8Array<ArrayBuffer>[], content: Uint8Array<ArrayBuffer>): Promise<boolean> {
    // Called with the `v1` entries read, which are read only when a secret is configured.
    const secret = this.#secret as Uint8Array<ArrayBuffer>;
    this.#hmacKey ??= crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const expected = new Uint8Array(await crypto.subtle.sign('HMAC', await this.#hmacKey, content));
    let matched = false;
    for (const mac of macs) matched = constantTimeEqual(mac, expected) || matched;
    return matched;
  }

  /** Tries the held keys; on a miss, one (shared, rate-limited) refresh and one more try; else throws. */
  async #verifyAsymmetric(
    entries: AsymmetricEntry[],
    content: Uint8Array<ArrayBuffer>,
    delivery: DeliveryHeaders,
    checked?: TriedPair,
  ): Promise<void> {
    if (!entries.length)
      throw new WebhookVerificationError('no_matching_signature', 'no `v1` signature matches the secret');
    const fresh = this.#keySet.fresh();
    const before = fresh ?? (await this.#keySet.current());
    const attempt = newAttempt(checked);
    await tryKeys(entries, before, content, delivery.keyId, attempt);
    if (attempt.verified) return;
    const refreshed = await this.#keySet.refresh();
    const after = this.#keySet.snapshot();
    // Keys the refresh left unchanged are the same CryptoKey objects: only new ones are tried.
    if (after.generation !== before.generation) await tryKeys(entries, after, content, delivery.keyId, attempt);
    if (attempt.verified) return;
    const { lastError } = after;
    const cause = lastError === undefined ? undefined : { cause: lastError };
    let failed = cause
      ? ` (the last keys request failed: ${lastError instanceof Error ? lastError.message : String(lastError)})`
      : '';
    // Keys loaded for this delivery are not news; held ones not refreshed may miss a key rotated since.
    if (fresh && !refreshed) failed += ' (keys not fetched again within `keysCooldown`)';
    if (attempt.checked) {
      throw new WebhookVerificationError(
        'no_matching_signature',
        `no signature verifies with the ${after.keys.size} active key(s)${this.#secret ? ' or the secret' : ''}${failed}`,
        cause,
      );
    }
    // With a key held, every entry was checked or named a kid not held.
    if (!after.keys.size) {
      throw new WebhookVerificationError('keys_unavailable', `no usable P-256 key could be loaded${failed}`, cause);
    }
    throw new WebhookVerificationError(
      'unknown_key',
      `key id ${[...attempt.unknownKids].map((k) => JSON.stringify(k)).join(', ')} is not among the service's active keys${failed}`,
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

/** An entry and a key it was checked with, before the full path ran (the hot path's one check). */
interface TriedPair {
  entry: AsymmetricEntry;
  key: CryptoKey;
  signature: Uint8Array<ArrayBuffer>;
}

const newAttempt = (checked?: TriedPair): Attempt => ({
  verified: false,
  checked: 0,
  unknownKids: new Set(),
  tried: new Map(checked ? [[checked.key, new Set([checked.entry])]] : []),
});

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
