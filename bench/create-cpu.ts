/**
 * CPU per create with each side in a process of its own: price creates at 16 in flight by the SDK
 * (`instruments.prices.create`) or by bare ky with the SDK's policy (bench/bare-ky.ts), against the bench server,
 * one side per process, the processes alternating (SDK, ky, SDK, …). In one process the two sides share ky's code and
 * the state the JIT keeps for it, and the ratio of their CPU swung 1.03–1.10× between runs of the same code; apart,
 * each pays for its own use of ky only. A round is one process of each side, next to each other; the figure judged is
 * the median over the rounds of each round's SDK/ky ratio, given with the quartiles and range of those ratios: the
 * median of each side's processes (the figure until session 20) read 1.01× and 1.11× on two runs of the same code,
 * and a ratio of processes that ran together is not moved by the machine's drift between rounds. More rounds of fewer
 * creates (8 of 10,000, was 4 of 20,000): the spread is between processes (each JIT's choices, where the collector
 * runs), not within one. Each process warms up on 10,000 creates first: process CPU counts the compiler's and
 * collector's threads, and a shorter warm-up (3,000, then 6,000 measured) read ~480 against ~420 µs, 1.15×. Part of
 * `npm run bench` (about 150 s), or alone:
 *
 *   npx tsup && npx tsx --tsconfig bench/tsconfig.json bench/create-cpu.ts
 *
 * 2026-11-26: SDK 339 µs (333–351 over four processes), bare ky 309 µs (301–319): 1.095×.
 *
 * Beside the process's CPU, the main thread's (`process.threadCpuUsage`, Node 23.9+): what the collector's and the
 * compiler's helper threads add is the difference. 2026-11-27: main thread SDK ~300 µs, ky ~255 µs (1.17×), helper
 * threads ~80 against ~70 µs: the gap is on the main thread, and V8's `--single-threaded-gc` left it as it was
 * (1.15× against 1.11×).
 *
 * `BENCH_LAYERS=1` adds a third side between the two: the SDK's transport alone (`Transport.send` with the
 * document already built, as the codec hands it over; reached through the client's internals), so that the gap
 * splits into the transport's share (transport/ky) and the codec's (sdk/transport: the input check, the document,
 * the decode, the promise the method returns). Not part of `npm run bench`; each figure is then also given as the
 * median of the ratios of processes that ran next to each other (one round each side), which the machine's drift
 * between rounds moves less than a ratio of medians.
 *
 * 2026-11-27 (6 rounds, with the client's retry options and timeout as ky's defaults): bare ky 320 µs, transport
 * 341 µs, SDK 360 µs; per round, transport/ky ~1.03×, sdk/transport ~1.07×.
 */
import './built.js';
import { fork } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PortfolioReporting } from 'portfolio-reporting';
import { bareKy, JSONAPI_BODY } from './bare-ky.js';
import { BENCH_TSCONFIG, report, startServer, TSX } from './child.js';
import { median, pool, quartiles } from './stats.js';

type Side = 'sdk' | 'transport' | 'ky';
const SIDES: readonly Side[] = process.env.BENCH_LAYERS ? ['sdk', 'transport', 'ky'] : ['sdk', 'ky'];
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 8);
const CREATES = Number(process.env.BENCH_CREATES ?? 10_000);
const WARM_UP = 10_000;
const CONCURRENCY = 16;

/** CPU per create in µs: the process's, its main thread's, and the collector's pauses of the main thread (wall time). */
interface Measured {
  process: number;
  mainThread: number;
  gcPause: number;
}

