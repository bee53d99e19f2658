/**
 * `npm run bench`: runs each benchmark in its own process against the built package (`dist/`, imported as
 * `portfolio-reporting`), measures the bundle sizes, and rewrites the generated part of bench/RESULTS.md
 * (between the markers; the notes around it are kept).
 */
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bundleSizes, byConcern, kB, moduleBreakdown } from './bundle-size.js';
import { BENCH_TSCONFIG, TSX } from './child.js';
import { machine } from './stats.js';

const started = performance.now();
const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

// Each benchmark reports its own JSON shape.
type Result = any;

function run(name: string): Promise<Result> {
  process.stdout.write(`${name}… `);
  const t0 = performance.now();
  const child = fork(fileURLToPath(new URL(`./${name}.ts`, import.meta.url)), [], {
    execArgv: [...TSX, '--expose-gc'],
    env: { ...process.env, TSX_TSCONFIG_PATH: BENCH_TSCONFIG },
  });
  return new Promise((resolve, reject) => {
    let result: Result;
    child.on('message', (m) => {
      result = m;
    });
    child.on('exit', (code) => {
      if (code !== 0 || !result) return reject(new Error(`bench/${name}.ts exited with ${code}`));
      console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
      resolve(result);
    });
  });
}

const load = loadavg()[0]?.toFixed(2);
const decode = await run('decode');
const request = await run('request');
const throughput = await run('throughput');
const createCpu = await run('create-cpu');
const streaming = await run('streaming');
const webhooks = await run('webhooks');
const cold = await run('cold-start');
const sizes = await bundleSizes();
const modules = await moduleBreakdown();
const concerns = byConcern(modules).shares;
const dependencies = concerns.slice(0, 2).reduce((t, c) => t + c.gzipped, 0);
const own = concerns.slice(2).reduce((t, c) => t + c.gzipped, 0);
const clientSize = sizes.find((s) => s.entry === 'portfolio-reporting');
if (!clientSize) throw new Error('no client entry among the bundle sizes');

const ms = (v: number) => `${v.toFixed(v < 100 ? 1 : 0)} ms`;
const mb = (v: number) => `${(v / 1e6).toFixed(1)} MB`;
const rate = (v: number) => `${Math.round(v).toLocaleString('en-US')}/s`;
const ratio = (v: number) => `${v.toFixed(2)}×`;
const spread = (all: number[]) => `${ms(Math.min(...all))}–${ms(Math.max(...all))}`;
const met = (ok: boolean) => (ok ? 'met' : '**missed**');

