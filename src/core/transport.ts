import kyDefault, { HTTPError, type KyInstance, type Options as KyOptions, isNetworkError, isTimeoutError } from 'ky';
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

/**
 * ky is ESM-only. The CJS build reaches it through Node's `require(esm)`, and esbuild's interop for a
 * `type: module` package then hands this default import the module namespace: unwrap it.
 */
const ky = (kyDefault as typeof kyDefault & { default?: typeof kyDefault }).default ?? kyDefault;

/** Both spellings occur in the service's responses; the first is the JSON:API standard one. */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';
const ACCEPT_JSONAPI = 'application/vnd.api+json, application/vnd.json+api, application/json;q=0.9';
/** Statuses retried (see `send`); exported for the bulk runner, which re-attempts by the same rule. */
export const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** A `Retry-After` longer than this is cut to it: a script should not sleep for an hour unasked. */
export const MAX_RETRY_AFTER_MS = 60_000;

function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  return value === '' ? undefined : value;
}

/** Options normalised once at construction. */
interface Resolved {
  baseUrl: URL;
  token: string | (() => string | Promise<string>);
  timeout: number;
  maxRetries: number;
  headers: Record<string, string>;
}

/**
 * The one transport: a ky instance per client, bearer auth, retries, timeouts, error mapping, logging.
 * Resources never call fetch themselves; they describe a request and hand it here.
 */
