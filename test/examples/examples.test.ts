/**
 * Runs every example as a user would (the pinned Node with tsx, from the repository root, so
 * `portfolio-reporting/*` resolve through tsconfig paths) and checks its exit code and key lines of its
 * report, so none rots.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/testing/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `examples/<name>` with the environment given (and no PRS_* variable of the caller's). */
function run(name: string, env: Record<string, string> = {}, args: string[] = []): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PRS_')));
  const child = spawn(process.execPath, ['--import', 'tsx', `examples/${name}`, ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The report lines, each with its runs of spaces collapsed, so a test reads a table row as words. */
const lines = (out: string) => out.split('\n').map((l) => l.trim().replace(/\s{2,}/g, ' | '));

/** Runs an example that must succeed (exit 0, nothing on stderr) and returns its report lines. */
async function report(name: string, env?: Record<string, string>): Promise<string[]> {
  const { code, stdout, stderr } = await run(name, env);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return lines(stdout);
}

// Each example is a child process (tsx compiles it, then it runs a whole scenario): seconds when idle, many times
// that on a loaded machine. The timeout is a backstop against a hang, not a measure.
describe.concurrent('examples', { timeout: 180_000 }, () => {
  it('every example file is run by this test', () => {
    const files = readdirSync(new URL('../../examples', import.meta.url)).filter((f) => f.endsWith('.ts'));
    expect(files.sort()).toEqual([
      'custodian-authority-flow.ts',
      'holdings-report.ts',
      'load-prices-from-csv.ts',
      'quickstart.ts',
      'webhook-receiver.ts',
    ]);
  });

  it('quickstart (npm run demo): the whole report against the embedded mock', async () => {
    const out = await report('quickstart.ts');
    expect(out[0]).toMatch(/^Using the embedded mock service at http:\/\/127\.0\.0\.1:\d+/);
    for (const h of [
      '1. Legal structure',
      '2. Instruments',
      '3. Prices',
      '4. Transactions',
      '5. Holdings',
      '6. Investment limits',
      '7. Custodian authority',
      '8. Webhook',
    ]) {
      expect(out).toContain(h);
    }
    // The duplicate create answers the existing instrument.
    const [sap, again] = [
      out.find((l) => l.startsWith('SAP SE | stock')),
      out.find((l) => l.startsWith('SAP SE (again)')),
    ];
    expect(sap).toMatch(/^SAP SE \| stock-instrument \| DE0007164600 \| true \| [0-9a-f]{24}$/);
    expect(again).toBe(sap?.replace('SAP SE |', 'SAP SE (again) |').replace('| true |', '| false |'));
    expect(out).toContain('Creating SAP SE a second time answered the existing instrument, same id (created: false).');
    expect(out).toContain('4 transactions listed for the account from 2024-01-01 to 2024-03-31.');
    // Holdings: 120 × 180.48 + 60 × 899.00 + 500 × 97.35 on 2024-03-31.
    expect(out).toContain(
      'On the mock: one position per trade, booked with mock.store.positions.add (the mock values the',
    );
    expect(out).toContain('2024-03-31 | Core | EUR | 124,272.60');
    expect(out).toContain('ASML Holding | 60 | 53,940.00 | 43.4 %');
    expect(out).toContain('Single issuer: ASML ≤ 40 % | proportional | 43.4 % | 40.0 % | BREACHED');
    expect(out).toContain('German issuers ≤ 100,000 EUR | absolute | 70,332.60 | 100,000.00 | ok');
    expect(out).toContain('consent (all) | awaiting-operator | files listed by name and hash');
    expect(out).toContain('operator forwards it | awaiting-custodian | mock.store.custodianAuthorities.advance');
    expect(out).toContain('revoke | revoke-in-progress');
    expect(out).toContain('waitForStatus active | active | the custodian confirmed; SE-4400-1: active');
    expect(out).toContain('waitForStatus revoked | revoked | links removed');
    expect(out.find((l) => l.startsWith('signed delivery'))).toMatch(
      /verified: calculated_data\.created \| clientId [0-9a-f]{24}$/,
    );
    expect(out.find((l) => l.startsWith('tampered body'))).toContain('refused: no_matching_signature');
    expect(out.at(-2)).toMatch(/^Done: \d+ requests in \d+\.\d s\.$/);
  });

  it('quickstart against a service named by PRS_BASE_URL: creates what it uses and leaves the mock helpers alone', async () => {
    const service = createMockService({ accessToken: 'service-token' });
    const http = await service.listen({ port: 0 });
    try {
      const out = await report('quickstart.ts', {
        PRS_BASE_URL: http.url,
        PRS_ACCESS_TOKEN: 'service-token',
        PRS_CUSTODIAN_AUTH_FLOW: 'nordbank-v2',
      });
      expect(out[0]).toBe(`Using the service at ${http.url}.`);
      expect(out.filter((l) => l.startsWith('On the mock'))).toEqual([]);
      // Everything it used was created through the API, named apart from earlier runs.
      const [client] = service.store.clients.all();
      expect(client?.attributes.name).toMatch(/^Berg Family Office-[0-9a-z]+$/);
      expect(service.store.instruments.all().map((i) => i.attributes.securityIdentifier)).toEqual(
        ['DE0007164600', 'NL0010273215', 'DE0001102507'].map((id) =>
          expect.stringMatching(new RegExp(`^${id}-[0-9a-z]+$`)),
        ),
      );
      expect(service.store.transactions.size).toBe(4);
      expect(service.store.limits.size).toBe(3);
      // No position was booked and no authority moved by a store helper: only what the API does.
      expect(service.store.positions.size).toBe(0);
      expect(service.store.custodianAuthorities.all().map((a) => a.status)).toEqual(['revoke-in-progress']);
      expect(out).toContain('The operator and the custodian take it on from here (waitForStatus follows them).');
    } finally {
      await http.close();
    }
  });

  it('quickstart exits 1 with the error message when the service refuses', async () => {
    const service = createMockService({ accessToken: 'service-token' });
    const http = await service.listen({ port: 0 });
    try {
      const { code, stderr } = await run('quickstart.ts', { PRS_BASE_URL: http.url, PRS_ACCESS_TOKEN: 'wrong' });
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        new RegExp(`^Failed: POST ${http.url}/api/v2/clients failed with 401: the access token is not valid`),
      );
      expect(stderr).not.toContain('wrong');
    } finally {
      await http.close();
    }
  });

  it('quickstart exits 1 when PRS_BASE_URL is set without a token', async () => {
    const { code, stderr } = await run('quickstart.ts', { PRS_BASE_URL: 'http://127.0.0.1:9' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Failed: PRS_BASE_URL is set but PRS_ACCESS_TOKEN is not: set both to use a service, or neither to use the embedded mock',
    );
  });

  it('load-prices-from-csv: loads the file, and loading it again changes nothing', async () => {
    const out = await report('load-prices-from-csv.ts');
    expect(out).toContainEqual(
      expect.stringMatching(/^instrument [0-9a-f]{24} \(created: true\); 22 rows in examples\/data\/prices\.csv$/),
    );
    expect(out).toContain('first load | 22 | 0 | 0');
    expect(out).toContain('same file again | 0 | 0 | 22');
    expect(out).toContain('Stored: 22 prices from 2024-01-02 to 2024-01-31; the last five:');
    expect(out).toContain('2024-01-31 | 137.35 | client');
  });

  it('load-prices-from-csv: a bad row stops the load with its line number', async () => {
    const { code, stderr } = await run('load-prices-from-csv.ts', {}, ['test/examples/bad-prices.csv']);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Failed: test/examples/bad-prices.csv line 4: expected "YYYY-MM-DD,<number>", got "2024-01-03,n/a"',
    );
  });

  it('holdings-report: month ends per portfolio, positions with classes, performance', async () => {
    const out = await report('holdings-report.ts');
    expect(out).toContainEqual(expect.stringMatching(/^Reporting entity: Lindqvist family \([0-9a-f]{24}\)$/));
    expect(out).toContain('date | Core | Satellite | total');
    expect(out).toContain('2024-01-31 | 96,030.00 | 0.00 | 96,030.00');
    expect(out).toContain('2024-06-30 | 109,130.00 | 22,088.00 | 131,218.00');
    expect(out).toContain('Novo Nordisk | Equities | 300 | EUR | 38,610.00 | 29.4 %');
    expect(out).toContain('Sweden 1 % 2029 | Fixed income | 400 | EUR | 38,360.00 | 29.2 %');
    expect(out).toContain('absoluteReturn | 35,188.00');
  });

  it('custodian-authority-flow: a specific consent from start to revocation, and the documented refusals', async () => {
    const out = await report('custodian-authority-flow.ts');
    expect(out).toContain('nordbank | Nordbank | SE');
    expect(out).toContain('upload files | waiting-for-consent | power-of-attorney.pdf, consent.pdf');
    expect(out).toContain(
      'consent (specific) | awaiting-operator | depository DEP-7001 in-progress; account ACC-7001-01 in-progress',
    );
    expect(out).toContainEqual(
      expect.stringMatching(
        /^waitForStatus active \| active \| depository DEP-7001 active → [0-9a-f]{8}…; account ACC-7001-01 active → [0-9a-f]{8}…$/,
      ),
    );
    expect(out).toContain('waitForStatus revoked | revoked | links removed');
    expect(out).toContain('→ BadRequestError: custodian auth flow nordbank-v1 is outdated; use nordbank-v2');
    expect(out).toContainEqual(
      expect.stringMatching(/^→ BadRequestError: linking is allowed only for authorities with consent type "all"/),
    );
    expect(out).toContain('→ WaitForStatusError (timeout, last status waiting-for-files)');
  });

  it('webhook-receiver: verifies a signed delivery, handles a repeat once, refuses a tampered one', async () => {
    const out = await report('webhook-receiver.ts');
    expect(out).toContain('signed | 204 | — | msg_1: calculated data ready for client client-42 (2024-05-01T10:00:00)');
    expect(out).toContain('the same delivery again | 204 | — | msg_1: already handled');
    expect(out).toContainEqual(
      expect.stringMatching(
        /^tampered body \| 400 \| no_matching_signature \| refused: webhook verification failed \(no_matching_signature\)/,
      ),
    );
    expect(out).toContain('unknown event type | 204 | — | msg_2: ignoring event type portfolio.renamed');
  });
});
