/**
 * The journal keeps its promise when the disk or another loader does not: one load at a time (a `<journal>.lock`;
 * a second load is refused, a lock whose process is gone is taken over with a note), every byte of an entry
 * written before its row is sent (a short write finished, a failed one cut off and the load stopped, naming the
 * journal and --journal), and the journal's own path errors named. Writes fail through a stand-in for
 * `writeSync` (no full disk needed); rows are counted in the mock.
 */

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createMockService, type RunningServer } from '../../src/testing/index.js';
import { addAccount } from '../helpers/mock-seeds.js';

/** Set by a test: what the next `writeSync` calls do (`undefined`: write as usual). */
const plan: { writes: ('half' | 'enospc' | 'ok')[] | undefined; beforeLink?: (path: string) => void } = {
  writes: undefined,
};
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const writeSync = (fd: number, data: never, ...rest: never[]): number => {
    const step = plan.writes?.shift();
    if (step === 'enospc') throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    if (step === 'half' && Buffer.isBuffer(data)) {
      const [offset = 0, length = (data as Buffer).length] = rest as number[];
      return real.writeSync(fd, data, offset, Math.max(1, Math.floor(length / 2)));
    }
    return (real.writeSync as (...a: unknown[]) => number)(fd, data, ...rest);
  };
  const linkSync = (existing: string, path: string): void => {
    plan.beforeLink?.(path);
    real.linkSync(existing, path);
  };
  return { ...real, writeSync, linkSync, default: { ...real, writeSync, linkSync } };
});

const mock = createMockService({ accessToken: 'tok' });
let server: RunningServer;
beforeAll(async () => {
  server = await mock.listen({ port: 0 });
});
afterAll(() => server.close());

function trades(rows: number): string {
  const { account } = addAccount(mock.store);
  const dir = fs.mkdtempSync(join(tmpdir(), 'prs-journal-'));
  const csv = join(dir, 'trades.csv');
  const lines = Array.from(
    { length: rows },
    (_, i) => `account-interest-transaction,${i + 1},2024-03-31,2024-03-31,row ${i + 1},${account.id}`,
  );
  fs.writeFileSync(csv, `type,accountAmount,tradeDate,valueDate,comment,rel.account\n${lines.join('\n')}\n`);
  return csv;
}

async function load(args: string[], fetch?: typeof globalThis.fetch) {
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
  const code = await main(args, { stdout, stderr, env: { PRS_ACCESS_TOKEN: 'tok' }, fetch });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Comments of the transactions stored, `row 1` … : each row's count. */
function stored(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of mock.store.transactions.all()) {
    const comment = (t.attributes as { comment?: string }).comment ?? '';
    counts.set(comment, (counts.get(comment) ?? 0) + 1);
  }
  return counts;
}

