/**
 * Serves the mock over real HTTP with node:http only (no msw): each IncomingMessage becomes a Fetch
 * `Request`, goes through the routes' dispatcher, and the `Response` is written back. CORS headers (and
 * answers to preflights) let a browser page call it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redact } from '../../core/secrets.js';
import { badRequest, HttpError } from './errors.js';
import { JSONAPI } from './media.js';

/** Answers a request, or `undefined` when no route matches. */
export type Dispatcher = (request: Request) => Promise<Response | undefined>;

/** The options of `mock.listen()`: the port and host to listen on. */
export interface ListenOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1; an IPv6 address is given bare (`::1`), and bracketed in `url`. */
  host?: string;
  /** Called after each answer (preflights included): for a request log. */
  onRequest?: (entry: RequestLogEntry) => void;
}

/** One answered request, as `onRequest` receives it. */
export interface RequestLogEntry {
  /** e.g. `POST`. */
  method: string;
  /**
   * The path and query as requested, e.g. `/api/v3/instruments?page[size]=2`, with the value of a credential-like
   * query parameter masked as the SDK's own log masks it: `/api/v2/clients?access_token=***`.
   */
  path: string;
  /** The status answered. */
  status: number;
  /** Milliseconds from the request's arrival to the end of the answer. */
  ms: number;
}

/** What `mock.listen()` resolves to: the server's base URL and how to stop it. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:53117` (`http://[::1]:53117` for an IPv6 host): the base URL to give the client. */
  url: string;
  /** Stops the server, closing open connections too. @example afterAll(() => http.close()) */
  close(): Promise<void>;
}

const EXPOSED = 'location, x-request-id, deprecation, content-type, www-authenticate';

function cors(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-expose-headers': EXPOSED,
    vary: 'origin',
  };
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    ...cors(req),
    'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      req.headers['access-control-request-headers'] ?? 'authorization, content-type, accept',
    'access-control-max-age': '600',
  });
  res.end();
}

/**
 * The largest request body the server holds (32 MiB; a custodian file upload is a few MB). A longer one is read
 * to its end and dropped, and answered 413: the server's memory does not grow with what a client sends.
 */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** Methods a Fetch `Request` cannot carry (forbidden methods): no route can serve them. */
const UNSERVED_METHODS = ['CONNECT', 'TRACE', 'TRACK'];

/** `host` or `host:port`, a name or an IPv4/IPv6 literal: what a Host header (or an absolute target) may name. */
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * The request's URL. Path and query come from the request target only: origin-form as it is, absolute-form
 * (`GET http://host/path`, which RFC 9112 §3.2.2 requires a server to accept) by its path and query. The origin
 * (kept so that links.next and Location stay on the caller's origin) is the absolute target's authority, else the
 * Host header, else the server's own address; a Host that is not `host[:port]` is a 400 (RFC 9112 §3.2).
 */
function requestUrl(req: IncomingMessage, fallbackHost: string): URL {
  const target = req.url ?? '/';
  let authority = req.headers.host ?? fallbackHost;
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    const absolute = URL.parse(target);
    if (!absolute || !/^https?:$/.test(absolute.protocol))
      throw badRequest(`the request target "${target}" is neither a path nor an absolute http URL`);
    authority = absolute.host;
    pathAndQuery = absolute.pathname + absolute.search;
  }
  const url = HOST.test(authority) ? URL.parse(`http://${authority}${pathAndQuery}`) : null;
  if (!url) throw badRequest(`the Host header "${authority}" is not a host or host:port`);
  return url;
}

async function toRequest(req: IncomingMessage, fallbackHost: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_REQUEST_BYTES) chunks.push(chunk as Buffer);
    else chunks.length = 0;
  }
  if (size > MAX_REQUEST_BYTES)
    throw new HttpError(
      413,
      `the request body is larger than this server reads (${MAX_REQUEST_BYTES / 1024 / 1024} MiB)`,
    );
  const method = req.method ?? 'GET';
  if (UNSERVED_METHODS.includes(method))
    throw new HttpError(501, `the method ${method} is not implemented by this service`);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(requestUrl(req, fallbackHost), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
}

async function answer(dispatch: Dispatcher, req: IncomingMessage, res: ServerResponse, host: string): Promise<void> {
  if (req.method === 'OPTIONS') return preflight(req, res);
  const request = await toRequest(req, host);
  const response =
    (await dispatch(request)) ??
    new Response(
      JSON.stringify({
        errors: [{ status: 404, detail: `no endpoint ${req.method} ${new URL(request.url).pathname} in this service` }],
      }),
      {
        status: 404,
        headers: { 'content-type': JSONAPI },
      },
    );
  const headers: Record<string, string> = { ...cors(req) };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function serve(dispatch: Dispatcher, options: ListenOptions = {}): Promise<RunningServer> {
  const hostname = options.host ?? '127.0.0.1';
  let host = hostname;
  const server = createServer((req, res) => {
    const started = performance.now();
    if (options.onRequest) {
      const log = options.onRequest;
      res.once('finish', () =>
        log({
          method: req.method ?? '',
          path: redact(req.url ?? ''),
          status: res.statusCode,
          ms: performance.now() - started,
        }),
      );
    }
    answer(dispatch, req, res, host).catch((error: unknown) => {
      const { status, detail } =
        error instanceof HttpError
          ? error
          : { status: 500, detail: `mock server failure: ${error instanceof Error ? error.message : String(error)}` };
      if (!res.headersSent) res.writeHead(status, { 'content-type': JSONAPI, ...cors(req) });
      res.end(JSON.stringify({ errors: [{ status, detail }] }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, hostname, resolve);
  });
  const { port } = server.address() as AddressInfo;
  // An IPv6 literal is bracketed in a URL and a Host header (RFC 3986 §3.2.2): http://[::1]:4010.
  host = `${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
  return {
    url: `http://${host}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
