/**
 * `createMockService()`: the whole service in memory — msw handlers for every endpoint, the same
 * handlers over real HTTP with `listen()`, a store to seed and inspect, and the webhook keys of the
 * registered signers.
 */
import type { HttpHandler } from 'msw';
import { extraArguments } from '../core/arity.js';
import { openapiDocument } from '../openapi.js';
import { FaultList, type MockFaults } from './faults.js';
import type { ServiceEnv } from './http/context.js';
import { msw } from './http/msw-loader.js';
import { type FrontOptions, toDispatcher, toHandlers } from './http/routes.js';
import type { Dispatcher, ListenOptions, RunningServer } from './http/server.js';
import { checkListenOptions, checkMockOptions, checkSigner } from './options.js';
import { routes } from './routes/index.js';
import type { SignedDelivery, SignOptions, WebhookSigner } from './signer.js';
import { MockStore, type Seed } from './store/store.js';

/**
 * The options of `createMockService()`: where it answers, its seed, page size, token, clock, invite links and signers.
 */
export interface MockServiceOptions {
  /** The origin (and optional path) the msw handlers answer for; default: any origin. */
  baseUrl?: string;
  /** Seeds the store; runs now and after every `reset()`. */
  seed?: Seed;
  /** Items per page of a collection; longer ones carry `links.next`. Default 100. */
  pageSize?: number;
  /** When set, only this bearer token is accepted (401 otherwise); by default any non-empty token is. */
  accessToken?: string;
  /** The mock's clock (invite expiration, upload times, default dates). Default: the real one. */
  now?: () => Date;
  /** Invite links are `<inviteBaseUrl>/-/invite/<token>`. Default `https://app.reporting.test`. */
  inviteBaseUrl?: string;
  /** Signers whose public keys `GET /v2/webhooks/keys` serves. */
  signers?: WebhookSigner[];
}

/** `mock.webhooks`: the signers whose keys the mock publishes, and deliveries signed by them. */
export interface MockWebhooks {
  /** The registered signers. */
  readonly signers: readonly WebhookSigner[];
  /** Publishes a signer's keys at `/v2/webhooks/keys`. @example mock.webhooks.addSigner(createWebhookSigner()) */
  addSigner(signer: WebhookSigner): void;
  /** Stops publishing a signer's keys. @example mock.webhooks.removeSigner(signer) */
  removeSigner(signer: WebhookSigner): void;
  /**
   * Signs an event with a registered signer (default: the first) and POSTs it to `url`, as the service
   * delivers a webhook. Resolves to the receiver's response and the delivery sent.
   * @example const { response } = await mock.webhooks.deliver('http://127.0.0.1:3000/hooks', { type: 'calculated_data.created', timestamp: '2024-05-01T08:00:00', data: { clientId } });
   */
  deliver(
    url: string,
    event: unknown,
    options?: SignOptions & { signer?: WebhookSigner },
  ): Promise<{ response: Response; delivery: SignedDelivery }>;
}

/**
 * What `createMockService()` returns: msw handlers, the store, webhooks, a real HTTP server on demand, and `reset()`.
 */
export interface MockService {
  /**
   * msw request handlers for all 95 endpoints: `setupServer(...mock.handlers)`. Typed as msw's `HttpHandler` where
   * msw is installed; where it is not, the declarations still type-check (the type is then `any`).
   */
  readonly handlers: HttpHandler[];
  /** The state: seed it before a test, inspect it after. */
  readonly store: MockStore;
  /** The signers whose public keys `GET /v2/webhooks/keys` serves, and signed deliveries to a receiver. */
  readonly webhooks: MockWebhooks;
  /**
   * Makes the next matching requests fail with an error status, to test retries and error handling; `reset()`
   * clears them.
   */
  readonly faults: MockFaults;
  /** Serves the same endpoints over HTTP on 127.0.0.1 (CORS enabled). @example const { url, close } = await mock.listen({ port: 0 }); */
  listen(options?: ListenOptions): Promise<RunningServer>;
  /** Back to the seeded state, with no faults waiting. Registered signers stay. @example afterEach(() => mock.reset()) */
  reset(): void;
}

