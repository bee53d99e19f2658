/**
 * A second Ctrl-C during `load` quits at once, without waiting for the requests in flight: before it exits 130 it
 * says what it leaves — the rows done this run, the rows sent without an answer, the journal and how a re-run treats
 * them. The server holds every request unanswered, so the counts are known exactly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quitText } from '../../src/cli/main.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'prs-quit-'));
const held: ServerResponse[] = [];
let arrived: () => void = () => {};
const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
  held.push(res);
  arrived();
});
let url = '';
let child: ChildProcess | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  child?.kill('SIGKILL');
  for (const res of held) res.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `n` requests are held. */
async function requests(n: number): Promise<void> {
  while (held.length < n) await new Promise<void>((resolve) => (arrived = resolve));
}

it('the second Ctrl-C says what it leaves: rows done, rows sent without an answer, the journal and the re-run', async () => {
  const file = join(dir, 'prices.csv');
  const day = (i: number) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10);
  writeFileSync(file, `date,value\n${Array.from({ length: 10 }, (_, i) => `${day(i)},${100 + i}`).join('\n')}\n`);
  const journal = `${file}.journal.jsonl`;
  child = spawn(
    process.execPath,
    [CLI, 'load', 'prices', file, '--instrument', 'ins_1', '--concurrency', '3', '--base-url', url],
    { env: { ...process.env, PRS_ACCESS_TOKEN: 'quit-token', PRS_BASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  let stdout = '';
  let wrote: () => void = () => {};
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    wrote();
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));

  await requests(3);
  child.kill('SIGINT');
  while (!stderr.includes('Ctrl-C again to quit at once')) await new Promise<void>((resolve) => (wrote = resolve));
  child.kill('SIGINT');

  expect(await exited).toBe(130);
  expect(stdout).toBe('');
  expect(stderr).toContain(
    `\nQuit at once: 0 rows done this run; 3 sent without an answer.\nJournal: ${journal} (every entry written so far)\n` +
      'Run the same command to go on: it skips the rows done and sends the 3 again (one already stored is reported as existing).\n',
  );
  const entries = readFileSync(journal, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { status?: string });
  expect(entries.filter((e) => e.status === 'sending')).toHaveLength(3);
  expect(held).toHaveLength(3);
});

it('for transactions (a second one sent would be a second transaction) the note says the re-run reports them in doubt', () => {
  expect(quitText(1_200, 8, false, 'tx.csv.journal.jsonl')).toBe(
    '\nQuit at once: 1,200 rows done this run; 8 sent without an answer.\nJournal: tx.csv.journal.jsonl (every entry written so far)\n' +
      'Run the same command to go on: it skips the rows done and reports the 8 in doubt (an earlier call may have stored them): check the service, then re-run with --resend-in-doubt or remove those rows.\n',
  );
  expect(quitText(1, 0, false, 'j')).toBe(
    '\nQuit at once: 1 row done this run; 0 sent without an answer.\nJournal: j (every entry written so far)\nRun the same command to go on: it skips the rows done.\n',
  );
});
