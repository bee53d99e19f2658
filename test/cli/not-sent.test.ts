/**
 * A request that never left is not in doubt: a connection refused (or a port fetch refuses, no such host, no
 * socket) is retried by the bulk runner and, when the service stays out of reach, ends the row as failed — never
 * `uncertain` — and stops the loader after twenty rows in a row; a re-run sends every row, each once. A reset
 * after the request was written stays in doubt.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBulk } from '../../src/bulk/runner.js';
import { main, type Summary } from '../../src/cli/main.js';
import { APIConnectionError, APIConnectionTimeoutError } from '../../src/core/errors.js';
import { createMockService, type RunningServer } from '../../src/testing/index.js';
import { addAccount } from '../helpers/mock-seeds.js';

const mock = createMockService({ accessToken: 'tok' });
let server: RunningServer;
beforeAll(async () => {
  server = await mock.listen({ port: 0 });
});
afterAll(() => server.close());

/** A port nothing listens on: one the system gave a server that is closed again. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function load(args: string[]) {
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
  const code = await main(args, { stdout, stderr, env: { PRS_ACCESS_TOKEN: 'tok' } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const call = { method: 'POST', url: 'http://h/api/v3/transactions' };
const connectionError = (code: string) =>
  new APIConnectionError(call, 'could not reach the service', {
    cause: new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) }),
  });

describe('the bulk runner', () => {
  it('sends a POST again after a connection refused, and keeps one after a reset or a timeout uncertain', async () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EMFILE', 'UND_ERR_CONNECT_TIMEOUT']) {
      let attempts = 0;
      const [result] = await runBulk('bulk.run', [1], async () => {
        attempts += 1;
        if (attempts === 1) throw connectionError(code);
        return { value: 'created' };
      });
      expect(result).toEqual({ index: 0, ok: true, value: 'created', attempts: 2 });
    }
    const refusedAlways = await runBulk('bulk.run', [1], () => Promise.reject(connectionError('ECONNREFUSED')), {
      maxRetries: 1,
      retryDelay: { initial: 1 },
    });
    expect(refusedAlways[0]).toMatchObject({ ok: false, attempts: 2 });
    expect(refusedAlways[0]).not.toHaveProperty('uncertain');
    const reset = await runBulk('bulk.run', [1], () => Promise.reject(connectionError('ECONNRESET')));
    expect(reset[0]).toMatchObject({ ok: false, uncertain: true, attempts: 1 });
    const timeout = new APIConnectionTimeoutError(call, 100);
    expect((await runBulk('bulk.run', [1], () => Promise.reject(timeout)))[0]).toMatchObject({
      uncertain: true,
      attempts: 1,
    });
  });
});

describe('portfolio-reporting load with nothing listening', () => {
  it.each([
    ['a port fetch refuses', async () => 'http://127.0.0.1:9'],
    ['a connection refused', async () => `http://127.0.0.1:${await closedPort()}`],
  ])('%s: rows fail (not in doubt), the load stops after 20, and a re-run sends each row once', async (_, url) => {
    const { account } = addAccount(mock.store);
    const dir = mkdtempSync(join(tmpdir(), 'prs-not-sent-'));
    const csv = join(dir, 'trades.csv');
    const rows = Array.from(
      { length: 200 },
      (_, i) => `account-interest-transaction,${i + 1},2024-03-31,2024-03-31,row ${i + 1},${account.id}`,
    );
    writeFileSync(csv, `type,accountAmount,tradeDate,valueDate,comment,rel.account\n${rows.join('\n')}\n`);
    const base = await url();
    const refused = await load(['load', 'transactions', csv, '--base-url', base, '--max-retries', '0', '--json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n').at(-2)).toBe(
      'error: the first 20 rows in a row got no answer from the service; stopped: check --base-url (or PRS_BASE_URL) and the network, or pass --keep-going; rows not started stay to do',
    );
    const summary = JSON.parse(refused.stdout) as Summary;
    expect(summary.inDoubt).toBe(0);
    expect(summary.created).toBe(0);
    // The rows in flight when the twentieth failed finish too; none of the rest was started.
    expect(summary.failed).toBeGreaterThanOrEqual(20);
    expect(summary.failed).toBeLessThanOrEqual(20 + 8);
    const statuses = readFileSync(`${csv}.journal.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).status);
    expect(statuses).not.toContain('uncertain');

    const again = await load(['load', 'transactions', csv, '--base-url', server.url, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 200, created: 200, inDoubt: 0, failed: 0 });
    const comments = mock.store.transactions
      .all()
      .map((t) => (t.attributes as { comment?: string }).comment)
      .filter((c) => c?.startsWith('row '));
    expect(comments).toHaveLength(200);
    expect(new Set(comments).size).toBe(200);
    mock.reset();
  });
});
