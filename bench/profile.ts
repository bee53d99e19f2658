/**
 * A driver for `node --cpu-prof`: price creates (16 in flight) or sequential GETs through the SDK (the built
 * package) or bare ky (bench/bare-ky.ts), against the bench server in its own process, so that the profile
 * holds the client's work only. Not part of `npm run bench`:
 *
 *   npx tsx --tsconfig bench/tsconfig.json --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.ts sdk create
 *   npx tsx --tsconfig bench/tsconfig.json bench/profile.ts --top /tmp/prof/CPU.….cpuprofile   frames by self time
 *   npx tsx --tsconfig bench/tsconfig.json bench/profile.ts --diff sdk.cpuprofile ky.cpuprofile 24000
 *     frames by the self time per call one profile spends more than the other (each run with BENCH_COUNT calls)
 *
 * With `stub` as a third argument, the global `fetch` answers in the process (no socket, no server): what
 * is left is ky's work and the SDK's, which a loaded machine disturbs far less than a round trip.
 * `compare` as the side runs both sides in alternating batches and prints the CPU per call of each.
 */
import './built.js';
import { readFileSync } from 'node:fs';
import { PortfolioReporting } from 'portfolio-reporting';
import { bareKy, JSONAPI_BODY } from './bare-ky.js';
import { startServer } from './child.js';
import { instrumentDocument, priceDocument } from './fixtures.js';
import { median, pool } from './stats.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The profile's frames by self time, in per cent of the samples: name, file and line. */
function top(file: string, count = 40): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(node_modules|dist|bench)\//, '$1/')}:${frame.lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + 1);
  }
  const total = profile.samples.length;
  for (const [where, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${where}`);
}

/** Self time by frame (name, file without chunk hashes, line), in µs summed over the profile. */
function selfTimes(file: string): { self: Map<string, number>; total: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    if (!frame) return;
    const url = frame.url.replace(/^.*\/(node_modules|dist|bench)\//, '$1/').replace(/-[A-Z0-9]{8}\./, '.');
    const where = `${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + us);
  });
  return { self, total };
}

/**
 * Two profiles of the same number of calls (the SDK's and bare ky's, say), frame by frame: the self time per call
 * the first spends more than the second, largest first, beside each one's own.
 */
function diff(fileA: string, fileB: string, calls: number, count = 30): void {
  const [a, b] = [selfTimes(fileA), selfTimes(fileB)];
  console.log(`per call: ${(a.total / calls).toFixed(1)} µs against ${(b.total / calls).toFixed(1)} µs`);
  const frames = new Set([...a.self.keys(), ...b.self.keys()]);
  const rows = [...frames].map((where) => {
    const [x, y] = [(a.self.get(where) ?? 0) / calls, (b.self.get(where) ?? 0) / calls];
    return { where, more: x - y, x, y };
  });
  for (const { where, more, x, y } of rows.sort((p, q) => q.more - p.more).slice(0, count))
    console.log(`${more.toFixed(2).padStart(7)} µs more  (${x.toFixed(2)} / ${y.toFixed(2)})  ${where}`);
}

/** A `fetch` that answers as the bench server does, without a socket: the request body read, a fresh Response. */
function stubFetch(): typeof fetch {
  const instrument = JSON.stringify(instrumentDocument);
  const headers = { 'content-type': 'application/vnd.api+json' };
  let id = 0;
  return async (input, init) => {
    // ky hands fetch a Request (and an empty init): a Request made of it again kept ~0.7 kB per call alive, which
    // grew the heap and the collector's share of both sides' profiles. (The stub still keeps ~1.5 kB a call
    // whatever the side, which a real socket does not: .scratch measurements, 2026-11-26.)
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method === 'GET') return new Response(instrument, { status: 200, headers });
    const { data } = JSON.parse(await request.text());
    const body = JSON.stringify(priceDocument(`price-${++id}`, data.attributes.date, data.attributes.value));
    return new Response(body, { status: 201, headers });
  };
}

async function drive(side: string, op: string, stub: boolean): Promise<void> {
  const COUNT = Number(process.env.BENCH_COUNT ?? 8_000);
  if (stub) globalThis.fetch = stubFetch();
  const server = stub ? { url: 'http://127.0.0.1:9', stop: () => {} } : await startServer();
  const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
  const api = bareKy('bench-token');
  const prices = `${server.url}/api/v3/instruments/instrument-1/prices`;
  const instrument = `${server.url}/api/v3/instruments/instrument-1`;
  const attributes = (i: number) => ({ date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`, value: 100 + i });
  const calls = {
    sdk:
      op === 'get'
        ? () => prs.instruments.retrieve('instrument-1')
        : (i: number) => prs.instruments.prices.create('instrument-1', { attributes: attributes(i) }),
    ky:
      op === 'get'
        ? () => api.get(instrument).json()
        : (i: number) =>
            api
              .post(prices, { headers: JSONAPI_BODY, json: { data: { type: 'price', attributes: attributes(i) } } })
              .json(),
  };
  const concurrency = op === 'get' ? 1 : 16;
  const run = async (call: (i: number) => Promise<unknown>, count: number) => {
    const cpu = process.cpuUsage();
    await pool(count, concurrency, call);
    const used = process.cpuUsage(cpu);
    return used.user + used.system;
  };
  if (side === 'compare') {
    // Alternating batches, the first two of each side untimed (JIT); CPU time, which other processes barely
    // move; the median over batch pairs, which a burst of load on the machine moves less than a sum.
    const cpu = { sdk: [] as number[], ky: [] as number[] };
    const BATCH = 500;
    for (let b = 0; b < COUNT / BATCH; b++)
      for (const s of b % 2 ? (['ky', 'sdk'] as const) : (['sdk', 'ky'] as const)) {
        const us = await run(calls[s], BATCH);
        if (b >= 2) cpu[s].push(us / BATCH);
      }
    const ratios = cpu.sdk.map((us, i) => us / (cpu.ky[i] as number));
    console.log(
      `${op}${stub ? ' (stub fetch)' : ''}: SDK ${median(cpu.sdk).toFixed(1)} µs, ky ${median(cpu.ky).toFixed(1)} µs CPU per call; median of batch ratios ${median(ratios).toFixed(3)}×`,
    );
  } else {
    const started = performance.now();
    const us = await run(calls[side as 'sdk' | 'ky'], COUNT);
    console.log(
      `${side} ${op}: ${COUNT} in ${(performance.now() - started).toFixed(0)} ms, ${(us / COUNT).toFixed(0)} µs CPU each`,
    );
  }
  server.stop();
}

const at = process.argv.indexOf('--top');
const diffAt = process.argv.indexOf('--diff');
if (at >= 0) top(process.argv[at + 1] as string, Number(process.argv[at + 2] ?? 40));
else if (diffAt >= 0) {
  const [a, b, calls] = process.argv.slice(diffAt + 1);
  diff(a as string, b as string, Number(calls));
} else await drive(process.argv[2] ?? 'sdk', process.argv[3] ?? 'create', process.argv[4] === 'stub');
