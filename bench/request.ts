/**
 * Per-request overhead: 2,000 sequential GETs of one instrument from a `node:http` server on 127.0.0.1 (its
 * own process), per run. The SDK (`instruments.retrieve`: auth header, retry policy, timeout, error mapping,
 * decode) against raw `fetch` + `JSON.parse` of the same body with the same headers; the figure compared
 * is the median latency of one request.
 */
import { PortfolioReporting } from 'portfolio-reporting';
import { report, startServer } from './child.js';
import { median } from './stats.js';

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
const getSdk = () => prs.instruments.retrieve('instrument-1');

// Interleaved request by request (SDK then raw, raw then SDK, …), each timed on its own: the median
// latency is robust to the bursts of load a shared machine sees, where a total time per run is not.
const latency: { sdk: number[]; fetch: number[] } = { sdk: [], fetch: [] };
const runMs: { sdk: number[]; fetch: number[] } = { sdk: [], fetch: [] };
for (let i = 0; i < 200; i++) await Promise.all([getSdk(), getRaw()]); // warm-up: connections, JIT
for (let run = 0; run < RUNS; run++) {
  const total = { sdk: 0, fetch: 0 };
  for (let i = 0; i < REQUESTS; i++) {
    for (const side of (i + run) % 2 ? (['fetch', 'sdk'] as const) : (['sdk', 'fetch'] as const)) {
      const start = performance.now();
      await (side === 'sdk' ? getSdk() : getRaw());
      const ms = performance.now() - start;
      latency[side].push(ms);
      total[side] += ms;
    }
  }
  runMs.sdk.push(total.sdk);
  runMs.fetch.push(total.fetch);
}
server.stop();

report({
  name: 'request',
  requests: REQUESTS,
  runs: RUNS,
  medianUs: { sdk: median(latency.sdk) * 1000, fetch: median(latency.fetch) * 1000 },
  runMs: { sdk: median(runMs.sdk), fetch: median(runMs.fetch) },
  all: runMs,
});
