/**
 * The loader's example files against the demo mock they were written for (examples/data/load-mock.ts, run
 * as a user runs it): every row of each file loads, and a second run finds them all in the journal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Summary } from '../../src/cli/main.js';
import { PortfolioReporting } from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IDS = { account: '65f1c0ffee00000000000a01', sap: '65f1c0ffee0000000000010a', fund: '65f1c0ffee0000000000020a' };
const dir = mkdtempSync(join(tmpdir(), 'prs-examples-'));
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'examples/data/load-mock.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
      const found = /Demo mock service at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) resolve(found[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`examples/data/load-mock.ts exited with ${code}: ${out}`)));
  });
}, 30_000);
afterAll(() => {
  child.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
});

async function load(kind: string, file: string): Promise<{ code: number; summary: Summary }> {
  let stdout = '';
  const code = await main(
    ['load', kind, `examples/data/${file}`, '--base-url', url, '--journal', join(dir, `${kind}.jsonl`), '--json'],
    {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => true },
      env: { PRS_ACCESS_TOKEN: 'demo' },
    },
  );
  return { code, summary: JSON.parse(stdout) as Summary };
}

describe('examples/data: the loader example files', () => {
  it('all load into the demo mock, in order, and a re-run skips them all', async () => {
    const expected = [
      ['instruments', 'load-instruments.csv', { rows: 9, created: 8, existing: 1 }],
      ['prices', 'load-prices.csv', { rows: 10, created: 10, existing: 0 }],
      ['nav', 'load-nav.jsonl', { rows: 4, created: 4, existing: 0 }],
      ['transactions', 'load-transactions.csv', { rows: 6, created: 6, existing: 0 }],
    ] as const;
    for (const [kind, file, counts] of expected) {
      const { code, summary } = await load(kind, file);
      expect({ ...summary, code }).toMatchObject({
        kind,
        code: 0,
        ...counts,
        failed: 0,
        inDoubt: 0,
        invalid: 0,
        problems: [],
      });
    }
    for (const [kind, file, counts] of expected) {
      const { code, summary } = await load(kind, file);
      expect({ ...summary, code }).toMatchObject({
        kind,
        code: 0,
        created: 0,
        sent: 0,
        skippedJournal: counts.rows,
      });
    }

    const prs = new PortfolioReporting({ baseUrl: url, accessToken: 'demo' });
    const closes = await prs.instruments.prices.list(IDS.sap);
    expect(closes.map((p) => [p.attributes.date, p.attributes.value])).toEqual([
      ['2024-01-02', 140.79],
      ['2024-01-03', 139.7],
      ['2024-01-04', 140.57],
      ['2024-01-05', 139.38],
      ['2024-01-08', 141.26],
    ]);
    const navs = await prs.instruments.netAssetValues.list(IDS.fund);
    expect(navs.map((n) => [n.attributes.officialDate, n.attributes.effectiveDate, n.attributes.value])).toEqual([
      ['2023-12-31', '2023-12-31', 4_820_000],
      ['2024-03-31', '2024-04-15', 5_010_000],
      ['2024-06-30', '2024-06-30', 5_125_000],
      ['2024-09-30', '2024-09-30', 5_290_000],
    ]);
    const transactions = await prs.transactions.list({
      accountId: IDS.account,
      fromDate: '2024-01-01',
      toDate: '2024-12-31',
    });
    // The six of the file, and the loan's agreement transaction the service made with the loan instrument.
    expect(transactions.map((t) => t.type).sort()).toEqual([
      'account-interest-transaction',
      'dividend-transaction',
      'equity-trade-transaction',
      'equity-trade-transaction',
      'fee-transaction',
      'loan-transaction',
      'private-market-fund-drawdown-transaction',
    ]);
    const drawdown = transactions.find((t) => t.type === 'private-market-fund-drawdown-transaction');
    expect(drawdown?.attributes).toMatchObject({
      amount: -250_000,
      affectsIrr: true,
      affectsCostBase: true,
      category: 'capital-call',
    });
  });
});
