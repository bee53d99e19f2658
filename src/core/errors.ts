/**
 * Every error the SDK throws. `instanceof` works across duplicate copies of the SDK (ESM and CJS both
 * loaded): each class checks a `Symbol.for` brand rather than its own prototype chain.
 */
import { branded, PortfolioReportingError } from './error-base.js';

/** One entry of the service's error body `{ errors: [{ status, detail }] }`. */
export interface ServiceErrorEntry {
  /** The HTTP status, as the service wrote it (number or string). */
  status?: number | string;
  /** What went wrong, in the service's words. */
  detail?: string;
  [key: string]: unknown;
}

export { branded, PortfolioReportingError } from './error-base.js';

/** Where a call went: used in every message so an error says what was called. */
export interface CallSite {
  /** The HTTP method, e.g. `GET`. */
  method: string;
  /** The full URL called, query included. */
  url: string;
}

/**
 * The service answered with an error status.
 * @example
 * catch (e) { if (e instanceof APIError) console.log(e.status, e.errors[0]?.detail, e.requestId) }
 */
export class APIError extends PortfolioReportingError {
  override name = 'APIError';
  /** The HTTP status of the answer, e.g. 404. */
  readonly status: number;
  /** The service's `{ status, detail }` list (empty when the body had none). */
  readonly errors: ServiceErrorEntry[];
  /** The response headers. */
  readonly headers: Headers;
  /** The HTTP method of the call, e.g. `POST`. */
  readonly method: string;
  /** The full URL called, query included. */
  readonly url: string;
  /** The `x-request-id` response header, when the service sent one: quote it to support. */
  readonly requestId: string | undefined;
  /** The raw response body as text (may be empty). */
  readonly body: string;

  constructor(call: CallSite, status: number, headers: Headers, errors: ServiceErrorEntry[], body: string) {
    const details = errors.map((e) => e.detail).filter((d): d is string => typeof d === 'string' && d !== '');
    const requestId = headers.get('x-request-id') ?? undefined;
    super(
      `${call.method} ${call.url} failed with ${status}${details.length ? `: ${details.join('; ')}` : ''}` +
        (requestId ? ` (request id ${requestId})` : ''),
    );
    this.status = status;
    this.errors = errors;
    this.headers = headers;
    this.method = call.method;
    this.url = call.url;
    this.requestId = requestId;
    this.body = body;
  }
}
branded(APIError, 'APIError');

/** 400: the service refused the request as malformed or not allowed in the current state. @example catch (e) { if (e instanceof BadRequestError) console.log(e.errors) } */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
branded(BadRequestError, 'BadRequestError');
/** 401: missing or invalid access token. @example catch (e) { if (e instanceof AuthenticationError) await refreshToken() } */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
branded(AuthenticationError, 'AuthenticationError');
/** 403: the token may not do this. @example catch (e) { if (e instanceof PermissionDeniedError) console.log(e.errors) } */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
branded(PermissionDeniedError, 'PermissionDeniedError');
/** 404: no such resource. @example catch (e) { if (e instanceof NotFoundError) return null } */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
branded(NotFoundError, 'NotFoundError');
/** 409: conflicts with the current state. @example catch (e) { if (e instanceof ConflictError) console.log(e.errors) } */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
branded(ConflictError, 'ConflictError');
/** 422: the service's own field validation refused the body. @example catch (e) { if (e instanceof UnprocessableEntityError) console.log(e.errors) } */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
branded(UnprocessableEntityError, 'UnprocessableEntityError');
/** 429: rate limited (after the SDK's own retries). @example catch (e) { if (e instanceof RateLimitError) console.log(e.headers.get('retry-after')) } */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
}
branded(RateLimitError, 'RateLimitError');
/** 500 and above (after the SDK's own retries). @example catch (e) { if (e instanceof InternalServerError) console.log(e.requestId) } */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}
branded(InternalServerError, 'InternalServerError');

