/**
 * Bulk load: 10,000 price creates at 16 in flight against a `node:http` server on 127.0.0.1 (its own
 * process). The SDK (`instruments.prices.create`: input validation, document building, transport, decode)
 * against a hand-written promise pool over raw `fetch` sending the same document.
 */
import { PortfolioReporting } from 'portfolio-reporting';
import { report, startServer } from './child.js';
import { interleave, median } from './stats.js';

const CREATES = Number(process.env.BENCH_CREATES ?? 10_000);
const CONCURRENCY = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const server = await startServer();
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const url = `${server.url}/api/v3/instruments/instrument-1/prices`;
const headers = { accept: 'application/vnd.api+json', authorization: 'Bearer bench-token', 'content-type': 'application/vnd.api+json' };

const date = (i: number) => `20${String(10 + (i % 15))}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;

/** `CONCURRENCY` workers taking the next index until `CREATES` are done. */
async function pool(create: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < CREATES) await create(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const check = await prs.instruments.prices.create('instrument-1', { attributes: { date: '2024-01-31', value: 1 } });
if (check.attributes.value !== 1) throw new Error('the SDK decoded a different price');

const times = await interleave(RUNS, {
  sdk: () => pool((i) => prs.instruments.prices.create('instrument-1', { attributes: { date: date(i), value: 100 + i / 100 } })),
  fetch: () =>
    pool(async (i) => {
      const body = JSON.stringify({ data: { type: 'price', attributes: { date: date(i), value: 100 + i / 100 } } });
      const response = await fetch(url, { method: 'POST', headers, body });
      if (response.status !== 201) throw new Error(`status ${response.status}`);
      return JSON.parse(await response.text());
    }),
});
server.stop();

const rate = (ms: number) => CREATES / (ms / 1000);
report({
  name: 'throughput',
  creates: CREATES,
  concurrency: CONCURRENCY,
  runs: RUNS,
  ms: { sdk: median(times.sdk), fetch: median(times.fetch) },
  perSecond: { sdk: rate(median(times.sdk)), fetch: rate(median(times.fetch)) },
  all: times,
});
