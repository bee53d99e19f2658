/**
 * What ky costs per request before the SDK does anything: raw `fetch` against a bare ky instance used in
 * several ways, GET and POST, interleaved request by request against a `node:http` server on 127.0.0.1 (in
 * this process). Not part of `npm run bench`; run it with `npx tsx bench/ky-floor.ts`. Prints median
 * latencies and ratios to raw `fetch` (bench/RESULTS.md, "ky back").
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky, { type Options } from 'ky';
import { median } from './stats.js';

const ROUNDS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const answer = JSON.stringify({ data: { id: 'i1', type: 'equity-instrument', attributes: { name: 'x' } } });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/vnd.api+json' });
    res.end(answer);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3/instruments`;
const headers = { accept: 'application/vnd.api+json', authorization: 'Bearer t' };
const postHeaders = { ...headers, 'content-type': 'application/vnd.api+json' };
const body = JSON.stringify({ data: { type: 'price', attributes: { value: 1, date: '2024-01-01' } } });
const retry = { limit: 2, methods: ['get', 'post'], statusCodes: [408, 429, 500], jitter: true, retryOnTimeout: true };

const plain = ky.create({ parseJson: (text) => text });
const withDefaults = ky.create({ parseJson: (text) => text, retry, timeout: 60_000, headers });
const viaKy = async (instance: typeof ky, options?: Options) => {
  const pending = instance(url, options);
  await pending;
  return JSON.parse(await pending.text());
};
const sides: Record<string, () => Promise<unknown>> = {
  'GET raw fetch': async () => JSON.parse(await (await fetch(url, { headers })).text()),
  'GET ky, retries and timeout per call': () => viaKy(plain, { headers, timeout: 60_000, retry }),
  'GET ky, retry: 0': () => viaKy(plain, { headers, timeout: 60_000, retry: 0 }),
  'GET ky, retry: 0, timeout: false': () => viaKy(plain, { headers, timeout: false, retry: 0 }),
  'GET ky, everything in the defaults': () => viaKy(withDefaults),
  'POST raw fetch': async () =>
    JSON.parse(await (await fetch(url, { method: 'POST', headers: postHeaders, body })).text()),
  'POST ky, retries and timeout per call': () =>
    viaKy(plain, { method: 'POST', headers: postHeaders, body, timeout: 60_000, retry }),
  'POST ky, retry: 0': () => viaKy(plain, { method: 'POST', headers: postHeaders, body, timeout: 60_000, retry: 0 }),
};
const names = Object.keys(sides);
const latency = new Map<string, number[]>(names.map((name) => [name, []]));
for (let i = 0; i < 300; i++) for (const name of names) await sides[name]?.(); // warm-up
for (let i = 0; i < ROUNDS; i++) {
  for (const name of i % 2 ? names : [...names].reverse()) {
    const start = performance.now();
    await sides[name]?.();
    latency.get(name)?.push(performance.now() - start);
  }
}
server.close();
const us = (name: string) => median(latency.get(name) ?? []) * 1000;
for (const name of names) {
  const base = us(name.startsWith('GET') ? 'GET raw fetch' : 'POST raw fetch');
  console.log(`${name.padEnd(40)} ${us(name).toFixed(0).padStart(5)} µs  ${(us(name) / base).toFixed(2)}×`);
}
