/**
 * Two builds of the client side by side in one process, for a change too small for `npm run bench` to tell from
 * the machine's spread: sequential GETs (`instruments.retrieve`) by build A, build B and bare ky, each right after a
 * raw `fetch` (its code cold, as in bench/request.ts), medians in µs. Not part of `npm run bench`:
 *
 *   npx tsup && cp -r dist .scratch/before        # build A
 *   (change, then) npx tsup                        # build B in dist/
 *   npx tsx --tsconfig bench/tsconfig.json bench/ab.ts .scratch/before dist
 *
 * Two identical builds came out -2.2 to +0.4 µs apart (B-A) in three runs: a change is worth keeping when it moves
 * B-A by more than that, the same way, in two runs or more.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bareKy } from './bare-ky.js';
import { startServer } from './child.js';
import { median } from './stats.js';

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: bench/ab.ts <build A dir> <build B dir> (each holding index.js)');
type Client = { instruments: { retrieve(id: string): Promise<unknown> } };
type Module = { PortfolioReporting: new (options: { baseUrl: string; accessToken: string }) => Client };
const load = async (dir: string) => (await import(pathToFileURL(resolve(dir, 'index.js')).href)) as Module;
const [A, B] = [await load(dirA), await load(dirB)];

const server = await startServer();
const url = `${server.url}/api/v3/instruments/instrument-1`;
const a = new A.PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const b = new B.PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const api = bareKy('bench-token');
const sides = {
  A: () => a.instruments.retrieve('instrument-1'),
  B: () => b.instruments.retrieve('instrument-1'),
  ky: () => api.get(url).json(),
  fetch: async () => JSON.parse(await (await fetch(url, { headers: { authorization: 'Bearer bench-token' } })).text()),
};
type Side = keyof typeof sides;
// Each measured side right after a raw fetch; A and B each first and second in turn.
const ORDER: Side[] = ['A', 'fetch', 'B', 'fetch', 'ky', 'fetch', 'B', 'fetch', 'A', 'fetch', 'ky', 'fetch'];
const times: Record<Side, number[]> = { A: [], B: [], ky: [], fetch: [] };
const STEPS = Number(process.env.BENCH_REQUESTS ?? 36_000);
for (let i = 0; i < 300; i++) for (const side of ORDER) await sides[side](); // warm-up: connections, JIT
for (let i = 0; i < STEPS; i++) {
  const side = ORDER[i % ORDER.length] as Side;
  const start = performance.now();
  await sides[side]();
  times[side].push((performance.now() - start) * 1000);
}
server.stop();

const m = Object.fromEntries(Object.entries(times).map(([side, t]) => [side, median(t)])) as Record<Side, number>;
console.log(
  `A ${m.A.toFixed(1)}  B ${m.B.toFixed(1)}  ky ${m.ky.toFixed(1)}  fetch ${m.fetch.toFixed(1)} µs;` +
    `  A/ky ${(m.A / m.ky).toFixed(3)}  B/ky ${(m.B / m.ky).toFixed(3)}  B-A ${(m.B - m.A).toFixed(1)} µs`,
);
