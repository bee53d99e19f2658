/**
 * Webhook verification in a hot request path: verifications per second of one delivery by a
 * `WebhookVerifier` with its key set already loaded (headers read, timestamp and signature checked, event
 * decoded), against bare `crypto.subtle.verify` of the same signature over the same bytes, and against a
 * minimal verifier of the delivery as received (the floor of any verifier that takes headers and a body: the
 * signature decoded, the signed bytes encoded, the body parsed, nothing checked).
 *
 * The sides alternate one by one, each after every other equally often, each timed on its own; the rate compared is the inverse of the median time of
 * one verification, robust to the bursts of load a shared machine sees.
 */
import './built.js';
import { generateKeyPairSync, sign } from 'node:crypto';
import { WebhookVerifier } from 'portfolio-reporting/webhooks';
import { report } from './child.js';
import { everyPairOrder, median } from './stats.js';

const VERIFICATIONS = Number(process.env.BENCH_VERIFICATIONS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// An independent signer (node:crypto, not the SDK): ECDSA P-256 over `id.timestamp.body`, IEEE P1363 encoding.
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = { kid: 'key-1', ...publicKey.export({ format: 'jwk' }) };
const body = JSON.stringify({
  type: 'calculated_data.created',
  timestamp: '2024-05-01T10:00:00',
  data: { clientId: 'client-42' },
});
const id = 'msg_2Lp9';
const timestamp = String(Math.floor(Date.now() / 1000));
const content = Buffer.from(`${id}.${timestamp}.${body}`);
const signature = sign('sha256', content, { key: privateKey, dsaEncoding: 'ieee-p1363' });
const headers = {
  'webhook-id': id,
  'webhook-timestamp': timestamp,
  'webhook-signature': `v1a,${signature.toString('base64')}`,
};

const verifier = new WebhookVerifier({ loadKeys: async () => ({ keys: [jwk] }) });
const event = await verifier.verify(body, headers); // loads the keys: the cache is warm from here on
if (event.type !== 'calculated_data.created') throw new Error('the verifier decoded a different event');

const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
const encoder = new TextEncoder();
const sides = {
  sdk: () => verifier.verify(body, headers),
  bare: async () => {
    if (!(await crypto.subtle.verify(algorithm, key, signature, content)))
      throw new Error('bare verify refused the signature');
  },
  // What any verifier of a delivery as received does besides the crypto, and no more: the signature entry read
  // and its base64 decoded, `id.timestamp.body` encoded, the body parsed. No checks of any of it.
  minimal: async () => {
    const encoded = headers['webhook-signature'].slice(headers['webhook-signature'].indexOf(',') + 1);
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    const signed = encoder.encode(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`);
    if (!(await crypto.subtle.verify(algorithm, key, bytes, signed))) throw new Error('minimal verify refused');
    return JSON.parse(body);
  },
};
type Side = keyof typeof sides;
const ORDER: Side[] = ['sdk', 'bare', 'minimal'];
// Each side right after every other equally often (bench/stats.ts).
const SEQUENCE = everyPairOrder(ORDER);

for (let i = 0; i < 500; i++) for (const verify of Object.values(sides)) await verify(); // warm-up
const times: Record<Side, number[]> = { sdk: [], bare: [], minimal: [] };
const runMs: Record<Side, number[]> = { sdk: [], bare: [], minimal: [] };
for (let run = 0; run < RUNS; run++) {
  const total = { sdk: 0, bare: 0, minimal: 0 };
  for (let i = 0; i < VERIFICATIONS; i++) {
    for (let k = 0; k < ORDER.length; k++) {
      const side = SEQUENCE[(i * ORDER.length + k) % SEQUENCE.length] as Side;
      const start = performance.now();
      await sides[side]();
      const ms = performance.now() - start;
      times[side].push(ms);
      total[side] += ms;
    }
  }
  for (const side of ORDER) runMs[side].push(total[side]);
}

report({
  name: 'webhooks',
  verifications: VERIFICATIONS,
  runs: RUNS,
  perSecond: Object.fromEntries(ORDER.map((side) => [side, 1000 / median(times[side])])) as Record<Side, number>,
  medianUs: Object.fromEntries(ORDER.map((side) => [side, median(times[side]) * 1000])) as Record<Side, number>,
  overallPerSecond: Object.fromEntries(
    ORDER.map((side) => [side, (VERIFICATIONS * RUNS) / (runMs[side].reduce((a, b) => a + b) / 1000)]),
  ) as Record<Side, number>,
  all: runMs,
});
