/**
 * The loader's throughput against the mock: `portfolio-reporting load instruments` (the built `dist/cli.js`,
 * in its own process) loading 10,000 rows into the mock served over HTTP by this process, against a plain
 * promise pool over `prs.instruments.create` (the built package, its own process, same concurrency) sending
 * the same rows. The loader does more per row — CSV parsing, the SDK's checks of every row before the first
 * request, a journal entry before and after each request, AIMD — and the ratio says what that costs.
 *
 *   npx tsx bench/loader.ts            prints the markdown row (and the JSON result)
 *   npx tsx bench/loader.ts --write    also writes it into bench/RESULTS.md between its own markers
 *
 * Forked by bench/run.ts (an IPC channel), it sends `{ rows, concurrency, runs, perSecond, markdown }` instead.
 * Needs the build (`npm run build`). BENCH_ROWS and BENCH_RUNS change the size.
 */
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = 16;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist/cli.js');
const RESULTS = join(ROOT, 'bench/RESULTS.md');
const START = '<!-- loader:start -->';
const END = '<!-- loader:end -->';

const header = 'type,name,securityIdentifier,ccyCode,countryCode';
const row = (i: number) => `stock-instrument,Stock ${i},XS${String(i).padStart(10, '0')},EUR,DE`;

/** The baseline, in a child: `CONCURRENCY` workers creating the file's rows with the SDK, nothing else. */
async function pool(url: string, file: string): Promise<void> {
  const { PortfolioReporting } = await import('portfolio-reporting');
  const prs = new PortfolioReporting({ baseUrl: url, accessToken: 'bench-token' });
  const inputs = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [type, name, securityIdentifier, ccyCode, countryCode] = line.split(',') as [
        string,
        string,
        string,
        string,
        string,
      ];
      return { type: type as 'stock-instrument', attributes: { name, securityIdentifier, ccyCode, countryCode } };
    });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < inputs.length) await prs.instruments.create(inputs[next++] as (typeof inputs)[number]);
    }),
  );
  process.send?.({ seconds: (performance.now() - started) / 1000 });
}

/** The loader as users run it; its own summary says how long the load took (after reading and checking the file). */
function loader(url: string, file: string, journal: string): Promise<{ seconds: number; wall: number; sent: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      CLI,
      'load',
      'instruments',
      file,
      '--json',
      '--concurrency',
      String(CONCURRENCY),
      '--journal',
      journal,
      '--base-url',
      url,
    ],
    {
      env: { ...process.env, PRS_ACCESS_TOKEN: 'bench-token' },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the loader exited with ${code}: ${out}`));
      const summary = JSON.parse(out) as { seconds: number; sent: number };
      resolve({ seconds: summary.seconds, sent: summary.sent, wall: (performance.now() - started) / 1000 });
    }),
  );
}

function baseline(url: string, file: string): Promise<number> {
  const child = fork(fileURLToPath(import.meta.url), ['--pool', url, file], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    let seconds: number | undefined;
    child.on('message', (m) => {
      seconds = (m as { seconds: number }).seconds;
    });
    child.on('exit', (code) =>
      code === 0 && seconds !== undefined ? resolve(seconds) : reject(new Error(`the pool exited with ${code}`)),
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const rate = (v: number) => `${Math.round(v).toLocaleString('en-US')} rows/s`;

async function measure(): Promise<void> {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const loadAverage = loadavg()[0]?.toFixed(2);
  const { createMockService } = await import('portfolio-reporting/testing');
  const mock = createMockService();
  const http = await mock.listen({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'prs-bench-loader-'));
  const file = join(dir, 'instruments.csv');
  writeFileSync(file, [header, ...Array.from({ length: ROWS }, (_, i) => row(i))].join('\n'));
  const loads: { seconds: number; wall: number }[] = [];
  const pools: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      mock.reset();
      const load = await loader(http.url, file, join(dir, `journal-${run}.jsonl`));
      if (load.sent !== ROWS || mock.store.instruments.size !== ROWS)
        throw new Error(`the loader sent ${load.sent} rows; the mock holds ${mock.store.instruments.size}`);
      loads.push(load);
      mock.reset();
      pools.push(await baseline(http.url, file));
      if (mock.store.instruments.size !== ROWS)
        throw new Error(`the pool left ${mock.store.instruments.size} instruments`);
    }
  } finally {
    await http.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const perSecond = {
    loader: ROWS / median(loads.map((l) => l.seconds)),
    wall: ROWS / median(loads.map((l) => l.wall)),
    pool: ROWS / median(pools),
  };
  const ratio = perSecond.loader / perSecond.pool;
  const markdown =
    `| loader: ${ROWS.toLocaleString('en-US')} instrument rows, \`portfolio-reporting load instruments --concurrency ${CONCURRENCY}\` | ` +
    `${rate(perSecond.loader)} (${rate(perSecond.wall)} with start-up, reading and checking) | ` +
    `promise pool over \`instruments.create\` ${rate(perSecond.pool)} | ${ratio.toFixed(2)}× | ≥ 0.8× the rate | ${ratio >= 0.8 ? 'met' : '**missed**'} |`;
  const result = { rows: ROWS, concurrency: CONCURRENCY, runs: RUNS, loadAverage, perSecond, ratio, markdown };
  if (process.send) {
    process.send(result);
    return;
  }
  console.log(markdown);
  console.log(JSON.stringify(result, null, 2));
  if (process.argv.includes('--write')) write(markdown, loadAverage);
}

/** Puts the row in bench/RESULTS.md between its own markers (outside `npm run bench`'s, which it leaves alone). */
function write(markdown: string, loadAverage: string | undefined): void {
  const section = `${START}
**Loader** (\`npx tsx bench/loader.ts --write\`, ${new Date().toISOString().slice(0, 10)}, load average ${loadAverage} when it began; the loader
and the pool each in their own process, the mock served over HTTP by the script itself; median of ${RUNS} runs each,
interleaved; the machine is shared, so the rates vary between runs, the ratio much less):

| Benchmark | Loader | Baseline | Ratio | Target | |
|---|---|---|---|---|---|
${markdown}
${END}`;
  const previous = existsSync(RESULTS)
    ? readFileSync(RESULTS, 'utf8')
    : '# Benchmark results\n\n<!-- bench:start -->\n<!-- bench:end -->\n';
  const at = previous.indexOf(START);
  const end = previous.indexOf(END);
  const text =
    at >= 0 && end > at
      ? previous.slice(0, at) + section + previous.slice(end + END.length)
      : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS, text);
  console.log('wrote bench/RESULTS.md');
}

const at = process.argv.indexOf('--pool');
if (at >= 0) await pool(process.argv[at + 1] as string, process.argv[at + 2] as string);
else await measure();
