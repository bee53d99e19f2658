/**
 * The calls resources are made of. Every resource method is `api.call(rowId, args, options)` (or `api.list` for a
 * paged collection) with its row of the endpoint table (`src/endpoints.ts`); the row says verb, path, body and
 * query rules and the answer. What a call does with its row lives in `endpoint-calls.ts`, loaded with the table
 * and the schemas on the first call, so that importing the package builds none of them.
 */
import type { EndpointId } from '../endpoints.js';
import { APIPromise, ListPromise, type WithResponse } from './api-promise.js';
import { extraArgumentIssues, extraArguments } from './arity.js';
import { describe, mustBe } from './describe.js';
import type { Body } from './documents.js';
import { loadEndpointCalls } from './endpoint-calls-loader.js';
import { ValidationError, type ValidationIssue } from './errors.js';
import { jsonValueIssue } from './json-value.js';
import { isStackOverflow } from './overflows.js';
import { getOwn, setOwn } from './own-member.js';
import { checkKeys, checkObject, enumerableSymbols, unsentNames } from './settings.js';
import type { ListRequestOptions, Query, RequestOptions, Transport, TransportRequest } from './transport.js';
import { A_CONTROL_CHARACTER, CONTROL, LONE_SURROGATE, shownKey } from './well-formed.js';

export type { Body } from './documents.js';
export type { Query } from './transport.js';

/** Where a call goes: the path with its version prefix, and the body and query when it has them. */
export interface Target {
  path: string;
  body?: Body;
  query?: Query;
}

/** What a call of one endpoint-table row carries, as its SDK method was given it. */
export interface CallArgs {
  /**
   * The path parameters, in the order of the row's `:params`, each under the name the SDK method gives it
   * (`{ legalEntityId }` for `/api/v2/legal-entities/:id/accounts`), so that a bad one is reported by that name.
   */
  path?: Record<string, unknown>;
  /** The input the row's body rule makes the request body of. */
  body?: unknown;
  /** The documented query parameters, checked by the row's query schema. */
  query?: unknown;
  /**
   * Rules of the method the row cannot state, given the checked query; their issues are reported together
   * with the body's.
   */
  check?: (query: Query | undefined) => ValidationIssue[];
}

type EndpointCalls = typeof import('./endpoint-calls.js');
/** The loaded module, once loaded: later calls use it without waiting a turn. */
let loaded: EndpointCalls | undefined;
function endpointCalls(): EndpointCalls | Promise<EndpointCalls> {
  return loaded ?? loadEndpointCalls().then((module) => (loaded = module));
}

export class API {
  constructor(readonly transport: Transport) {}

  /**
   * Calls one row of the endpoint table: its verb and path, its body rule and query schema applied to the
   * caller's input, its answer decoded — one resource, a compound list, or nothing (204). Bad input rejects the
   * returned promise with a `ValidationError`, and nothing is sent.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each resource method declares what its row answers
  call(id: EndpointId, args: CallArgs = {}, options?: ListRequestOptions): any {
    // Once loaded, the row is called here: no closure, no deferred start, no check of a pending load.
    if (loaded) {
      let raw: Promise<WithResponse<unknown>>;
      try {
        raw = loaded.callRow(this.transport, id, taken(args), options);
      } catch (error) {
        raw = Promise.reject(error);
      }
      return new APIPromise(raw, id);
    }
    return APIPromise.defer(() => {
      const calls = endpointCalls();
      if (!(calls instanceof Promise)) return calls.callRow(this.transport, id, args, options);
      // The first calls wait for the load: they take their input as it is now, not as it will be then.
      const given = taken(args);
      return calls.then((c) => c.callRow(this.transport, id, given, options));
    }, id);
  }

  /** Reads a paged row (`pagination: 'list'`) page by page through `links.next`; nothing is fetched until used. */
  // biome-ignore lint/suspicious/noExplicitAny: each resource method declares what its row answers
  list(id: EndpointId, args: CallArgs = {}, options?: ListRequestOptions): ListPromise<any> {
    let fetchPage: ReturnType<EndpointCalls['listRow']> | undefined;
    const given = taken(args);
    return new ListPromise(async (next) => {
      fetchPage ??= (await endpointCalls()).listRow(this.transport, id, given, options);
      return fetchPage(next);
    });
  }

  /** The path of a row with its parameters, each checked as one path segment (a `ValidationError` names a bad one). */
  async path(id: EndpointId, params: Record<string, unknown>): Promise<string> {
    return (await endpointCalls()).endpointPath(id, params);
  }

