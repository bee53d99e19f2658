/**
 * The one transport: fetch, bearer auth, retries with backoff and `Retry-After`, a timeout per attempt,
 * the caller's signal, error mapping and logging. A loop over `fetch` written for this SDK rather than a
 * general HTTP client: per request it allocates the headers, one AbortController and a timer, nothing it
 * does not use (see bench/RESULTS.md for what a general client cost here, in time and in bundle bytes).
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type CallSite,
  makeAPIError,
  PortfolioReportingError,
  ResponseValidationError,
} from './errors.js';
import { LevelLogger, type Logger, type LogLevel } from './logger.js';

/** Options for one call; every SDK method takes them as its last argument. */
export interface RequestOptions {
  /** Aborts the call at once (an `APIUserAbortError`). */
  signal?: AbortSignal;
  /** Per-attempt timeout in ms for this call. */
  timeout?: number;
  /** Retries for this call. */
  maxRetries?: number;
  /** Extra headers for this call (they win over the client's). */
  headers?: Record<string, string>;
}

/** The client's options, as users pass them. */
export interface ClientOptions {
  /** The service's origin, e.g. `https://reporting.example.com`. Default: env `PRS_BASE_URL`. */
  baseUrl?: string;
  /** A bearer token, or an async function returning one (called before every request). Default: env `PRS_ACCESS_TOKEN`. */
  accessToken?: string | (() => string | Promise<string>);
  /** Per-attempt timeout in ms. Default 60 000. */
  timeout?: number;
  /** Retries of a failed attempt (see README, Retries). Default 2. */
  maxRetries?: number;
  /** A custom fetch (a proxy agent, a test double). Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Where log lines go. Default: `console`. */
  logger?: Logger;
  /** The lowest level written. Default `warn` (retries and deprecations), or env `PRS_LOG`. */
  logLevel?: LogLevel;
}

/** What the transport sends: a path below the base URL, a query, and a JSON or multipart body. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** Path with its version prefix, e.g. `/api/v3/instruments/abc`; or an absolute URL on the same origin. */
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  /** A JSON value (sent with the JSON:API media type) or FormData. */
  body?: unknown;
  /** `jsonapi` (default) or plain `json` (the webhook keys endpoint). */
  accept?: 'jsonapi' | 'json';
  options?: RequestOptions | undefined;
}

/** What came back: the final response, its parsed body, and whether a redirect was followed. */
export interface TransportResponse {
  response: Response;
  /** Parsed JSON, or `undefined` for an empty body (204). */
  body: unknown;
  /** True when the answer came through a redirect (303 See Other on a duplicate create). */
  redirected: boolean;
  call: CallSite;
}

/** Both spellings occur in the service's responses; the first is the JSON:API standard one. */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';
const ACCEPT_JSONAPI = 'application/vnd.api+json, application/vnd.json+api, application/json;q=0.9';
/** Statuses retried (see `send`); exported for the bulk runner, which re-attempts by the same rule. */
export const RETRY_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];
/** A `Retry-After` longer than this is cut to it: a script should not sleep for an hour unasked. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The longest wait before the first retry without `Retry-After`; it doubles with each retry (full jitter). */
const BACKOFF_MS = 300;
/** Timers take 32-bit signed milliseconds; a longer one would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  return value === '' ? undefined : value;
}

/** Options normalised once at construction. */
interface Resolved {
  baseUrl: URL;
  /** The base URL without a trailing slash, paths are appended to it. */
  base: string;
  token: string | (() => string | Promise<string>);
  timeout: number;
  maxRetries: number;
  /** The headers every request starts from (Accept, then the client's own), per accepted media type. */
  headers: { jsonapi: HeaderRecord; json: HeaderRecord };
}

/** One attempt's end: the response with its body read, or a failure that may be retried. */
type Attempt = { response: Response; text: string } | { failure: Error; why: string };

