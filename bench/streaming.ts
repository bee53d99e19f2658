/**
 * Memory of a long list: `for await` over 200,000 transactions served in 500-item pages by a local server,
 * against awaiting the whole array. Run with `--expose-gc`.
 *
 * What the SDK holds is counted exactly: every transaction it yields is registered with a
 * `FinalizationRegistry`, and at every tenth page boundary a full collection runs; the transactions not
 * collected then are the ones still held, shown in pages. Next to it, the live heap at those points (above
 * the heap before the list started), and the peak `heapUsed` sampled every 100 items without forcing a
 * collection: what the process reaches, garbage V8 has not collected yet included.
 */
import './built.js';
import { PortfolioReporting } from 'portfolio-reporting';
import { report, startServer } from './child.js';

const TOTAL = 200_000;
const PAGE = 500;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const collect = gc;

const server = await startServer({ BENCH_TRANSACTIONS: String(TOTAL), BENCH_PAGE_SIZE: String(PAGE) });
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
const list = () => prs.transactions.list({ accountId: 'account-1', fromDate: '2024-01-01', toDate: '2024-12-31' });

const heap = () => process.memoryUsage().heapUsed;
/**
 * A full collection, then a short wait for the finalization callbacks it queued (V8 runs them in a later
 * task; after a mere `setImmediate` some are still pending and the count overstates what is held).
 */
async function settle(): Promise<number> {
  collect();
  await new Promise((resolve) => setTimeout(resolve, 10));
  collect();
  return heap();
}

interface Held {
  /** Most transactions still held at a page boundary, after a collection. */
  items: number;
  /** Most live heap above the start at those points, in bytes. */
  heap: number;
  count: number;
  ms: number;
}

/** Counts the transactions yielded and not collected yet. */
function tracker() {
  let registered = 0;
  let finalized = 0;
  const registry = new FinalizationRegistry<void>(() => {
    finalized++;
  });
  return {
    track: (item: object) => {
      registry.register(item, undefined);
      registered++;
    },
    alive: () => registered - finalized,
  };
}

async function iterate(): Promise<Held> {
  const { track, alive } = tracker();
  const base = await settle();
  const held = { items: 0, heap: 0, count: 0, ms: 0 };
  const started = performance.now();
  for await (const tx of list()) {
    track(tx);
    if (++held.count % (PAGE * 10) === 0) {
      const now = (await settle()) - base;
      held.items = Math.max(held.items, alive());
      held.heap = Math.max(held.heap, now);
    }
  }
  held.ms = performance.now() - started;
  return held;
}

async function whole(): Promise<Held> {
  const { track, alive } = tracker();
  const base = await settle();
  const started = performance.now();
  const all = await list();
  const ms = performance.now() - started;
  for (const tx of all) track(tx);
  const now = (await settle()) - base;
  return { items: alive(), heap: now, count: all.length, ms };
}

/** The highest `heapUsed` above the start, sampled without forcing collections. */
async function peak(mode: 'iterate' | 'array'): Promise<number> {
  const base = await settle();
  let top = 0;
  const sample = () => {
    top = Math.max(top, heap() - base);
  };
  if (mode === 'iterate') {
    let n = 0;
    for await (const _ of list()) if (++n % 100 === 0) sample();
  } else {
    const timer = setInterval(sample, 5);
    await list();
    clearInterval(timer);
    sample();
  }
  return top;
}

const result = {
  name: 'streaming',
  transactions: TOTAL,
  pageSize: PAGE,
  iterate: { ...(await iterate()), peak: await peak('iterate') },
  array: { ...(await whole()), peak: await peak('array') },
};
server.stop();
for (const r of [result.iterate, result.array])
  if (r.count !== TOTAL) throw new Error(`listed ${r.count} of ${TOTAL} transactions`);
report(result);
