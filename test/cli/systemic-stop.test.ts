/**
 * The loader stops on systemic failure (issue 19, item 1): a refused token (401) starts no more rows after the
 * first answers — the rows in flight finish and are journaled, the rest stay to do — and exits 1 with one line
 * saying so; a re-run with a good token loads every row exactly once. Twenty rows in a row failing with the same
 * status (a wrong `--instrument`: 404) stop it too, unless `--keep-going`. Requests are counted on the server.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, SAME_FAILURE_STREAK, type Summary } from '../../src/cli/main.js';
import {
  createMockService,
  DEMO_IDS,
  type MockService,
  type RunningServer,
  seedDemo,
} from '../../src/testing/index.js';

let mock: MockService;
let server: RunningServer;
/** Paths requested, in order. A load counts only the paths of its own instrument, so a request still in flight
 * from another test (one cut off by its timeout) cannot land in its count. */
const requested: string[] = [];
beforeAll(async () => {
  mock = createMockService({ seed: seedDemo, accessToken: 'good-token' });
  server = await mock.listen({ port: 0, onRequest: (entry) => requested.push(entry.path) });
});
afterAll(() => server.close());

/** `rows` prices, one a day from 2000-01-01. */
function pricesFile(rows: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'prs-stop-'));
  const day = (i: number) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10);
  const file = join(dir, 'prices.csv');
  writeFileSync(
    file,
    `date,value\n${Array.from({ length: rows }, (_, i) => `${day(i)},${100 + i / 100}`).join('\n')}\n`,
  );
  return file;
}

async function load(file: string, token: string, instrument: string, extra: string[] = [], concurrency = 8) {
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
  const before = requested.length;
  const args = [
    'load',
    'prices',
    file,
    '--base-url',
    server.url,
    '--instrument',
    instrument,
    '--concurrency',
    `${concurrency}`,
  ];
  const code = await main([...args, ...extra], { stdout, stderr, env: { PRS_ACCESS_TOKEN: token } });
  const requests = requested.slice(before).filter((path) => path.includes(instrument)).length;
  return { code, stdout: stdout.text, stderr: stderr.text, requests };
}

describe('a refused token', () => {
  // The re-run loads 2,000 rows over HTTP: seconds when idle; the timeout is a backstop only.
  it('stops after the rows in flight, says so in one line, exit 1; a re-run with a good token loads each row once', {
    timeout: 180_000,
  }, async () => {
    const file = pricesFile(2_000);
    const refused = await load(file, 'wrong-token', DEMO_IDS.sap);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: the service refused the access token (401): check PRS_ACCESS_TOKEN; rows not started stay to do\n',
    );
    expect(refused.requests).toBeGreaterThan(0);
    expect(refused.requests).toBeLessThanOrEqual(16); // the first answers and what was in flight, not 2,000
    expect(refused.stdout).toMatch(
      /^ {2}not done \(stopped after a 401: the service refused the access token\) +1,9\d\d$/m,
    );
    // The rows refused alike are one line (the eight started before the 401 came back), their request ids left out.
    expect(refused.stdout.split('\n').filter((line) => line.includes('401'))).toEqual([
      `  lines 2–9 (8 rows): POST ${server.url}/api/v3/instruments/${DEMO_IDS.sap}/prices failed with 401: the access token is not valid`,
      '  not done (stopped after a 401: the service refused the access token)  1,992',
    ]);
    const good = await load(file, 'good-token', DEMO_IDS.sap);
    expect(good.code).toBe(0);
    expect(mock.store.prices.of(DEMO_IDS.sap)).toHaveLength(2_000);
  });
});

describe('rows that failed alike', () => {
  it('are one line of the summary, but each its own problem (with its request id) in --json and the journal', async () => {
    const file = pricesFile(30);
    const run = await load(file, 'wrong-token', DEMO_IDS.sap, ['--json'], 3);
    const summary = JSON.parse(run.stdout) as Summary;
    expect(summary.problems).toHaveLength(3);
    expect(summary.problems.map((p) => p.line)).toEqual([2, 3, 4]);
    for (const p of summary.problems)
      expect(p.error).toMatch(/ failed with 401: the access token is not valid \(request id [\w-]+\)$/);
    expect(new Set(summary.problems.map((p) => p.error)).size).toBe(3);
    const journal = readFileSync(`${file}.journal.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => e.status === 'failed');
    expect(journal.map((e) => e.line)).toEqual(expect.arrayContaining([2, 3, 4]));
    expect(journal).toHaveLength(3);
  });
});

describe('the same status row after row', () => {
  it(`stops after ${SAME_FAILURE_STREAK} rows in a row fail with 404 (a wrong --instrument), unless --keep-going`, async () => {
    const wrong = '65f1c0ffee00000000000bad';
    const stopped = await load(pricesFile(300), 'good-token', wrong);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain(`error: the first ${SAME_FAILURE_STREAK} rows in a row failed with 404; stopped`);
    expect(stopped.requests).toBeLessThanOrEqual(SAME_FAILURE_STREAK + 8);
    const all = await load(pricesFile(60), 'good-token', wrong, ['--keep-going']);
    expect(all.code).toBe(1);
    expect(all.requests).toBe(60);
  });
});

describe('the summary and the progress after the loader stops by itself', () => {
  it('say why the rows not started were not done (not "interrupted"), and count as done only the rows done', async () => {
    const wrong = '000000000000000000000000';
    // One request at a time: exactly twenty rows are sent, and the other 280 are not started.
    const stopped = await load(pricesFile(300), 'good-token', wrong, [], 1);
    expect(stopped.code).toBe(1);
    expect(stopped.requests).toBe(SAME_FAILURE_STREAK);
    expect(stopped.stdout.split('\n').slice(-8)).toEqual([
      '  created                                                      0',
      '  already existing (same date and value)                       0',
      '  failed                                                      20',
      '  in doubt                                                     0',
      '  not done (stopped after 20 rows in a row failed with 404)  280',
      '  done before (journal)                                        0',
      expect.stringMatching(/^Journal: .*prices\.csv\.journal\.jsonl$/),
      '',
    ]);
    const progress = stopped.stderr.split('\n').filter((line) => line.startsWith('progress: '));
    expect(progress.at(-1)).toMatch(
      /^progress: 20\/300 6% · ok 0 · failed 20 · not done 280 · [\d,]+ rows\/s · sending 0 \(limit 1\)$/,
    );
    expect(stopped.stderr).not.toContain('300/300');
  });

  it('JSON: `stopped` says why, `interrupted` stays false', async () => {
    const wrong = '000000000000000000000000';
    const stopped = await load(pricesFile(300), 'good-token', wrong, ['--json'], 1);
    expect(JSON.parse(stopped.stdout)).toMatchObject({
      rows: 300,
      failed: 20,
      notDone: 280,
      sent: 20,
      interrupted: false,
      stopped: 'stopped after 20 rows in a row failed with 404',
    });
  });
});