/**
 * The one transport: a loop of attempts over fetch per request, bearer auth, retries, timeouts, error
 * mapping, logging. Resources never call fetch themselves; they describe a request and hand it here.
 */
export class Transport {
  readonly logger: LevelLogger;
  private readonly resolved: Resolved;
  private readonly fetchImpl: typeof fetch;
  /** Whether attempts are raced with their end: only for a `fetch` the caller supplied (see `attempt`). */
  private readonly raceAborts: boolean;

  constructor(options: ClientOptions = {}) {
    const baseUrl = options.baseUrl ?? env('PRS_BASE_URL');
    if (!baseUrl) {
      throw new PortfolioReportingError(
        'No base URL: pass `baseUrl` to new PortfolioReporting({ baseUrl }) or set the PRS_BASE_URL environment variable.',
      );
    }
    // `new URL('localhost:3000')` parses (scheme `localhost:`), so the scheme is checked too.
    const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
      throw new PortfolioReportingError(
        `The base URL "${baseUrl}" is not an absolute URL (e.g. https://reporting.example.com).`,
      );
    }
    const token = options.accessToken ?? env('PRS_ACCESS_TOKEN');
    if (!token) {
      throw new PortfolioReportingError(
        'No access token: pass `accessToken` (a string or an async function) or set the PRS_ACCESS_TOKEN environment variable.',
      );
    }
    const level = options.logLevel ?? (env('PRS_LOG') as LogLevel | undefined) ?? 'warn';
    this.logger = new LevelLogger(options.logger ?? console, level);
    if (typeof token === 'string') {
      this.logger.addSecret(token);
      checkHeaders({ authorization: `Bearer ${token}` }, 'the access token');
    }
    checkHeaders(options.headers, '`headers`');
    const headers = (accept: string) => withHeaders({ accept }, options.headers);
    this.resolved = {
      baseUrl: url,
      base: url.href.replace(/\/$/, ''),
      token,
      timeout: checkTimeout(options.timeout ?? 60_000),
      maxRetries: checkRetries(options.maxRetries ?? 2),
      headers: { jsonapi: headers(ACCEPT_JSONAPI), json: headers('application/json') },
    };
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.raceAborts = options.fetch !== undefined;
  }

  /** The base URL's origin and path, without a trailing slash. */
  get baseUrl(): string {
    return this.resolved.base;
  }

  /** The fetch the client was given, for helpers that call other hosts (the webhook keys). */
  get fetch(): typeof fetch {
    return this.fetchImpl;
  }

  url(path: string, query?: TransportRequest['query']): string {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(this.resolved.base + path);
    if (query) {
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.href;
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    const url = this.url(req.path, req.query);
    const call: CallSite = { method: req.method, url };
    const opts = req.options ?? {};
    const timeout = checkTimeout(opts.timeout ?? this.resolved.timeout);
    const maxRetries = checkRetries(opts.maxRetries ?? this.resolved.maxRetries);
    checkHeaders(opts.headers, '`headers`');
    const headers = withHeaders({ ...this.resolved.headers[req.accept ?? 'jsonapi'] }, opts.headers);
    const token = this.resolved.token;
    headers.authorization = `Bearer ${typeof token === 'string' ? token : await this.tokenFrom(token, call)}`;
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) body = req.body;
    else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = JSONAPI_MEDIA_TYPE;
    }
    const init: RequestInit = { method: req.method, headers, body };
    this.logger.log('debug', `${req.method} ${url}`);
    for (let retry = 0; ; retry++) {
      const attempt = await this.attempt(call, init, timeout, opts.signal);
      let error: Error;
      let why: string;
      let wait: number | undefined;
      if ('failure' in attempt) {
        // No answer: a POST may have been processed, so only idempotent calls are tried again.
        if (req.method === 'POST') throw attempt.failure;
        ({ failure: error, why } = attempt);
      } else {
        const { response, text } = attempt;
        if (response.ok) {
          this.logger.log('debug', `${req.method} ${url} -> ${response.status}`);
          return { response, body: this.parseBody(call, response, text), redirected: response.redirected, call };
        }
        const { status } = response;
        const location = response.headers.get('location');
        // A fetch that hands back the 303 itself (a custom fetch with `redirect: 'manual'`): follow it here.
        if (status === 303 && location) return this.followSeeOther(call, location, opts);
        // A retried DELETE that finds nothing means an earlier attempt deleted it.
        if (req.method === 'DELETE' && retry > 0 && status === 404) {
          return { response: new Response(null, { status: 204 }), body: undefined, redirected: false, call };
        }
        // A service may echo the credential in its detail (`token … expired`): redacted like a log line.
        error = makeAPIError(call, status, response.headers, text === '' ? undefined : this.logger.redact(text));
        // POST is not idempotent: only a 429 (the request was not processed) is retried.
        if (!RETRY_STATUSES.includes(status) || (req.method === 'POST' && status !== 429)) throw error;
        why = `status ${status}`;
        wait = retryAfterMs(response.headers);
      }
      if (retry >= maxRetries) throw error;
      this.logger.log('warn', `retrying ${req.method} ${url} (retry ${retry + 1}) after ${why}`);
      await sleep(wait ?? backoffMs(retry + 1), call, opts.signal);
    }
  }

  /**
   * One attempt: the response, and its body read to the end, each within `timeout` (the timer starts again
   * for the body). The caller's signal aborts at once.
   */
  private async attempt(
    call: CallSite,
    init: RequestInit,
    timeout: number,
    signal: AbortSignal | undefined,
  ): Promise<Attempt> {
    if (signal?.aborted) throw new APIUserAbortError(call, { cause: signal.reason });
    // Nothing can end an attempt without a timeout or a signal: then no controller.
    const controller = timeout || signal ? new AbortController() : undefined;
    // The platform's fetch honours its signal. A fetch the caller supplied may not, so its attempt is also raced
    // with `ended`, which rejects when the attempt is ended: a timeout or an abort still ends it.
    let rejectEnded: ((reason: unknown) => void) | undefined;
    const ended =
      controller && this.raceAborts
        ? new Promise<never>((_, reject) => {
            rejectEnded = reject;
          })
        : undefined;
    ended?.catch(noop); // observed here, for when nothing is racing it any more
    const raced = <T>(promise: Promise<T>): Promise<T> => (ended ? Promise.race([promise, ended]) : promise);
    const end = (reason?: unknown) => {
      controller?.abort(reason);
      rejectEnded?.(reason);
    };
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startTimer = () => {
      if (!timeout) return;
      // Node's timers restart in place; elsewhere a new one is set.
      if ((timer as { refresh?: unknown } | undefined)?.refresh) (timer as unknown as { refresh(): void }).refresh();
      else {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          end();
        }, timeout);
      }
    };
    const forward = () => end(signal?.reason);
    signal?.addEventListener('abort', forward);
    try {
      startTimer();
      if (controller) init.signal = controller.signal;
      const response = await raced(this.fetchImpl(call.url, init));
      startTimer();
      const reading = raced(response.text());
      // An error status is reported whatever its body: a body that cannot be read is an empty one.
      const text = response.ok ? await reading : await reading.catch(() => '');
      if (signal?.aborted) throw signal.reason;
      return { response, text };
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError(call, { cause: signal.reason });
      if (timedOut) return { failure: new APIConnectionTimeoutError(call, timeout), why: 'a timeout' };
      if (error instanceof PortfolioReportingError) throw error;
      // fetch rejects with a TypeError when no answer came; its innermost cause says why
      // (`connect ECONNREFUSED …`), the outer ones say `fetch failed`.
      if (error instanceof TypeError) {
        let detail = error.message;
        for (let e: unknown = error.cause; e instanceof Error; e = e.cause) detail = e.message;
        return {
          failure: new APIConnectionError(call, `could not reach the service (${this.logger.redact(detail)})`),
          why: 'a network error',
        };
      }
      throw error instanceof Error ? error : new APIConnectionError(call, String(error));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }

  /** Follows a 303 See Other to the same origin only (the token goes with it). */
  private async followSeeOther(call: CallSite, location: string, options: RequestOptions): Promise<TransportResponse> {
    const target = new URL(location, call.url);
    if (target.origin !== this.resolved.baseUrl.origin) {
      throw new PortfolioReportingError(
        `${call.method} ${call.url} answered 303 See Other to another origin (${target.origin}); the SDK does not send your token there.`,
      );
    }
    const followed = await this.send({ method: 'GET', path: target.href, options });
    return { ...followed, redirected: true };
  }

  private parseBody(call: CallSite, response: Response, text: string): unknown {
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw new ResponseValidationError(
        call,
        [
          {
            path: '',
            message: `expected a JSON body, got ${response.headers.get('content-type') ?? 'no content type'}`,
          },
        ],
        text,
      );
    }
  }

  private async tokenFrom(source: () => string | Promise<string>, call: CallSite): Promise<string> {
    let token: string;
    try {
      token = await source();
    } catch (error) {
      throw new PortfolioReportingError(`${call.method} ${call.url}: the accessToken function threw`, { cause: error });
    }
    if (typeof token !== 'string' || token === '') {
      throw new PortfolioReportingError(`${call.method} ${call.url}: the accessToken function returned no token`);
    }
    this.logger.addSecret(token);
    checkHeaders(
      { authorization: `Bearer ${token}` },
      `${call.method} ${call.url}: the token the accessToken function returned`,
    );
    return token;
  }
}

