/**
 * Every error the SDK throws. `instanceof` works across duplicate copies of the SDK (ESM and CJS both
 * loaded): each class checks a `Symbol.for` brand rather than its own prototype chain.
 */
import { branded, PortfolioReportingError } from './error-base.js';
import { isCredentialName, redact, redactBody } from './secrets.js';
import { boundIssues, listIssues, type ValidationIssue } from './validation-error.js';

/** One entry of the service's error body `{ errors: [{ status, detail }] }`. */
export interface ServiceErrorEntry {
  /** The HTTP status, as the service wrote it (number or string). */
  status?: number | string;
  /** What went wrong, in the service's words. */
  detail?: string;
  [key: string]: unknown;
}

export { branded, PortfolioReportingError } from './error-base.js';
export {
  MAX_ISSUE_MESSAGE,
  MAX_ISSUE_PATH,
  MAX_ISSUES,
  MAX_LISTED_CHARS,
  omittedIssues,
  ValidationError,
  type ValidationIssue,
} from './validation-error.js';

/**
 * `toJSON` of every error of the SDK. Set on the base class here, with the client's errors, not in error-base.ts:
 * the webhooks entry carries that module and its 8 kB budget has no room for it.
 */
function errorJSON(this: PortfolioReportingError): Record<string, unknown> {
  const { headers } = this as { headers?: unknown };
  const json = {
    name: this.name,
    message: this.message,
    ...(this as object),
    // A `Headers` writes as {}: its entries, a credential header's value masked (`***`, as secrets.ts masks) whether
    // or not the SDK remembers it.
    ...(headers instanceof Headers && { headers: maskedHeaders(headers) }),
  };
  // Every field masked as the message is (the service's `errors` and a redirect's `location` are kept as they came);
  // `undefined` only for a value nested past the stack, which JSON could not write either.
  return redactBody(json) ?? { name: this.name, message: this.message };
}
Object.defineProperty(PortfolioReportingError.prototype, 'toJSON', {
  value: errorJSON,
  writable: true,
  configurable: true,
});

/** A `Headers` as a plain object, a credential header's value masked (`***`, as secrets.ts masks) whether or not the SDK remembers it. */
function maskedHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].map(([name, value]) => [name, isCredentialName(name) ? '***' : value]));
}

/**
 * The masked copy `errorInspect` has Node print, by the copy (Node asks it again; the entry goes with the copy) and by
 * the error it copies while it is printed (a `cause` leading back to it): Node prints that copy as it prints any
 * error, `[Circular *1]` on its second visit, where a fresh copy each time would be printed without end.
 */
const shown = new WeakMap<object, object>();

/**
 * How Node's `util.inspect` (`console.log(error)`, a logger printing an error) shows an error of the SDK: as it
 * would, each field masked as `toJSON` masks it. It prints the fields, and the service's `errors` are kept as they
 * came: a detail echoing the token, or a `set-cookie` header, was printed as it was. Node prints a copy (the error's
 * prototype, so its class; its own members, each field masked before `inspect` writes it: it escapes `\` and `'`,
 * a form of the token no pattern would find), and the text is masked after. The error itself is left as it is (a
 * frozen one too: its fields could not be masked in place).
 */
function errorInspect(
  this: PortfolioReportingError,
  _depth: number,
  options: object,
  inspect: (value: unknown, options: object) => string,
): unknown {
  const seen = shown.get(this);
  if (seen) return seen;
  const members = Object.getOwnPropertyDescriptors(this) as Record<PropertyKey, PropertyDescriptor>;
  for (const key of Reflect.ownKeys(members)) {
    const member = members[key] as PropertyDescriptor;
    const value = (this as unknown as Record<PropertyKey, unknown>)[key];
    // The fields, masked; `message` and `cause` (not enumerable) as they are: the message was masked when it was
    // made, and the text is masked below. `stack` is V8's accessor on the error: the copy's answers its text.
    const masked = member.enumerable ? (value instanceof Headers ? maskedHeaders(value) : redactBody(value)) : value;
    if ('value' in member) member.value = masked;
    else member.get = () => masked;
  }
  const copy = Object.create(Object.getPrototypeOf(this), members) as object;
  shown.set(copy, copy).set(this, copy);
  try {
    return redact(inspect(copy, options));
  } finally {
    shown.delete(this);
  }
}
Object.defineProperty(PortfolioReportingError.prototype, Symbol.for('nodejs.util.inspect.custom'), {
  value: errorInspect,
  writable: true,
  configurable: true,
});

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
    // Listed as issues are: the first `MAX_ISSUES`, each and the list cut to size (a body of 10,000 entries, or one
    // detail of megabytes, would otherwise be a message of that size), then `… and N more errors`.
    const details = boundIssues(
      errors.flatMap((e) => (typeof e.detail === 'string' && e.detail !== '' ? [{ path: '', message: e.detail }] : [])),
    );
    const requestId = headers.get('x-request-id') ?? undefined;
    super(
      `${call.method} ${call.url} failed with ${status}${details.kept.length ? `: ${listIssues(details.kept, details.omitted, undefined, 'error')}` : ''}` +
        (requestId ? ` (request id ${requestId})` : ''),
    );
    this.status = status;
    this.errors = errors;
    this.headers = headers;
    this.method = call.method;
    this.url = redact(call.url);
    this.requestId = requestId;
    this.body = redact(body);
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
  /** @param options `total`: the call's `totalTimeout` ran out (every attempt and wait), not one attempt's `timeout`. */
  constructor(call: CallSite, timeoutMs: number, options?: { cause?: unknown; total?: boolean }) {
    super(
      call,
      options?.total
        ? `took longer than totalTimeout ${timeoutMs} ms, every attempt and retry wait included`
        : `timed out after ${timeoutMs} ms (raise \`timeout\` for slow calls)`,
      options,
    );
  }
}
branded(APIConnectionTimeoutError, 'APIConnectionTimeoutError');

/**
 * The service answered with a redirect the SDK does not follow: to another origin (your token, headers and
 * body never leave the base URL's origin), a redirect of a write other than 303, or too many in a row.
 * @example
 * catch (e) { if (e instanceof RedirectError) console.log(e.status, e.location) }
 */
export class RedirectError extends PortfolioReportingError {
  override name = 'RedirectError';
  /** The HTTP status of the redirect, e.g. 307 (0 when the platform followed it itself: a browser). */
  readonly status: number;
  /** Where it pointed (absolute). */
  readonly location: string;
  constructor(call: CallSite, status: number, location: string, why: string) {
    super(`${call.method} ${call.url}: ${why}`);
    this.status = status;
    this.location = location;
  }
}
branded(RedirectError, 'RedirectError');

/** The caller's `signal` aborted the call. @example catch (e) { if (e instanceof APIUserAbortError) return } */
export class APIUserAbortError extends PortfolioReportingError {
  override name = 'APIUserAbortError';
  constructor(call: CallSite, options?: { cause?: unknown }) {
    super(`${call.method} ${call.url}: aborted by the caller's signal`, options);
  }
}
branded(APIUserAbortError, 'APIUserAbortError');

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
    super(`${call.method} ${call.url}: the response does not match the documented shape: ` + listIssues(kept, omitted));
    this.issues = kept;
    this.omittedIssues = omitted;
    // An HTML error page or a JSON document may echo a credential (an `Authorization` header, say).
    this.body = redactBody(body);
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
