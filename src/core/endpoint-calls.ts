/**
 * What a call of one endpoint-table row does: the row's path filled, its query and body rules applied to the
 * caller's input, one request through the transport, the answer decoded — one resource, every page of a list,
 * or nothing (204). This module and what it imports (the endpoint table, the schemas, the codec, zod) are loaded
 * on the first call (`endpoint-calls-loader.ts`): importing the package and constructing a client build none of
 * them, and a bundler puts them in a chunk of their own.
 */
import type * as z from 'zod/mini';
import { type Endpoint, type EndpointId, endpoints } from '../endpoints.js';
import { responseChecks } from '../schemas/response-checks.generated.js';
import { type CallArgs, type Query, segment, type Target, withOptionsQuery } from './api.js';
import { compoundList, type Page, type WithResponse } from './api-promise.js';
import { collection, single } from './documents.js';
import { type CallSite, ConflictError, PortfolioReportingError, ResponseValidationError } from './errors.js';
import { decode, requestBody, validateInput, withIssues } from './jsonapi.js';
import type { ListRequestOptions, RequestOptions, Transport } from './transport.js';

/** A page reader of a list: the first page at the row's path, the next ones at `links.next`. */
export type PageFetcher = (next: string | undefined) => Promise<Page<unknown, unknown>>;

/** The call's target, built from the caller's input by the row's rules; bad input throws a `ValidationError`. */
function targetOf(id: EndpointId, row: Endpoint, args: CallArgs, options: RequestOptions | undefined): Target {
  const path = fillPath(id, row.path, args.path);
  // A row with no body and no query (a retrieve, a delete) is its path: none of the steps below has work to do.
  if (!row.body && !row.query && !args.check && options?.query === undefined) return { path };
  const query = row.query ? queryOf(validateInput(id, row.query, args.query ?? {})) : undefined;
  const extra = args.check?.(query);
  const body = extra?.length ? withIssues(id, extra, () => bodyOf(id, row, args)) : bodyOf(id, row, args);
  return withOptionsQuery(id, { path, body, query }, options);
}

/** The row's body built from the caller's input (an update's id is the last path parameter). */
function bodyOf(id: EndpointId, row: Endpoint, args: CallArgs): ReturnType<typeof requestBody> | undefined {
  if (!row.body) return undefined;
  let pathId: unknown;
  for (const name in args.path) pathId = args.path[name];
  return requestBody(id, row.body, args.body, pathId as string | undefined);
}

/**
 * One call of a row that is not a plain list: one resource (retrieve, create, update), a compound list (every
 * page's `data` and `included`), or nothing (204). A create's result says whether the service created it
 * (`created: false` when it answered 303 with an existing resource).
 */
export function callRow(
  transport: Transport,
  id: EndpointId,
  args: CallArgs,
  options: ListRequestOptions | undefined,
): Promise<WithResponse<unknown, { created?: boolean }>> {
  const row: Endpoint = endpoints[id];
  const { response } = row;
  if (row.pagination === 'list') throw new Error(`${id}: a list is read with api.list`);
  if ('json' in response) throw new Error(`${id}: a plain JSON answer is read by its resource`);
  if (row.pagination === 'compound' && 'resource' in response) {
    return compoundList(
      pageFetcher(transport, id, row, args, response.resource, response.included as z.ZodMiniType, options),
    );
  }
  const { path, body, query } = targetOf(id, row, args, options);
  const method = row.method;
  return transport.send({ method, path, body, options, query, plain: true, what: id }).then((res) => {
    // A 204 row answers nothing; any other decodes its one resource.
    if (response.status === 204) return { data: undefined, response: res.response };
    const { data } = decode(res.call, single(response.resource), res.body, responseChecks[id]);
    if (method !== 'POST') return { data, response: res.response };
    // Named by the create, not the GET of the existing resource that answered it.
    if (res.redirected) sameKind({ method, url: transport.url(path, query) }, res.response, body, data);
    return { data, response: res.response, created: !res.redirected };
  });
}

