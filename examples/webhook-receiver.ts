/**
 * A node:http server that verifies webhook deliveries from the Portfolio Reporting Service.
 *
 *   PRS_BASE_URL=https://reporting.example.com PORT=3000 npx tsx examples/webhook-receiver.ts
 *       serves POST / until stopped (add PRS_ACCESS_TOKEN if your keys endpoint needs the token)
 *   npx tsx examples/webhook-receiver.ts
 *       demo: the embedded mock publishes a signer's key and delivers to the receiver — a signed event, the
 *       same delivery again, a tampered one and an event of a kind this SDK does not know — then it exits
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSigner } from 'portfolio-reporting/testing';
import { type UnknownWebhookEvent, WebhookVerificationError, WebhookVerifier } from 'portfolio-reporting/webhooks';
import { DEMO_TOKEN, runExample } from './lib/connect.js';
import { heading, table } from './lib/table.js';

const MAX_BODY_BYTES = 1_000_000;

/** The receiver: raw bytes in, verified event out; 204 when handled, 400 refused, 503 try again later. */
export function createReceiver(verifier: WebhookVerifier, log: (line: string) => void = console.log): Server {
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
      if (seen.has(id)) log(`${id}: already handled`);
      else {
        seen.set(id, Date.now() + 10 * 60_000);
        if (event.type === 'calculated_data.created') {
          log(`${id}: calculated data ready for client ${event.data.clientId} (${event.timestamp})`);
        } else {
          // A kind this SDK version does not know (every field kept); see README, Webhooks.
          const other: UnknownWebhookEvent = event;
          log(`${id}: ignoring event type ${String(other.type)}`);
        }
      }
      res.writeHead(204).end();
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      log(`refused: ${error.message}`);
      res
        .writeHead(error.reason === 'keys_unavailable' ? 503 : 400, { 'content-type': 'text/plain' })
        .end(error.reason);
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
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

if (process.env.PRS_BASE_URL) {
  const token = process.env.PRS_ACCESS_TOKEN;
  // The keys endpoint needs the bearer token, as every endpoint of the service does.
  if (!token) throw new Error('PRS_BASE_URL is set but PRS_ACCESS_TOKEN is not: the webhook keys request needs it');
  const verifier = new WebhookVerifier({ baseUrl: process.env.PRS_BASE_URL, accessToken: token });
  const url = await listen(createReceiver(verifier), Number(process.env.PORT ?? 3000));
  console.log(`receiving webhooks on ${url}`);
} else {
  const signer = createWebhookSigner();
  await runExample(
    async ({ prs, mock }) => {
      if (!mock) return;
      const lines: string[] = [];
      // The verifier fetches the keys from the mock's GET /v2/webhooks/keys, as it would from the service.
      const verifier = new WebhookVerifier({ baseUrl: prs.baseUrl, accessToken: DEMO_TOKEN });
      const receiver = createReceiver(verifier, (line) => lines.push(line));
      const receiverUrl = await listen(receiver);
      try {
        const rows: string[][] = [];
        const send = async (label: string, deliver: () => Promise<Response>) => {
          const response = await deliver();
          rows.push([label, String(response.status), (await response.text()) || '—', lines.at(-1) ?? '']);
        };
        const event = {
          type: 'calculated_data.created',
          timestamp: '2024-05-01T10:00:00',
          data: { clientId: 'client-42' },
        };
        const first = await mock.webhooks.deliver(receiverUrl, event, { id: 'msg_1' });
        const { delivery } = first;
        await send('signed', async () => first.response);
        await send('the same delivery again', () =>
          fetch(receiverUrl, { method: 'POST', headers: delivery.headers, body: delivery.body }),
        );
        await send('tampered body', () =>
          fetch(receiverUrl, {
            method: 'POST',
            headers: delivery.headers,
            body: delivery.body.replace('client-42', 'client-43'),
          }),
        );
        await send(
          'unknown event type',
          async () =>
            (
              await mock.webhooks.deliver(
                receiverUrl,
                { type: 'portfolio.renamed', timestamp: '2024-05-01T10:05:00', data: {} },
                { id: 'msg_2' },
              )
            ).response,
        );
        console.log(heading(`Deliveries to ${receiverUrl}`));
        console.log(table(['delivery', 'status', 'body', 'receiver log'], rows));
      } finally {
        receiver.close();
      }
    },
    { signers: [signer] },
  );
}
