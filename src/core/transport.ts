/**
 * The one transport: one ky instance per client, which does the fetching, the retries with backoff and
 * `Retry-After`, the timeout per attempt and the caller's signal; this file adds bearer auth, the retry
 * policy of API.md, error mapping and logging.
 */
import ky, {
  HTTPError,
  isNetworkError,
  isTimeoutError,
  type KyInstance,
  type Options as KyOptions,
  type RetryOptions,
  replaceOption,
} from 'ky';
import { describe, mustBe } from './describe.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type CallSite,
  makeAPIError,
  PortfolioReportingError,
  RedirectError,
  ResponseValidationError,
  ValidationError,
  type ValidationIssue,
} from './errors.js';
import { LevelLogger, type Logger, type LogLevel } from './logger.js';
import { isStackOverflow } from './overflows.js';
import { REQUEST_OPTION_KEYS } from './request-option-keys.js';
import { BACKOFF_MS, MAX_RETRY_AFTER_MS, RETRY_STATUSES } from './retry-policy.js';
import { isCredentialName, MANUAL_REDIRECTS, MAX_REDIRECTS, rememberSecret } from './secrets.js';
import { checkKeys, checkObject, checkSettings, headerProblem, tokenResultProblem, unsentNames } from './settings.js';
import { A_CONTROL_CHARACTER, CONTROL, LONE_SURROGATE, shownKey, wellFormed } from './well-formed.js';

/**
 * Options for one call; every SDK method takes them as its last argument (a list's method takes
 * `ListRequestOptions`, which adds `maxPages`). A key not listed here is a `ValidationError` naming it: nothing
 * given is ignored.
 */
export interface RequestOptions {
  /** Aborts the call at once (an `APIUserAbortError`), also while it waits for a token or a retry. */
  signal?: AbortSignal;
  /** Per-attempt timeout in ms for this call (0: none). */
  timeout?: number;
  /**
   * The most this call may take in ms, every attempt, every retry wait and the `accessToken` function
   * included (0: none); past it the call ends with an `APIConnectionTimeoutError`. For a list, each page's request.
   */
  totalTimeout?: number;
  /** Retries for this call. */
  maxRetries?: number;
  /** Extra headers for this call (they win over the client's; `undefined` sends none of that name, the client's neither). */
  headers?: Record<string, string | undefined>;
  /**
   * Extra query parameters for this call, sent as given (`{ 'page[size]': 50 }`); the documented parameters of
   * endpoints that have some are the method's own argument, and a name given in both is refused.
   */
  query?: Query;
}

/**
 * Options for a call that reads a list page by page (its method returns a `ListPromise`, or gathers every page as
 * `holdings.list` does): `RequestOptions` and `maxPages`. Only these calls take `maxPages`, which bounds nothing
 * elsewhere: a call that reads one answer refuses it at run time, and its type has no such member.
 */
export interface ListRequestOptions extends RequestOptions {
  /**
   * For a list: the most pages one walk reads, 1 or more. A list with more is an error naming `maxPages` (never a
   * silently shortened list). A next link back to a page already read ends a walk with an error in any case. A call
   * that reads one answer refuses it.
   */
  maxPages?: number;
}

/** Query parameters; those set to undefined are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

export { REQUEST_OPTION_KEYS } from './request-option-keys.js';

/** The client's options, as users pass them. */
export interface ClientOptions {
  /** The service's origin, e.g. `https://reporting.example.com`. Default: env `PRS_BASE_URL`. */
  baseUrl?: string;
  /** A bearer token, or an async function returning one (called before every request). Default: env `PRS_ACCESS_TOKEN`. */
  accessToken?: string | (() => string | Promise<string>);
  /** Per-attempt timeout in ms. Default 60 000. */
  timeout?: number;
  /** The most one call may take in ms, all attempts and retry waits included. Default 0: none. */
  totalTimeout?: number;
  /** Retries of a failed attempt (see README, Retries). Default 2. */
  maxRetries?: number;
  /**
   * A custom fetch (a proxy agent, a test double), called as ky calls fetch: with a `Request` (read `request.url`,
   * `.method`, `.headers`) and options. Default: the global `fetch`, which this type admits as it is.
   * @example
   * new PortfolioReporting({ fetch: (request, init) => { console.log(request.method, request.url); return fetch(request, init); } });
   */
  fetch?: (request: Request, init?: RequestInit) => Promise<Response>;
  /** Extra headers on every request (an `undefined` value is no header). */
  headers?: Record<string, string | undefined>;
  /** Where log lines go. Default: `console`. */
  logger?: Logger;
  /** The lowest level written. Default `warn` (retries and deprecations), or env `PRS_LOG`. */
  logLevel?: LogLevel;
}

const CLIENT_OPTION_KEYS: readonly string[] = [
  'baseUrl',
  'accessToken',
  'timeout',
  'totalTimeout',
  'maxRetries',
  'fetch',
  'headers',
  'logger',
  'logLevel',
];
const LOG_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error', 'off'];

