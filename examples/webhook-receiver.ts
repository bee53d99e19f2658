/**
 * A node:http server that verifies webhook deliveries from the Portfolio Reporting Service.
 *
 *   PRS_BASE_URL=https://reporting.example.com PORT=3000 npx tsx examples/webhook-receiver.ts
 *       serves POST / until stopped (add PRS_ACCESS_TOKEN if your keys endpoint needs the token)
 *   npx tsx examples/webhook-receiver.ts
 *       demo: starts a stand-in keys endpoint, sends itself a signed delivery and a tampered one, exits
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// In your application: import { … } from 'portfolio-reporting/webhooks';
import { type UnknownWebhookEvent, WebhookVerificationError, WebhookVerifier } from '../src/webhooks/index.js';

const MAX_BODY_BYTES = 1_000_000;

/** The receiver: raw bytes in, verified event out; 204 when handled, 400 refused, 503 try again later. */
export function createReceiver(verifier: WebhookVerifier): Server {
  // Deliveries are retried by the sender: remember ids for the tolerance window to handle each once.
  const seen = new Map<string, number>();
  return createServer(async (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const body = await readBody(req);
    if (!body) return void res.writeHead(413).end();
    try {
      const event = await verifier.verify(body, req.headers); // the raw bytes, never a parsed object
      const id = String(req.headers['webhook-id']);
      for (const [old, expires] of seen) if (expires < Date.now()) seen.delete(old);
      if (!seen.has(id)) {
        seen.set(id, Date.now() + 10 * 60_000);
        if (event.type === 'calculated_data.created') {
          console.log(`calculated data ready for client ${event.data.clientId} (${event.timestamp})`);
        } else {
          // A kind this SDK version does not know (every field kept); see README, Webhooks.
          const other: UnknownWebhookEvent = event;
          console.log(`ignoring event type ${String(other.type)}`);
        }
      }
      res.writeHead(204).end();
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.warn(error.message);
      res.writeHead(error.reason === 'keys_unavailable' ? 503 : 400, { 'content-type': 'text/plain' }).end(error.reason);
    }
  });
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function listen(server: Server, port = 0): Promise<string> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** The demo: a stand-in for the service's keys endpoint and a sender signing with node:crypto. */
async function demo(): Promise<void> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const service = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [{ kid: 'demo-key', kty: 'EC', crv: 'P-256', x, y }] }));
  });
  const serviceUrl = await listen(service);
  const receiver = createReceiver(new WebhookVerifier({ baseUrl: serviceUrl }));
  const receiverUrl = await listen(receiver);

  const send = async (label: string, tamper: (body: string) => string) => {
    const body = JSON.stringify({ type: 'calculated_data.created', timestamp: '2024-05-01T10:00:00', data: { clientId: 'client-42' } });
    const id = `msg_${label}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign('sha256', Buffer.from(`${id}.${timestamp}.${body}`), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64');
    const response = await fetch(receiverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1a,${signature}` },
      body: tamper(body),
    });
    console.log(`${label} delivery -> ${response.status} ${await response.text()}`);
  };
  await send('signed', (body) => body);
  await send('tampered', (body) => body.replace('client-42', 'client-43'));
  receiver.close();
  service.close();
}

if (process.env.PRS_BASE_URL) {
  const token = process.env.PRS_ACCESS_TOKEN;
  const verifier = new WebhookVerifier({ baseUrl: process.env.PRS_BASE_URL, ...(token ? { accessToken: token } : {}) });
  const url = await listen(createReceiver(verifier), Number(process.env.PORT ?? 3000));
  console.log(`receiving webhooks on ${url}`);
} else {
  await demo();
}
