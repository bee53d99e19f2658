/**
 * The calls resources are made of: retrieve, list, create, update, delete — each one request through the
 * transport and one decode through a schema. Resources are tables of these; none talks to fetch.
 */
import type * as z from 'zod/mini';
import { type Endpoint, type EndpointId, endpoints } from '../endpoints.js';
import { APIPromise, compoundList, ListPromise, type Page, type WithResponse } from './api-promise.js';
import { describe } from './describe.js';
import { type Body, collection, single } from './documents.js';
import {
  type CallSite,
  PortfolioReportingError,
  ResponseValidationError,
  ValidationError,
  type ValidationIssue,
} from './errors.js';
import { decode, requestBody, validateInput, withIssues } from './jsonapi.js';
import { checkKeys } from './settings.js';
import type { RequestOptions, Transport, TransportRequest } from './transport.js';

export type Query = TransportRequest['query'];

export type { Body } from './documents.js';

/** Where a call goes: the path with its version prefix, and the body and query when it has them. */
export interface Target {
  path: string;
  body?: Body;
  query?: Query;
}

/**
 * A call's target, built on demand. Building it (`segment()`, `buildDocument`, `validateInput`) runs inside
 * the promise the call returns, so bad input rejects that promise with a `ValidationError` and nothing is sent.
 */
export type LazyTarget = () => Target;

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
  check?: (query: Query) => ValidationIssue[];
}

export class API {
  constructor(readonly transport: Transport) {}

  /**
   * Calls one row of the endpoint table (`src/endpoints.ts`): its verb and path, its body rule and query schema
   * applied to the caller's input, its answer decoded — one page, every page, or nothing (204). Every resource
   * method is this call with its row's id; the row says everything else.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each resource method declares what its row answers
  call(id: EndpointId, args: CallArgs = {}, options?: RequestOptions): any {
    const row: Endpoint = endpoints[id];
    const target = (): Target => {
      const path = fillPath(id, row.path, args.path);
      const query = row.query ? queryOf(validateInput(id, row.query, args.query ?? {})) : undefined;
      const extra = args.check?.(query) ?? [];
      const pathId = args.path ? Object.values(args.path).at(-1) : undefined;
      const body = withIssues(id, extra, () =>
        row.body ? requestBody(id, row.body, args.body, pathId as string | undefined) : undefined,
      );
      return { path, body, query };
    };
    const { response } = row;
    if (response.status === 204) return this.send(row.method as 'POST' | 'PATCH' | 'DELETE', target, options);
    if ('json' in response) throw new Error(`${id}: a plain JSON answer is read by its resource`);
    if (row.pagination === 'compound')
      return this.listCompound(target, response.resource, response.included as z.ZodMiniType, options);
    if (row.pagination) return this.list(target, response.resource, options);
    if (row.method === 'GET') return this.retrieve(target, response.resource, options);
    if (row.method === 'PATCH') return this.update(target, response.resource, options);
    return this.create(target, response.resource, options);
  }

  /** GET one resource: `{ data: resource }` decoded by `schema`. */
  retrieve<T>(target: LazyTarget, schema: z.ZodMiniType<T>, options?: RequestOptions): APIPromise<T> {
    return APIPromise.defer(() => {
      const { path, query } = withOptionsQuery(target, options);
      return this.one('GET', path, schema, undefined, options, query);
    });
  }

  /** GET a collection, following `links.next`. */
  list<T>(target: LazyTarget, schema: z.ZodMiniType<T>, options?: RequestOptions): ListPromise<T> {
    return new ListPromise(this.pageFetcher(() => withOptionsQuery(target, options), schema, undefined, options));
  }

  /** GET a compound collection: `{ data, included }`, both gathered over every page. */
  listCompound<T, I>(
    target: LazyTarget,
    schema: z.ZodMiniType<T>,
    included: z.ZodMiniType<I>,
    options?: RequestOptions,
  ): APIPromise<{ data: T[]; included: I[] }> {
    return new APIPromise(
      compoundList(this.pageFetcher(() => withOptionsQuery(target, options), schema, included, options)),
    );
  }

  /** POST a document and decode the created resource. `created` is false when the service answered 303. */
  create<T>(
    target: LazyTarget,
    schema: z.ZodMiniType<T>,
    options?: RequestOptions,
  ): APIPromise<T, { created: boolean }> {
    return APIPromise.defer(() => {
      const { path, body, query } = withOptionsQuery(target, options);
      return this.one('POST', path, schema, body, options, query).then((r) => ({ ...r, created: !r.redirected }));
    });
  }

  /** POST or PATCH whose answer is 204 (or ignored): resolves to `undefined`. */
  send(method: 'POST' | 'PATCH' | 'DELETE', target: LazyTarget, options?: RequestOptions): APIPromise<void> {
    return APIPromise.defer(() => {
      const { path, body, query } = withOptionsQuery(target, options);
      return this.transport
        .send({ method, path, body, options, query })
        .then(({ response }) => ({ data: undefined, response }));
    });
  }

  /** PATCH that answers with the full resource (users). */
  update<T>(target: LazyTarget, schema: z.ZodMiniType<T>, options?: RequestOptions): APIPromise<T> {
    return APIPromise.defer(() => {
      const { path, body, query } = withOptionsQuery(target, options);
      return this.one('PATCH', path, schema, body, options, query);
    });
  }

  /** DELETE: 204, and a retried DELETE that finds 404 counts as done (the first attempt succeeded). */
  delete(target: LazyTarget, options?: RequestOptions): APIPromise<void> {
    return this.send('DELETE', target, options);
  }