/** What the transport sends: a path below the base URL, a query, and a JSON or multipart body. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** Path with its version prefix, e.g. `/api/v3/instruments/abc`; or an absolute URL on the same origin. */
  path: string;
  query?: Query | undefined;
  /** A JSON value (sent with the JSON:API media type) or FormData. */
  body?: unknown;
  /** `jsonapi` (default) or plain `json` (the webhook keys endpoint). */
  accept?: 'jsonapi' | 'json';
  /** `maxPages` only with `pages` (a list's page): `checkRequestOptions` refuses it elsewhere. */
  options?: ListRequestOptions | undefined;
  /** Redirects followed so far to reach this request (internal). */
  redirects?: number;
  /** The path is a filled row template (segments encoded, `.` and `..` refused): plain by construction (internal). */
  plain?: boolean;
  /** Who the caller called, for messages (`accounts.retrieve`, `prs.request`); default the method and path (internal). */
  what?: string;
  /** A page of a list, which `options.maxPages` bounds; any other call refuses it (internal). */
  pages?: boolean;
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
/** ky's names of the methods whose retries it may consider; which of them are retried is `shouldRetry`'s rule. */
const RETRY_METHODS = ['get', 'patch', 'put', 'delete', 'post'];

interface EnvGlobals {
  process?: { env?: Record<string, string | undefined> };
  Deno?: { permissions?: { querySync?(d: { name: 'env'; variable: string }): { state: string } } };
}

/**
 * An environment variable, or undefined. They are only defaults, so one the runtime does not let us read counts
 * as unset: Deno without `--allow-env` throws on a read (and asks in a terminal), so it is asked first.
 */
function env(name: string): string | undefined {
  const { process, Deno } = globalThis as EnvGlobals;
  try {
    if (Deno?.permissions?.querySync?.({ name: 'env', variable: name }).state === 'prompt') return undefined;
    return process?.env?.[name] || undefined;
  } catch {
    return undefined;
  }
}

/** Options normalised once at construction. */
interface Resolved {
  baseUrl: URL;
  /** The base URL without a trailing slash, paths are appended to it. */
  base: string;
  token: string | (() => string | Promise<string>);
  timeout: number;
  totalTimeout: number;
  maxRetries: number;
  /** The static token and the values of credential headers (`x-api-key`…): masked in every error and log line. */
  credentials: string[];
  /** The headers every request starts from (Accept, then the client's own), per accepted media type. */
  headers: { jsonapi: HeaderRecord; json: HeaderRecord };
}

/**
 * The one transport: a ky instance per client, bearer auth, the retry policy, error mapping, logging.
 * Resources never call fetch or ky themselves; they describe a request and hand it here.
 */
export class Transport {
  readonly logger: LevelLogger;
  /**
   * A private field, not a property: it holds the token and the credential headers' values, which
   * `JSON.stringify(prs)` or `util.inspect(prs, { depth: 4 })` would otherwise print.
   */
  readonly #resolved: Resolved;
  private readonly ky: KyInstance;

