/**
 * The end-to-end set-up: the mock service over real HTTP (`listen({ port: 0 })`, small pages so lists
 * span several), an SDK client for it, and a log of every request the client sent with the status it got
 * back, each matched to its row of the endpoint table, and each answer's body checked against that row's
 * response schema (an error's against the service's error body).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { PortfolioReporting } from '../../src/index.js';
import { createMockService, type MockService, type RunningServer } from '../../src/testing/index.js';
import { checkAnswer } from '../helpers/contract.js';
import { rowsMatching } from '../helpers/endpoints.js';

export { checkAnswer };

/** Items per page: every list of three or more items spans pages. */
export const PAGE_SIZE = 2;

export interface Hit {
  method: string;
  url: URL;
  /** The status of the final answer (after a 303 was followed, the GET's). */
  status: number;
  redirected: boolean;
  /** The endpoint-table rows the method and path match (numbered as in endpoints.tsv). */
  rows: number[];
  /**
   * Whether the answer is the one its row documents: a success with the row's status and a body its
   * response schema accepts (none for 204), or an error with the service's error body; `issues` says why not.
   */
  conforms: boolean;
  issues: string[];
}

export interface E2E {
  prs: PortfolioReporting;
  mock: MockService;
  url: string;
  hits: Hit[];
}

/** Starts the mock before the file's tests and closes it after; the returned object fills in then. */
export function useE2E(): E2E {
  const e = { hits: [] as Hit[] } as E2E;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    e.mock = createMockService({ pageSize: PAGE_SIZE });
    server = await e.mock.listen({ port: 0 });
    e.url = server.url;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const url = new URL(input instanceof Request ? input.url : String(input));
      const response = await globalThis.fetch(input, init);
      const matched = rowsMatching(method, url.pathname);
      const issues = checkAnswer(
        matched.length === 1 ? matched[0] : undefined,
        response.status,
        await response.clone().text(),
      );
      e.hits.push({
        method,
        url,
        status: response.status,
        redirected: response.redirected,
        rows: matched.map((r) => r.n),
        conforms: issues.length === 0,
        issues,
      });
      return response;
    };
    e.prs = new PortfolioReporting({
      baseUrl: server.url,
      accessToken: 'e2e-token',
      maxRetries: 0,
      logLevel: 'off',
      fetch,
    });
  });
  afterAll(() => server?.close());
  return e;
}

/** The requests of one endpoints.tsv row so far. */
export const hitsOf = (e: E2E, row: number): Hit[] => e.hits.filter((h) => h.rows.includes(row));

/**
 * Awaits a call that must fail with `type`, and returns the error for more checks. Written with `await`,
 * so a call that throws before sending and one that rejects are treated alike.
 */
export async function failure<T extends Error>(
  call: () => unknown,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(type);
  return error as T;
}

export const HEX24 = /^[0-9a-f]{24}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A client with its legal entity (account, depository) and reporting entity (portfolio), all created through the SDK. */
export async function createStructure(prs: PortfolioReporting, name: string) {
  const client = await prs.clients.create({ attributes: { name } });
  const legalEntity = await prs.clients.legalEntities.create(client.id, { attributes: { name: `${name} AB` } });
  const account = await prs.legalEntities.accounts.create(legalEntity.id, {
    attributes: { externalIdentifier: `${name}-ACC`, ccyCode: 'EUR' },
  });
  const depository = await prs.legalEntities.depositories.create(legalEntity.id, {
    attributes: { externalIdentifier: `${name}-DEP` },
    relationships: { accounts: [account.id] },
  });
  const reportingEntity = await prs.clients.reportingEntities.create(client.id, {
    attributes: { name, ccyCode: 'EUR' },
  });
  const portfolio = await prs.reportingEntities.portfolios.create(reportingEntity.id, { attributes: { name: 'Core' } });
  return { client, legalEntity, account, depository, reportingEntity, portfolio };
}
