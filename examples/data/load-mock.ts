/**
 * The demo mock for the loader's example files: the embedded mock service over HTTP, seeded with the
 * account, depository and instruments that load-prices.csv, load-nav.jsonl and load-transactions.csv name
 * by id. Run it, then load the files from another terminal:
 *
 *   npx tsx examples/data/load-mock.ts            # prints its URL and the commands
 *   PORT=4010 npx tsx examples/data/load-mock.ts  # on a port of your choice
 */
import { pathToFileURL } from 'node:url';
import { createMockService, DEMO_IDS, seedDemo } from 'portfolio-reporting/testing';

export { DEMO_IDS };

// Run as a script: serve the seeded mock until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mock = createMockService({ seed: seedDemo });
  const http = await mock.listen({ port: Number(process.env.PORT ?? 0) });
  console.log(`Demo mock service at ${http.url} (Ctrl-C to stop). In another terminal:

  export PRS_BASE_URL=${http.url} PRS_ACCESS_TOKEN=demo
  npx portfolio-reporting load instruments examples/data/load-instruments.csv
  npx portfolio-reporting load prices examples/data/load-prices.csv
  npx portfolio-reporting load nav examples/data/load-nav.jsonl
  npx portfolio-reporting load transactions examples/data/load-transactions.csv`);
  process.on('SIGINT', () => void http.close().then(() => process.exit(0)));
}
