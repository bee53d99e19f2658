/**
 * Memory of a long list: `for await` over 200,000 transactions served in 500-item pages by a local server,
 * against awaiting the whole array. Run with `--expose-gc`.
 *
 * Two figures per mode. "Peak heap" is the highest `heapUsed` sampled every 100 items without forcing a
 * collection: what the process really reaches, garbage not yet collected included. "Live" forces a full
 * collection at every tenth page boundary (and, for the array, once it is complete) and samples after it: what the
 * SDK actually holds. Both are given above the heap measured (after a collection) before the list started,
 * and in pages: the live size of one decoded 500-item page, measured the same way.
 */
import { PortfolioReporting } from 'portfolio-reporting';
import { report, startServer } from './child.js';
import { transaction } from './fixtures.js';

const TOTAL = 200_000;
const PAGE = 500;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const server = await startServer({ BENCH_TRANSACTIONS: String(TOTAL), BENCH_PAGE_SIZE: String(PAGE) });
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const list = () => prs.transactions.list({ accountId: 'account-1', fromDate: '2024-01-01', toDate: '2024-12-31' });

const heap = () => process.memoryUsage().heapUsed;
function settled(): number {
  gc?.();
  gc?.();
  return heap();
}

/** The live size of one decoded page: 500 transactions parsed from the JSON the server sends. */
function pageBytes(): number {
  const text = JSON.stringify({ data: Array.from({ length: PAGE }, (_, i) => transaction(i)) });
  const before = settled();
  const page = JSON.parse(text);
  const after = settled();
  if (page.data.length !== PAGE) throw new Error('unreachable');
  return after - before;
}

async function iterate(forceGc: boolean): Promise<{ peak: number; count: number; ms: number }> {
  const base = settled();
  const started = performance.now();
  let peak = 0;
  let count = 0;
  for await (const tx of list()) {
    if (typeof tx.id !== 'string') throw new Error('not a transaction');
    count++;
    // Live: every tenth page (a full collection per page would take most of the run), first item of the page.
    if (forceGc ? count % (PAGE * 10) === 1 : count % 100 === 0) {
      if (forceGc) gc?.();
      peak = Math.max(peak, heap() - base);
    }
  }
  return { peak, count, ms: performance.now() - started };
}

async function whole(forceGc: boolean): Promise<{ peak: number; count: number; ms: number }> {
  const base = settled();
  const started = performance.now();
  let peak = 0;
  // Sampled from a timer while the pages arrive; and once more with the array complete.
  const timer = setInterval(() => {
    peak = Math.max(peak, heap() - base);
  }, 5);
  const all = await list();
  clearInterval(timer);
  const ms = performance.now() - started;
  if (forceGc) gc?.();
  peak = Math.max(peak, heap() - base);
  return { peak, count: all.length, ms };
}

const page = pageBytes();
const result = {
  name: 'streaming',
  transactions: TOTAL,
  pageSize: PAGE,
  pageBytes: page,
  iterate: { peak: await iterate(false), live: await iterate(true) },
  array: { peak: await whole(false), live: await whole(true) },
};
server.stop();
for (const r of [result.iterate.peak, result.iterate.live, result.array.peak, result.array.live]) {
  if (r.count !== TOTAL) throw new Error(`listed ${r.count} of ${TOTAL} transactions`);
}
report(result);
