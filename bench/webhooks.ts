/**
 * Webhook verification in a hot request path: verifications per second of one delivery by a
 * `WebhookVerifier` with its key set already loaded (headers read, timestamp and signature checked, event
 * decoded), against bare `crypto.subtle.verify` of the same signature over the same bytes.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { WebhookVerifier } from 'portfolio-reporting/webhooks';
import { report } from './child.js';
import { interleave, median } from './stats.js';

const VERIFICATIONS = Number(process.env.BENCH_VERIFICATIONS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

// An independent signer (node:crypto, not the SDK): ECDSA P-256 over `id.timestamp.body`, IEEE P1363 encoding.
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = { kid: 'key-1', ...publicKey.export({ format: 'jwk' }) };
const body = JSON.stringify({ type: 'calculated_data.created', timestamp: '2024-05-01T10:00:00', data: { clientId: 'client-42' } });
const id = 'msg_2Lp9';
const timestamp = String(Math.floor(Date.now() / 1000));
const content = Buffer.from(`${id}.${timestamp}.${body}`);
const signature = sign('sha256', content, { key: privateKey, dsaEncoding: 'ieee-p1363' });
const headers = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1a,${signature.toString('base64')}` };

const verifier = new WebhookVerifier({ loadKeys: async () => ({ keys: [jwk] }) });
const event = await verifier.verify(body, headers); // loads the keys: the cache is warm from here on
if (event.type !== 'calculated_data.created') throw new Error('the verifier decoded a different event');

const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
if (!(await crypto.subtle.verify(algorithm, key, signature, content))) throw new Error('bare verify refused the signature');

const times = await interleave(RUNS, {
  sdk: async () => {
    for (let i = 0; i < VERIFICATIONS; i++) await verifier.verify(body, headers);
  },
  bare: async () => {
    for (let i = 0; i < VERIFICATIONS; i++) if (!(await crypto.subtle.verify(algorithm, key, signature, content))) throw new Error('refused');
  },
});

const rate = (ms: number) => VERIFICATIONS / (ms / 1000);
report({
  name: 'webhooks',
  verifications: VERIFICATIONS,
  runs: RUNS,
  ms: { sdk: median(times.sdk), bare: median(times.bare) },
  perSecond: { sdk: rate(median(times.sdk)), bare: rate(median(times.bare)) },
  all: times,
});