/** `process.threadCpuUsage` (Node 23.9+), typed here: @types/node of the oldest Node supported lacks it. */
const threadCpuUsage = (process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage;

/** One side's creates in this process: a warm-up, then the CPU per create of `CREATES` more. */
async function measure(side: Side): Promise<Measured> {
  const server = await startServer();
  const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
  const api = bareKy('bench-token');
  const url = `${server.url}/api/v3/instruments/instrument-1/prices`;
  const attributes = (i: number) => ({ date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`, value: 100 + i });
  // The client's transport, which is not public: what `prices.create` hands it for this create.
  const transport = (prs as unknown as { _api: { transport: { send(req: object): Promise<unknown> } } })._api.transport;
  const document = (i: number) => ({ data: { type: 'price', attributes: attributes(i) } });
  const create =
    side === 'sdk'
      ? (i: number) => prs.instruments.prices.create('instrument-1', { attributes: attributes(i) })
      : side === 'transport'
        ? (i: number) =>
            transport.send({
              method: 'POST',
              path: new URL(url).pathname,
              body: document(i),
              plain: true,
              what: 'bench',
            })
        : (i: number) => api.post(url, { headers: JSONAPI_BODY, json: document(i) }).json();
  await pool(WARM_UP, CONCURRENCY, create); // warm-up: connections, and the JIT's compilations (process CPU counts its threads)
  let paused = 0;
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) paused += entry.duration;
  });
  collections.observe({ entryTypes: ['gc'] });
  const cpu = process.cpuUsage();
  const thread = threadCpuUsage?.();
  await pool(CREATES, CONCURRENCY, create);
  const used = process.cpuUsage(cpu);
  const main = thread && threadCpuUsage?.(thread);
  // The observer is told of the last collections a turn later.
  await new Promise((resolve) => setTimeout(resolve, 10));
  collections.disconnect();
  server.stop();
  return {
    process: (used.user + used.system) / CREATES,
    mainThread: main ? (main.user + main.system) / CREATES : NaN,
    gcPause: (paused * 1000) / CREATES,
  };
}

/** Runs `measure(side)` in a fresh process and returns its figures. */
function inProcess(side: Side): Promise<Measured> {
  const child = fork(fileURLToPath(import.meta.url), [side], {
    execArgv: TSX,
    env: { ...process.env, TSX_TSCONFIG_PATH: BENCH_TSCONFIG },
  });
  return new Promise((resolve, reject) => {
    let result: Measured | undefined;
    child.on('message', (m) => {
      result = m as Measured;
    });
    child.on('exit', (code) =>
      code === 0 && result !== undefined ? resolve(result) : reject(new Error(`create-cpu ${side} exited ${code}`)),
    );
  });
}

const side = process.argv[2] as Side | undefined;
if (side) {
  process.send?.(await measure(side));
} else {
  const all: Partial<Record<Side, Measured[]>> = Object.fromEntries(SIDES.map((s) => [s, []]));
  for (let i = 0; i < PROCESSES; i++)
    for (const s of i % 2 ? [...SIDES].reverse() : SIDES) all[s]?.push(await inProcess(s));
  const of = (s: Side, figure: keyof Measured) => median((all[s] ?? []).map((m) => m[figure]));
  const figures = (figure: keyof Measured) => Object.fromEntries(SIDES.map((s) => [s, of(s, figure)]));
  /** `a`'s figure over `b`'s in each round (processes that ran next to each other), in round order. */
  const ratios = (a: Side, b: Side) =>
    (all[a] ?? []).map((m, i) => m.process / ((all[b] ?? [])[i] as Measured).process);
  const sdkOverKy = ratios('sdk', 'ky');
  report({
    name: 'create-cpu',
    processes: PROCESSES,
    creates: CREATES,
    concurrency: CONCURRENCY,
    cpuUsPerCreate: figures('process'),
    mainThreadUsPerCreate: figures('mainThread'),
    gcPauseUsPerCreate: figures('gcPause'),
    // The figure judged: the median of the rounds' ratios, and how far the rounds spread around it (the
    // measure's resolution on this machine: a gap smaller than the spread between quartiles is not resolved).
    pairedRatio: median(sdkOverKy),
    pairedQuartiles: quartiles(sdkOverKy),
    pairedRange: [Math.min(...sdkOverKy), Math.max(...sdkOverKy)],
    ...(process.env.BENCH_LAYERS && {
      pairedRatios: {
        'transport/ky': median(ratios('transport', 'ky')),
        'sdk/transport': median(ratios('sdk', 'transport')),
        'sdk/ky': median(sdkOverKy),
      },
    }),
    all,
  });
}
