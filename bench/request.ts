/**
 * Per-request overhead: 2,000 sequential GETs of one instrument from a `node:http` server on 127.0.0.1 (its
 * own process). The SDK (`instruments.retrieve`: auth header, retry policy, timeout, error mapping, decode)
 * against raw `fetch` + `JSON.parse` of the same body with the same headers.
 */
import { PortfolioReporting } from 'portfolio-reporting';
import { report, startServer } from './child.js';
import { interleave, median } from './stats.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const server = await startServer();
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const url = `${server.url}/api/v3/instruments/instrument-1`;
const headers = { accept: 'application/vnd.api+json', authorization: 'Bearer bench-token' };

const check = await prs.instruments.retrieve('instrument-1');
if (check.id !== 'instrument-1') throw new Error('the SDK decoded a different instrument');

let sink: unknown;
const times = await interleave(RUNS, {
  sdk: async () => {
    for (let i = 0; i < REQUESTS; i++) sink = await prs.instruments.retrieve('instrument-1');
  },
  fetch: async () => {
    for (let i = 0; i < REQUESTS; i++) {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`status ${response.status}`);
      sink = JSON.parse(await response.text());
    }
  },
});
void sink;
server.stop();

report({
  name: 'request',
  requests: REQUESTS,
  runs: RUNS,
  ms: { sdk: median(times.sdk), fetch: median(times.fetch) },
  perRequestUs: { sdk: (median(times.sdk) / REQUESTS) * 1000, fetch: (median(times.fetch) / REQUESTS) * 1000 },
  all: times,
});
