/**
 * The mock service over real HTTP with faults in front of it: 429s (with `Retry-After`), 500s before the
 * request reaches the mock (not applied) and 500s after it (applied, answer lost). Which request gets which
 * fault is decided by a seeded PRNG over the request's content and how often that content was seen, so a
 * row meets the same faults whatever order the requests arrive in.
 */
import { getResponse, http } from 'msw';
import type { MockService } from '../../src/testing/index.js';
import { serve } from '../../src/testing/http/server.js';

export interface FaultRates {
  /** Share of requests answered 429 with `Retry-After: 0`. */
  rateLimited: number;
  /** Share of the 429s that say `Retry-After: 1` instead. */
  longRetryAfter?: number;
  /** Share answered 500 without reaching the mock. */
  failBefore: number;
  /** Share answered 500 after the mock handled them (the work is done, the answer lost). */
  failAfter: number;
  seed: number;
}

export interface FaultLog {
  requests: number;
  rateLimited: number;
  failedBefore: number;
  failedAfter: number;
  /** Ids of created records (201) whose answer reached the client. */
  delivered: Set<string>;
  /** Ids of created records whose 201 was replaced by a 500. */
  lost: Set<string>;
}

export interface FaultyMock {
  url: string;
  log: FaultLog;
  close(): Promise<void>;
}

/** FNV-1a, then mulberry32: one number in [0, 1) per string. */
function uniform(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  let a = (h + 0x6d2b79f5) >>> 0;
  a = Math.imul(a ^ (a >>> 15), a | 1);
  a ^= a + Math.imul(a ^ (a >>> 7), a | 61);
  return ((a ^ (a >>> 14)) >>> 0) / 4294967296;
}

const errorBody = (status: number, detail: string) =>
  new Response(JSON.stringify({ errors: [{ status, detail }] }), {
    status,
    headers: { 'content-type': 'application/vnd.api+json' },
  });

export async function serveWithFaults(mock: MockService, rates: FaultRates): Promise<FaultyMock> {
  const log: FaultLog = {
    requests: 0,
    rateLimited: 0,
    failedBefore: 0,
    failedAfter: 0,
    delivered: new Set(),
    lost: new Set(),
  };
  const seen = new Map<string, number>();
  const faults = http.all('*', async ({ request }) => {
    log.requests += 1;
    const content = `${request.method} ${new URL(request.url).pathname} ${request.method === 'GET' ? '' : await request.clone().text()}`;
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    const roll = uniform(`${rates.seed}:${n}:${content}`);
    if (roll < rates.rateLimited) {
      log.rateLimited += 1;
      const long = uniform(`${rates.seed}:long:${n}:${content}`) < (rates.longRetryAfter ?? 0);
      const response = errorBody(429, 'slow down');
      response.headers.set('retry-after', long ? '1' : '0');
      return response;
    }
    if (roll < rates.rateLimited + rates.failBefore) {
      log.failedBefore += 1;
      return errorBody(500, 'injected failure before the mock');
    }
    const inner = await getResponse(mock.handlers, request);
    const created =
      inner?.status === 201 ? ((await inner.clone().json()) as { data: { id: string } }).data.id : undefined;
    if (roll < rates.rateLimited + rates.failBefore + rates.failAfter) {
      log.failedAfter += 1;
      if (created) log.lost.add(created);
      return errorBody(500, 'injected failure after the mock');
    }
    if (created) log.delivered.add(created);
    return inner;
  });
  const server = await serve([faults]);
  return { url: server.url, log, close: server.close };
}
