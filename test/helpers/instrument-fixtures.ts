/** Resources and clients shared by the foundation tests: documented shapes, copied from the reference. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ClientOptions } from '../../src/index.js';
import { PortfolioReporting } from '../../src/index.js';
import { type Handler, startServer, type TestServer } from './http-server.js';

export const TOKEN = 'tok-SECRET-3f9a';

/** A client on a test server: token `TOKEN`, logs silent unless a logger is given. */
export function client(baseUrl: string, options: ClientOptions = {}): PortfolioReporting {
  return new PortfolioReporting({ baseUrl, accessToken: TOKEN, logLevel: 'off', ...options });
}

/**
 * A real server for the whole file, started before its tests and closed after them; the record of
 * requests is emptied after each test.
 */
export function useServer(handler?: Handler): TestServer {
  let inner: TestServer | undefined;
  beforeAll(async () => {
    inner = await startServer(handler);
  });
  afterAll(() => inner?.close());
  afterEach(() => {
    if (inner) inner.requests.length = 0;
  });
  const started = (): TestServer => {
    if (!inner) throw new Error('the test server starts in beforeAll');
    return inner;
  };
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    handle: (next) => started().handle(next),
    close: () => started().close(),
  };
}

export const bondAttributes = {
  ccyCode: 'EUR',
  countryCode: 'DE',
  couponFrequency: 'annually',
  dayCountConvention: 'actual/actual',
  maturityDate: '2030-08-15',
  name: 'Bund 2030',
  securityIdentifier: 'DE0001102507',
} as const;

export function bond(
  id: string,
  suffix: 'instrument' | 'asset' = 'instrument',
  attributes: Record<string, unknown> = {},
) {
  return { id, type: `bond-${suffix}`, attributes: { ...bondAttributes, ...attributes } };
}

export function stock(id: string, suffix: 'instrument' | 'asset' = 'instrument') {
  return {
    id,
    type: `stock-${suffix}`,
    attributes: { ccyCode: 'USD', countryCode: 'US', name: 'ACME', securityIdentifier: 'US0000000001' },
  };
}
