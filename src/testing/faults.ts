/**
 * Faults on demand: the next request(s) matching a method and path answered with an error status (and a
 * `Retry-After`) instead of reaching their route, so that a caller's retry and error handling can be tested.
 * In-process as `mock.faults`, and over HTTP by the standalone mock's `POST /__mock/faults` (src/cli/mock-admin.ts):
 * one list, one check, the same rules.
 */
import { extraArguments } from '../core/arity.js';
import { mustBe } from '../core/describe.js';
import { checkArgument, checkKeys } from '../core/settings.js';
import { ValidationError, type ValidationIssue } from '../core/validation-error.js';
import { HttpError } from './http/errors.js';

/** The methods a fault may be limited to: those the service answers (a HEAD is answered as a GET, and faulted as one). */
export type FaultMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A fault as `mock.faults.add()` takes it: the status to answer, and which requests, how many times. */
export interface MockFault {
  /** The status to answer: a whole number from 400 to 599. The SDK retries 408, 429, 500, 502, 503 and 504. */
  status: number;
  /** Whole seconds, 0 or more, sent as the `Retry-After` header; none by default. */
  retryAfter?: number;
  /** How many matching requests fail: a whole number of 1 or more; default 1. */
  times?: number;
  /** Only requests of this method (default: any). */
  method?: FaultMethod;
  /**
   * Only requests to this path (default: any): the URL's path as sent (percent-encoded, no query), below the
   * mock's `baseUrl` path, e.g. `/api/v2/clients`. Matched exactly, or as a prefix when it ends with `*`
   * (`/api/v3/instruments/*`).
   */
  path?: string;
}

/** A fault waiting for its requests: as added, with `times` the number of matching requests it will still fail. */
export type PendingFault = MockFault & { times: number };

/** `mock.faults`: makes the next matching requests fail; `reset()` clears them too. */
export interface MockFaults {
  /**
   * Fails the next `times` requests matching `method` and `path` with `status` (faults are tried in the order added;
   * a request takes one from the first that matches). The body is the service's error document.
   * @example mock.faults.add({ status: 429, retryAfter: 2, method: 'POST', path: '/api/v3/instruments' })
   */
  add(fault: MockFault): void;
  /** The faults still waiting, each with the number of requests it will still fail. @example expect(mock.faults.pending).toEqual([]) */
  readonly pending: readonly PendingFault[];
  /** Removes every waiting fault; returns how many there were. @example mock.faults.clear() */
  clear(): number;
}

const FAULT_KEYS = ['status', 'retryAfter', 'times', 'method', 'path'];
const METHODS: readonly string[] = ['GET', 'POST', 'PATCH', 'DELETE'];

/**
 * The fault as added (a copy, `times` filled in); a `ValidationError` from `what` naming each broken rule. `name` is
 * what the fault is called in messages (`fault`; `body` for the standalone mock's `POST /__mock/faults`).
 */
export function checkFault(what: string, fault: unknown, name = 'fault'): PendingFault {
  checkArgument(what, fault, name, '');
  checkKeys(what, fault, FAULT_KEYS, name, '');
  const { status, retryAfter, times = 1, method, path } = fault as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const rule = (name: string, value: unknown, ok: boolean, expected: string) => {
    if (!ok) issues.push({ path: name, message: mustBe(expected, value) });
  };
  rule('status', status, isWhole(status, 400, 599), 'a whole number from 400 to 599 (an error status)');
  if (retryAfter !== undefined)
    rule('retryAfter', retryAfter, isWhole(retryAfter, 0), 'whole seconds, 0 or more (the Retry-After header)');
  rule('times', times, isWhole(times, 1), 'a whole number of 1 or more');
  if (method !== undefined)
    rule('method', method, METHODS.includes(method as string), `one of ${METHODS.join(', ')} (in capitals)`);
  if (path !== undefined)
    rule(
      'path',
      path,
      typeof path === 'string' && path.startsWith('/') && !/[?#]/.test(path),
      'a path starting with / (no query; a trailing * matches any path it begins)',
    );
  if (issues.length) throw new ValidationError(what, issues, '');
  const checked = { status, times } as PendingFault;
  if (retryAfter !== undefined) checked.retryAfter = retryAfter as number;
  if (method !== undefined) checked.method = method as FaultMethod;
  if (path !== undefined) checked.path = path as string;
  return checked;
}

const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/** The faults of one mock: `MockFaults`, and `take()`, which the routes ask before answering a request. */
export class FaultList implements MockFaults {
  #faults: PendingFault[] = [];

  add(fault: MockFault): void {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    extraArguments('mock.faults.add()', arguments, 1, '');
    this.#faults.push(checkFault('mock.faults.add()', fault));
  }

  get pending(): PendingFault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  clear(): number {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    extraArguments('mock.faults.clear()', arguments, 0, '');
    return this.#faults.splice(0).length;
  }

  /**
   * The error of the first fault matching the request, counted as used; undefined when none matches. `path` is the
   * request's path below the mock's base path.
   */
  take(method: string, path: string): HttpError | undefined {
    const asked = method === 'HEAD' ? 'GET' : method;
    const at = this.#faults.findIndex(
      (fault) =>
        (fault.method === undefined || fault.method === asked) &&
        (fault.path === undefined ||
          (fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : path === fault.path)),
    );
    const fault = this.#faults[at];
    if (!fault) return undefined;
    if (--fault.times === 0) this.#faults.splice(at, 1);
    const headers: Record<string, string> =
      fault.retryAfter === undefined ? {} : { 'retry-after': `${fault.retryAfter}` };
    return new HttpError(
      fault.status,
      `a fault added to the mock answered ${fault.status} here (mock.faults.add or POST /__mock/faults)`,
      headers,
    );
  }
}
