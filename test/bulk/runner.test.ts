import { describe, expect, it } from 'vitest';
import { type BulkProgress, type BulkResult, runBulk } from '../../src/bulk/runner.js';
import { InternalServerError, makeAPIError, RateLimitError, ValidationError } from '../../src/core/errors.js';
import { retryAfterMs } from '../../src/core/retry-policy.js';

const POST = { method: 'POST', url: 'http://127.0.0.1/api/v3/instruments' };
const rateLimited = (retryAfter?: string) =>
  makeAPIError(POST, 429, new Headers(retryAfter === undefined ? {} : { 'retry-after': retryAfter }), '');
const serverError = (method = 'POST') =>
  makeAPIError({ ...POST, method }, 500, new Headers(), '{"errors":[{"status":500,"detail":"boom"}]}');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** mulberry32: the same sequence every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('runBulk', () => {
  it('gives every item exactly one result, in input order, calling each once', async () => {
    const random = prng(7);
    const items = Array.from({ length: 300 }, (_, i) => ({
      i,
      delay: Math.floor(random() * 8),
      fails: random() < 0.1,
    }));
    const calls = new Map<number, number>();
    const seen: number[] = [];
    const results = await runBulk(
      'bulk.run',
      items,
      async (item, index) => {
        calls.set(index, (calls.get(index) ?? 0) + 1);
        await sleep(item.delay);
        if (item.fails) throw new Error(`item ${item.i} is bad`);
        return { value: item.i * 10 };
      },
      { concurrency: 16, onResult: (r) => seen.push(r.index) },
    );
    expect(results).toHaveLength(300);
    expect(results.map((r) => r.index)).toEqual(items.map((item) => item.i));
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
    expect(calls.size).toBe(300);
    expect(new Set(seen).size).toBe(300);
    for (const [i, r] of results.entries()) {
      if (items[i]?.fails) expect(r).toMatchObject({ ok: false, attempts: 1, error: { message: `item ${i} is bad` } });
      else expect(r).toEqual({ index: i, ok: true, value: i * 10, attempts: 1 });
    }
    expect(results.filter((r) => !r.ok)).toHaveLength(items.filter((i) => i.fails).length);
  });

  it('halves concurrency once per burst of 429s and adds one per round of successes, never starting past the limit', async () => {
    const trace: number[] = [];
    let limit = 8;
    let running = 0;
    let maxRunning = 0;
    const violations: string[] = [];
    const burst = new Set([0, 1, 2, 3, 4, 5, 6, 7, 40, 41, 42, 43]);
    const results = await runBulk(
      'bulk.run',
      Array.from({ length: 80 }, (_, i) => i),
      async (i, _index, ctx) => {
        if (running >= limit) violations.push(`item ${i} started with ${running} running and a limit of ${limit}`);
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(4);
        running -= 1;
        if (ctx.attempt === 1 && burst.has(i)) throw rateLimited('0');
        return { value: i };
      },
      {
        concurrency: 8,
        onProgress: (p) => {
          if (p.concurrency !== limit) trace.push(p.concurrency);
          limit = p.concurrency;
        },
      },
    );
    expect(violations).toEqual([]);
    expect(maxRunning).toBe(8);
    // The first wave (8 × 429, all sent in one round) halves once; successes climb back to 8; the second burst halves again.
    expect(trace.slice(0, 6)).toEqual([4, 5, 6, 7, 8, 4]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.attempts === 2).map((r) => r.index)).toEqual([...burst]);
  });

  it('tells the calls sending (what concurrency bounds) from the items waiting to be sent again', async () => {
    const progress: BulkProgress[] = [];
    await runBulk(
      'bulk.run',
      Array.from({ length: 10 }, (_, i) => i),
      async (i, _index, ctx) => {
        await sleep(2);
        if (ctx.attempt === 1) throw serverError('PUT'); // transient and repeatable: sent again after a backoff
        return { value: i };
      },
      {
        concurrency: 2,
        minConcurrency: 2,
        retryDelay: { initial: 200, max: 200 },
        onProgress: (p) => progress.push(p),
      },
    );
    expect(progress.every((p) => p.inFlight === p.sending + p.waiting && p.sending <= 2)).toBe(true);
    // More waiting than the limit: what `in flight 60 (limit 8)` was, read as a broken limit.
    expect(Math.max(...progress.map((p) => p.waiting))).toBeGreaterThan(2);
    expect(progress.at(-1)).toMatchObject({ done: 10, inFlight: 0, sending: 0, waiting: 0 });
  });

  it('sends nothing before Retry-After has passed', async () => {
    const starts: { i: number; attempt: number; at: number }[] = [];
    let rejectedAt = 0;
    const t0 = Date.now();
    const results = await runBulk(
      'bulk.run',
      [0, 1, 2, 3, 4, 5],
      async (i, _index, ctx) => {
        starts.push({ i, attempt: ctx.attempt, at: Date.now() - t0 });
        await sleep(10);
        if (i === 0 && ctx.attempt === 1) {
          rejectedAt = Date.now() - t0;
          throw rateLimited('0.25');
        }
        return { value: i };
      },
      { concurrency: 2 },
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, true]);
    const after = starts.filter((s) => s.at >= rejectedAt);
    expect(after.length).toBeGreaterThan(0);
    // Every call after the 429 starts at least 250 ms after it (timer slack: 5 ms).
    for (const s of after) expect(s.at - rejectedAt).toBeGreaterThanOrEqual(245);
    expect(starts.find((s) => s.i === 0 && s.attempt === 2)).toBeDefined();
  });

  it('reads Retry-After in seconds or as an HTTP date, capped at 60 s', () => {
    const now = Date.parse('2024-05-01T08:00:00Z');
    expect(retryAfterMs(rateLimited('3').headers, now)).toBe(3000);
    expect(retryAfterMs(rateLimited('Wed, 01 May 2024 08:00:05 GMT').headers, now)).toBe(5000);
    expect(retryAfterMs(rateLimited('7200').headers, now)).toBe(60_000);
    expect(retryAfterMs(rateLimited().headers, now)).toBeUndefined();
    expect(retryAfterMs(rateLimited('soon').headers, now)).toBeUndefined();
  });

  it('gives up on an item after maxRetries re-attempts with its last error', async () => {
    let calls = 0;
    const [result] = await runBulk(
      'bulk.run',
      ['x'],
      async () => {
        calls += 1;
        throw rateLimited('0');
      },
      { maxRetries: 3 },
    );
    expect(calls).toBe(4);
    expect(result).toMatchObject({ index: 0, ok: false, attempts: 4 });
    expect((result as { error: unknown }).error).toBeInstanceOf(RateLimitError);
  });

  it('on abort starts nothing more: unstarted items end skipped, calls in flight finish', async () => {
    const controller = new AbortController();
    const started = new Set<number>();
    const progress: BulkProgress[] = [];
    const results = await runBulk(
      'bulk.run',
      Array.from({ length: 100 }, (_, i) => i),
      async (i) => {
        started.add(i);
        await sleep(15);
        return { value: i };
      },
      {
        concurrency: 4,
        signal: controller.signal,
        onResult: (r) => {
          if (r.index === 9) controller.abort();
        },
        onProgress: (p) => progress.push(p),
      },
    );
    expect(results).toHaveLength(100);
    const ok = results.filter((r) => r.ok);
    const skipped = results.filter((r) => !r.ok && r.skipped);
    expect(ok.length + skipped.length).toBe(100);
    // Everything started finished with its value; nothing unstarted was called.
    expect(ok.map((r) => r.index).sort((a, b) => a - b)).toEqual([...started].sort((a, b) => a - b));
    expect(ok.length).toBeGreaterThanOrEqual(10);
    expect(ok.length).toBeLessThanOrEqual(13);
    for (const r of skipped)
      expect(r).toMatchObject({ ok: false, skipped: true, attempts: 0, error: { name: 'AbortError' } });
    const last = progress.at(-1);
    expect(last).toMatchObject({ done: 100, total: 100, ok: ok.length, failed: skipped.length, inFlight: 0 });
    // Counts only grow, and always add up.
    for (const [i, p] of progress.entries()) {
      expect(p.ok + p.failed).toBe(p.done);
      if (i > 0) expect(p.done).toBeGreaterThanOrEqual((progress[i - 1] as BulkProgress).done);
    }
  });

  it('ends an item waiting for its re-attempt as skipped when the run is aborted', async () => {
    const controller = new AbortController();
    const results = await runBulk(
      'bulk.run',
      ['a', 'b'],
      async (item) => {
        if (item === 'a') {
          setTimeout(() => controller.abort(), 20);
          throw rateLimited('5');
        }
        await sleep(40);
        return { value: item };
      },
      { concurrency: 2, signal: controller.signal },
    );
    expect(results[0]).toMatchObject({
      index: 0,
      ok: false,
      skipped: true,
      attempts: 1,
      error: { name: 'AbortError' },
    });
    expect(results[0]).not.toHaveProperty('uncertain');
    expect(results[1]).toEqual({ index: 1, ok: true, value: 'b', attempts: 1 });
  });

  it('does not send a POST again after a 5xx: the result is uncertain', async () => {
    let calls = 0;
    const results = await runBulk('bulk.run', ['tx'], async () => {
      calls += 1;
      throw serverError('POST');
    });
    expect(calls).toBe(1);
    expect(results[0]).toMatchObject({ index: 0, ok: false, uncertain: true, attempts: 1 });
    expect((results[0] as { error: unknown }).error).toBeInstanceOf(InternalServerError);
  });

  it('sends again after a 5xx when the call is idempotent, by policy or by method', async () => {
    const attempts: string[] = [];
    const results = await runBulk(
      'bulk.run',
      ['create', 'get'],
      async (item, _i, ctx) => {
        attempts.push(`${item}#${ctx.attempt}`);
        if (ctx.attempt === 1) throw serverError(item === 'get' ? 'GET' : 'POST');
        return { value: item, created: item === 'create' ? false : undefined };
      },
      { retryDelay: { initial: 1 } },
      { idempotent: true },
    );
    expect(attempts.sort()).toEqual(['create#1', 'create#2', 'get#1', 'get#2']);
    expect(results[0]).toEqual({ index: 0, ok: true, value: 'create', created: false, attempts: 2 });
    const byMethod = await runBulk(
      'bulk.run',
      ['get'],
      async (_item, _i, ctx) => {
        if (ctx.attempt === 1) throw serverError('GET');
        return { value: 'ok' };
      },
      { retryDelay: { initial: 1 } },
    );
    expect(byMethod[0]).toEqual({ index: 0, ok: true, value: 'ok', attempts: 2 });
  });

  it('verifies after a 5xx: found is done (created: false), absent is sent again', async () => {
    const store = new Set<string>();
    const sent: string[] = [];
    const results = await runBulk(
      'bulk.run',
      ['applied', 'lost'],
      async (item, _i, ctx) => {
        sent.push(`${item}#${ctx.attempt}`);
        if (ctx.attempt === 1) {
          if (item === 'applied') store.add(item); // applied, then the answer is lost
          throw serverError('POST');
        }
        store.add(item);
        return { value: item, created: true };
      },
      { retryDelay: { initial: 1 } },
      { verify: async (item) => (store.has(item) ? item : undefined) },
    );
    expect(sent.sort()).toEqual(['applied#1', 'lost#1', 'lost#2']);
    expect(results).toEqual([
      { index: 0, ok: true, value: 'applied', created: false, attempts: 1 },
      { index: 1, ok: true, value: 'lost', created: true, attempts: 2 },
    ]);
  });

  it('verifies after a 409: found is done, otherwise the conflict stands', async () => {
    const conflict = makeAPIError(
      POST,
      409,
      new Headers(),
      '{"errors":[{"status":409,"detail":"a price dated 2024-01-31 already exists"}]}',
    );
    const results = await runBulk(
      'bulk.run',
      ['mine', 'other'],
      async () => {
        throw conflict;
      },
      {},
      { verify: async (item) => (item === 'mine' ? 'found' : undefined) },
    );
    expect(results[0]).toEqual({ index: 0, ok: true, value: 'found', created: false, attempts: 1 });
    expect(results[1]).toEqual({ index: 1, ok: false, error: conflict, attempts: 1 });
  });

  it('fails an item whose call throws a ValidationError at once, without re-attempts', async () => {
    const error = new ValidationError('instruments.create', [{ path: 'attributes.ccyCode', message: 'is required' }]);
    const results: BulkResult<unknown>[] = await runBulk('bulk.run', ['bad', 'good'], (item) => {
      if (item === 'bad') throw error; // thrown synchronously, as a resource method may
      return Promise.resolve({ value: item });
    });
    expect(results).toEqual([
      { index: 0, ok: false, error, attempts: 1 },
      { index: 1, ok: true, value: 'good', attempts: 1 },
    ]);
  });

  it('refuses bad options before calling anything', async () => {
    let called = false;
    const call = async () => {
      called = true;
      return { value: 1 };
    };
    await expect(runBulk('bulk.run', [1], call, { concurrency: 0 })).rejects.toThrow(
      'bulk.run: concurrency: must be a whole number from 1 to 64, got number 0 (nothing was sent)',
    );
    // Bounded, as the command line's --concurrency and --max-retries: a huge pool would start every item at once.
    await expect(runBulk('bulk.run', [1], call, { concurrency: 65 })).rejects.toThrow(
      'bulk.run: concurrency: must be a whole number from 1 to 64, got number 65 (nothing was sent)',
    );
    await expect(runBulk('bulk.run', [1], call, { minConcurrency: 1e20 })).rejects.toThrow(
      'bulk.run: minConcurrency: must be a whole number from 1 to 64, got number 100000000000000000000 (nothing was sent)',
    );
    await expect(runBulk('bulk.run', [1], call, { maxRetries: 101 })).rejects.toThrow(
      'bulk.run: maxRetries: must be a whole number from 0 to 100, got number 101 (nothing was sent)',
    );
    expect(called).toBe(false);
    expect((await runBulk('bulk.run', [1], call, { concurrency: 64, maxRetries: 100 }))[0]).toMatchObject({ ok: true });
  });

  it('rejects when a hook throws, after the calls in flight have finished', async () => {
    let finished = 0;
    const run = runBulk(
      'bulk.run',
      [1, 2, 3, 4, 5, 6],
      async (i) => {
        await sleep(5);
        finished += 1;
        return { value: i };
      },
      {
        concurrency: 2,
        onResult: () => {
          throw new Error('journal full');
        },
      },
    );
    await expect(run).rejects.toThrow('journal full');
    expect(finished).toBe(2);
  });

  it('resolves at once to no results for no items', async () => {
    expect(await runBulk('bulk.run', [], async () => ({ value: 1 }))).toEqual([]);
  });
});
