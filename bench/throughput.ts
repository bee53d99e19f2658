/**
 * Bulk load: 10,000 price creates at 16 in flight against a `node:http` server on 127.0.0.1 (its own
 * process), per round. The SDK (`instruments.prices.create`: input validation, document building,
 * transport, decode) against a hand-written promise pool over raw `fetch` sending the same document.
 *
 * Each round's 10,000 creates per side go in batches of 1,000, the sides' batches alternating, each batch
 * timed on its own: the median batch rate is robust to the bursts of load a shared machine sees. The CPU
 * time the process spent per create (which other processes' load barely moves) is reported beside it.
 *
 * Two more sides explain the gap: raw `fetch` with what a per-request timeout needs (an AbortController, its
 * signal passed to fetch, a timer), and the SDK with `timeout: 0` (no controller, no signal, no timer).
 * And the transport's floor: bare ky with the SDK's policy (bench/bare-ky.ts), the JSON body, JSON read back.
 */
import './built.js';
import { PortfolioReporting } from 'portfolio-reporting';
import { bareKy, JSONAPI_BODY } from './bare-ky.js';
import { report, startServer } from './child.js';
import { median, pool } from './stats.js';

const CREATES = Number(process.env.BENCH_CREATES ?? 10_000);
const BATCH = 1_000;
const CONCURRENCY = 16;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 5);

const server = await startServer();
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const url = `${server.url}/api/v3/instruments/instrument-1/prices`;
const headers = {
  accept: 'application/vnd.api+json',
  authorization: 'Bearer bench-token',
  'content-type': 'application/vnd.api+json',
};

const date = (i: number) =>
  `20${String(10 + (i % 15))}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;

/** The hand-written side: one POST, its JSON read back. `signal` only for the abortable variant. */
async function rawCreate(i: number, signal?: AbortSignal): Promise<unknown> {
  const body = JSON.stringify({ data: { type: 'price', attributes: { date: date(i), value: 100 + i / 100 } } });
  const response = await fetch(url, { method: 'POST', headers, body, signal });
  if (response.status !== 201) throw new Error(`status ${response.status}`);
  return JSON.parse(await response.text());
}
const attributes = (i: number) => ({ attributes: { date: date(i), value: 100 + i / 100 } });
const api = bareKy('bench-token');

const sides = {
  sdk: (i: number) => prs.instruments.prices.create('instrument-1', attributes(i)),
  ky: (i: number) =>
    api
      .post(url, { headers: JSONAPI_BODY, json: { data: { type: 'price', attributes: attributes(i).attributes } } })
      .json(),
  fetch: (i: number) => rawCreate(i),
  fetchAbortable: async (i: number) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 60_000);
    try {
      return await rawCreate(i, controller.signal);
    } finally {
      clearTimeout(timer);
    }
  },
  sdkNoTimeout: (i: number) => prs.instruments.prices.create('instrument-1', attributes(i), { timeout: 0 }),
};
type Side = keyof typeof sides;
const SIDES = Object.keys(sides) as Side[];

const check = await sides.sdk(1);
if (check.attributes.value !== 100.01) throw new Error('the SDK decoded a different price');
for (const create of Object.values(sides)) await pool(BATCH, CONCURRENCY, create); // warm-up: connections, JIT

const rates = Object.fromEntries(SIDES.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
const totals = Object.fromEntries(SIDES.map((side) => [side, { ms: 0, cpuUs: 0, creates: 0 }])) as Record<
  Side,
  { ms: number; cpuUs: number; creates: number }
>;
for (let round = 0; round < ROUNDS; round++) {
  for (let batch = 0; batch < CREATES / BATCH; batch++) {
    for (const side of (batch + round) % 2 ? [...SIDES].reverse() : SIDES) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      await pool(BATCH, CONCURRENCY, sides[side]);
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      rates[side].push(BATCH / (ms / 1000));
      totals[side].ms += ms;
      totals[side].cpuUs += used.user + used.system;
      totals[side].creates += BATCH;
    }
  }
}
server.stop();

report({
  name: 'throughput',
  creates: CREATES,
  batch: BATCH,
  concurrency: CONCURRENCY,
  runs: ROUNDS,
  perSecond: Object.fromEntries(SIDES.map((side) => [side, median(rates[side])])),
  overallPerSecond: Object.fromEntries(SIDES.map((side) => [side, totals[side].creates / (totals[side].ms / 1000)])),
  cpuUsPerCreate: Object.fromEntries(SIDES.map((side) => [side, totals[side].cpuUs / totals[side].creates])),
  all: rates,
});