const BY_STATUS: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The one factory: picks the class for a status and reads the service's error body (text or parsed JSON). */
export function makeAPIError(call: CallSite, status: number, headers: Headers, body: unknown): APIError {
  const cls = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : APIError);
  const text = body === undefined || body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new cls(call, status, headers, parseErrorEntries(body), text);
}

function parseErrorEntries(body: unknown): ServiceErrorEntry[] {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      return []; // Not JSON (a proxy's HTML page, say): the raw text stays in `body`.
    }
  }
  const errors = (parsed as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is ServiceErrorEntry => typeof e === 'object' && e !== null) : [];
}

/** No answer came: network failure, DNS, connection refused. @example catch (e) { if (e instanceof APIConnectionError) retryLater() } */
export class APIConnectionError extends PortfolioReportingError {
  override name = 'APIConnectionError';
  constructor(call: CallSite, message = 'could not reach the service', options?: { cause?: unknown }) {
    super(`${call.method} ${call.url}: ${message}`, options);
  }
}
branded(APIConnectionError, 'APIConnectionError');

/** An attempt took longer than `timeout` ms. @example catch (e) { if (e instanceof APIConnectionTimeoutError) console.log(e.message) } */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(call: CallSite, timeoutMs: number, options?: { cause?: unknown }) {
    super(call, `timed out after ${timeoutMs} ms (raise \`timeout\` for slow calls)`, options);
  }
}
branded(APIConnectionTimeoutError, 'APIConnectionTimeoutError');

/** The caller's `signal` aborted the call. @example catch (e) { if (e instanceof APIUserAbortError) return } */
export class APIUserAbortError extends PortfolioReportingError {
  override name = 'APIUserAbortError';
  constructor(call: CallSite, options?: { cause?: unknown }) {
    super(`${call.method} ${call.url}: aborted by the caller's signal`, options);
  }
}
branded(APIUserAbortError, 'APIUserAbortError');

/** One broken rule of the caller's input. */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `attributes.couponFrequency`. */
  path: string;
  /** The rule broken, e.g. `must be a calendar date in the form YYYY-MM-DD`. */
  message: string;
}

/**
 * The most issues a `ValidationError` or `ResponseValidationError` keeps in `issues`; the rest are counted in
 * `omittedIssues` and named in the message. A page of 100,000 bad items costs an error of the same size as
 * one of 101. (README, Errors.)
 */
export const MAX_ISSUES = 100;
/** An issue's `path` is cut to this many characters (a hostile body can name a key of any length). */
export const MAX_ISSUE_PATH = 200;
/** An issue's `message` is cut to this many characters. */
export const MAX_ISSUE_MESSAGE = 1_000;
/** An error message lists issues up to this many characters, then says how many more there are. */
export const MAX_LISTED_CHARS = 6_000;

const OMITTED = Symbol('portfolio-reporting.omittedIssues');

/**
 * Internal: the entry that ends an issue list cut at `MAX_ISSUES`, standing for `count` issues left out. It
 * reads as an issue (`… and 5 more issues`) wherever it lands; the two error classes take it out of `issues`
 * and add its count to `omittedIssues`. It lets a cut list pass through code that concatenates lists.
 */
export function omittedIssues(count: number): ValidationIssue {
  const marker = { path: '', message: `… and ${moreIssues(count)}` };
  Object.defineProperty(marker, OMITTED, { value: count, enumerable: false });
  return marker;
}

function moreIssues(count: number): string {
  return `${count.toLocaleString('en-US')} more issue${count === 1 ? '' : 's'}`;
}

/** The first `MAX_ISSUES` issues, each cut to size, and how many more there were (markers included). */
function boundIssues(issues: readonly ValidationIssue[]): { kept: ValidationIssue[]; omitted: number } {
  const kept: ValidationIssue[] = [];
  let omitted = 0;
  for (const issue of issues) {
    const marked = (issue as { [OMITTED]?: unknown })[OMITTED];
    if (typeof marked === 'number') omitted += marked;
    else if (kept.length < MAX_ISSUES) kept.push(clipIssue(issue));
    else omitted++;
  }
  return { kept, omitted };
}

