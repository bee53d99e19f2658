/**
 * The loader's promise, end to end: 10,000 instrument rows into the mock over real HTTP, with 429s and
 * 500s (before and after the mock applied the request) injected by a seeded PRNG; the loader (a child
 * process running the command line) is interrupted with Ctrl-C, then killed outright, then run to the end.
 * Every row is accounted for exactly once, the store holds each instrument once, duplicates are `existing`,
 * and the journal agrees with the store and with each run's summary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../src/cli/main.js';
import { createMockService } from '../../src/testing/index.js';
import { type FaultyMock, serveWithFaults } from '../helpers/faulty-mock.js';

const ROWS = 10_000;
const DUPLICATES = 100;
const UNIQUE = ROWS - DUPLICATES;
const CONCURRENCY = 16;

interface Entry {
  key?: string;
  line?: number;
  status?: string;
  id?: string;
  journal?: string;
}

/** Row `i` (0-based; file line i + 2). The last DUPLICATES rows repeat every 99th earlier instrument. */
function instrumentRow(i: number): { line: string; identifier: string; ccy: string } {
  const n = i < UNIQUE ? i : (i - UNIQUE) * 99;
  const identifier = `XS${String(n).padStart(10, '0')}`;
  const ccy = ['EUR', 'USD', 'CHF'][n % 3] as string;
  const line =
    n % 10 === 0
      ? `bond-instrument,Bond ${n},${identifier},${ccy},DE,annually,actual/actual,2031-06-30`
      : n % 10 === 1
        ? `mutual-fund-instrument,"Fund ${n}, class A",${identifier},${ccy},LU,,,`
        : `stock-instrument,Stock ${n},${identifier},${ccy},US,,,`;
  return { line, identifier, ccy };
}

function readJournal(path: string): Entry[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Entry);
}

/** The entries of each run (a run starts with its header line). */
function runsOf(entries: Entry[]): Entry[][] {
  const runs: Entry[][] = [];
  for (const e of entries) {
    if (e.journal) runs.push([]);
    else runs.at(-1)?.push(e);
  }
  return runs;
}

function lastByKey(entries: Entry[]): Map<string, Entry> {
  const last = new Map<string, Entry>();
  for (const e of entries) if (e.key) last.set(e.key, e);
  return last;
}

const count = (entries: Entry[], status: string) => entries.filter((e) => e.status === status).length;

