/**
 * Progress that agrees with the summary (issue 19, item 3): rate and time left; a terminal too narrow (or of unknown
 * width) for the bar still shows the counts; after Ctrl-C the last progress line and the summary use the same
 * categories (the last line said `failed 16,851` where the summary said `failed 0`, `not done 16,851`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkProgress } from '../../src/bulk/index.js';
import { main } from '../../src/cli/main.js';
import { duration, estimateAfter, progressLine, progressOn } from '../../src/cli/progress.js';
import { createMockService, type RunningServer, seedDemo } from '../../src/testing/index.js';

const p: BulkProgress = {
  done: 5_000,
  total: 20_000,
  ok: 4_990,
  failed: 10,
  inFlight: 8,
  sending: 8,
  waiting: 0,
  concurrency: 8,
  retries: 0,
  rateLimited: 3,
};
const tally = { ok: 4_990, failed: 10, notDone: 0 };

describe('progressLine', () => {
  it('on a wide terminal: the bar, the counts, rate and time left, requests sending, 429s', () => {
    expect(progressLine(p, tally, 250, 200)).toBe(
      '[######------------------] 5,000/20,000 25% · ok 4,990 · failed 10 · 250 rows/s, 1m 00s left · sending 8 (limit 8) · 429s 3',
    );
  });

  it('narrower: the bar goes first, then the 429s and the requests sending, then the rate', () => {
    expect(progressLine(p, tally, 250, 100)).toBe(
      '5,000/20,000 25% · ok 4,990 · failed 10 · 250 rows/s, 1m 00s left · sending 8 (limit 8) · 429s 3',
    );
    expect(progressLine(p, tally, 250, 79)).toBe('5,000/20,000 25% · ok 4,990 · failed 10 · 250 rows/s, 1m 00s left');
    expect(progressLine(p, tally, 250, 50)).toBe('5,000/20,000 25% · ok 4,990 · failed 10');
  });

  it('never drops the counts, however narrow (20 columns)', () => {
    expect(progressLine({ ...p, done: 5_042 }, { ...tally, notDone: 42 }, 250, 20)).toBe(
      '5,000/20,000 25% · ok 4,990 · failed 10 · not done 42',
    );
  });

  it('after Ctrl-C counts as done only the rows done: 765 of 8,000, not 8,000 100% (the runner ends the rest too)', () => {
    const interrupted = {
      ...p,
      done: 8_000,
      total: 8_000,
      ok: 765,
      failed: 7_235,
      inFlight: 0,
      sending: 0,
      rateLimited: 0,
    };
    const counts = { ok: 765, failed: 0, notDone: 7_235 };
    expect(progressLine(interrupted, counts, 100, undefined)).toBe(
      '765/8,000 9% · ok 765 · failed 0 · not done 7,235 · 100 rows/s · sending 0 (limit 8)',
    );
    expect(progressLine(interrupted, counts, 100, 200)).toBe(
      '[##----------------------] 765/8,000 9% · ok 765 · failed 0 · not done 7,235 · 100 rows/s · sending 0 (limit 8)',
    );
  });

  it('a plain log (no width): every part, no bar', () => {
    expect(progressLine(p, tally, 0, undefined)).toBe(
      '5,000/20,000 25% · ok 4,990 · failed 10 · 0 rows/s · sending 8 (limit 8) · 429s 3',
    );
  });

  it('a terminal of unknown width is taken as 80 columns: the counts stay', () => {
    const out = { text: '', isTTY: true, write: (s: string) => (out.text += s) };
    const progress = progressOn(out, () => tally);
    progress.update(p);
    progress.end();
    const last = out.text.split('\r\x1b[K').at(-1) as string;
    expect(last.length).toBeLessThanOrEqual(80);
    expect(last).toMatch(/^5,000\/20,000 25% · ok 4,990 · failed 10( · |\n$)/);
  });

  it('tells the rows sending (what the limit bounds) from those waiting to retry and the lookups (it said in flight 60 (limit 8))', () => {
    const retrying = { ...p, inFlight: 61, sending: 8, waiting: 52 };
    expect(progressLine(retrying, tally, 250, undefined)).toBe(
      '5,000/20,000 25% · ok 4,990 · failed 10 · 250 rows/s, 1m 00s left · sending 8 (limit 8), 52 waiting to retry, 1 being looked up · 429s 3',
    );
  });

  it(`shows no time left before ${estimateAfter(8)} rows are done at a limit of 8 (four rounds of the pool, 20 at least)`, () => {
    expect([estimateAfter(1), estimateAfter(8), estimateAfter(64)]).toEqual([20, 32, 256]);
    const early = (done: number) => ({ ...p, done, ok: done, failed: 0, total: 1_000 });
    const counts = (done: number) => ({ ok: done, failed: 0, notDone: 0 });
    // After one row the rate is the start's (connections, the first call's chunk): no `3m 47s left`.
    expect(progressLine(early(1), counts(1), 4, undefined)).toBe(
      '1/1,000 0% · ok 1 · failed 0 · 4 rows/s · sending 8 (limit 8) · 429s 3',
    );
    expect(progressLine(early(31), counts(31), 100, undefined)).toContain(' · 100 rows/s · sending');
    expect(progressLine(early(32), counts(32), 100, undefined)).toContain(' · 100 rows/s, 10s left · sending');
  });

  it("is drawn after the runner's synchronous burst: a stop that ends 92 rows says not done 92, not 1", async () => {
    const out = { text: '', isTTY: false, write: (s: string) => (out.text += s) };
    const counts = { ok: 0, failed: 1, notDone: 0 };
    const progress = progressOn(out, () => counts);
    // The 401's result, then the 92 rows not started ended one by one in the same turn.
    for (let n = 1; n <= 92; n++) {
      counts.notDone = n;
      progress.update({ ...p, done: 1 + n, total: 100, ok: 0, failed: 1 + n, inFlight: 7, sending: 7, rateLimited: 0 });
    }
    await Promise.resolve();
    expect(out.text).toMatch(
      /^progress: 1\/100 1% · ok 0 · failed 1 · not done 92 · [\d,]+ rows\/s · sending 7 \(limit 8\)\n$/,
    );
    progress.end();
    expect(out.text.split('\n')).toHaveLength(2); // the final state is the one drawn: not written again
  });

  it('writes the time left in minutes and hours', () => {
    expect([duration(42), duration(65), duration(7_380)]).toEqual(['42s', '1m 05s', '2h 03m']);
  });
});

describe('after Ctrl-C', () => {
  let server: RunningServer;
  let requests = 0;
  const interrupt = new AbortController();
  beforeAll(async () => {
    const mock = createMockService({ seed: seedDemo, accessToken: 'good-token' });
    server = await mock.listen({
      port: 0,
      onRequest: () => {
        // Ctrl-C as the 40th request is answered: rows are in flight and most are not started.
        if (++requests === 40) interrupt.abort();
      },
    });
  });
  afterAll(() => server.close());

  it('the last progress line and the summary say the same: done, failed, not done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prs-progress-'));
    const file = join(dir, 'prices.csv');
    const day = (i: number) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10);
    writeFileSync(file, `date,value\n${Array.from({ length: 1_000 }, (_, i) => `${day(i)},${100 + i}`).join('\n')}\n`);
    const stdout = { text: '', write: (s: string) => (stdout.text += s) };
    const stderr = { text: '', isTTY: false, write: (s: string) => (stderr.text += s) };
    const code = await main(
      ['load', 'prices', file, '--base-url', server.url, '--instrument', '65f1c0ffee0000000000010a'],
      { stdout, stderr, env: { PRS_ACCESS_TOKEN: 'good-token' }, interrupt: interrupt.signal },
    );
    expect(code).toBe(130);
    const last = stderr.text
      .trimEnd()
      .split('\n')
      .filter((l) => l.startsWith('progress: '))
      .at(-1) as string;
    const count = (text: string, label: string) =>
      Number(new RegExp(`${label} +([\\d,]+)`).exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    const summary = {
      ok: count(stdout.text, 'created'),
      failed: count(stdout.text, 'failed'),
      notDone: count(stdout.text, 'not done \\(interrupted\\)'),
    };
    expect(summary.notDone).toBeGreaterThan(0);
    expect(summary.ok).toBeGreaterThan(0);
    expect({ ok: count(last, 'ok'), failed: count(last, 'failed'), notDone: count(last, 'not done') }).toEqual(summary);
    expect(summary.ok + summary.failed + summary.notDone).toBe(1_000);
    const done = summary.ok + summary.failed;
    expect(last).toMatch(
      new RegExp(
        `^progress: ${done}/1,000 ${Math.floor(done / 10)}% · ok ${done - summary.failed} · failed ${summary.failed} · not done ${summary.notDone} · [\\d,]+ rows/s · sending 0 \\(limit 8\\)$`,
      ),
    );
  });
});
