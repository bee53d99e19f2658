/**
 * Cold start: the wall time of a fresh Node process that imports the built package and constructs the client,
 * against one that imports ky and zod/mini alone (the mandated stack's floor) and one that does nothing (bare
 * node). Each side runs `RUNS` times, interleaved so that each follows every other equally often, and the medians are compared. Beside it,
 * the time to the first request: a fresh process that also sends one `instruments.retrieve` to the bench server
 * and decodes the answer, against one that sends the same GET with bare ky and parses it.
 */
import './built.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { report, startServer } from './child.js';
import { everyPairOrder, median } from './stats.js';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 30);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const server = await startServer();
const get = `${server.url}/api/v3/instruments/instrument-1`;
const options = `{ baseUrl: ${JSON.stringify(server.url)}, accessToken: 'bench-token' }`;
const headers = `{ accept: 'application/vnd.api+json', authorization: 'Bearer bench-token' }`;

// `portfolio-reporting` resolves to this package's own `dist/` (a package may import itself by name).
const sides = {
  node: '',
  stack: `const [{ default: ky }, z] = await Promise.all([import('ky'), import('zod/mini')]); ky.create({ retry: 2, timeout: 60_000 }); z.object({});`,
  sdk: `const { PortfolioReporting } = await import('portfolio-reporting'); new PortfolioReporting(${options});`,
  stackFirstRequest: `const { default: ky } = await import('ky'); await import('zod/mini'); const api = ky.create({ retry: 2, timeout: 60_000 }); const doc = await api.get(${JSON.stringify(get)}, { headers: ${headers} }).json(); if (!doc.data) throw new Error('no data');`,
  sdkFirstRequest: `const { PortfolioReporting } = await import('portfolio-reporting'); const prs = new PortfolioReporting(${options}); const i = await prs.instruments.retrieve('instrument-1'); if (i.id !== 'instrument-1') throw new Error('wrong instrument');`,
};
type Side = keyof typeof sides;
const SIDES = Object.keys(sides) as Side[];

function time(side: Side): number {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', sides[side]], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`cold start, ${side}: exited with ${child.status}\n${child.stderr}`);
  return ms;
}

// Each side right after every other equally often (bench/stats.ts).
const SEQUENCE = everyPairOrder(SIDES);
const all = Object.fromEntries(SIDES.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
for (const side of SIDES) time(side); // warm the file system cache once
for (let run = 0; run < RUNS; run++) {
  for (let k = 0; k < SIDES.length; k++) {
    const side = SEQUENCE[(run * SIDES.length + k) % SEQUENCE.length] as Side;
    all[side].push(time(side));
  }
}
server.stop();

const ms = Object.fromEntries(SIDES.map((side) => [side, median(all[side])])) as Record<Side, number>;
report({
  runs: RUNS,
  node: process.version,
  ms,
  /** The target: ≤ 1.1. */
  sdkOverStack: ms.sdk / ms.stack,
  firstRequestSdkOverStack: ms.sdkFirstRequest / ms.stackFirstRequest,
});
