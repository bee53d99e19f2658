/**
 * A route is one row of the endpoint table: method, path (with its version prefix) and a handler over a
 * `Ctx`. `toHandlers` turns routes into msw handlers; authentication, content negotiation and the error
 * body are applied here once, for every route.
 */
import { type HttpHandler, http } from 'msw';
import { Ctx, type ServiceEnv } from './context.js';
import { HttpError } from './errors.js';
import { JSONAPI, negotiate } from './media.js';
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

const METHODS = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const;

/** msw handlers for the routes, matching `origin + path` (`origin` is a base URL or `*` for any). */
export function toHandlers(
  routes: readonly Route[],
  origin: string,
  env: ServiceEnv,
  auth: AuthOptions,
): HttpHandler[] {
  return routes.map((route) =>
    METHODS[route.method](`${origin}${route.path}`, ({ request, params }) =>
      dispatch(route, request, strings(params), env, auth),
    ),
  );
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
