/**
 * The SDK's own CPU per create over its transport, with no I/O: `instruments.prices.create` against the client's
 * transport replaced by one that answers after a `setImmediate` (the body written and parsed as the transport
 * would), 16 in flight, against the same stub called with the document already built. The difference is the
 * resource method, the input check, the document, the decode and the promises a call returns. Not part of
 * `npm run bench` (it reaches into the client's internals); run alone:
 *
 *   npx tsup && npx tsx --tsconfig bench/tsconfig.json bench/codec-cpu.ts
 *
 * 2026-11-27: 3.39 against 2.00 µs, 1.4 µs per create, where the same layer shows 11–16 µs in one process against
 * the bench server and ~19 µs apart (bench/create-cpu.ts with `BENCH_LAYERS=1`).
 */
import './built.js';
import { PortfolioReporting } from 'portfolio-reporting';
import { median, pool } from './stats.js';

const ROUNDS = 15;
const CREATES = 20_000;

const prs = new PortfolioReporting({ baseUrl: 'http://127.0.0.1:1', accessToken: 'bench-token' });
const transport = (prs as unknown as { _api: { transport: { send(req: { body: unknown }): Promise<unknown> } } })._api
  .transport;
const response = new Response(null, { status: 201 });
let made = 0;
// What the transport hands back for a create: the body written and read as JSON, the service's answer parsed.
transport.send = async (req) => {
  const { attributes } = JSON.parse(JSON.stringify(req.body)).data;
  await new Promise((resolve) => setImmediate(resolve));
  const answer = { data: { id: `price-${++made}`, type: 'price', attributes: { ...attributes, provider: 'client' } } };
  return { response, body: JSON.parse(JSON.stringify(answer)), redirected: false, call: { method: 'POST', url: '' } };
};
const attributes = (i: number) => ({ date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`, value: 100 + i });
const sides = {
  sdk: (i: number) => prs.instruments.prices.create('instrument-1', { attributes: attributes(i) }),
  transport: (i: number) => transport.send({ body: { data: { type: 'price', attributes: attributes(i) } } }),
};
const threadCpuUsage = (process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage;
const cpu = threadCpuUsage ?? process.cpuUsage;

/** CPU per create in µs of one batch. */
async function batch(create: (i: number) => Promise<unknown>): Promise<number> {
  const start = cpu();
  await pool(CREATES, 16, create);
  const used = cpu(start);
  return (used.user + used.system) / CREATES;
}

for (let i = 0; i < 3; i++) for (const create of Object.values(sides)) await batch(create);
const times: Record<keyof typeof sides, number[]> = { sdk: [], transport: [] };
for (let round = 0; round < ROUNDS; round++)
  for (const name of round % 2 ? (['transport', 'sdk'] as const) : (['sdk', 'transport'] as const))
    times[name].push(await batch(sides[name]));
const sdk = median(times.sdk);
const alone = median(times.transport);
console.log(
  `CPU per create: SDK ${sdk.toFixed(2)} µs, its transport stubbed alone ${alone.toFixed(2)} µs; the SDK's own ${(sdk - alone).toFixed(2)} µs`,
);
