/**
 * The service's public keys (`GET /v2/webhooks/keys`), held by `kid`. Modelled on jose's remote key set:
 * a maximum age, one refresh after a miss, a single request in flight shared by every caller, a cooldown
 * between requests and a timeout per request. Unlike jose, the cooldown also follows a failed request (a
 * flood of bad deliveries must not turn into a flood of requests to an endpoint that is down), and a failed
 * refresh keeps the keys already held.
 */
import { PortfolioReportingError } from '../core/error-base.js';
import { decodeBase64, encodeBase64Url } from './encoding.js';
import { type WebhookKey, webhookKeySchema } from './keys.js';
import { array, issuesOf, listIssues, object, unknown } from './shape.js';

export interface KeySetOptions {
  /** Fetches the keys document; must honour `signal` (aborted at `timeout`). */
  load: (signal: AbortSignal) => Promise<unknown>;
  /** ms after a successful load before the keys are fetched again on next use. */
  maxAge: number;
  /** ms after a request (successful or not) during which no other starts. */
  cooldown: number;
  /** ms a request may take. */
  timeout: number;
  /** Names the source in error messages, e.g. `GET https://…/v2/webhooks/keys`. */
  source: string;
}

/** The keys held at one moment; `generation` counts successful loads. */
export interface KeySnapshot {
  keys: ReadonlyMap<string, CryptoKey>;
  generation: number;
  /** Why the last request failed, when it did. */
  lastError: unknown;
}

export class RemoteKeySet {
  #keys: ReadonlyMap<string, CryptoKey> = new Map();
  /** The imported keys by point (`x.y`, base64url): a refresh hands back the same object for an unchanged key. */
  #points: ReadonlyMap<string, CryptoKey> = new Map();
  #generation = 0;
  #loadedAt = -Infinity;
  #attemptedAt = -Infinity;
  #lastError: unknown;
  #pending: Promise<boolean> | undefined;

  readonly #options: KeySetOptions;
  constructor(options: KeySetOptions) {
    this.#options = options;
  }

  /** The keys to try first: loaded (or refreshed when older than `maxAge`) before use. */
  async current(): Promise<KeySnapshot> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    await this.refresh();
    return this.snapshot();
  }

  /** The keys held, when younger than `maxAge`: no wait at all on the hot path. */
  fresh(): KeySnapshot | undefined {
    return Date.now() - this.#loadedAt < this.#options.maxAge ? this.snapshot() : undefined;
  }

  /**
   * After a signature no held key verified: one request, unless one is in flight (then it is shared) or the
   * last one ended less than `cooldown` ago (then `false`, for the error message). Never rejects: a failure is
   * kept in `lastError`.
   */
  refresh(): Promise<boolean> {
    if (this.#pending) return this.#pending;
    if (Date.now() - this.#attemptedAt < this.#options.cooldown) return Promise.resolve(false);
    this.#pending = this.#load()
      .finally(() => {
        this.#attemptedAt = Date.now();
        this.#pending = undefined;
      })
      .then(() => true);
    return this.#pending;
  }

  snapshot(): KeySnapshot {
    return { keys: this.#keys, generation: this.#generation, lastError: this.#lastError };
  }

  async #load(): Promise<void> {
    try {
      const body = await withTimeout(this.#options.load, this.#options.timeout, this.#options.source);
      ({ keys: this.#keys, points: this.#points } = await importKeys(body, this.#options.source, this.#points));
      this.#generation++;
      this.#loadedAt = Date.now();
      this.#lastError = undefined;
    } catch (error) {
      this.#lastError = error;
    }
  }
}

async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, ms: number, source: string): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new PortfolioReportingError(`${source} timed out after ${ms} ms`);
      controller.abort(error);
      reject(error); // also ends a loader that ignores its signal
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

const P256_COORDINATE_BYTES = 32;
/** The document around the keys: an entry that is not a usable key is skipped, not an error. */
export const documentShape = object({ keys: array(unknown) });

/**
 * Imports every usable key: EC P-256 with 32-byte coordinates that form a point on the curve. Other keys
 * (a future key type, a damaged entry) are skipped rather than failing the whole set. A key already held
 * (the same point) is not imported again: it keeps its CryptoKey, so signatures it was tried with before a
 * refresh are not tried again.
 */
async function importKeys(
  body: unknown,
  source: string,
  held: ReadonlyMap<string, CryptoKey>,
): Promise<{ keys: Map<string, CryptoKey>; points: Map<string, CryptoKey> }> {
  const issues = issuesOf(documentShape, body);
  if (issues.length) throw new PortfolioReportingError(`${source}: the answer is not a key set: ${listIssues(issues)}`);
  const keys = new Map<string, CryptoKey>();
  const points = new Map<string, CryptoKey>();
  for (const entry of (body as { keys: unknown[] }).keys) {
    if (!webhookKeySchema(entry, '', []) || entry.kty !== 'EC' || entry.crv !== 'P-256' || keys.has(entry.kid))
      continue;
    const jwk = p256Jwk(entry);
    if (!jwk) continue;
    const point = `${jwk.x}.${jwk.y}`;
    const key = points.get(point) ?? held.get(point) ?? (await importP256(jwk));
    if (!key) continue;
    keys.set(entry.kid, key);
    points.set(point, key);
  }
  return { keys, points };
}

function p256Jwk(key: WebhookKey): JsonWebKey | undefined {
  const x = decodeBase64(key.x);
  const y = decodeBase64(key.y);
  if (x?.length !== P256_COORDINATE_BYTES || y?.length !== P256_COORDINATE_BYTES) return undefined;
  return { kty: 'EC', crv: 'P-256', x: encodeBase64Url(x), y: encodeBase64Url(y), ext: true };
}

async function importP256(jwk: JsonWebKey): Promise<CryptoKey | undefined> {
  try {
    return await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  } catch {
    return undefined; // not a point on the curve
  }
}