/**
 * A create answered 303 with an existing resource of another kind (an asset or instrument with the same
 * `securityIdentifier` and `ccyCode`, created as a stock where a bond was asked for) is a `ConflictError`: nothing
 * was created, and the result is not what the call's type says it is (the kind asked for).
 */
function sameKind(call: CallSite, response: Response, sent: unknown, found: unknown): void {
  const asked = (sent as { data?: { type?: unknown } } | undefined)?.data?.type;
  const { type, id } = found as { type: string; id: string };
  if (typeof asked !== 'string' || asked === type) return;
  const detail = `the existing resource the service answered with (303) is a ${type} (id ${id}), not the ${asked} asked for: nothing was created`;
  throw new ConflictError(call, 303, response.headers, [{ status: '303', detail }], '');
}

/** The page reader of a list row (`pagination: 'list'`). */
export function listRow(
  transport: Transport,
  id: EndpointId,
  args: CallArgs,
  options: ListRequestOptions | undefined,
): PageFetcher {
  const row: Endpoint = endpoints[id];
  if (row.pagination !== 'list' || !('resource' in row.response)) throw new Error(`${id}: not a list`);
  return pageFetcher(transport, id, row, args, row.response.resource, undefined, options);
}

/**
 * The path of a row with its parameters (`{ id }`), each checked as one path segment: a bad one is a
 * `ValidationError` naming it.
 */
export function endpointPath(id: EndpointId, params: Record<string, unknown>): string {
  return fillPath(id, endpoints[id].path, params);
}

/** Fetches a list's pages: the first at the target (built once, on the first fetch), the next ones at `links.next`. */
function pageFetcher(
  transport: Transport,
  id: EndpointId,
  row: Endpoint,
  args: CallArgs,
  schema: z.ZodMiniType,
  included: z.ZodMiniType | undefined,
  options: ListRequestOptions | undefined,
): PageFetcher {
  let first: Target | undefined;
  const page = collection(schema, included);
  const check = responseChecks[id];
  return async (next) => {
    first ??= targetOf(id, row, args, options);
    const res = await transport.send({
      method: 'GET',
      path: next ?? first.path,
      query: next ? undefined : first.query,
      options,
      plain: !next,
      what: id,
      pages: true,
    });
    const doc = decode(res.call, page, res.body, check);
    const given = doc.links?.next;
    const href = typeof given === 'object' && given !== null ? given.href : given;
    return {
      items: doc.data,
      included: doc.included ?? [],
      next: nextLink(res.call, href, transport.baseUrl, res.body),
      response: res.response,
      url: res.call.url,
      maxPages: options?.maxPages,
    };
  };
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
  // Followed, it would be refused as a caller's path is (a `ValidationError` naming a path the caller never gave).
  if (url.username || url.password) {
    throw new PortfolioReportingError(
      `${call.method} ${call.url}: links.next carries credentials (user:password@, not shown); the SDK authenticates with your token only and does not follow it.`,
    );
  }
  if (url.href === call.url) {
    throw new PortfolioReportingError(
      `${call.method} ${call.url}: links.next points to the page just read; stopping to avoid an endless loop.`,
    );
  }
  return url.href;
}

/** Each template split at its `:params` once (`['/api/v2/accounts/', '']` for `/api/v2/accounts/:id`). */
const templates = new Map<string, string[]>();

/** The row's path with each `:param` replaced by the next given value, checked as one path segment. */
function fillPath(id: string, template: string, params: Record<string, unknown> = {}): string {
  let parts = templates.get(template);
  if (!parts) {
    parts = template.split(/:[A-Za-z]+/);
    templates.set(template, parts);
  }
  const names = Object.keys(params);
  if (names.length !== parts.length - 1) throw new Error(`${id}: ${names.length} path parameters for ${template}`);
  let path = parts[0] as string;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    path += segment(id, name, params[name]) + parts[i + 1];
  }
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