describe('portfolio-reporting load: 10,000 rows, faults, Ctrl-C, a kill, and a re-run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prs-load-'));
  const file = join(dir, 'instruments.csv');
  const journal = join(dir, 'instruments.journal.jsonl');
  const mock = createMockService();
  let server: FaultyMock;
  const rows = Array.from({ length: ROWS }, (_, i) => instrumentRow(i));

  beforeAll(async () => {
    writeFileSync(
      file,
      [
        'type,name,securityIdentifier,ccyCode,countryCode,couponFrequency,dayCountConvention,maturityDate',
        ...rows.map((r) => r.line),
      ].join('\n'),
    );
    server = await serveWithFaults(mock, {
      rateLimited: 0.006,
      longRetryAfter: 0.03,
      failBefore: 0.02,
      failAfter: 0.02,
      seed: 8,
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function load(): {
    child: ChildProcess;
    done: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>;
  } {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        'load',
        'instruments',
        file,
        '--journal',
        journal,
        '--concurrency',
        String(CONCURRENCY),
        '--json',
        '--base-url',
        server.url,
      ],
      {
        env: { ...process.env, PRS_ACCESS_TOKEN: 'load-test-token', PRS_BASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => {
      stdout += d;
    });
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    const done = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>(
      (resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
    );
    return { child, done };
  }

  /** Resolves once the journal holds `n` outcomes (entries other than `sending`) in all. */
  async function outcomes(n: number, done: Promise<unknown>): Promise<void> {
    let finished = false;
    void done.then(() => {
      finished = true;
    });
    for (;;) {
      let text = '';
      try {
        text = readFileSync(journal, 'utf8');
      } catch {
        // not created yet
      }
      const have = (text.match(/"status":"(created|existing)"/g) ?? []).length;
      if (have >= n) return;
      if (finished) throw new Error(`the loader exited with ${have} outcomes journaled, before ${n}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  // 10,000 rows three times over real HTTP: ~20 s idle, several times that on a loaded machine. A backstop only.
  it('accounts for every row exactly once', { timeout: 480_000 }, async () => {
    const t0 = performance.now();

    // Run 1: Ctrl-C after 3,000 rows. The requests in flight finish and are journaled; exit 130.
    const first = load();
    await outcomes(3_000, first.done);
    first.child.kill('SIGINT');
    const one = await first.done;
    expect(one.stderr).toContain('Interrupted: finishing the requests in flight');
    expect(one.code).toBe(130);
    const s1 = JSON.parse(one.stdout) as Summary;
    expect(s1).toMatchObject({ rows: ROWS, interrupted: true, failed: 0, inDoubt: 0, invalid: 0, skippedJournal: 0 });
    expect(s1.created + s1.existing + s1.notDone).toBe(ROWS);
    const afterOne = readJournal(journal);
    const run1 = runsOf(afterOne)[0] as Entry[];
    expect(count(run1, 'created')).toBe(s1.created);
    expect(count(run1, 'existing')).toBe(s1.existing);
    // Nothing is left hanging: every row sent has its outcome (interrupted ones end `skipped` or `uncertain`).
    expect([...lastByKey(afterOne).values()].filter((e) => e.status === 'sending')).toEqual([]);

    // Run 2: killed outright (SIGKILL) after 6,500 rows in all: calls in flight get no outcome in the journal.
    const second = load();
    await outcomes(6_500, second.done);
    second.child.kill('SIGKILL');
    expect((await second.done).signal).toBe('SIGKILL');
    const afterTwo = lastByKey(readJournal(journal));
    const doneBeforeThree = [...afterTwo.values()].filter(
      (e) => e.status === 'created' || e.status === 'existing',
    ).length;
    const inDoubtAfterKill = [...afterTwo.values()].filter((e) => e.status === 'sending' || e.status === 'uncertain');

    // Run 3: to the end. Rows the journal lists as done are skipped; in-doubt instruments are sent again (303-safe).
    const three = await load().done;
    expect(three.code).toBe(0);
    const s3 = JSON.parse(three.stdout) as Summary;
    expect(s3).toMatchObject({
      rows: ROWS,
      interrupted: false,
      failed: 0,
      inDoubt: 0,
      notDone: 0,
      invalid: 0,
      skippedJournal: doneBeforeThree,
    });
    expect(s3.created + s3.existing + s3.skippedJournal).toBe(ROWS);
    const entries = readJournal(journal);
    const run3 = runsOf(entries)[2] as Entry[];
    expect(runsOf(entries)).toHaveLength(3);
    expect(count(run3, 'created')).toBe(s3.created);
    expect(count(run3, 'existing')).toBe(s3.existing);

    // The store: each instrument exactly once.
    const stored = mock.store.instruments.all();
    expect(stored).toHaveLength(UNIQUE);
    expect(new Set(stored.map((s) => `${s.attributes.securityIdentifier}/${s.attributes.ccyCode}`)).size).toBe(UNIQUE);

    // The journal: every row done, pointing at the record the store holds for it.
    const final = lastByKey(entries);
    expect(final.size).toBe(ROWS);
    const byLine = new Map([...final.values()].map((e) => [e.line as number, e]));
    for (const [i, row] of rows.entries()) {
      const entry = byLine.get(i + 2);
      expect(
        entry?.status === 'created' || entry?.status === 'existing',
        `line ${i + 2}: ${JSON.stringify(entry)}`,
      ).toBe(true);
      expect(entry?.id).toBe(mock.store.instruments.findByIdentifier(row.identifier, row.ccy)?.id);
    }

    // No instrument is reported created twice, and each one reported created got its 201.
    const createdIds = entries.filter((e) => e.status === 'created').map((e) => e.id as string);
    expect(new Set(createdIds).size).toBe(createdIds.length);
    for (const id of createdIds) expect(server.log.delivered.has(id)).toBe(true);
    // An instrument whose 201 was lost to a 500 is reported `existing` by the row's next attempt, never `created`.
    expect(server.log.lost.size).toBeGreaterThan(0);
    for (const id of server.log.lost) expect(createdIds).not.toContain(id);
    // The instruments never journaled as created: a lost 201, or a 201 that arrived as the loader was killed,
    // whose row the journal showed in doubt and the re-run found existing.
    const unreported = stored.map((s) => s.id).filter((id) => !createdIds.includes(id) && !server.log.lost.has(id));
    expect(unreported.length).toBeLessThanOrEqual(CONCURRENCY);
    const inDoubtIds = new Set(inDoubtAfterKill.map((e) => final.get(e.key as string)?.id));
    for (const id of unreported) expect(inDoubtIds.has(id)).toBe(true);
    expect(createdIds.length + server.log.lost.size + unreported.length).toBe(UNIQUE);

    // Duplicate rows: of two rows for one instrument at most one is `created`; all runs' `existing` cover the duplicates.
    for (let d = 0; d < DUPLICATES; d++) {
      const statuses = [byLine.get(d * 99 + 2)?.status, byLine.get(UNIQUE + d + 2)?.status];
      expect(statuses.filter((s) => s === 'created').length).toBeLessThanOrEqual(1);
    }
    expect(count(entries, 'existing')).toBeGreaterThanOrEqual(DUPLICATES);

    // The faults really happened.
    expect(server.log.rateLimited).toBeGreaterThan(40);
    expect(server.log.failedBefore).toBeGreaterThan(100);
    expect(server.log.failedAfter).toBeGreaterThan(100);
    console.log(
      `10k load: ${((performance.now() - t0) / 1000).toFixed(1)} s (run 1 ${s1.seconds.toFixed(1)} s, run 3 ${s3.seconds.toFixed(1)} s); ${server.log.requests} requests, ${server.log.rateLimited} × 429, ` +
        `${server.log.failedBefore} × 500 before, ${server.log.failedAfter} × 500 after; in doubt after the kill: ${inDoubtAfterKill.length}`,
    );
  });
});