export class Transport {
  readonly logger: LevelLogger;
  private readonly resolved: Resolved;
  private readonly ky: KyInstance;
  private readonly fetchImpl: typeof fetch;

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
      throw new PortfolioReportingError(`The base URL "${baseUrl}" is not an absolute URL (e.g. https://reporting.example.com).`);
    }
    const token = options.accessToken ?? env('PRS_ACCESS_TOKEN');
    if (!token) {
      throw new PortfolioReportingError(
        'No access token: pass `accessToken` (a string or an async function) or set the PRS_ACCESS_TOKEN environment variable.',
      );
    }
    const level = options.logLevel ?? (env('PRS_LOG') as LogLevel | undefined) ?? 'warn';
    this.logger = new LevelLogger(options.logger ?? console, level);
    if (typeof token === 'string') this.logger.addSecret(token);
    this.resolved = {
      baseUrl: url,
      token,
      timeout: checkTimeout(options.timeout ?? 60_000),
      maxRetries: checkRetries(options.maxRetries ?? 2),
      headers: { ...options.headers },
    };
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.ky = ky.create({
      fetch: this.fetchImpl,
      throwHttpErrors: true,
      // Error bodies stay raw text in `HTTPError.data` (ky would parse only `…+json` types and drop a
      // malformed one); `makeAPIError` parses them once, whichever JSON:API spelling the service used.
      // Success bodies are read as text too and parsed by `parseBody`.
      parseJson: (text) => text,
      hooks: {
        afterResponse: [
          // A retried DELETE that finds nothing means an earlier attempt deleted it.
          ({ request, response, retryCount }) =>
            request.method === 'DELETE' && retryCount > 0 && response.status === 404
              ? new Response(null, { status: 204 })
              : undefined,
        ],
        beforeRetry: [
          ({ request, error, retryCount }) => {
            const why = error instanceof HTTPError ? `status ${error.response.status}` : error.name;
            this.logger.log('warn', `retrying ${request.method} ${request.url} (retry ${retryCount}) after ${why}`);
          },
        ],
      },
    });
  }

  /** The base URL's origin and path, without a trailing slash. */
  get baseUrl(): string {
    return this.resolved.baseUrl.href.replace(/\/$/, '');
  }

  /** The fetch the client was given, for helpers that call other hosts (the webhook keys). */
  get fetch(): typeof fetch {
    return this.fetchImpl;
  }

  url(path: string, query?: TransportRequest['query']): string {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(this.baseUrl + path);
    if (query) {
      for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.href;
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    const url = this.url(req.path, req.query);
    const call: CallSite = { method: req.method, url };
    const opts = req.options ?? {};
    const timeout = checkTimeout(opts.timeout ?? this.resolved.timeout);
    const maxRetries = checkRetries(opts.maxRetries ?? this.resolved.maxRetries);
    // `set`, not an object spread: header names are case-insensitive, and a spread of `X-A` and `x-a`
    // (or a caller's `Authorization`) would send both values joined.
    const headers = new Headers({ accept: req.accept === 'json' ? 'application/json' : ACCEPT_JSONAPI });
    for (const extra of [this.resolved.headers, opts.headers]) {
      for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    }
    headers.set('authorization', `Bearer ${await this.token(call)}`);
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) body = req.body;
    else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers.set('content-type', JSONAPI_MEDIA_TYPE);
    }
    const isPost = req.method === 'POST';
    const kyOptions: KyOptions = {
      method: req.method,
      headers,
      body,
      timeout: timeout === 0 ? false : timeout,
      signal: opts.signal,
      retry: {
        limit: maxRetries,
        methods: ['get', 'patch', 'delete', 'put', 'post'],
        statusCodes: RETRY_STATUSES,
        afterStatusCodes: RETRY_STATUSES,
        maxRetryAfter: MAX_RETRY_AFTER_MS,
        jitter: true,
        retryOnTimeout: !isPost,
        // POST is not idempotent: only a 429 (the request was not processed) is retried. `undefined`, not
        // `true`, lets ky's own checks run, which is where `Retry-After` is read.
        shouldRetry: isPost ? ({ error }) => (error instanceof HTTPError && error.response.status === 429 ? undefined : false) : undefined,
      },
    };
    this.logger.log('debug', `${req.method} ${url}`);
    let response: Response;
    let text: string;
    try {
      const pending = this.ky(url, kyOptions);
      response = await pending;
      // The body is read through ky too, so that `timeout` and the caller's signal cover it as well.
      text = await pending.text();
    } catch (error) {
      if (error instanceof HTTPError) {
        const location = error.response.headers.get('location');
        if (error.response.status === 303 && location) return this.followSeeOther(call, location, opts);
        // A service may echo the credential in its detail (`token … expired`): redacted like a log line.
        const errorBody = typeof error.data === 'string' ? this.logger.redact(error.data) : undefined;
        throw makeAPIError(call, error.response.status, error.response.headers, errorBody);
      }
      throw this.connectionError(call, error, opts.signal, timeout);
    }
    const parsed = this.parseBody(call, response, text);
    this.logger.log('debug', `${req.method} ${url} -> ${response.status}`);
    return { response, body: parsed, redirected: response.redirected, call };
  }

  /** A fetch that hands back the 303 itself (a custom fetch with `redirect: 'manual'`): follow it here. */
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
        [{ path: '', message: `expected a JSON body, got ${response.headers.get('content-type') ?? 'no content type'}` }],
        text,
      );
    }
  }

  private async token(call: CallSite): Promise<string> {
    const source = this.resolved.token;
    if (typeof source === 'string') return source;
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
    return token;
  }

  private connectionError(call: CallSite, error: unknown, signal: AbortSignal | undefined, timeout: number): Error {
    if (signal?.aborted) return new APIUserAbortError(call, { cause: signal.reason });
    if (isTimeoutError(error)) return new APIConnectionTimeoutError(call, timeout);
    if (error instanceof PortfolioReportingError) return error;
    if (isNetworkError(error) || error instanceof TypeError) {
      // The innermost cause says what happened (`connect ECONNREFUSED …`); the outer ones say `fetch failed`.
      let detail = (error as Error).message;
      for (let e: unknown = (error as Error).cause; e instanceof Error; e = e.cause) detail = e.message;
      return new APIConnectionError(call, `could not reach the service (${this.logger.redact(detail)})`);
    }
    return error instanceof Error ? error : new APIConnectionError(call, String(error));
  }
}

function checkTimeout(value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new PortfolioReportingError(`\`timeout\` must be a finite number of 0 or more, got ${value}`);
  }
  return value;
}

/** Checked here: ky would otherwise throw a TypeError at request time, read as a network failure. */
function checkRetries(value: number): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new PortfolioReportingError(`\`maxRetries\` must be a whole number of 0 or more, got ${value}`);
  }
  return value;
}
