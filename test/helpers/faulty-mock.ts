/**
 * The mock service over real HTTP with faults in front of it: 429s (with `Retry-After`), 500s before the
 * request reaches the mock (not applied) and 500s after it (applied, answer lost). Which request gets which
 * fault is decided by a seeded PRNG over the request's content and how often that content was seen, so a
 * row meets the same faults whatever order the requests arrive in.
 */
import { getResponse, http } from 'msw';
import { serve } from '../../src/testing/http/server.js';
import type { MockService } from '../../src/testing/index.js';

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

export type Fault = 'rate-limited' | 'rate-limited-long' | 'fail-before' | 'fail-after';

/** Picks the fault of a request (undefined: none); `n` counts the requests with the same content so far. */
export type FaultPlan = (request: { method: string; path: string; body: string }, n: number) => Fault | undefined;

/** A plan drawing faults at the given rates from a PRNG seeded with the request's content and `n`. */
export function randomFaults(rates: FaultRates): FaultPlan {
  return ({ method, path, body }, n) => {
    const content = `${method} ${path} ${body}`;
    const roll = uniform(`${rates.seed}:${n}:${content}`);
    if (roll < rates.rateLimited)
      return uniform(`${rates.seed}:long:${n}:${content}`) < (rates.longRetryAfter ?? 0)
        ? 'rate-limited-long'
        : 'rate-limited';
    if (roll < rates.rateLimited + rates.failBefore) return 'fail-before';
    if (roll < rates.rateLimited + rates.failBefore + rates.failAfter) return 'fail-after';
    return undefined;
  };
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
  reset(): void;
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

const freshLog = (): FaultLog => ({
  requests: 0,
  rateLimited: 0,
  failedBefore: 0,
  failedAfter: 0,
  delivered: new Set(),
  lost: new Set(),
});

/**
 * A plan for tests that place faults: the first request whose method, path and body contain a key of
 * `faults()` gets that fault; the same request sent again gets none.
 */
export function placedFaults(faults: () => Record<string, Fault>): FaultPlan {
  return ({ method, path, body }, n) => {
    if (n > 1) return undefined;
    for (const [needle, fault] of Object.entries(faults()))
      if (`${method} ${path} ${body}`.includes(needle)) return fault;
    return undefined;
  };
}

/** Serves `mock` on 127.0.0.1 with the faults of `plan` (rates, or a function) in front of it. */
export async function serveWithFaults(
  mock: MockService,
  plan: FaultRates | FaultPlan = () => undefined,
): Promise<FaultyMock> {
  const decide = typeof plan === 'function' ? plan : randomFaults(plan);
  const log = freshLog();
  const seen = new Map<string, number>();
  const faults = http.all('*', async ({ request }) => {
    log.requests += 1;
    const path = new URL(request.url).pathname;
    const body = request.method === 'GET' ? '' : await request.clone().text();
    const content = `${request.method} ${path} ${body}`;
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    const fault = decide({ method: request.method, path, body }, n);
    if (fault === 'rate-limited' || fault === 'rate-limited-long') {
      log.rateLimited += 1;
      const response = errorBody(429, 'slow down');
      response.headers.set('retry-after', fault === 'rate-limited-long' ? '1' : '0');
      return response;
    }
    if (fault === 'fail-before') {
      log.failedBefore += 1;
      return errorBody(500, 'injected failure before the mock');
    }
    const inner = await getResponse(mock.handlers, request);
    const created =
      inner?.status === 201 ? ((await inner.clone().json()) as { data: { id: string } }).data.id : undefined;
    if (fault === 'fail-after') {
      log.failedAfter += 1;
      if (created) log.lost.add(created);
      return errorBody(500, 'injected failure after the mock');
    }
    if (created) log.delivered.add(created);
    return inner;
  });
  // The faults as an msw handler, served through the mock's own node:http server.
  const server = await serve((request) => getResponse([faults], request));
  return {
    url: server.url,
    log,
    /** Forgets what was seen and logged (between tests sharing one server). */
    reset() {
      seen.clear();
      Object.assign(log, freshLog());
    },
    close: server.close,
  };
}
