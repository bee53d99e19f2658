/**
 * Per-request overhead: 2,000 sequential GETs of one instrument from a `node:http` server on 127.0.0.1 (its
 * own process), per run. The SDK (`instruments.retrieve`: auth header, retry policy, timeout, error mapping,
 * decode) against raw `fetch` + `JSON.parse` of the same body with the same headers; the figure compared
 * is the median latency of one request. A third side, bare ky with the SDK's policy (bench/bare-ky.ts), is
 * the transport's floor: SDK/ky is what the SDK adds, ky/fetch what ky costs.
 */
import './built.js';
import { PortfolioReporting } from 'portfolio-reporting';
import { bareKy } from './bare-ky.js';
import { report, startServer } from './child.js';
import { everyPairOrder, median } from './stats.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const server = await startServer();
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const url = `${server.url}/api/v3/instruments/instrument-1`;
const headers = { accept: 'application/vnd.api+json', authorization: 'Bearer bench-token' };

const check = await prs.instruments.retrieve('instrument-1');
if (check.id !== 'instrument-1') throw new Error('the SDK decoded a different instrument');

const getRaw = async () => {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`status ${response.status}`);
  return JSON.parse(await response.text());
};
const api = bareKy('bench-token');
const sides = {
  sdk: () => prs.instruments.retrieve('instrument-1'),
  ky: () => api.get(url).json(),
  fetch: getRaw,
};
type Side = keyof typeof sides;
const SIDES = Object.keys(sides) as Side[];

// Interleaved request by request, each timed on its own: the median latency is robust to the bursts of load a
// shared machine sees, where a total time per run is not. Each side follows every other equally often
// (`everyPairOrder`): in a rotating order ky ran right after the SDK in two rounds of three, with ky's code warm
// from the SDK's request, and the SDK mostly after raw fetch (1-2 % on SDK/ky, bench/RESULTS.md).
const ORDER = everyPairOrder(SIDES);
const latency = { sdk: [] as number[], ky: [] as number[], fetch: [] as number[] };
const runMs = { sdk: [] as number[], ky: [] as number[], fetch: [] as number[] };
const cpuUs = { sdk: 0, ky: 0, fetch: 0 };
for (let i = 0; i < 200; i++) await Promise.all(SIDES.map((side) => sides[side]())); // warm-up: connections, JIT
for (let run = 0; run < RUNS; run++) {
  const total = { sdk: 0, ky: 0, fetch: 0 };
  for (let i = 0; i < REQUESTS; i++) {
    for (let k = 0; k < SIDES.length; k++) {
      const side = ORDER[(i * SIDES.length + k) % ORDER.length] as Side;
      const cpu = process.cpuUsage();
      const start = performance.now();
      await sides[side]();
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      latency[side].push(ms);
      total[side] += ms;
      cpuUs[side] += used.user + used.system;
    }
  }
  for (const side of SIDES) runMs[side].push(total[side]);
}
server.stop();

const each = <T>(f: (side: Side) => T) => Object.fromEntries(SIDES.map((side) => [side, f(side)])) as Record<Side, T>;
report({
  name: 'request',
  requests: REQUESTS,
  runs: RUNS,
  medianUs: each((side) => median(latency[side]) * 1000),
  runMs: each((side) => median(runMs[side])),
  cpuUsPerRequest: each((side) => cpuUs[side] / (REQUESTS * RUNS)),
  all: runMs,
});
