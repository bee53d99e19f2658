/**
 * A route answers one row of the endpoint table (src/endpoints.ts), named by its id; the row gives its
 * method and path, so they are written once. `toHandlers` turns routes into msw handlers and `toDispatcher` into a plain `Request → Response`
 * function (what `listen()` serves, without msw); authentication, content negotiation and the error body are
 * applied here once, for every route.
 */
import type { HttpHandler } from 'msw';
import { type Endpoint, type EndpointId, endpoint } from '../../endpoints.js';
import type { FaultList } from '../faults.js';
import { basePathLength, Ctx, type ServiceEnv } from './context.js';
import { HttpError } from './errors.js';
import { JSONAPI, negotiate } from './media.js';
import { msw } from './msw-loader.js';
import { errorResponse } from './respond.js';

export interface Route {
  /** The row of the endpoint table this route answers, e.g. `'assets.retrieve'`. */
  endpoint: EndpointId;
  handle: (ctx: Ctx) => Response | Promise<Response>;
}

/** A route with its row: the method, the path (e.g. `/api/v2/assets/:id`) and how it answers. */
interface Bound {
  route: Route;
  row: Endpoint;
}

function bind(routes: readonly Route[]): Bound[] {
  return routes.map((route) => ({ route, row: endpoint(route.endpoint) }));
}

/** What every request meets before its route: the faults added to the mock, then the token check. */
export interface FrontOptions {
  /** When set, only this bearer token is accepted; otherwise any non-empty one is. */
  accessToken?: string;
  /** Faults answer matching requests before the token is checked, as a gateway in front of the service would. */
  faults?: FaultList;
}

/** msw handlers for the routes, matching `origin + path` (`origin` is a base URL or `*` for any). Needs msw. */
export function toHandlers(
  routes: readonly Route[],
  origin: string,
  env: ServiceEnv,
  auth: FrontOptions,
): HttpHandler[] {
  const { http } = msw();
  const methods = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const;
  return bind(routes).map((bound) =>
    methods[bound.row.method](`${origin}${bound.row.path}`, ({ request, params }) =>
      dispatch(bound, request, strings(params), env, auth),
    ),
  );
}

/** A route with its path as segments, `:name` segments being parameters. */
interface Compiled {
  bound: Bound;
  segments: string[];
}

/**
 * The routes as one function: the answer of the route whose method and path match the request, or
 * `undefined` when none does. Any origin; path parameters are single segments, percent-decoded.
 */
export function toDispatcher(
  routes: readonly Route[],
  env: ServiceEnv,
  auth: FrontOptions,
): (request: Request) => Promise<Response | undefined> {
  const compiled: Compiled[] = bind(routes).map((bound) => ({ bound, segments: bound.row.path.split('/') }));
  return async (request) => {
    const segments = new URL(request.url).pathname.split('/');
    // HEAD is answered as GET without its body (RFC 9110 §9.3.2).
    const head = request.method === 'HEAD';
    const method = head ? 'GET' : request.method;
    const allowed = new Set<string>();
    for (const { bound, segments: pattern } of compiled) {
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = pattern.every((part, i) => {
        const actual = segments[i] as string;
        if (part.startsWith(':')) {
          if (actual === '') return false;
          params[part.slice(1)] = safeDecode(actual);
          return true;
        }
        return part === actual;
      });
      if (!matches) continue;
      if (bound.row.method !== method) {
        allowed.add(bound.row.method);
        continue;
      }
      const response = await dispatch(
        bound,
        head ? new Request(request, { method: 'GET' }) : request,
        params,
        env,
        auth,
      );
      return head ? new Response(null, { status: response.status, headers: response.headers }) : response;
    }
    // A path the service has, asked with a method it does not answer there: 405 with the ones it does (RFC 9110 §15.5.6).
    if (allowed.size) {
      if (allowed.has('GET')) allowed.add('HEAD');
      const list = [...allowed].join(', ');
      return errorResponse(
        new HttpError(
          405,
          `the method ${request.method} is not allowed on ${new URL(request.url).pathname}; allowed: ${list}`,
          {
            allow: list,
          },
        ),
        JSONAPI,
      );
    }
    return undefined;
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function dispatch(
  { route, row }: Bound,
  request: Request,
  params: Record<string, string>,
  env: ServiceEnv,
  auth: FrontOptions,
): Promise<Response> {
  const plainJson = 'plainJson' in row && row.plainJson === true;
  let contentType = plainJson ? 'application/json' : JSONAPI;
  let response: Response;
  try {
    if (!plainJson) contentType = negotiate(request.headers.get('accept'));
    // A fault's path is the one routes name: below a `baseUrl`'s own path (`/prs/api/v2/clients`: `/api/v2/clients`).
    const { pathname } = new URL(request.url);
    const fault = auth.faults?.take(request.method, pathname.slice(basePathLength(pathname)));
    if (fault) throw fault;
    // Every endpoint needs the token, the webhook keys included (the reference, document 2, Authentication 1).
    authenticate(request, auth);
    const ctx = new Ctx(request, params, env, contentType);
    await ctx.checkNesting();
    response = await route.handle(ctx);
  } catch (error) {
    const known =
      error instanceof HttpError
        ? error
        : new HttpError(500, `mock service failure: ${error instanceof Error ? error.message : String(error)}`);
    response = errorResponse(known, contentType);
  }
  response.headers.set('x-request-id', crypto.randomUUID());
  return response;
}

/** A 401 `HttpError` unless the request carries the bearer token `auth` accepts (the mock's admin routes use it too). */
export function authenticate(request: Request, auth: FrontOptions): void {
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const challenge = { 'www-authenticate': 'Bearer' };
  if (!token)
    throw new HttpError(401, 'missing credentials: send the header "Authorization: Bearer <access token>"', challenge);
  if (auth.accessToken !== undefined && token !== auth.accessToken)
    throw new HttpError(401, 'the access token is not valid', challenge);
}

function strings(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'string' ? v : (v?.[0] ?? '');
  return out;
}