const rows = [
  {
    name: `decode: ${decode.holdings.toLocaleString('en-US')} asset holdings + ${decode.assets} included assets (${mb(decode.bytes)} of JSON)`,
    sdk: `${ms(decode.ms.sdk)} (runs ${spread(decode.all.sdk)})`,
    base: `\`JSON.parse\` ${ms(decode.ms.parse)} (runs ${spread(decode.all.parse)})`,
    ratio: decode.ms.sdk / decode.ms.parse,
    target: '≤ 1.1×',
    ok: decode.ms.sdk / decode.ms.parse <= 1.1,
  },
  {
    name: 'decode, against a peer',
    sdk: ms(decode.ms.sdk),
    base: `jsona ${ms(decode.ms.jsona)} (runs ${spread(decode.all.jsona)})`,
    ratio: decode.ms.sdk / decode.ms.jsona,
    target: '< 1× (faster)',
    ok: decode.ms.sdk < decode.ms.jsona,
  },
  {
    name: `request overhead: ${request.requests.toLocaleString('en-US')} sequential GETs (\`instruments.retrieve\`) × ${request.runs}, median latency`,
    sdk: `${request.medianUs.sdk.toFixed(0)} µs (runs ${ms(request.runMs.sdk)} median)`,
    base: `\`fetch\` + \`JSON.parse\` ${request.medianUs.fetch.toFixed(0)} µs (runs ${ms(request.runMs.fetch)} median)`,
    ratio: request.medianUs.sdk / request.medianUs.fetch,
    target: '≤ 1.15×',
    ok: request.medianUs.sdk / request.medianUs.fetch <= 1.15,
  },
  {
    name: 'request overhead over the transport: the same GETs, median latency',
    sdk: `${request.medianUs.sdk.toFixed(0)} µs`,
    base: `bare ky with the SDK's policy ${request.medianUs.ky.toFixed(0)} µs (ky/fetch ${ratio(request.medianUs.ky / request.medianUs.fetch)})`,
    ratio: request.medianUs.sdk / request.medianUs.ky,
    target: '≤ 1.05×',
    ok: request.medianUs.sdk / request.medianUs.ky <= 1.05,
  },
  {
    // The same comparison in CPU time (the client's process; the server runs in its own), which the load of other
    // processes moves less than latency: what the SDK adds to a GET, with ky's own share beside it.
    name: 'CPU per GET over the transport: the same GETs',
    sdk: `${request.cpuUsPerRequest.sdk.toFixed(0)} µs`,
    base: `bare ky ${request.cpuUsPerRequest.ky.toFixed(0)} µs (ky/fetch ${ratio(request.cpuUsPerRequest.ky / request.cpuUsPerRequest.fetch)})`,
    ratio: request.cpuUsPerRequest.sdk / request.cpuUsPerRequest.ky,
    target: '(recorded)',
    ok: true,
  },
  {
    name: 'CPU per create over the transport (throughput batches below)',
    sdk: `${throughput.cpuUsPerCreate.sdk.toFixed(0)} µs`,
    base: `bare ky ${throughput.cpuUsPerCreate.ky.toFixed(0)} µs (ky/fetch ${ratio(throughput.cpuUsPerCreate.ky / throughput.cpuUsPerCreate.fetch)})`,
    ratio: throughput.cpuUsPerCreate.sdk / throughput.cpuUsPerCreate.ky,
    target: '≤ 1.05×',
    ok: throughput.cpuUsPerCreate.sdk / throughput.cpuUsPerCreate.ky <= 1.05,
  },
  {
    // In one process the two sides share ky's code and its JIT state, and the ratio above swings 1.03-1.10x between
    // runs of the same build; here each side runs in processes of its own (bench/create-cpu.ts).
    // The ratio is the median of each round's (an SDK process and a ky process next to each other); the rounds'
    // quartiles and range say what the measure can resolve on this machine.
    name: `CPU per create, each side in its own processes (${createCpu.processes} rounds of a process a side, ${createCpu.creates.toLocaleString('en-US')} creates each, ${createCpu.concurrency} in flight; median of the rounds' ratios, quartiles ${createCpu.pairedQuartiles.map((q: number) => q.toFixed(3)).join('–')}, range ${createCpu.pairedRange.map((q: number) => q.toFixed(3)).join('–')})`,
    sdk: `${createCpu.cpuUsPerCreate.sdk.toFixed(0)} µs (main thread ${createCpu.mainThreadUsPerCreate.sdk.toFixed(0)} µs)`,
    base: `bare ky ${createCpu.cpuUsPerCreate.ky.toFixed(0)} µs (main thread ${createCpu.mainThreadUsPerCreate.ky.toFixed(0)} µs)`,
    ratio: createCpu.pairedRatio,
    target: '≤ 1.05×',
    ok: createCpu.pairedRatio <= 1.05,
  },
  {
    name: `cold start: a fresh process imports and constructs, median of ${cold.runs}`,
    sdk: ms(cold.ms.sdk),
    base: `ky + zod/mini alone ${ms(cold.ms.stack)} (bare node ${ms(cold.ms.node)})`,
    ratio: cold.sdkOverStack,
    target: '≤ 1.1×',
    ok: cold.sdkOverStack <= 1.1,
  },
  {
    name: 'time to first request: the same, then one GET decoded',
    sdk: ms(cold.ms.sdkFirstRequest),
    base: `ky + zod/mini, one GET parsed ${ms(cold.ms.stackFirstRequest)}`,
    ratio: cold.firstRequestSdkOverStack,
    target: '(recorded)',
    ok: true,
  },
  {
    name: `throughput: ${throughput.creates.toLocaleString('en-US')} price creates, ${throughput.concurrency} in flight`,
    sdk: rate(throughput.perSecond.sdk),
    base: `promise pool over \`fetch\` ${rate(throughput.perSecond.fetch)}`,
    ratio: throughput.perSecond.sdk / throughput.perSecond.fetch,
    target: '≥ 0.9× the rate',
    ok: throughput.perSecond.sdk / throughput.perSecond.fetch >= 0.9,
  },
  {
    name: 'webhooks: verifications with a warm key cache',
    sdk: rate(webhooks.perSecond.sdk),
    base: `bare \`crypto.subtle.verify\` ${rate(webhooks.perSecond.bare)} (a minimal verifier of the delivery as received, no checks: ${rate(webhooks.perSecond.minimal)}, ${(webhooks.perSecond.minimal / webhooks.perSecond.bare).toFixed(2)}×)`,
    ratio: webhooks.perSecond.sdk / webhooks.perSecond.bare,
    target: '≥ 0.9× the rate',
    ok: webhooks.perSecond.sdk / webhooks.perSecond.bare >= 0.9,
  },
];
const PAGE_ITEMS = streaming.pageSize;
const streamRows = [
  ['`for await` (item by item)', streaming.iterate],
  ['`await` (the whole array)', streaming.array],
] as const;
const pagesHeld = streaming.iterate.items / PAGE_ITEMS;
const streamOk = pagesHeld <= 2;