function noop(): void {}

/** Request headers by lower-case name: a plain record, which fetch reads as it reads any other. */
type HeaderRecord = Record<string, string>;

/**
 * Sets each of `extra` on `headers` by its lower-case name. Header names are case-insensitive: a spread of
 * `X-A` and `x-a` (or of a caller's `Authorization`) would send both values joined.
 */
function withHeaders(headers: HeaderRecord, extra: Record<string, string> | undefined): HeaderRecord {
  if (extra) for (const name of Object.keys(extra)) headers[name.toLowerCase()] = extra[name] as string;
  return headers;
}

/**
 * Refuses a header fetch would refuse (a line break in a value, say) before anything is sent: fetch would
 * reject the request with a TypeError, which reads as a network failure and is retried. The message names
 * the header, never its value (it may be a credential).
 */
function checkHeaders(headers: Record<string, string> | undefined, what: string): void {
  if (!headers) return;
  for (const name of Object.keys(headers)) {
    try {
      new Headers([[name, headers[name] as string]]);
    } catch {
      throw new PortfolioReportingError(
        `${what}: the ${JSON.stringify(name)} header cannot be sent (an invalid name, or a line break or other control character in the value)`,
      );
    }
  }
}

/**
 * The wait a `Retry-After` header asks for, in ms (seconds or an HTTP date), at most `MAX_RETRY_AFTER_MS`;
 * undefined when absent or unreadable. Also read by the bulk runner.
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

/** Waits `ms` before a retry; the caller's signal ends the wait at once. */
function sleep(ms: number, call: CallSite, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError(call, { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

function checkTimeout(value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new PortfolioReportingError(`\`timeout\` must be a finite number of 0 or more, got ${value}`);
  }
  if (value > MAX_TIMEOUT_MS) {
    throw new PortfolioReportingError(
      `\`timeout\` must be at most ${MAX_TIMEOUT_MS} ms (about 24 days; 0 means none), got ${value}`,
    );
  }
  return value;
}

function checkRetries(value: number): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new PortfolioReportingError(`\`maxRetries\` must be a whole number of 0 or more, got ${value}`);
  }
  return value;
}
