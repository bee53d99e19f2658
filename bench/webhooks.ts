/**
 * Webhook verification in a hot request path: verifications per second of one delivery by a
 * `WebhookVerifier` with its key set already loaded (headers read, timestamp and signature checked, event
 * decoded), against bare `crypto.subtle.verify` of the same signature over the same bytes.
 *
 * SDK and bare verifications alternate one by one, each timed on its own; the rate compared is the inverse
 * of the median time of one verification, robust to the bursts of load a shared machine sees.
 */
import './built.js';
import { generateKeyPairSync, sign } from 'node:crypto';
import { WebhookVerifier } from 'portfolio-reporting/webhooks';
import { report } from './child.js';
import { median } from './stats.js';

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
const sides = {
  sdk: () => verifier.verify(body, headers),
  bare: async () => {
    if (!(await crypto.subtle.verify(algorithm, key, signature, content)))
      throw new Error('bare verify refused the signature');
  },
};

for (let i = 0; i < 500; i++) for (const verify of Object.values(sides)) await verify(); // warm-up
const times: { sdk: number[]; bare: number[] } = { sdk: [], bare: [] };
const runMs: { sdk: number[]; bare: number[] } = { sdk: [], bare: [] };
for (let run = 0; run < RUNS; run++) {
  const total = { sdk: 0, bare: 0 };
  for (let i = 0; i < VERIFICATIONS; i++) {
    for (const side of (i + run) % 2 ? (['bare', 'sdk'] as const) : (['sdk', 'bare'] as const)) {
      const start = performance.now();
      await sides[side]();
      const ms = performance.now() - start;
      times[side].push(ms);
      total[side] += ms;
    }
  }
  runMs.sdk.push(total.sdk);
  runMs.bare.push(total.bare);
}

report({
  name: 'webhooks',
  verifications: VERIFICATIONS,
  runs: RUNS,
  perSecond: { sdk: 1000 / median(times.sdk), bare: 1000 / median(times.bare) },
  medianUs: { sdk: median(times.sdk) * 1000, bare: median(times.bare) * 1000 },
  overallPerSecond: {
    sdk: (VERIFICATIONS * RUNS) / (runMs.sdk.reduce((a, b) => a + b) / 1000),
    bare: (VERIFICATIONS * RUNS) / (runMs.bare.reduce((a, b) => a + b) / 1000),
  },
  all: runMs,
});