const throughputRows = [
  ['promise pool over `fetch` (the baseline)', 'fetch'],
  ['the same with a per-request timeout (AbortController, its signal, a 60 s timer)', 'fetchAbortable'],
  ["bare ky with the SDK's policy (2 retries, 60 s timeout, the same headers)", 'ky'],
  ['SDK with `timeout: 0` (no controller, no signal, no timer)', 'sdkNoTimeout'],
  ['SDK (defaults: 60 s timeout per attempt, 2 retries)', 'sdk'],
] as const;

const m = machine();
const generated = `${START}
Generated by \`npm run bench\` on ${m.date}; the whole run took ${((performance.now() - started) / 1000).toFixed(0)} s.

- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, ${m.platform}; load average ${load} when the run began
  (the machine is shared, so absolute times vary between runs; each ratio compares runs interleaved in one process).
- Node ${m.node}. The SDK measured is the built package (\`dist/\`, imported as \`portfolio-reporting\`).
- Decode: the median of ${decode.runs} runs per side, the sides alternating, after one untimed warm-up each.
  Request overhead and webhooks: the median time of one operation, ${(request.requests * request.runs).toLocaleString('en-US')} and ${(webhooks.verifications * webhooks.runs).toLocaleString('en-US')} per side, the
  sides alternating operation by operation. Throughput: the median rate of ${throughput.runs * (throughput.creates / throughput.batch)} batches of ${throughput.batch.toLocaleString('en-US')} creates per
  side (${throughput.runs} × ${throughput.creates.toLocaleString('en-US')}), the sides' batches alternating.

| Benchmark | SDK | Baseline | Ratio | Target | |
|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.sdk} | ${r.base} | ${ratio(r.ratio)} | ${r.target} | ${met(r.ok)} |`).join('\n')}