  /**
   * The escape hatch: any method and path, parsed JSON back (undefined for 204). `caller` names a public
   * entry (`prs.request`) whose request object is checked key by key, as a caller gave it.
   */
  raw(req: Omit<TransportRequest, 'options'>, options?: RequestOptions, caller?: string): APIPromise<unknown> {
    return APIPromise.defer(() => {
      if (caller) checkKeys(caller, req, RAW_REQUEST_KEYS, 'request');
      if (caller && !RAW_METHODS.includes(req.method))
        throw new ValidationError('prs.request', [
          { path: 'method', message: `must be one of ${RAW_METHODS.join(', ')}, got ${describe(req.method)}` },
        ]);
      const { query } = withOptionsQuery(() => ({ path: req.path, query: req.query }), options);
      return this.transport.send({ ...req, query, options }).then(({ body, response }) => ({ data: body, response }));
    });
  }

  private async one<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    schema: z.ZodMiniType<T>,
    body: Body,
    options?: RequestOptions,
    query?: Query,
  ): Promise<WithResponse<T, { redirected: boolean }>> {
    const res = await this.transport.send({ method, path, body, options, query });
    const doc = decode(res.call, single(schema), res.body);
    return { data: doc.data, response: res.response, redirected: res.redirected };
  }

  /** Fetches a list's pages: the first at the target (built once, on the first fetch), the next ones at `links.next`. */
  private pageFetcher<T, I>(
    target: LazyTarget,
    schema: z.ZodMiniType<T>,
    included: z.ZodMiniType<I> | undefined,
    options: RequestOptions | undefined,
  ): (next: string | undefined) => Promise<Page<T, I>> {
    let first: Target | undefined;
    return async (next) => {
      first ??= target();
      return this.page(first.path, schema, included, first.query, options, next);
    };
  }

  private async page<T, I>(
    path: string,
    schema: z.ZodMiniType<T>,
    included: z.ZodMiniType<I> | undefined,
    query: Query,
    options: RequestOptions | undefined,
    next: string | undefined,
  ): Promise<Page<T, I>> {
    const res = await this.transport.send({
      method: 'GET',
      path: next ?? path,
      query: next ? undefined : query,
      options,
    });
    const doc = decode(res.call, collection(schema, included), res.body);
    const given = doc.links?.next;
    const href = typeof given === 'object' && given !== null ? given.href : given;
    return {
      items: doc.data,
      included: doc.included ?? [],
      next: nextLink(res.call, href, this.transport.baseUrl, res.body),
      response: res.response,
      url: res.call.url,
      maxPages: options?.maxPages,
    };
  }
}

/**
 * The call's target with `options.query` added: extra parameters a caller sends as given. A name the method's
 * own parameters already set is refused rather than overwritten.
 */
function withOptionsQuery(target: LazyTarget, options: RequestOptions | undefined): Target {
  const built = target();
  const extra = (options as { query?: unknown } | undefined)?.query;
  if (extra === undefined || extra === null || typeof extra !== 'object') return built;
  const query: Query = { ...built.query };
  for (const [name, value] of Object.entries(extra as NonNullable<Query>)) {
    if (query[name] !== undefined && value !== undefined) {
      throw new ValidationError(`${built.path}`, [
        { path: `options.query.${name}`, message: "is set by the method's own parameters; give it there" },
      ]);
    }
    if (value !== undefined) query[name] = value;
  }
  return { ...built, query };
}

function nextLink(call: CallSite, next: string | null | undefined, baseUrl: string, body: unknown): string | undefined {
  if (!next) return undefined;
  let url: URL;
  try {
    url = new URL(next, call.url);
  } catch {
    // An answer whose links.next is no URL contradicts the documented shape, like any other bad member.
    throw new ResponseValidationError(
      call,
      [{ path: 'links.next', message: `must be a URL, got ${JSON.stringify(next)}` }],
      body,
    );
  }
  if (url.origin !== new URL(baseUrl).origin) {
    throw new PortfolioReportingError(
      `${call.method} ${call.url}: links.next points to another origin (${url.origin}); the SDK does not send your token there.`,
    );
  }
  if (url.href === call.url) {
    throw new PortfolioReportingError(
      `${call.method} ${call.url}: links.next points to the page just read; stopping to avoid an endless loop.`,
    );
  }
  return url.href;
}

/**
 * The path of a row with its parameters (`{ id }`), each checked as one path segment: a bad one is a
 * `ValidationError` naming it.
 */
export function endpointPath(id: EndpointId, params: Record<string, unknown>): string {
  return fillPath(id, endpoints[id].path, params);
}

/** The row's path with each `:param` replaced by the next given value, checked as one path segment. */
function fillPath(id: string, template: string, params: Record<string, unknown> = {}): string {
  const given = Object.entries(params);
  let i = 0;
  const path = template.replace(/:[A-Za-z]+/g, () => {
    const [name, value] = given[i++] ?? ['id', undefined];
    return segment(id, name, value);
  });
  if (i !== given.length) throw new Error(`${id}: ${given.length} path parameters for ${template}`);
  return path;
}

/** Query parameters as sent: a list comma-separated, an empty list left out (it asks for nothing). */
function queryOf(checked: unknown): Query {
  const query: NonNullable<Query> = {};
  for (const [name, value] of Object.entries(checked as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      if (value.length) query[name] = value.join(',');
    } else if (value !== undefined) query[name] = value as string | number | boolean;
  }
  return query;
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
    const got = value === '' ? 'an empty string' : typeof value === 'string' ? JSON.stringify(value) : typeof value;
    throw new ValidationError(what, [
      { path: name, message: `must be a non-empty string id other than "." and "..", got ${got}` },
    ]);
  }
  return encodeURIComponent(value);
}
