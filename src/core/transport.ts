/**
 * The one transport: one ky instance per client, which does the fetching, the retries with backoff and
 * `Retry-After`, the timeout per attempt and the caller's signal; this file adds bearer auth, the retry
 * policy of API.md, error mapping and logging.
 */
import ky, { HTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options as KyOptions } from 'ky';
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
import { BACKOFF_MS, MAX_RETRY_AFTER_MS, RETRY_STATUSES } from './retry-policy.js';

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
  /** A custom fetch (a proxy agent, a test double), called as ky calls fetch: `(request: Request, init)`. Default: the global `fetch`. */
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
/** Timers take 32-bit signed milliseconds; a longer one would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** ky's names of the methods whose retries it may consider; which of them are retried is `shouldRetry`'s rule. */
const RETRY_METHODS = ['get', 'patch', 'put', 'delete', 'post'];

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

/**
 * The one transport: a ky instance per client, bearer auth, the retry policy, error mapping, logging.
 * Resources never call fetch or ky themselves; they describe a request and hand it here.
 */
export class Transport {
  readonly logger: LevelLogger;
  private readonly resolved: Resolved;
  private readonly ky: KyInstance;

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
    this.ky = ky.create({
      // The platform's fetch honours its signal; one the caller supplied may not, so it is raced with it.
      // The global is read at each call, not bound once: a fetch replaced after the client was made is used.
      fetch: options.fetch ? honouringSignal(options.fetch) : (input, init) => globalThis.fetch(input, init),
      throwHttpErrors: true,
      // Error bodies stay raw text in `HTTPError.data`: `makeAPIError` parses them once, after redaction.
      parseJson: (text) => text,
      hooks: {
        beforeRetry: [
          ({ request, error, retryCount }) => {
            const why = isHTTPErrorOf(error)
              ? `status ${error.response.status}`
              : isTimeoutError(error)
                ? 'a timeout'
                : 'a network error';
            this.logger.log('warn', `retrying ${request.method} ${request.url} (retry ${retryCount}) after ${why}`);
          },
        ],
      },
    });
  }

  /** The base URL's origin and path, without a trailing slash. */
  get baseUrl(): string {
    return this.resolved.base;
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
    // A retried DELETE that finds nothing means an earlier attempt deleted it: whether one was retried.
    let retried = false;
    const kyOptions: KyOptions = {
      method: req.method,
      headers,
      body,
      signal: opts.signal,
      timeout: timeout === 0 ? false : timeout,
      retry: retryOptions(req.method, maxRetries),
      ...(req.method === 'DELETE' && {
        hooks: {
          beforeRetry: [
            () => {
              retried = true;
            },
          ],
        },
      }),
    };
    this.logger.log('debug', `${req.method} ${url}`);
    try {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const pending = this.ky(url, kyOptions);
      const response = await pending;
      // Read through ky, so that `timeout` covers the body as well.
      const text = await pending.text();
      this.logger.log('debug', `${req.method} ${url} -> ${response.status}`);
      return { response, body: this.parseBody(call, response, text), redirected: response.redirected, call };
    } catch (error) {
      if (!isHTTPErrorOf(error)) throw this.connectionError(call, error, opts.signal, timeout);
      const { status, headers: responseHeaders } = error.response;
      const location = responseHeaders.get('location');
      // A fetch that hands back the 303 itself (a custom fetch with `redirect: 'manual'`): follow it here.
      if (status === 303 && location) return this.followSeeOther(call, location, opts);
      if (retried && status === 404) {
        return { response: new Response(null, { status: 204 }), body: undefined, redirected: false, call };
      }
      // A service may echo the credential in its detail (`token … expired`): redacted like a log line.
      const data = typeof error.data === 'string' ? this.logger.redact(error.data) : undefined;
      throw makeAPIError(call, status, responseHeaders, data);
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

  /** What ky's failure without an answer means to the caller: their abort, a timeout, or no connection. */
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

/** ky's `HTTPError`, recognised by its brand as well, so that a second copy of ky is no problem. */
function isHTTPErrorOf(error: unknown): error is HTTPError<string | undefined> {
  return error instanceof HTTPError || (error as { name?: unknown } | null)?.name === 'HTTPError';
}

/** The policy of API.md as ky's retry options, made once per method and retry count in use. */
const retryCache = new Map<string, NonNullable<KyOptions['retry']>>();
function retryOptions(method: string, limit: number): NonNullable<KyOptions['retry']> {
  const key = `${method} ${limit}`;
  let options = retryCache.get(key);
  if (!options) {
    const post = method === 'POST';
    options = {
      limit,
      methods: RETRY_METHODS,
      statusCodes: [...RETRY_STATUSES],
      // `Retry-After` is honoured on every retried status (ky's default reads it on 413, 429 and 503 only).
      afterStatusCodes: [...RETRY_STATUSES],
      maxRetryAfter: MAX_RETRY_AFTER_MS,
      delay: (attempt) => BACKOFF_MS * 2 ** (attempt - 1),
      jitter: true,
      retryOnTimeout: !post,
      // POST is not idempotent: only a 429 (the request was not processed) is retried. `undefined`, not
      // `true`, lets ky's own checks run, which is where `Retry-After` is read.
      shouldRetry: post
        ? ({ error }) => (isHTTPErrorOf(error) && error.response.status === 429 ? undefined : false)
        : undefined,
    };
    retryCache.set(key, options);
  }
  return options;
}

/**
 * A fetch the caller supplied, raced with the signal ky gives it: a timeout or an abort still ends an
 * attempt whose fetch ignores its signal.
 */
function honouringSignal(custom: typeof fetch): typeof fetch {
  return (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const pending = custom(input, init);
    if (!signal) return pending;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal.reason);
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
      pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };
}

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