  /**
   * The escape hatch: any method and path, parsed JSON back (undefined for 204). `caller` names a public
   * entry (`prs.request`) whose request object is checked key by key, as a caller gave it; `given`, the
   * arguments that entry was called with when there were more than it takes (one past `options` is refused).
   */
  raw(
    req: Omit<TransportRequest, 'options'>,
    options?: RequestOptions,
    caller?: string,
    given?: readonly unknown[],
  ): APIPromise<unknown> {
    return APIPromise.defer(() => {
      if (caller) {
        // `given`: every argument the public entry was called with, when there were more than it takes.
        if (given) extraArguments(caller, given, 2);
        if (req === undefined)
          throw new ValidationError(caller, [
            { path: 'request', message: 'is required: { method, path, query?, body? }' },
          ]);
        checkObject(caller, req, 'request');
        checkKeys(caller, req, RAW_REQUEST_KEYS, 'request');
      }
      // Each member read once, by name as checked (a spread would leave out one the request inherits), the body and
      // the query copied as read: what is checked below is what is sent.
      const { method, path } = req;
      let { body, query } = req;
      if (caller && !RAW_METHODS.includes(method))
        throw new ValidationError('prs.request', [
          { path: 'method', message: `must be one of ${RAW_METHODS.join(', ')}, got ${describe(method)}` },
        ]);
      // fetch refuses a GET with a body (it looked like a network failure).
      if (caller && method === 'GET' && body !== undefined)
        throw new ValidationError(caller, [{ path: 'body', message: 'must be left out of a GET (fetch sends none)' }]);
      if (caller) {
        query = Object.fromEntries(checkQueryValues(caller, query, 'query')) as Query;
        body = snapshot(body);
        // Sent as given (FormData aside), so checked as JSON: nothing JSON would drop or rewrite goes unsaid.
        const unwritable = body === undefined || body instanceof FormData ? undefined : jsonValueIssue(body, 'body');
        if (unwritable) throw new ValidationError(caller, [unwritable]);
      }
      // fetch never sends a fragment: refused rather than dropped without a word. The caller's path only: a redirect's
      // or a next link's is the service's.
      if (caller && typeof path === 'string' && path.includes('#'))
        throw new ValidationError(caller, [
          {
            path: 'path',
            message: 'must not carry a #fragment (fetch never sends one)',
          },
        ]);
      const what = caller ?? req.what ?? `${method} ${path}`;
      const target = withOptionsQuery(what, { path, query }, options);
      return this.transport
        .send({ ...req, method, path, body, query: target.query, options, what })
        .then(({ body, response }) => ({ data: body, response }));
    }, caller);
  }
}

/**
 * The call's target with `options.query` added: extra parameters a caller sends as given. A name the method's
 * own parameters already set is refused rather than overwritten.
 */
export function withOptionsQuery(what: string, built: Target, options: RequestOptions | undefined): Target {
  const extra = (options as { query?: unknown } | undefined)?.query;
  if (extra === undefined || extra === null || typeof extra !== 'object') return built;
  const query: Query = { ...built.query };
  // The values as checked, each read once: a getter read again could give one the check never saw.
  for (const [name, value] of checkQueryValues(what, extra, 'options.query')) {
    if (getOwn(query, name) !== undefined && value !== undefined) {
      throw new ValidationError(what, [
        { path: `options.query.${shownKey(name)}`, message: "is set by the method's own parameters; give it there" },
      ]);
    }
    if (value !== undefined) setOwn(query, name, value);
  }
  return { ...built, query };
}

/**
 * Refuses a query value the URL would carry as something else: only strings, finite numbers and booleans are
 * written as they are (a function or a symbol became its source text, `NaN` the text "NaN", an object
 * "[object Object]"). An undefined value is no parameter.
 */
function checkQueryValues(what: string, query: unknown, name: string): [string, unknown][] {
  if (query === undefined || query === null) return [];
  // Read by its own keys: a Map, an array or a string would be read as empty or as its indices.
  checkObject(what, query, name);
  const issues = unsentNames(query as object, name);
  const entries = Object.entries(query);
  for (const [key, value] of entries) {
    const written = typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);
    if (!written && value !== undefined)
      issues.push({
        path: `${name}.${shownKey(key)}`,
        message: mustBe('a string, a finite number or a boolean', value),
      });
  }
  if (issues.length) throw new ValidationError(what, issues);
  return entries;
}