/**
 * Creates a stateful in-memory Portfolio Reporting Service.
 * @example
 * const mock = createMockService({ baseUrl: 'https://reporting.test' });
 * const server = setupServer(...mock.handlers); // msw, in-process
 * const http = await mock.listen({ port: 0 });   // or real HTTP: { url, close }
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments('createMockService()', arguments, 1, '');
  checkMockOptions(options);
  const store = new MockStore({ seed: options.seed, now: options.now, inviteBaseUrl: options.inviteBaseUrl });
  const signers: WebhookSigner[] = [...(options.signers ?? [])];
  const env: ServiceEnv = {
    store,
    pageSize: options.pageSize ?? 100,
    webhookKeys: async () => (await Promise.all(signers.map((s) => s.publicKeys()))).flat(),
  };
  const faults = new FaultList();
  const origin = options.baseUrl ? options.baseUrl.replace(/\/$/, '') : '*';
  const auth: FrontOptions = { accessToken: options.accessToken, faults };
  const webhooks: MockWebhooks = {
    signers,
    // Methods, not arrows: each reads `arguments` (an argument past those it takes is refused, not ignored).
    addSigner(signer) {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('mock.webhooks.addSigner()', arguments, 1, '');
      checkSigner(signer);
      if (!signers.includes(signer)) signers.push(signer);
    },
    removeSigner(signer) {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('mock.webhooks.removeSigner()', arguments, 1, '');
      const at = signers.indexOf(signer);
      if (at >= 0) signers.splice(at, 1);
    },
    async deliver(url, event, { signer = signers[0], ...signOptions } = {}) {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('mock.webhooks.deliver()', arguments, 3, '');
      if (!signer)
        throw new Error(
          'mock webhooks: no signer registered; pass { signers: [createWebhookSigner()] } or call addSigner()',
        );
      const delivery = await signer.sign(event, signOptions);
      const response = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body }).catch(
        (error: unknown) => {
          // fetch says only `fetch failed`; its innermost cause says why (`connect ECONNREFUSED 127.0.0.1:3000`).
          let cause = error;
          while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
          // A name with two addresses both refused is an AggregateError of no message: its errors say why.
          const each = (cause as { errors?: unknown }).errors;
          const why =
            (cause instanceof Error ? cause.message : String(cause)) ||
            (Array.isArray(each) ? each.map((e) => (e instanceof Error ? e.message : String(e))).join('; ') : '') ||
            String((cause as { code?: unknown }).code ?? 'no reason given');
          // The hint fits a refused connection alone: not a port fetch will not use (`bad port`), nor a name unknown.
          const refused = (cause as { code?: unknown } | undefined)?.code === 'ECONNREFUSED';
          const hint = refused ? ' (is the receiver listening there?)' : '';
          throw new Error(`mock.webhooks.deliver(): POST ${url} failed: ${why}${hint}`, { cause: error });
        },
      );
      return { response, delivery };
    },
  };
  let handlers: HttpHandler[] | undefined;
  let served: Dispatcher | undefined;
  // Over HTTP the caller's origin is the server's own, whatever `baseUrl` says.
  const serveRequest: Dispatcher = (request) => {
    served ??= toDispatcher(routes, env, auth);
    return request.method === 'GET' && new URL(request.url).pathname === OPENAPI_PATH
      ? Promise.resolve(openapiResponse(request))
      : served(request);
  };
  const service: MockService = {
    // Built on first use: msw is an optional peer dependency, needed only here (the error says how to install it).
    get handlers() {
      handlers ??= [
        ...toHandlers(routes, origin, env, auth),
        msw().http.get(`${origin}${OPENAPI_PATH}`, ({ request }) => openapiResponse(request)),
      ];
      return handlers;
    },
    store,
    webhooks,
    faults,
    async listen(listenOptions) {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('mock.listen()', arguments, 1, '');
      checkListenOptions(listenOptions);
      // Loaded on demand so the handlers stay usable where node:http does not exist (msw in a browser).
      const { serve } = await import('./http/server.js');
      return serve(serveRequest, listenOptions);
    },
    reset() {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('mock.reset()', arguments, 0, '');
      store.reset();
      faults.clear();
    },
  };
  dispatchers.set(service, serveRequest);
  return service;
}

const dispatchers = new WeakMap<MockService, Dispatcher>();

/**
 * Internal: what `mock.listen()` serves, for the standalone mock, which serves its admin routes beside it
 * (src/cli/mock-admin.ts). Not exported by the testing entry.
 */
export function dispatcherOf(mock: MockService): Dispatcher {
  const dispatch = dispatchers.get(mock);
  if (!dispatch) throw new TypeError('not a mock made by createMockService()');
  return dispatch;
}

/** Where the mock serves the OpenAPI description of the service: public, plain JSON, no token needed. */
export const OPENAPI_PATH = '/openapi.json';
let openapi: Record<string, unknown> | undefined;

/** The OpenAPI description (generated once), its server the mock itself as the request reached it. */
function openapiResponse(request: Request): Response {
  openapi ??= openapiDocument();
  const server = { url: new URL(request.url).origin, description: 'This mock' };
  return new Response(JSON.stringify({ ...openapi, servers: [server] }), {
    headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
  });
}