**Streaming**: ${streaming.transactions.toLocaleString('en-US')} transactions (\`transactions.list\`) in ${streaming.pageSize}-item pages from a local server.
Transactions still held after a full collection, counted with a \`FinalizationRegistry\` at every tenth page
boundary (for the array: once complete); live heap at those points above the heap before the list started;
peak \`heapUsed\` sampled without forcing collections (garbage V8 has not collected yet included):

| Mode | Transactions held | Live heap | Peak \`heapUsed\` | Time |
|---|---|---|---|---|
${streamRows.map(([name, r]) => `| ${name} | ${r.items.toLocaleString('en-US')} = ${(r.items / PAGE_ITEMS).toFixed(1)} pages | ${mb(r.heap)} | ${mb(r.peak)} | ${ms(r.ms)} |`).join('\n')}

Target: iterating holds at most a couple of pages: ${met(streamOk)} (${pagesHeld.toFixed(1)}).

**Throughput, taken apart**: the same batches, two more sides, and the CPU time the process spent per create
(which other processes' load barely moves):

| Side | Rate (median batch) | CPU per create |
|---|---|---|
${throughputRows.map(([name, side]) => `| ${name} | ${rate(throughput.perSecond[side])} | ${throughput.cpuUsPerCreate[side].toFixed(0)} µs |`).join('\n')}

**Bundle sizes** (\`test/size/size.test.ts\` enforces the budgets in \`npm test\`): each entry point of \`dist/\`
bundled by esbuild for the browser with its dependencies, minified, gzipped, split as bundlers split: "loads" is
the entry chunk with what it imports statically; "later" is what a dynamic \`import()\` loads on first use (the
endpoint table, the schemas, the codec and zod, on the first call; the webhook verifier, on the first
\`prs.webhooks.verify\`), gzipped chunk by chunk; "in all" is both. The budget is held against what loads; "in all"
is everything the client can load (a page that makes calls but verifies no webhook never fetches the verifier's
chunk).

| Entry point | Loads, minified | Loads, gzipped | Budget | | Enforced by \`npm test\` | Later, gzipped | In all, gzipped |
|---|---|---|---|---|---|---|---|
${sizes.map((s) => `| \`${s.entry}\` | ${kB(s.minified)} | ${kB(s.gzipped)} | ${kB(s.budget)} | ${met(s.gzipped <= s.budget)} | ≤ ${kB(s.ceiling)} | ${kB(s.lazy)} (≤ ${kB(s.lazyCeiling)}) | ${kB(s.gzipped + s.lazy)} |`).join('\n')}

**The client by module** (esbuild's metafile of \`src/index.ts\` bundled the same way: minified bytes each module
adds; gzipped, what the bundle as one file would lose without it, which is what a module costs a browser. Gzip
does not add up by module: the rows sum to a little less than the whole. The 20 costliest):

| Module | Minified | Gzipped, without it | |
|---|---|---|---|
${modules
  .slice(0, 20)
  .map((m) => `| \`${m.module}\` | ${kB(m.minified)} | ${kB(m.gzipped)} | ${m.lazy ? 'later' : 'loads'} |`)
  .join('\n')}
| all ${modules.length} modules | ${kB(modules.reduce((t, m) => t + m.minified, 0))} | ${kB(modules.reduce((t, m) => t + m.gzipped, 0))} | |

**The client in all, by concern**: the profile of the size target missed in all (the same rows, grouped by what
they are for; \`CONCERNS\` in bench/bundle-size.ts, which the size test holds to cover every module):

| Concern | What it holds, and why | Modules | Minified | Gzipped |
|---|---|---|---|---|
${concerns.map((c) => `| ${c.concern} | ${c.why} | ${c.modules.length} | ${kB(c.minified)} | ${kB(c.gzipped)} |`).join('\n')}

ky and zod are ${kB(dependencies)} of the 30 kB budget, which leaves ${kB(30_000 - dependencies)} for the SDK's own code; that
code is ${kB(own)} gzipped in all, the modules' rows summed (the client at load, ky included: ${kB(clientSize.gzipped)}, budget ${met(clientSize.gzipped <= clientSize.budget)}).
${END}`;

let previous = '';
try {
  previous = readFileSync(RESULTS, 'utf8');
} catch {
  // first run
}
const at = previous.indexOf(START);
const end = previous.indexOf(END);
const text =
  at >= 0 && end > at
    ? previous.slice(0, at) + generated + previous.slice(end + END.length)
    : `# Benchmark results\n\n${generated}\n`;
writeFileSync(RESULTS, text);
console.log(`\nwrote bench/RESULTS.md in ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(generated.slice(START.length, -END.length));