describe('one load at a time', () => {
  it('refuses a second load on the same journal while the first runs; every row is stored once', async () => {
    mock.reset();
    const csv = trades(50);
    let started!: () => void;
    const firstRequest = new Promise<void>((resolve) => {
      started = resolve;
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held: typeof fetch = async (input, init) => {
      started();
      await gate;
      return fetch(input, init);
    };
    const first = load(['load', 'transactions', csv, '--base-url', server.url, '--json'], held);
    await firstRequest;
    const second = await load(['load', 'transactions', csv, '--base-url', server.url]);
    expect(second).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: ${csv}.journal.jsonl is in use by another load (process ${process.pid}, lock ${csv}.journal.jsonl.lock): wait for it to end, or pass another --journal path; if no load is running, delete ${csv}.journal.jsonl.lock\n`,
    });
    open();
    const done = await first;
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ created: 50, inDoubt: 0 });
    expect([...stored().values()].filter((n) => n > 1)).toEqual([]);
    expect(stored().size).toBe(50);
    expect(fs.existsSync(`${csv}.journal.jsonl.lock`)).toBe(false);
  });

  it('takes over the lock of a process that is gone, with a note', async () => {
    mock.reset();
    const csv = trades(3);
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    fs.writeFileSync(`${csv}.journal.jsonl.lock`, `${gone}\n`);
    const run = await load(['load', 'transactions', csv, '--base-url', server.url]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `note: ${csv}.journal.jsonl.lock: taken over from process ${gone}, which is no longer running (a crash or a kill)\n`,
    );
    expect(stored().size).toBe(3);
    expect(fs.readdirSync(dirname(csv)).sort()).toEqual(['trades.csv', 'trades.csv.journal.jsonl']);
  });

  it('refuses while another load takes over the same dead lock, naming the takeover lock', async () => {
    mock.reset();
    const csv = trades(3);
    const lock = `${csv}.journal.jsonl.lock`;
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    fs.writeFileSync(lock, `${gone}\n`);
    fs.writeFileSync(`${lock}.takeover`, `${process.pid}\n`);
    const run = await load(['load', 'transactions', csv, '--base-url', server.url]);
    expect(run).toMatchObject({
      code: 2,
      stderr: `error: ${csv}.journal.jsonl is in use by another load (process ${process.pid}, lock ${lock}.takeover): wait for it to end, or pass another --journal path; if no load is running, delete ${lock}.takeover\n`,
    });
    expect(fs.readFileSync(lock, 'utf8')).toBe(`${gone}\n`);
    expect(stored().size).toBe(0);
  });

  it('of two loads that found the same dead lock, the one that comes second to take it over is refused', async () => {
    mock.reset();
    const csv = trades(3);
    const lock = `${csv}.journal.jsonl.lock`;
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    fs.writeFileSync(lock, `${gone}\n`);
    // The other load (this process stands in for it: it is running) takes the lock over after this one read the
    // dead process's id and before this one's takeover lock is made.
    plan.beforeLink = (path) => {
      if (path === `${lock}.takeover`) fs.writeFileSync(lock, `${process.pid}\n`);
    };
    const run = await load(['load', 'transactions', csv, '--base-url', server.url]).finally(() => {
      plan.beforeLink = undefined;
    });
    expect(run).toMatchObject({
      code: 2,
      stderr: `error: ${csv}.journal.jsonl is in use by another load (process ${process.pid}, lock ${lock}): wait for it to end, or pass another --journal path; if no load is running, delete ${lock}\n`,
    });
    expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
    expect(fs.existsSync(`${lock}.takeover`)).toBe(false);
    expect(stored().size).toBe(0);
  });
});

describe('a journal that cannot be written', () => {
  it('finishes a short write, stops before sending the row whose entry failed, and a re-run sends each row once', async () => {
    mock.reset();
    const csv = trades(10);
    const journal = `${csv}.journal.jsonl`;
    // The lock and the header are written, then three `sending` entries (the first in two writes: the disk wrote
    // half of it); the fourth is half written, then the disk is full.
    plan.writes = ['ok', 'ok', 'half', 'ok', 'ok', 'ok', 'half', 'enospc'];
    const full = await load(['load', 'transactions', csv, '--base-url', server.url, '--concurrency', '8']);
    plan.writes = undefined;
    expect(full.code).toBe(2);
    expect(full.stderr.split('\n').at(-2)).toBe(
      `error: cannot write the journal ${journal} (no space left on the device, ENOSPC); the load stopped before sending another row: fix that, or pass --journal <path> elsewhere, then run again`,
    );
    // Only the rows whose `sending` entry was written in full were sent; the journal ends with a whole entry.
    expect([...stored().keys()].sort()).toEqual(['row 1', 'row 2', 'row 3']);
    const text = fs.readFileSync(journal, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    for (const line of text.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();

    const again = await load(['load', 'transactions', csv, '--base-url', server.url, '--json']);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('cut off');
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 10, created: 7, skippedJournal: 3, inDoubt: 0 });
    expect([...stored().values()]).toEqual(Array(10).fill(1));
  });

  it('names the journal and --journal when it is a directory or its directory is missing', async () => {
    const csv = trades(1);
    const dir = fs.mkdtempSync(join(tmpdir(), 'prs-journal-dir-'));
    const isDir = await load(['load', 'transactions', csv, '--base-url', server.url, '--journal', dir]);
    expect(isDir).toMatchObject({
      code: 2,
      stderr: `error: cannot use ${dir} as the journal: it is a directory; pass --journal <file>\n`,
    });
    const missing = join(dir, 'no', 'j.jsonl');
    const noDir = await load(['load', 'transactions', csv, '--base-url', server.url, '--journal', missing]);
    expect(noDir).toMatchObject({
      code: 2,
      stderr: `error: cannot write the journal ${missing} (its directory does not exist, ENOENT); the load stopped before sending another row: fix that, or pass --journal <path> elsewhere, then run again\n`,
    });
  });

  it('notes a journal written for another file of the same kind, and uses it', async () => {
    mock.reset();
    const a = trades(2);
    const b = join(fs.mkdtempSync(join(tmpdir(), 'prs-journal-b-')), 'copy.csv');
    fs.copyFileSync(a, b);
    const journal = join(fs.mkdtempSync(join(tmpdir(), 'prs-journal-j-')), 'j.jsonl');
    expect((await load(['load', 'transactions', a, '--base-url', server.url, '--journal', journal])).code).toBe(0);
    const run = await load(['load', 'transactions', b, '--base-url', server.url, '--journal', journal, '--json']);
    expect(run.stderr).toContain(
      `note: ${journal}: written for ${a}, now used for ${b}: rows are known by their content, so those done there are skipped here\n`,
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ skippedJournal: 2, sent: 0 });
    expect(stored().size).toBe(2);
  });
});
