/**
 * The benchmarks' service: a `node:http` server on 127.0.0.1 in its own process (forked by the benchmark), so
 * that its work does not run on the measured event loop. Bodies are serialised once where they do not vary.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { instrumentDocument, priceDocument, transaction } from './fixtures.js';

const JSONAPI = { 'content-type': 'application/vnd.api+json' };
const instrument = JSON.stringify(instrumentDocument);
const TOTAL = Number(process.env.BENCH_TRANSACTIONS ?? 200_000);
const PAGE = Number(process.env.BENCH_PAGE_SIZE ?? 500);

let priceId = 0;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname.startsWith('/api/v3/instruments/')) {
    res.writeHead(200, JSONAPI).end(instrument);
  } else if (req.method === 'POST' && url.pathname.endsWith('/prices')) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res
        .writeHead(201, JSONAPI)
        .end(JSON.stringify(priceDocument(`price-${++priceId}`, data.attributes.date, data.attributes.value)));
    });
  } else if (req.method === 'GET' && url.pathname === '/api/v2/transactions') {
    const page = Number(url.searchParams.get('page') ?? 0);
    const data = [];
    for (let i = page * PAGE; i < Math.min(TOTAL, (page + 1) * PAGE); i++) data.push(transaction(i));
    const next = (page + 1) * PAGE < TOTAL ? `${url.pathname}?accountId=account-1&page=${page + 1}` : null;
    res.writeHead(200, JSONAPI).end(JSON.stringify({ data, links: { next } }));
  } else {
    res.writeHead(404, JSONAPI).end('{"errors":[{"status":404,"detail":"no such route in the bench server"}]}');
  }
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