function clipIssue(issue: ValidationIssue): ValidationIssue {
  const path = clip(String(issue.path), MAX_ISSUE_PATH);
  const message = clip(String(issue.message), MAX_ISSUE_MESSAGE);
  return path === issue.path && message === issue.message ? issue : { path, message };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `a; b; c`, stopping before `MAX_LISTED_CHARS`, then `… and N more issues` for what was not listed. */
function listIssues(
  issues: readonly ValidationIssue[],
  omitted: number,
  show: (issue: ValidationIssue) => string,
): string {
  let text = '';
  let shown = 0;
  for (const issue of issues) {
    const part = show(issue);
    if (shown > 0 && text.length + 2 + part.length > MAX_LISTED_CHARS) break;
    text += shown > 0 ? `; ${part}` : part;
    shown++;
  }
  const rest = issues.length - shown + omitted;
  return rest > 0 ? `${text}${shown > 0 ? '; ' : ''}… and ${moreIssues(rest)}` : text;
}

/**
 * The caller's input broke a known rule; nothing was sent.
 * @example
 * catch (e) { if (e instanceof ValidationError) for (const i of e.issues) console.log(i.path, i.message) }
 */
export class ValidationError extends PortfolioReportingError {
  override name = 'ValidationError';
  /** The broken rules, each with the field's path: the first `MAX_ISSUES` (100) found. */
  readonly issues: ValidationIssue[];
  /** How many more issues were found than `issues` holds (0 unless more than 100 were found). */
  readonly omittedIssues: number;
  constructor(what: string, issues: readonly ValidationIssue[]) {
    const { kept, omitted } = boundIssues(issues);
    super(
      `${what}: ${listIssues(kept, omitted, (i) => (i.path ? `${i.path}: ${i.message}` : i.message))} (nothing was sent)`,
    );
    this.issues = kept;
    this.omittedIssues = omitted;
  }
}
branded(ValidationError, 'ValidationError');

/**
 * The answer contradicts the documented shape (a string where a number is documented, say).
 * @example
 * catch (e) { if (e instanceof ResponseValidationError) console.log(e.issues, e.body) }
 */
export class ResponseValidationError extends PortfolioReportingError {
  override name = 'ResponseValidationError';
  /** The mismatches, each with the path of the member in the body: the first `MAX_ISSUES` (100) found. */
  readonly issues: ValidationIssue[];
  /** How many more mismatches were found than `issues` holds (0 unless more than 100 were found). */
  readonly omittedIssues: number;
  /** The raw body as received. */
  readonly body: unknown;
  constructor(call: CallSite, issues: readonly ValidationIssue[], body: unknown) {
    const { kept, omitted } = boundIssues(issues);
    super(
      `${call.method} ${call.url}: the response does not match the documented shape: ` +
        listIssues(kept, omitted, (i) => `${i.path}: ${i.message}`),
    );
    this.issues = kept;
    this.omittedIssues = omitted;
    this.body = body;
  }
}
branded(ResponseValidationError, 'ResponseValidationError');

/**
 * A `waitForStatus` helper gave up: the time ran out, or the resource reached a final state that is not the
 * one awaited. `lastStatus` is the status seen last and `resource` the resource as last retrieved.
 * @example
 * catch (e) { if (e instanceof WaitForStatusError && e.reason === 'timeout') console.log('still', e.lastStatus) }
 */
export class WaitForStatusError extends PortfolioReportingError {
  override name = 'WaitForStatusError';
  /**
   * @param message What was awaited and what happened instead.
   * @param reason `timeout`: the time ran out; `final-state`: the resource reached a final state not awaited.
   * @param lastStatus The status seen last.
   * @param resource The resource as last retrieved.
   */
  constructor(
    message: string,
    readonly reason: 'timeout' | 'final-state',
    readonly lastStatus: string,
    readonly resource: unknown,
  ) {
    super(message);
  }
}
branded(WaitForStatusError, 'WaitForStatusError');
