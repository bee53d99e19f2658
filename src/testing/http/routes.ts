/**
 * A route is one row of the endpoint table: method, path (with its version prefix) and a handler over a
 * `Ctx`. `toHandlers` turns routes into msw handlers and `toDispatcher` into a plain `Request → Response`
 * function (what `listen()` serves, without msw); authentication, content negotiation and the error body are
 * applied here once, for every route.
 */
import type { HttpHandler } from 'msw';
import { Ctx, type ServiceEnv } from './context.js';
import { HttpError } from './errors.js';
import { JSONAPI, negotiate } from './media.js';
import { msw } from './msw-loader.js';
import { errorResponse } from './respond.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** As in endpoints.tsv, e.g. `/api/v2/assets/:id`. */
  path: string;
  handle: (ctx: Ctx) => Response | Promise<Response>;
  /** Plain JSON without a token (the webhook keys endpoint). */
  public?: boolean;
}

export interface AuthOptions {
  /** When set, only this bearer token is accepted; otherwise any non-empty one is. */
  accessToken?: string;
}

/** msw handlers for the routes, matching `origin + path` (`origin` is a base URL or `*` for any). Needs msw. */
export function toHandlers(
  routes: readonly Route[],
  origin: string,
  env: ServiceEnv,
  auth: AuthOptions,
): HttpHandler[] {
  const { http } = msw();
  const methods = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const;
  return routes.map((route) =>
    methods[route.method](`${origin}${route.path}`, ({ request, params }) =>
      dispatch(route, request, strings(params), env, auth),
    ),
  );
}

/** A route with its path as segments, `:name` segments being parameters. */
interface Compiled {
  route: Route;
  segments: string[];
}

/**
 * The routes as one function: the answer of the route whose method and path match the request, or
 * `undefined` when none does. Any origin; path parameters are single segments, percent-decoded.
 */
export function toDispatcher(
  routes: readonly Route[],
  env: ServiceEnv,
  auth: AuthOptions,
): (request: Request) => Promise<Response | undefined> {
  const compiled: Compiled[] = routes.map((route) => ({ route, segments: route.path.split('/') }));
  return async (request) => {
    const segments = new URL(request.url).pathname.split('/');
    for (const { route, segments: pattern } of compiled) {
      if (route.method !== request.method || pattern.length !== segments.length) continue;
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
      if (matches) return dispatch(route, request, params, env, auth);
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
  route: Route,
  request: Request,
  params: Record<string, string>,
  env: ServiceEnv,
  auth: AuthOptions,
): Promise<Response> {
  let contentType = route.public ? 'application/json' : JSONAPI;
  let response: Response;
  try {
    if (!route.public) {
      contentType = negotiate(request.headers.get('accept'));
      authenticate(request, auth);
    }
    response = await route.handle(new Ctx(request, params, env, contentType));
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

function authenticate(request: Request, auth: AuthOptions): void {
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
