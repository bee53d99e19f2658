/**
 * A client whose `fetch` is a stub: every request is recorded as sent (method, path, query, headers, JSON
 * body) and answered from a reply, or a function of the request. No network, no retries.
 */
import { type ClientOptions, PortfolioReporting } from '../../src/index.js';

export interface SentRequest {
  method: string;
  url: string;
  /** URL pathname, version prefix included. */
  path: string;
  /** Query parameters as sent (decoded). */
  query: Record<string, string>;
  headers: Headers;
  /** The parsed JSON body, or `undefined` when none was sent. */
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const BASE_URL = 'https://prs.test';

export function recordingClient(
  reply: Reply | ((req: SentRequest, index: number) => Reply) = {},
  options: ClientOptions = {},
) {
  const requests: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const sent: SentRequest = {
      method: request.method,
      url: request.url,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      // JSON bodies parsed; anything else (a multipart upload) kept as the text sent.
      body: text === '' ? undefined : /json/.test(request.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
    };
    requests.push(sent);
    const r = typeof reply === 'function' ? reply(sent, requests.length - 1) : reply;
    const status = r.status ?? 200;
    const body = status === 204 || r.body === undefined ? null : JSON.stringify(r.body);
    return new Response(body, { status, headers: { 'content-type': 'application/vnd.api+json', ...r.headers } });
  };
  const prs = new PortfolioReporting({
    baseUrl: BASE_URL,
    accessToken: 'test-token',
    fetch,
    maxRetries: 0,
    logLevel: 'off',
    ...options,
  });
  return { prs, requests };
}

/** A logger that keeps every line, for asserting warnings. */
export function memoryLogger() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}
