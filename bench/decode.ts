/**
 * Decoding 50,000 asset holdings with 1,000 included assets of mixed kinds: the SDK (`assetHoldings.list`,
 * validation included, body parsed from text) against `JSON.parse` alone, and against jsona (a JSON:API
 * deserializer that validates nothing) on the same text.
 *
 * The SDK runs its whole list path (query check, `listCompound`, page decode, result assembly) over a
 * transport whose `send` hands back the body text parsed, as the real transport does after reading it: the
 * HTTP read is the same for every variant and is measured by the request benchmarks instead.
 */
import './built.js';
import Jsona from 'jsona';
import { PortfolioReporting } from 'portfolio-reporting';
import { report } from './child.js';
import { assetHoldingsDocument } from './fixtures.js';
import { interleave, median } from './stats.js';

const HOLDINGS = Number(process.env.BENCH_HOLDINGS ?? 50_000);
const ASSETS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 11);

const text = JSON.stringify(assetHoldingsDocument(HOLDINGS, ASSETS));

const prs = new PortfolioReporting({ baseUrl: 'http://bench.invalid', accessToken: 'bench' });
type Sent = { method: string; path: string; query?: Record<string, string | number | boolean | undefined> };
// The client's transport, which is not in its types (`_api` is `@internal`): what the list path hands its requests.
const transport = (
  prs as unknown as {
    _api: { transport: { send(req: Sent): Promise<unknown>; url(path: string, query: Sent['query']): string } };
  }
)._api.transport;
const response = new Response(null, { status: 200 });
transport.send = async (req) => ({
  response,
  body: JSON.parse(text),
  redirected: false,
  call: { method: req.method, url: transport.url(req.path, req.query) },
});
const params = { fromDate: '2024-01-01', toDate: '2024-12-31', include: ['asset'] as const };

// The SDK's result must be the whole document: a benchmark of a decode that drops data would be meaningless.
const check = await prs.assetHoldings.list('re-1', params);
if (check.data.length !== HOLDINGS || check.included.length !== ASSETS)
  throw new Error('the SDK decoded a different document');

const jsona = new Jsona();
let sink: unknown;
const times = await interleave(RUNS, {
  sdk: async () => {
    sink = await prs.assetHoldings.list('re-1', params);
  },
  parse: () => {
    sink = JSON.parse(text);
  },
  jsona: () => {
    sink = jsona.deserialize(JSON.parse(text));
  },
});
void sink;

report({
  name: 'decode',
  bytes: text.length,
  holdings: HOLDINGS,
  assets: ASSETS,
  runs: RUNS,
  ms: { sdk: median(times.sdk), parse: median(times.parse), jsona: median(times.jsona) },
  all: times,
});
