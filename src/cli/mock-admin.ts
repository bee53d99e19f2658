/**
 * The standalone mock's admin routes, for callers that are not a JavaScript test (a Python script, `curl`, an app):
 * faults on demand (`mock.faults` over HTTP) and signed webhook deliveries (`mock.webhooks.deliver` over HTTP).
 * They sit under `/__mock/`, a prefix no path of the service begins with (its paths begin `/api/`, `/v2/webhooks/`
 * and `/openapi.json`), take and answer plain JSON, and need the token every other route needs.
 */
import { mustBe } from '../core/describe.js';
import { isObject } from '../core/is-object.js';
import { checkKeys } from '../core/settings.js';
import { ValidationError } from '../core/validation-error.js';
import { checkFault } from '../testing/faults.js';
import { badRequest, HttpError } from '../testing/http/errors.js';
import { isJsonBody } from '../testing/http/media.js';
import { errorResponse, json } from '../testing/http/respond.js';
import { authenticate } from '../testing/http/routes.js';
import type { Dispatcher } from '../testing/http/server.js';
import type { MockService } from '../testing/index.js';
import { checkSignArguments } from '../testing/options.js';

/** The prefix of the admin routes: never a path of the service, so never a clash. */
export const ADMIN_PREFIX = '/__mock/';

const FAULTS = `${ADMIN_PREFIX}faults`;
const DELIVERIES = `${ADMIN_PREFIX}webhooks/deliveries`;
const ROUTES: Record<string, string[]> = { [FAULTS]: ['GET', 'POST', 'DELETE'], [DELIVERIES]: ['POST'] };
const DELIVERY_KEYS = ['url', 'event', 'id', 'timestamp'];
const PLAIN = 'application/json';

/**
 * The admin routes as a dispatcher (undefined for any path outside `/__mock/`, left to the service):
 * - `GET /__mock/faults`: 200 `{ faults }`, those waiting, each with the requests it will still fail;
 * - `POST /__mock/faults` with a fault (`{ status, retryAfter?, times?, method?, path? }`): 201 `{ fault }`;
 * - `DELETE /__mock/faults`: 200 `{ cleared }`, how many were waiting;
 * - `POST /__mock/webhooks/deliveries` with `{ url, event, id?, timestamp? }`: signs the event and POSTs it to `url`
 *   as `mock.webhooks.deliver()` does; 200 `{ status, id, timestamp, kid }` (the receiver's status), or 502 with why
 *   the receiver could not be reached.
 * A broken rule is a 400 naming the field, as the in-process calls' `ValidationError` does.
 */
export function adminRoutes(mock: MockService, accessToken: string | undefined): Dispatcher {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(ADMIN_PREFIX)) return undefined;
    const route = `${request.method} ${path}`;
    try {
      authenticate(request, { accessToken });
      const methods = ROUTES[path];
      if (!methods)
        throw new HttpError(
          404,
          `no admin route ${route}; the admin routes are GET, POST, DELETE ${FAULTS} and POST ${DELIVERIES}`,
        );
      if (!methods.includes(request.method))
        throw new HttpError(
          405,
          `the method ${request.method} is not allowed on ${path}; allowed: ${methods.join(', ')}`,
          { allow: methods.join(', ') },
        );
      if (path === DELIVERIES) return await deliver(mock, route, await body(request));
      if (request.method === 'GET') return json(PLAIN, { faults: mock.faults.pending });
      if (request.method === 'DELETE') return json(PLAIN, { cleared: mock.faults.clear() });
      const fault = checkFault(route, await body(request), 'body');
      mock.faults.add(fault);
      return json(PLAIN, { fault }, 201);
    } catch (error) {
      if (error instanceof ValidationError) return errorResponse(badRequest(error.message), PLAIN);
      if (error instanceof HttpError) return errorResponse(error, PLAIN);
      throw error;
    }
  };
}

/** The request's JSON body (undefined when empty): 415 for a body that is not declared JSON, 400 for one that is not JSON. */
async function body(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  const type = request.headers.get('content-type');
  if (!isJsonBody(type)) throw new HttpError(415, `Content-Type "${type ?? ''}" is not accepted: send ${PLAIN}`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('the request body is not valid JSON');
  }
}

/** `POST /__mock/webhooks/deliveries`: the event signed by the mock's signer and POSTed to `url`. */
async function deliver(mock: MockService, route: string, given: unknown): Promise<Response> {
  if (!isObject(given))
    throw new ValidationError(route, [{ path: 'body', message: mustBe('an object { url, event }', given) }], '');
  checkKeys(route, given, DELIVERY_KEYS, 'body', '');
  const { url, event, id, timestamp } = given;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url) || !URL.canParse(url))
    throw new ValidationError(route, [{ path: 'url', message: 'must be an absolute http:// or https:// URL' }], '');
  const options = { ...(id === undefined ? {} : { id }), ...(timestamp === undefined ? {} : { timestamp }) };
  // By the signer's rules, named as this route: `POST /__mock/webhooks/deliveries: timestamp: …`.
  checkSignArguments(event, options, route);
  let sent: Awaited<ReturnType<MockService['webhooks']['deliver']>>;
  try {
    sent = await mock.webhooks.deliver(url, event, options as { id?: string; timestamp?: number });
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new HttpError(502, (error as Error).message);
  }
  // The receiver's body is not needed: read to its end so the connection is freed.
  await sent.response.arrayBuffer().catch(() => undefined);
  const { id: sentId, timestamp: sentAt, kid } = sent.delivery;
  return json(PLAIN, { status: sent.response.status, id: sentId, timestamp: sentAt, kid });
}
