/**
 * Runs the mock over real HTTP (`listen({ port: 0 })`) and calls it with plain fetch, redirects not
 * followed, so a test sees exactly what the service answered.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMockService, type MockService, type MockServiceOptions } from '../../src/testing/index.js';

export const JSONAPI = 'application/vnd.api+json';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Harness {
  mock: MockService;
  url: string;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  get(path: string, query?: Record<string, string>): Promise<Answer>;
  post(path: string, body?: unknown, query?: Record<string, string>): Promise<Answer>;
  patch(path: string, body: unknown): Promise<Answer>;
  del(path: string): Promise<Answer>;
}

export async function startHarness(options?: MockServiceOptions): Promise<Harness & { close(): Promise<void> }> {
  const mock = createMockService(options);
  const server = await mock.listen({ port: 0 });
  const call = async (method: string, path: string, o: CallOptions = {}): Promise<Answer> => {
    const url = new URL(server.url + path);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const isForm = o.body instanceof FormData;
    const headers: Record<string, string> = { authorization: 'Bearer test-token', accept: JSONAPI, ...o.headers };
    if (o.body !== undefined && !isForm && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = JSONAPI;
    const body =
      o.body === undefined
        ? undefined
        : isForm || typeof o.body === 'string'
          ? (o.body as BodyInit)
          : JSON.stringify(o.body);
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    mock,
    url: server.url,
    close: server.close,
    call,
    get: (path, query) => call('GET', path, { query }),
    post: (path, body, query) => call('POST', path, { body, query }),
    patch: (path, body) => call('PATCH', path, { body }),
    del: (path) => call('DELETE', path),
  };
}

/** A harness for one test file: started once, reset before each test. */
export function useHarness(options?: MockServiceOptions): Harness {
  const h = {} as Harness & { close(): Promise<void> };
  beforeAll(async () => {
    Object.assign(h, await startHarness(options));
  });
  afterAll(() => h.close());
  beforeEach(() => h.mock.reset());
  return h;
}

/** A client's legal and reporting structure, seeded straight into the store. */
export function seedStructure(mock: MockService) {
  const s = mock.store;
  const client = s.clients.add({ name: 'Berg Family Office' });
  const legalEntity = s.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' });
  const account = s.accounts.add({ legalEntityId: legalEntity.id, externalIdentifier: 'SE-ACC-1', ccyCode: 'EUR' });
  const depository = s.depositories.add({
    legalEntityId: legalEntity.id,
    externalIdentifier: 'SE-DEP-1',
    accountIds: [account.id],
  });
  const reportingEntity = s.reportingEntities.add({
    clientId: client.id,
    attributes: { name: 'Berg family', ccyCode: 'EUR' },
  });
  const portfolio = s.portfolios.add({ reportingEntityId: reportingEntity.id, attributes: { name: 'Core' } });
  return { client, legalEntity, account, depository, reportingEntity, portfolio };
}

export const HEX24 = /^[0-9a-f]{24}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const BASE64URL = /^[A-Za-z0-9_-]+$/;
