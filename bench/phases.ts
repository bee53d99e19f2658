/**
 * Where a GET's latency goes, side by side: the time from the call to `fetch` being called (ky builds its
 * `Request` in it, the SDK checks and writes the call), the fetch itself (socket, server, headers back), and the
 * time from `fetch` answering to the caller's `await` returning (body read, JSON parsed, decoded). Sides: the SDK's
 * `instruments.retrieve`, `prs.request` (the transport and the promise, no endpoint row, no decode), the
 * transport's `send` alone (an internal, read off the client), and bare ky (bench/bare-ky.ts). Sequential GETs
 * against the bench server in its own process, interleaved so that each side follows every other equally often (`everyPairOrder`); medians in µs. Not part of
 * `npm run bench`:
 *
 *   npx tsup && npx tsx --tsconfig bench/tsconfig.json bench/phases.ts
 */
import './built.js';
import { PortfolioReporting } from 'portfolio-reporting';
import { bareKy } from './bare-ky.js';
import { startServer } from './child.js';
import { everyPairOrder, median } from './stats.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);

// Both ky instances read the global fetch per request: this one notes when it is called and when it answers.
const platformFetch = globalThis.fetch;
let called = 0;
let answered = 0;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  called = performance.now();
  const response = await platformFetch(input, init);
  answered = performance.now();
  return response;
}) as typeof fetch;

const server = await startServer();
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const url = `${server.url}/api/v3/instruments/instrument-1`;
const path = '/api/v3/instruments/instrument-1';
const api = bareKy('bench-token');
const transport = (prs as unknown as { accounts: { api: { transport: { send(r: object): Promise<unknown> } } } })
  .accounts.api.transport;
const sides = {
  sdk: () => prs.instruments.retrieve('instrument-1'),
  request: () => prs.request({ method: 'GET', path }),
  send: () => transport.send({ method: 'GET', path }),
  ky: () => api.get(url).json(),
};
type Side = keyof typeof sides;
const SIDES = Object.keys(sides) as Side[];
const phases = () => ({ before: [] as number[], fetch: [] as number[], after: [] as number[], total: [] as number[] });
const times = Object.fromEntries(SIDES.map((side) => [side, phases()])) as Record<Side, ReturnType<typeof phases>>;

for (let i = 0; i < 300; i++) for (const side of SIDES) await sides[side](); // warm-up: connections, JIT
const ORDER = everyPairOrder(SIDES);
for (let i = 0; i < REQUESTS; i++) {
  for (let k = 0; k < SIDES.length; k++) {
    const side = ORDER[(i * SIDES.length + k) % ORDER.length] as Side;
    const start = performance.now();
    await sides[side]();
    const end = performance.now();
    const t = times[side];
    t.before.push(called - start);
    t.fetch.push(answered - called);
    t.after.push(end - answered);
    t.total.push(end - start);
  }
}
server.stop();

const us = (values: number[]) => (median(values) * 1000).toFixed(1).padStart(7);
console.log(
  `${'side'.padEnd(8)} ${'before'.padStart(7)} ${'fetch'.padStart(7)} ${'after'.padStart(7)} ${'total'.padStart(7)}  (µs, medians of ${REQUESTS})`,
);
for (const side of SIDES) {
  const t = times[side];
  console.log(`${side.padEnd(8)} ${us(t.before)} ${us(t.fetch)} ${us(t.after)} ${us(t.total)}`);
}