const RAW_REQUEST_KEYS = ['method', 'path', 'query', 'body'];
const RAW_METHODS: readonly string[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/**
 * Encodes an id as exactly one path segment, refusing before anything is sent what cannot be one: an empty
 * id, and `.` or `..`, which a URL parser resolves as "this" and "the parent" segment whatever their encoding
 * (`accounts.delete('..')` would otherwise be `DELETE /api/v2/`).
 */
export function segment(what: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
    // A resource the SDK returned, given whole where its id goes, is the likely mistake: say what to give instead.
    const got =
      value === ''
        ? 'an empty string'
        : typeof value === 'string'
          ? JSON.stringify(value)
          : typeof (value as { id?: unknown } | null)?.id === 'string'
            ? 'a resource: give its `id`'
            : typeof value;
    throw new ValidationError(what, [
      { path: name, message: `must be a non-empty string id other than "." and "..", got ${got}` },
    ]);
  }
  // Sent as `%00`, it would name a record of no id the service gives.
  if (CONTROL.test(value))
    throw new ValidationError(what, [
      { path: name, message: `must not hold ${A_CONTROL_CHARACTER}, got ${JSON.stringify(value)}` },
    ]);
  try {
    return encodeURIComponent(value);
  } catch {
    throw new ValidationError(what, [{ path: name, message: LONE_SURROGATE }]);
  }
}

/**
 * A call's input as it is when the call is made, each member read once (`snapshot`): the checks and the request
 * read that copy, so a getter or a Proxy that answers differently on a second read (`'CHF'` checked, `'chf'` sent)
 * cannot send what was not checked, and a call waiting for the first load sends what it was given.
 */
function taken(args: CallArgs): CallArgs {
  return args.body === undefined && args.query === undefined
    ? args
    : { ...args, body: snapshot(args.body), query: snapshot(args.query) };
}

/**
 * A copy of the plain data in `value` (arrays and plain objects at any depth, cycles kept as cycles); anything else
 * (a Blob, FormData, a Date, a function, a class instance) is the same reference. What such a copy is checked and
 * sent as is exactly what the value was when the call was made, though the caller changes the object afterwards (a
 * call waiting for the first load) or a getter answers otherwise when read again. An input too deep to copy is taken
 * as it is.
 */
function snapshot<T>(value: T): T {
  try {
    return copyPlain(value, new Map());
  } catch (error) {
    if (isStackOverflow(error)) return value;
    throw error;
  }
}

function copyPlain<T>(value: T, seen: Map<object, unknown>): T {
  if (value === null || typeof value !== 'object') return value;
  const known = seen.get(value);
  if (known !== undefined) return known as T;
  const array = Array.isArray(value);
  const prototype = Object.getPrototypeOf(value);
  if (!array && prototype !== Object.prototype && prototype !== null) return value;
  const out = array ? new Array(value.length) : prototype === null ? Object.create(null) : {};
  seen.set(value, out);
  // Everything the codec reads, so that what is checked is what was given: an array's indices (a hole stays a hole)
  // and the keys after them (an array's named members, an object's), then symbol keys. Each member read once, and
  // assigned (a tenth of the cost of defining it, on every call): only `__proto__` is defined, to stay a member.
  for (const key of Object.keys(value)) {
    const member = copyPlain((value as Record<string, unknown>)[key], seen);
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
    else out[key] = member;
  }
  for (const key of enumerableSymbols(value)) out[key] = copyPlain((value as Record<symbol, unknown>)[key], seen);
  return out as T;
}

/**
 * Gives each method of `object` (of its prototype chain, below `Object.prototype`) an own wrapper that refuses a
 * defined argument past the ones the method declares: its `Function.length`, so no parameter of such a method has
 * a default value. `what` names a method in the error; `refuse` answers the call as the method answers its other
 * bad input (it throws, or returns a rejected promise). For objects with many methods (the client's namespaces,
 * the mock's store): a method added later is covered without a list to keep. Here, beside `API.call`, since every
 * call of a client's method runs the wrapper first: a call's path goes through no file more (README, Architecture).
 */
export function refuseExtraArgumentsOf(
  object: object,
  what: (method: string) => string,
  refuse: (what: string, issues: ValidationIssue[], method: object) => unknown,
): void {
  for (let proto = Object.getPrototypeOf(object); proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name === 'constructor' || typeof method !== 'function' || Object.hasOwn(object, name)) continue;
      const max = method.length;
      const checked = function (this: unknown) {
        // `arguments`, not a rest parameter: a call with the arguments it takes allocates no array.
        // biome-ignore lint/complexity/noArguments: read for its length, and its members when it is too long
        const given = arguments;
        if (given.length > max) {
          const issues = extraArgumentIssues(given, max);
          if (issues.length) return refuse(what(name), issues, method);
        }
        return method.apply(this, given);
      };
      // It says what the method takes, as the method does (`length` is read by tools that adapt functions).
      Object.defineProperty(checked, 'length', { value: max });
      Object.defineProperty(object, name, { configurable: true, writable: true, value: checked });
    }
  }
}