  constructor(options: ClientOptions = {}) {
    const what = 'new PortfolioReporting()';
    checkKeys(what, options, CLIENT_OPTION_KEYS, 'options', '');
    // The environment fills in what was not given; a value given (null too) is checked as it is.
    const token = options.accessToken === undefined ? env('PRS_ACCESS_TOKEN') : options.accessToken;
    const givenUrl = options.baseUrl === undefined ? env('PRS_BASE_URL') : options.baseUrl;
    const { baseUrl: url } = checkSettings(
      what,
      {
        baseUrl: givenUrl,
        accessToken: token,
        durations: { timeout: options.timeout, totalTimeout: options.totalTimeout },
        counts: { maxRetries: options.maxRetries },
      },
      {
        required: ['baseUrl', 'accessToken'],
        hints: {
          baseUrl: 'or set the PRS_BASE_URL environment variable',
          accessToken: 'a string or an async function; or set the PRS_ACCESS_TOKEN environment variable',
        },
      },
    );
    // What the URL parser or fetch would send changed (a base URL with a `..` segment, a token ending in a space).
    const changed = [
      typeof givenUrl === 'string' && { path: 'baseUrl', message: rewrittenByUrl(givenUrl) },
      typeof token === 'string' && TRAILING_SPACE.test(token) && { path: 'accessToken', message: TRIMMED },
    ].filter((issue): issue is ValidationIssue => !!issue && !!issue.message);
    if (changed.length) throw new ValidationError(what, changed, '');
    checkClientExtras(what, options);
    const level = options.logLevel ?? (env('PRS_LOG') as LogLevel | undefined) ?? 'warn';
    checkLogger(what, options.logger, level);
    this.logger = new LevelLogger(options.logger ?? console, level);
    // Each value read once, as checked (a getter read again could send what was not checked).
    const given = checkHeaders(what, options.headers, 'headers', '', true);
    // The credentials this client always sends, marked used on every request so that they stay masked.
    const credentials = credentialValues(given);
    if (typeof token === 'string') credentials.push(token);
    for (const secret of credentials) rememberSecret(secret);
    const headers = (accept: string) => withHeaders({ accept }, given);
    this.#resolved = {
      baseUrl: url as URL,
      base: (url as URL).href.replace(/\/$/, ''),
      token: token as NonNullable<ClientOptions['accessToken']>,
      timeout: options.timeout ?? 60_000,
      totalTimeout: options.totalTimeout ?? 0,
      maxRetries: options.maxRetries ?? 2,
      credentials,
      headers: { jsonapi: headers(ACCEPT_JSONAPI), json: headers('application/json') },
    };
    // Only what differs from ky's defaults is given, here and per call: ky merges every option key on every
    // request, at a cost that grows with their number (the request benchmark's profile).
    this.ky = ky.create({
      // The platform's fetch honours its signal; one the caller supplied may not, so it is raced with it. Without
      // one, ky reads the global fetch for each request: a fetch replaced after the client was made is used.
      ...(options.fetch && { fetch: honouringSignal(options.fetch) }),
      // Error bodies stay raw text in `HTTPError.data`: `makeAPIError` parses them once, after redaction.
      parseJson: (text) => text,
      // The headers of a call that adds none (no headers of its own, a string token: a GET, a DELETE; a JSON body
      // adds its content type), merged by ky itself: a whole header object per call cost ~4 µs before a GET's fetch
      // (bench/phases.ts). A call with headers of its own replaces these whole (see `send`).
      ...(typeof token === 'string' && {
        headers: { ...this.#resolved.headers.jsonapi, authorization: `Bearer ${token}` },
      }),
      // The client's timeout, retry policy and redirect mode are ky's defaults for every call, so that a call
      // that sets none of them hands ky no options object of its own to merge (a retry object and its closure per
      // call were the largest piece of the SDK's per-request cost over bare ky that profiles could name).
      timeout: this.#resolved.timeout === 0 ? false : this.#resolved.timeout,
      retry: retryOptions('', this.#resolved.maxRetries, ({ error, retryCount }) => {
        // ky's errors that it may retry carry their request: its method decides, its URL is logged.
        const request = (error as { request?: Request }).request;
        return request ? this.retryDecision(request.method, request.url, error, retryCount) : false;
      }),
      ...(MANUAL_REDIRECTS && { redirect: 'manual' as const }),
    });
  }

  /**
   * Asked by ky before each retry, within the limit. Where its own checks retry, the retry is logged and
   * `undefined` lets those checks run (they read Retry-After); anything else is not retried. (Not a `beforeRetry`
   * hook: ky merges the hooks of every request, ~4 µs of a GET's latency.)
   */
  private retryDecision(method: string, url: string, error: Error, retryCount: number): false | undefined {
    if (!retriedAfter(method, error)) return false;
    this.logger.log('warn', `retrying ${method} ${url} (retry ${retryCount}) after ${failureOf(error)}`);
    return undefined;
  }

  /** The base URL's origin and path, without a trailing slash. */
  get baseUrl(): string {
    return this.#resolved.base;
  }

  /**
   * The URL of a path below the base URL (starting with a single `/`) or of an absolute URL on its origin.
   * Anything else would send the token elsewhere: a `ValidationError`, nothing sent.
   */
  url(path: string, query?: TransportRequest['query'], what = 'request', plain = false): string {
    // The SDK's own paths (filled row templates) are plain: the URL parser would hand them back as they are, so the
    // URL is written without parsing it (a parse was a tenth of the SDK's cost over bare ky per request).
    if (plain || (typeof path === 'string' && PLAIN_PATH.test(path))) {
      const search = query ? searchOf(query, what) : '';
      return `${this.#resolved.base}${path}${search && `?${search}`}`;
    }
    const origin = this.#resolved.baseUrl.origin;
    // What the parser would rewrite (`..` leaving the endpoint, a backslash read as a slash) is refused, not sent
    // somewhere else than written.
    const rewritten = typeof path === 'string' ? rewrittenByUrl(path) : undefined;
    if (rewritten) throw new ValidationError(what, [{ path: 'path', message: rewritten }]);
    let url: URL | undefined;
    if (typeof path === 'string' && /^https?:\/\//i.test(path)) url = URL.canParse(path) ? new URL(path) : undefined;
    else if (typeof path === 'string' && /^\/(?![/\\])/.test(path)) url = new URL(this.#resolved.base + path);
    // Credentials in the URL would go out in an Authorization header of fetch's own: refused, never shown.
    if (url?.username || url?.password)
      throw new ValidationError(what, [
        {
          path: 'path',
          message: "must not carry credentials (user:password@): the SDK authenticates with the client's accessToken",
        },
      ]);
    if (url?.origin !== origin) {
      throw new ValidationError(what, [
        {
          path: 'path',
          message: `must start with a single "/" (a path below the base URL) or be an absolute URL on ${origin}, got ${describe(path)}`,
        },
      ]);
    }
    if (query) {
      const given = url.searchParams;
      for (const [key, value] of Object.entries(query)) {
        if (value === undefined) continue;
        // A parameter the path's own query already has would be overwritten: it is given once, in one place.
        if (given.has(key))
          throw new ValidationError(what, [
            { path: `query.${shownKey(key)}`, message: "is in the path's query as well: give it once" },
          ]);
      }
      const search = searchOf(query, what);
      if (search) url.search = url.search ? `${url.search}&${search}` : search;
    }
    return url.href;
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    const opts = req.options ?? NO_OPTIONS;
    const what = req.what ?? `${req.method} ${req.path}`;
    if (req.options !== undefined) checkRequestOptions(what, req.options, req.pages === true);
    const url = this.url(req.path, req.query, what, req.plain);
    const call: CallSite = { method: req.method, url };
    const timeout = opts.timeout ?? this.#resolved.timeout;
    const totalTimeout = opts.totalTimeout ?? this.#resolved.totalTimeout;
    const maxRetries = opts.maxRetries ?? this.#resolved.maxRetries;
    // The call's headers as checked, each value read once: what is sent is what was checked.
    const given = checkHeaders(what, opts.headers, 'options.headers', undefined, req.body !== undefined);
    this.rememberCredentials(given);
    const token = this.#resolved.token;
    // A call whose headers are the client's (see the constructor) gives ky none, or only the body's content type,
    // which ky adds to them; a call with headers of its own, plain JSON or a token function gives its whole set.
    const own = given !== undefined || req.accept === 'json' || typeof token !== 'string';
    const headers = own ? withHeaders({ ...this.#resolved.headers[req.accept ?? 'jsonapi'] }, given) : undefined;
    // One signal ends the call wherever it waits (a token, an attempt, a Retry-After pause, a body): the caller's, the total deadline, or both.
    const deadline = totalTimeout > 0 ? AbortSignal.timeout(totalTimeout) : undefined;
    const signal = deadline && opts.signal ? AbortSignal.any([opts.signal, deadline]) : (deadline ?? opts.signal);
    // The body is written before any wait (for a token): what is sent is the input as it was when the call was made.
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) body = req.body;
    else if (req.body !== undefined) {
      // What JSON cannot write is said, not thrown: a value nested deeper than the stack (an attribute of 100,000
      // nested arrays), a BigInt, a value that contains itself (the codec passes any value of a generic attribute).
      try {
        body = JSON.stringify(req.body);
      } catch (error) {
        const message = isStackOverflow(error)
          ? TOO_DEEP_TO_SEND
          : `cannot be written as JSON (${(error as Error).message})`;
        throw new ValidationError(what, [{ path: 'body', message }]);
      }
      if (headers) headers['content-type'] = JSONAPI_MEDIA_TYPE;
    }
    if (headers)
      headers.authorization = `Bearer ${
        typeof token === 'string'
          ? token
          : await this.tokenFrom(token, call, signal, opts.signal, totalTimeout, timeout)
      }`;
    // A retried DELETE that finds nothing means an earlier attempt deleted it: whether one was retried. So a
    // DELETE, and a call with a retry limit of its own, gives ky the retry options itself; every other call uses
    // the client's (see the constructor).
    let retried = false;
    const kyOptions: KyOptions = { method: req.method };
    if (opts.timeout !== undefined) kyOptions.timeout = timeout === 0 ? false : timeout;
    if (req.method === 'DELETE' || opts.maxRetries !== undefined)
      kyOptions.retry = replaceOption(
        retryOptions(req.method, maxRetries, ({ error, retryCount }) => {
          const decision = this.retryDecision(req.method, url, error, retryCount);
          if (decision === undefined) retried = true;
          return decision;
        }),
      );
    // Set only when given (see the constructor): each key ky is handed costs on every request.
    if (headers) kyOptions.headers = replaceOption(headers);
    else if (typeof body === 'string') kyOptions.headers = JSON_BODY_HEADERS;
    if (body !== undefined) kyOptions.body = body;
    if (signal) kyOptions.signal = signal;
    // The level is asked first so that a call does not build lines nobody writes.
    const debug = this.logger.enabled('debug');
    if (debug) this.logger.log('debug', `${req.method} ${url}`);
    // The status of the answer while its body is read: a failure then is the body's, not the connection's.
    let reading: number | undefined;
    try {
      if (signal?.aborted) throw signal.reason;
      const pending = this.ky(url, kyOptions);
      const response = await pending;
      reading = response.status;
      // Read through ky, so that `timeout` covers the body as well.
      const text = await pending.text();
      reading = undefined;
      if (debug) this.logger.log('debug', `${req.method} ${url} -> ${response.status}`);
      // Where fetch follows redirects itself (a browser, or a given fetch that does), an answer from another origin
      // is never the resource. (Read once: each read of a platform Response's getter is a brand check.)
      const redirected = response.redirected;
      if (redirected && response.url && new URL(response.url).origin !== this.#resolved.baseUrl.origin) {
        const elsewhere = new URL(response.url).origin;
        throw new RedirectError(
          call,
          0,
          response.url,
          `the answer came from another origin (${elsewhere}) through a redirect; it is not used as the resource`,
        );
      }
      return { response, body: this.parseBody(call, response, text), redirected, call };
    } catch (error) {
      if (!isHTTPErrorOf(error))
        throw this.connectionError(
          call,
          error,
          opts.signal,
          deadline?.aborted ? totalTimeout : undefined,
          timeout,
          reading,
        );
      const { status, headers: responseHeaders } = error.response;
      const location = responseHeaders.get('location');
      if (status >= 300 && status < 400 && location) return this.followRedirect(req, call, status, location);
      if (retried && status === 404) {
        return { response: new Response(null, { status: 204 }), body: undefined, redirected: false, call };
      }
      // A service may echo the credential in its detail (`token … expired`): redacted like a log line. Marked again
      // first: while this call waited, other clients' credentials may have pushed its own out of the bounded set.
      this.rememberCredentials(given, headers?.authorization);
      const data = typeof error.data === 'string' ? this.logger.redact(error.data) : undefined;
      throw makeAPIError(call, status, responseHeaders, data);
    }
  }

  /**
   * Marks the credentials a call sends as used (the client's, its own credential headers, `authorization` as
   * sent), so that the bounded set of remembered secrets holds them when its text is redacted.
   */
  private rememberCredentials(given: RequestOptions['headers'], authorization?: string): void {
    const credentials = this.#resolved.credentials;
    for (let i = 0; i < credentials.length; i++) rememberSecret(credentials[i] as string);
    if (given) for (const secret of credentialValues(given)) rememberSecret(secret);
    if (authorization) rememberSecret(authorization.slice(BEARER_PREFIX.length));
  }

  /**
   * Follows a redirect on the base URL's origin only (the token goes with it): a 303 See Other (a duplicate
   * create) with a GET, and any redirect of a GET. Another origin, a redirect of a write other than 303, or
   * more than `MAX_REDIRECTS` in a row is a `RedirectError`, with nothing sent to the target.
   */
  private async followRedirect(
    req: TransportRequest,
    call: CallSite,
    status: number,
    location: string,
  ): Promise<TransportResponse> {
    const target = URL.canParse(location, call.url) ? new URL(location, call.url) : undefined;
    const where = target?.href ?? location;
    if (target?.origin !== this.#resolved.baseUrl.origin) {
      throw new RedirectError(
        call,
        status,
        where,
        `answered ${status} to another origin (${target?.origin ?? describe(location)}); nothing was sent there: the SDK never sends your token, headers or body off the base URL's origin`,
      );
    }
    // Sent on, `user:password@` would go out in an Authorization header of fetch's own: not followed, never shown.
    if (target.username || target.password) {
      target.username = target.password = '';
      throw new RedirectError(
        call,
        status,
        target.href,
        `answered ${status} to a URL carrying credentials (user:password@, not shown); not followed: the SDK authenticates with the client's accessToken only`,
      );
    }
    if (status !== 303 && req.method !== 'GET') {
      throw new RedirectError(
        call,
        status,
        where,
        `answered ${status} to ${where}; the SDK follows a redirect of a ${req.method} only when it is a 303 See Other`,
      );
    }
    const hops = (req.redirects ?? 0) + 1;
    if (hops > MAX_REDIRECTS)
      throw new RedirectError(call, status, where, `more than ${MAX_REDIRECTS} redirects in a row; stopped`);
    const followed = await this.send({
      method: 'GET',
      path: target.href,
      options: req.options,
      redirects: hops,
      what: req.what,
      pages: req.pages,
    });
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
            message: notJson(response.headers.get('content-type')),
          },
        ],
        text,
      );
    }
  }

  /**
   * What ky's failure without an answer means to the caller: their abort, a timeout, no connection, or (`answered`:
   * the status of an answer whose body was being read) a body that could not be read: one that broke off, or one
   * larger than the runtime can hold as a string (V8's limit is about 512 MiB: `ERR_STRING_TOO_LONG`).
   */
  private connectionError(
    call: CallSite,
    error: unknown,
    signal: AbortSignal | undefined,
    totalTimeout: number | undefined,
    timeout: number,
    answered?: number,
  ): Error {
    if (signal?.aborted) return new APIUserAbortError(call, { cause: signal.reason });
    if (totalTimeout !== undefined) return new APIConnectionTimeoutError(call, totalTimeout, { total: true });
    if (isTimeoutError(error)) return new APIConnectionTimeoutError(call, timeout);
    if (error instanceof PortfolioReportingError) return error;
    const body = answered !== undefined && error instanceof Error;
    if (body || isNetworkError(error) || error instanceof TypeError) {
      const { reason, code } = networkReason(error as Error);
      const detail = this.logger.redact(reason);
      // The cause is what happened with its code (ECONNREFUSED, ENOTFOUND…: the bulk runner reads whether the
      // request left), not the platform's error, which may hold the request and its headers.
      return new APIConnectionError(
        call,
        body
          ? `could not read the body of its ${answered} answer (${detail})`
          : `could not reach the service (${detail})`,
        { cause: Object.assign(new Error(detail), { code }) },
      );
    }
    return error instanceof Error ? error : new APIConnectionError(call, String(error));
  }

  /** Calls the token function; the call's signal (the caller's, or the total deadline) ends the wait. */
  private async tokenFrom(
    source: () => string | Promise<string>,
    call: CallSite,
    signal: AbortSignal | undefined,
    callerSignal: AbortSignal | undefined,
    totalTimeout: number,
    timeout: number,
  ): Promise<string> {
    let token: string;
    // The wait for a token counts as part of the first attempt: `timeout` bounds it as well.
    const attempt = timeout > 0 ? AbortSignal.timeout(timeout) : undefined;
    const ends = attempt && signal ? AbortSignal.any([signal, attempt]) : (attempt ?? signal);
    try {
      token = await untilAborted(Promise.resolve().then(source), ends);
    } catch (error) {
      if (callerSignal?.aborted) throw new APIUserAbortError(call, { cause: callerSignal.reason });
      if (signal?.aborted) throw new APIConnectionTimeoutError(call, totalTimeout, { total: true });
      if (attempt?.aborted)
        throw new APIConnectionTimeoutError(call, timeout, {
          cause: new Error('waiting for the accessToken function'),
        });
      throw new PortfolioReportingError(`${call.method} ${call.url}: the accessToken function threw`, { cause: error });
    }
    if (typeof token === 'string') this.logger.addSecret(token);
    const problem =
      tokenResultProblem(token) ??
      (TRAILING_SPACE.test(token as string) ? `must return a value that ${TRIMMED}` : undefined);
    if (problem) throw new PortfolioReportingError(`${call.method} ${call.url}: the accessToken function ${problem}`);
    return token;
  }
}

