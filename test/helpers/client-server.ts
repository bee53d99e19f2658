/**
 * A client wired to a fresh real HTTP server per test: `ctx.prs` calls go to `ctx.server`, which records
 * every request. Retries are off so a test sees exactly the requests a call makes.
 */
import { afterEach, beforeEach } from 'vitest';
import { PortfolioReporting } from '../../src/index.js';
import { type Recorded, startServer, type TestServer } from './http-server.js';

export const TOKEN = 'test-token';

export interface ClientServer {
  server: TestServer;
  prs: PortfolioReporting;
}

export function useClientServer(): ClientServer {
  const ctx = {} as ClientServer;
  beforeEach(async () => {
    ctx.server = await startServer();
    ctx.prs = new PortfolioReporting({ baseUrl: ctx.server.url, accessToken: TOKEN, maxRetries: 0, logLevel: 'off' });
  });
  afterEach(() => ctx.server.close());
  return ctx;
}

/** The parsed JSON body of a recorded request. */
export function jsonBody(req: Recorded | undefined): unknown {
  return JSON.parse(req?.body ?? 'null');
}

/** A recorded URL's path and its query as a plain object. */
export function pathAndQuery(req: Recorded | undefined): { path: string; query: Record<string, string> } {
  const url = new URL(req?.url ?? '/', 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}
