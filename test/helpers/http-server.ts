/**
 * A real `node:http` server on 127.0.0.1 for tests whose behaviour depends on real fetch (redirects,
 * timeouts, retries). Each test gives a handler; every request is recorded with its body as received.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's bytes as received (for binary uploads, which `body` as UTF-8 text would mangle). */
  bytes: Buffer;
}

export type Handler = (req: Recorded, res: ServerResponse, index: number) => unknown;

export interface TestServer {
  url: string;
  requests: Recorded[];
  /** Replace the handler (for the next requests). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(handler: Handler = (_q, res) => res.end()): Promise<TestServer> {
  let current = handler;
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const recorded: Recorded = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: bytes.toString('utf8'),
      bytes,
    };
    requests.push(recorded);
    try {
      await current(recorded, res, requests.length - 1);
    } catch (error) {
      res.statusCode = 599;
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON body with a status and content type (JSON:API by default). */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/vnd.api+json', ...headers });
  res.end(JSON.stringify(body));
}