/** fetch sends a header value without the spaces and tabs at its ends. */
const EDGE_SPACE = /^[ \t]|[ \t]$/;
const TRAILING_SPACE = /[ \t]$/;
const TRIMMED = 'would be sent without the spaces or tabs at its start or end (fetch trims them)';

/**
 * Why a URL as written would not be sent as written, or undefined: the URL parser drops tabs and line breaks and
 * spaces or control characters at the ends, reads a backslash as a slash, resolves `.` and `..` segments (`%2e`
 * too) and writes a lone surrogate as U+FFFD. Said without the text, which may hold a credential.
 */
function rewrittenByUrl(text: string): string | undefined {
  // A query or fragment is the parser's to encode, not to resolve: only the part before it has segments.
  const beforeQuery = text.split(/[?#]/, 1)[0] as string;
  const found = !wellFormed(text)
    ? 'a lone surrogate'
    : /[\t\n\r]/.test(text)
      ? 'a tab or line break'
      : /^[\0- ]|[\0- ]$/.test(text)
        ? 'a space or control character at an end'
        : CONTROL.test(text)
          ? A_CONTROL_CHARACTER
          : beforeQuery.includes('\\')
            ? 'a backslash (as "/")'
            : /\/(?:\.|%2e){1,2}(?:\/|$)/i.test(beforeQuery)
              ? 'a "." or ".." segment'
              : undefined;
  return found && `must be sent as written: the URL parser would rewrite ${found}`;
}

/** Why a body was not sent: `JSON.stringify` ran out of stack on it. */
const TOO_DEEP_TO_SEND = 'is nested too deeply to write as JSON (the stack ran out)';

/**
 * A path below the base URL that the URL parser leaves unchanged: segments of URL path characters only (no space,
 * `?`, `#`, backslash or non-ASCII, which it would encode or read otherwise), none of them `.` or `..` (nor `%2e`,
 * which it reads as a dot), and not starting with `//` (another host). Anything else takes the parsing path with its origin check.
 */
const PLAIN_PATH = /^(?!\/\/)(?!.*%2e)(?:\/(?!\.\.?(?:\/|$))[a-z0-9\-._~!$&'()*+,;=:@%]*)+$/i;

/** The query as the URL's `searchParams` would write it; parameters set to undefined are left out. */
function searchOf(query: NonNullable<TransportRequest['query']>, what: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  // URLSearchParams writes a lone surrogate as U+FFFD (%EF%BF%BD): looked for only when that appears.
  if (search.includes('%EF%BF%BD'))
    for (const [key, value] of Object.entries(query))
      if (!wellFormed(key) || (typeof value === 'string' && !wellFormed(value)))
        throw new ValidationError(what, [{ path: `query.${shownKey(key)}`, message: LONE_SURROGATE }]);
  return search;
}

/** ky's `HTTPError`, recognised by its brand as well, so that a second copy of ky is no problem. */
function isHTTPErrorOf(error: unknown): error is HTTPError<string | undefined> {
  return error instanceof HTTPError || (error as { name?: unknown } | null)?.name === 'HTTPError';
}

/**
 * Whether the policy retries after `error`, as ky's own checks decide for the options below (the limit and the
 * methods are checked before it asks): a listed status, a timeout or a network failure; for a POST, which is not
 * idempotent, a 429 only (the request was not processed).
 */
function retriedAfter(method: string, error: Error): boolean {
  if (isHTTPErrorOf(error))
    return method === 'POST' ? error.response.status === 429 : RETRY_STATUSES.includes(error.response.status);
  return method !== 'POST' && (isTimeoutError(error) || isNetworkError(error));
}

/** What a retried attempt ran into, for the warning (which the logger masks, as every line). */
function failureOf(error: Error): string {
  if (isHTTPErrorOf(error)) return `status ${error.response.status}`;
  if (isTimeoutError(error)) return 'a timeout';
  const { reason } = networkReason(error);
  return `a network error${reason ? ` (${reason})` : ''}`;
}

/**
 * A network failure's own reason, on one line, and its code: the innermost cause's (`connect ECONNREFUSED …`; the
 * outer ones say `fetch failed`). OpenSSL's text spans lines and names its source file: a wrong version number is
 * said as what it means.
 */
function networkReason(error: Error): { reason: string; code: unknown } {
  let inner = error as Error & { code?: unknown };
  for (let e: unknown = inner.cause; e instanceof Error; e = e.cause) inner = e;
  const reason =
    inner.code === 'ERR_SSL_WRONG_VERSION_NUMBER'
      ? 'TLS failed: the server does not answer TLS (http:// rather than https://?)'
      : inner.message.trim().replace(/\s+/g, ' ');
  return { reason, code: inner.code };
}

/** A body that is not JSON: a web page is most often a base URL that is not the service's API. */
function notJson(type: string | null): string {
  const page = type?.includes('html') ? " (a web page: is the base URL the service's API?)" : '';
  return `expected a JSON body, got ${type ?? 'no content type'}${page}`;
}

/** What a JSON body adds to the client's headers (ky merges it with them, as it would any call's headers). */
const JSON_BODY_HEADERS = { 'content-type': JSONAPI_MEDIA_TYPE } as const;

/** ky copies these per request (it never changes the caller's arrays), so one of each serves every call. */
const RETRY_STATUS_CODES = [...RETRY_STATUSES];
const backoff = (attempt: number): number => BACKOFF_MS * 2 ** (attempt - 1);

/** The options of a call given none (shared: read only). */
const NO_OPTIONS: RequestOptions = Object.freeze({});
const BEARER_PREFIX = 'Bearer ';

/**
 * The policy of API.md as ky's retry options for one call, written out (ky copies each key of them on every
 * request; a spread of shared options would copy them once more).
 */
function retryOptions(method: string, limit: number, shouldRetry: RetryOptions['shouldRetry']): RetryOptions {
  return {
    limit,
    methods: RETRY_METHODS,
    statusCodes: RETRY_STATUS_CODES,
    // `Retry-After` is honoured on every retried status (ky's default reads it on 413, 429 and 503 only).
    afterStatusCodes: RETRY_STATUS_CODES,
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    delay: backoff,
    jitter: true,
    // A POST is not retried after a timeout; the client's options (no method) leave that to `shouldRetry`.
    retryOnTimeout: method !== 'POST',
    shouldRetry,
  };
}

/** `pending`, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return pending;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * A fetch the caller supplied, raced with the signal ky gives it: a timeout or an abort still ends an
 * attempt whose fetch ignores its signal.
 */
function honouringSignal(custom: NonNullable<ClientOptions['fetch']>): typeof fetch {
  // ky calls it with the Request it built.
  return (input, init) => untilAborted(custom(input as Request, init), init?.signal ?? (input as Request).signal);
}

/**
 * A call's options: known keys only, durations and counts by the shared rules; `maxPages` only where it bounds
 * something (`pages`: the call reads a list), and at least one page.
 */
export function checkRequestOptions(what: string, options: ListRequestOptions, pages: boolean): void {
  // A call that reads one answer lists what it accepts without `maxPages`, which it refuses by its own rule below.
  let others: unknown = options;
  if (!pages && Object.hasOwn(Object(options), 'maxPages')) {
    others = { ...options };
    delete (others as ListRequestOptions).maxPages;
  }
  checkKeys(what, others, pages ? REQUEST_OPTION_KEYS : REQUEST_OPTION_KEYS.slice(0, -1), 'options');
  checkSettings(
    what,
    {
      durations: { 'options.timeout': options.timeout, 'options.totalTimeout': options.totalTimeout },
      counts: { 'options.maxRetries': options.maxRetries },
    },
    { note: '(nothing was sent)' },
  );
  // Its own rule, not the counts' (0 or more): a walk reads one page at least.
  const { maxPages } = options;
  if (maxPages !== undefined && (!pages || !Number.isInteger(maxPages) || maxPages < 1))
    throw new ValidationError(what, [
      {
        path: 'options.maxPages',
        message: pages
          ? mustBe('a whole number, 1 or more', maxPages)
          : 'is for a list only: this call reads one answer',
      },
    ]);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
    throw new ValidationError(what, [{ path: 'options.signal', message: 'must be an AbortSignal' }]);
  checkObject(what, options.headers, 'options.headers');
  checkObject(what, options.query, 'options.query');
}

/** The client options beyond the shared settings: functions, objects and the log level. */
function checkClientExtras(what: string, options: ClientOptions): void {
  const wrong = (path: string, message: string) => new ValidationError(what, [{ path, message }], '');
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw wrong('fetch', 'must be a fetch function');
  checkObject(what, options.headers, 'headers', '');
  if (options.logger !== undefined && (typeof options.logger !== 'object' || options.logger === null))
    throw wrong('logger', 'must be an object with debug/info/warn/error methods (console, say)');
  if (options.logLevel !== undefined && !LOG_LEVELS.includes(options.logLevel))
    throw wrong('logLevel', `must be one of ${LOG_LEVELS.join(', ')}, got ${describe(options.logLevel)}`);
}

/**
 * A logger must have the methods its level writes with (`warn` and `error` at the default level): one missing
 * would throw a `TypeError` from inside a retry, the first time the SDK logs.
 */
function checkLogger(what: string, logger: unknown, level: string): void {
  if (logger === undefined) return;
  const used = LOG_LEVELS.slice(LOG_LEVELS.indexOf(level), -1);
  const missing = used.filter((name) => typeof (logger as Record<string, unknown>)[name] !== 'function');
  if (missing.length)
    throw new ValidationError(
      what,
      [
        {
          path: 'logger',
          message: `must have ${used.join(', ')} methods at logLevel ${level}; missing: ${missing.join(', ')}`,
        },
      ],
      '',
    );
}

/**
 * The Fetch standard's forbidden request headers: a browser's fetch leaves them out, Node's sets `host` and
 * `content-length` itself and refuses `expect`, `keep-alive`, `transfer-encoding` and `upgrade` (a failure that
 * looked like the network's).
 */
const FORBIDDEN_HEADER =
  /^(?:accept-charset|accept-encoding|access-control-request-(?:headers|method)|connection|content-length|cookie2?|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/;

/** The values of the credential headers (`authorization`, `x-api-key`, `cookie`…) among `headers`. */
function credentialValues(headers: Record<string, string | undefined> | undefined): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {}))
    if (isCredentialName(name) && typeof value === 'string') values.push(value);
  return values;
}

/** Request headers by lower-case name: a plain record, which fetch reads as it reads any other. */
type HeaderRecord = Record<string, string>;

/**
 * Sets each of `extra` on `headers` by its lower-case name; an undefined value is no header (it removes one set).
 * Header names are case-insensitive: a spread of `X-A` and `x-a` (or of a caller's `Authorization`) would send both
 * values joined.
 */
function withHeaders(headers: HeaderRecord, extra: Record<string, string | undefined> | undefined): HeaderRecord {
  if (extra)
    for (const name of Object.keys(extra)) {
      const value = extra[name];
      if (value === undefined) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
  return headers;
}

/**
 * Refuses, before anything is sent, a header that would not go out as given: a value that is not a string (fetch
 * writes anything as its text), one fetch refuses (a line break in a value: fetch's TypeError reads as a network
 * failure and is retried), a symbol key (fetch skips it), the same name twice in different cases (one would be
 * lost), and a content type where the SDK writes the body (it sets the type its body needs). Messages name the
 * header, never its value (it may be a credential). `body`: whether the call sends a body (the client's headers go
 * with every body). Returns the headers as read, each value once: what is sent is what was checked, though a getter
 * answers otherwise when read again.
 */
function checkHeaders(
  what: string,
  headers: Record<string, string | undefined> | undefined,
  path: string,
  note: string | undefined,
  body: boolean,
): Record<string, string | undefined> | undefined {
  if (!headers) return undefined;
  const seen = new Map<string, string>();
  const issues = unsentNames(headers, path);
  // No prototype: a `__proto__` name (refused below) stays a member.
  const taken: Record<string, string | undefined> = Object.create(null);
  for (const name of Object.keys(headers)) {
    const value: unknown = headers[name];
    taken[name] = value as string | undefined;
    const at = `${path}.${name}`;
    const lower = name.toLowerCase();
    const twin = seen.get(lower);
    if (twin !== undefined)
      issues.push({ path: at, message: `is given twice, as ${twin} and ${name}: header names are case-insensitive` });
    seen.set(lower, name);
    // undefined is no header (ky drops it, and a call's drops the client's of that name).
    if (value === undefined) continue;
    const problem = typeof value === 'string' ? headerProblem(name, value) : `must be a string, got ${typeof value}`;
    if (problem) issues.push({ path: at, message: problem });
    else if (EDGE_SPACE.test(value as string)) issues.push({ path: at, message: TRIMMED });
    // fetch reads a header record through its keys and leaves this one out (`new Headers({ __proto__: … })`).
    else if (lower === '__proto__') issues.push({ path: at, message: 'cannot be sent (fetch leaves this name out)' });
    else if (lower === 'authorization')
      issues.push({ path: at, message: "is the SDK's: it carries the client's accessToken and cannot be replaced" });
    else if (FORBIDDEN_HEADER.test(lower))
      issues.push({
        path: at,
        message: 'is set by fetch itself, never by a caller (a forbidden header name: a browser leaves it out)',
      });
    else if (lower === 'content-type' && body)
      issues.push({
        path: at,
        message: `is set by the SDK for the body it writes (${JSONAPI_MEDIA_TYPE}; multipart/form-data for an upload)`,
      });
  }
  if (issues.length) throw new ValidationError(what, issues, note);
  return taken;
}
