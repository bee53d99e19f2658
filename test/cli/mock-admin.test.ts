/**
 * The standalone mock's admin routes (src/cli/mock-admin.ts): faults on demand and signed webhook deliveries over
 * HTTP, for callers that are not a JavaScript test. Run in-process (`runMock`); readiness is the banner written to
 * stdout, never a sleep.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_HELP, runMock } from '../../src/cli/mock.js';
import { endpointRows } from '../../src/endpoints.js';
import { PortfolioReporting } from '../../src/index.js';
import { WebhookVerifier } from '../../src/webhooks/index.js';

interface Running {
  url: string;
  output: () => string;
  stop: () => Promise<number>;
}

const running: Running[] = [];
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.stop();
});

/** `portfolio-reporting mock` in-process, resolved once its banner is written. */
async function start(args: string[]): Promise<Running> {
  const stop = new AbortController();
  let out = '';
  let ready: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => {
    ready = resolve;
  });
  const write = (text: string) => {
    out += text;
    const at = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (at && out.includes('(see --help)\n')) ready(at);
  };
  const exited = runMock(['--port', '0', ...args], { stdout: { write }, stderr: { write }, stop: stop.signal });
  const mock = {
    url: await Promise.race([url, exited.then((code) => Promise.reject(new Error(`exited ${code}: ${out}`)))]),
    output: () => out,
    stop: () => {
      stop.abort();
      return exited;
    },
  };
  running.push(mock);
  return mock;
}

const TOKEN = 'dev-token';

/** A call with the token and a JSON body: status and parsed body. */
async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, type: answer.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
}

const error = (status: number, detail: string) => ({ errors: [{ status, detail }] });

describe('portfolio-reporting mock: faults over HTTP', () => {
  it('POST /__mock/faults makes the next matching request fail; the SDK retries it and creates the record once', async () => {
    const mock = await start(['--token', TOKEN, '--seed', 'empty']);
    const fault = { status: 429, retryAfter: 0, method: 'POST', path: '/api/v2/clients' };
    expect(await call(`${mock.url}/__mock/faults`, 'POST', fault)).toEqual({
      status: 201,
      type: 'application/json',
      body: { fault: { ...fault, times: 1 } },
    });
    expect((await call(`${mock.url}/__mock/faults`, 'GET')).body).toEqual({ faults: [{ ...fault, times: 1 }] });

    const prs = new PortfolioReporting({ baseUrl: mock.url, accessToken: TOKEN, maxRetries: 2, logLevel: 'off' });
    const created = await prs.clients.create({ attributes: { name: 'Berg' } });
    expect(created.attributes?.name).toBe('Berg');
    const requests = mock
      .output()
      .split('\n')
      .filter((line) => / \d+\.\d ms$/.test(line))
      .map((line) => line.replace(/ \d+\.\d ms$/, ''));
    expect(requests).toEqual([
      'POST /__mock/faults 201',
      'GET /__mock/faults 200',
      'POST /api/v2/clients 429',
      'POST /api/v2/clients 201',
    ]);
    expect((await prs.clients.list()).map((client) => client.attributes?.name)).toEqual(['Berg']);
    expect((await call(`${mock.url}/__mock/faults`, 'GET')).body).toEqual({ faults: [] });
  });

  it('DELETE /__mock/faults removes them all and says how many', async () => {
    const mock = await start([]);
    await call(`${mock.url}/__mock/faults`, 'POST', { status: 503, times: 5 });
    await call(`${mock.url}/__mock/faults`, 'POST', { status: 500, method: 'GET' });
    expect(await call(`${mock.url}/__mock/faults`, 'DELETE')).toEqual({
      status: 200,
      type: 'application/json',
      body: { cleared: 2 },
    });
    expect((await call(`${mock.url}/api/v2/custodians`, 'GET')).status).toBe(200);
  });

  it('refuses a broken fault naming each field (400), and answers what is not a route, all as error documents', async () => {
    const mock = await start(['--token', TOKEN]);
    const faults = `${mock.url}/__mock/faults`;
    expect(await call(faults, 'POST', { status: 200, times: 'twice', when: 'now' })).toEqual({
      status: 400,
      type: 'application/json',
      body: error(
        400,
        'POST /__mock/faults: body.when: is not a known field here (accepted: status, retryAfter, times, method, path)',
      ),
    });
    expect((await call(faults, 'POST', { status: 200, times: 'twice' })).body).toEqual(
      error(
        400,
        'POST /__mock/faults: status: must be a whole number from 400 to 599 (an error status), got number 200; ' +
          'times: must be a whole number of 1 or more, got "twice"',
      ),
    );
    expect((await call(faults, 'POST')).body).toEqual(error(400, 'POST /__mock/faults: body: is required'));
    expect((await call(faults, 'POST', '{"status":')).body).toEqual(error(400, 'the request body is not valid JSON'));
    expect((await call(faults, 'POST', '{"status":503}', { 'content-type': 'text/plain' })).body).toEqual(
      error(415, 'Content-Type "text/plain" is not accepted: send application/json'),
    );
    expect(await call(faults, 'PATCH', { status: 503 })).toEqual({
      status: 405,
      type: 'application/json',
      body: error(405, 'the method PATCH is not allowed on /__mock/faults; allowed: GET, POST, DELETE'),
    });
    expect((await call(`${mock.url}/__mock/fault`, 'POST', { status: 503 })).body).toEqual(
      error(
        404,
        'no admin route POST /__mock/fault; the admin routes are GET, POST, DELETE /__mock/faults and POST /__mock/webhooks/deliveries',
      ),
    );
    expect(await call(faults, 'POST', { status: 503 }, { authorization: 'Bearer wrong' })).toEqual({
      status: 401,
      type: 'application/json',
      body: error(401, 'the access token is not valid'),
    });
    expect((await call(faults, 'GET')).body).toEqual({ faults: [] });
  });

  it('admin calls are not changes of the --state file', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-admin-')), 'state.json');
    const mock = await start(['--state', state, '--seed', 'empty']);
    await call(`${mock.url}/__mock/faults`, 'POST', { status: 503 });
    await call(`${mock.url}/__mock/faults`, 'DELETE');
    running.splice(running.indexOf(mock), 1);
    expect(await mock.stop()).toBe(0);
    expect(mock.output()).toContain(`State saved to ${state}: 0 changes since the mock started.`);
  });
});

/** A `node:http` receiver that verifies each delivery with `verifier` and answers 204, or 400 with the reason. */
async function receiver(verifier: () => WebhookVerifier) {
  const events: unknown[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      events.push(await verifier().verify(body, req.headers));
      res.writeHead(204).end();
    } catch (e) {
      res.writeHead(400).end((e as { reason?: string }).reason);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const event = { type: 'calculated_data.created', timestamp: '2024-05-01T08:00:00', data: { clientId: 'c1' } };

describe('portfolio-reporting mock: webhook deliveries over HTTP', () => {
  it('publishes the key it signs with, and POST /__mock/webhooks/deliveries delivers an event the receiver verifies', async () => {
    const mock = await start(['--token', TOKEN]);
    const kid = /webhooks signed with key (key_[A-Za-z0-9_-]+) \(/.exec(mock.output())?.[1];
    expect(mock.output()).toContain(
      `  webhooks signed with key ${kid} (${mock.url}/v2/webhooks/keys); admin routes under /__mock/ (see --help)\n`,
    );
    const keys = await call(`${mock.url}/v2/webhooks/keys`, 'GET');
    expect(keys.body.keys.map((key: { kid: string }) => key.kid)).toEqual([kid]);

    const verifier = new WebhookVerifier({ baseUrl: mock.url, accessToken: TOKEN });
    const hooks = await receiver(() => verifier);
    try {
      const delivered = await call(`${mock.url}/__mock/webhooks/deliveries`, 'POST', {
        url: hooks.url,
        event,
        id: 'msg_1',
      });
      expect(delivered).toEqual({
        status: 200,
        type: 'application/json',
        body: { status: 204, id: 'msg_1', timestamp: expect.any(Number), kid },
      });
      expect(hooks.events).toEqual([event]);
      // A delivery the receiver refuses is still delivered: its status is the receiver's.
      const stale = await call(`${mock.url}/__mock/webhooks/deliveries`, 'POST', {
        url: hooks.url,
        event,
        timestamp: 1,
      });
      expect(stale.body.status).toBe(400);
    } finally {
      await hooks.close();
    }
  });

  it('with --webhook-secret, signs v1 too: a receiver holding only the secret verifies it', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const mock = await start(['--webhook-secret', secret]);
    expect(mock.output()).toMatch(/webhooks signed with key key_\S+ and the secret \(/);
    expect(mock.output()).not.toContain('MfKQ9r8');
    const verifier = new WebhookVerifier({ secret, versions: [], loadKeys: async () => ({ keys: [] }) });
    const hooks = await receiver(() => verifier);
    try {
      const delivered = await call(`${mock.url}/__mock/webhooks/deliveries`, 'POST', { url: hooks.url, event });
      expect(delivered.body.status).toBe(204);
      expect(hooks.events).toEqual([event]);
    } finally {
      await hooks.close();
    }
  });

  it('answers 502 when the receiver cannot be reached, and 400 naming a broken field', async () => {
    const mock = await start([]);
    const hooks = await receiver(() => new WebhookVerifier({ baseUrl: mock.url }));
    await hooks.close(); // a port nothing listens on now
    const deliveries = `${mock.url}/__mock/webhooks/deliveries`;
    const unreachable = await call(deliveries, 'POST', { url: hooks.url, event });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.errors[0].detail).toMatch(
      /^mock\.webhooks\.deliver\(\): POST http:\/\/127\.0\.0\.1:\d+\/hooks failed: connect ECONNREFUSED [0-9.:]+ \(is the receiver listening there\?\)$/,
    );
    // A port fetch will not use is no refused connection: the hint would mislead, so it is not given.
    const blocked = await call(deliveries, 'POST', { url: 'http://127.0.0.1:9/hooks', event });
    expect([blocked.status, blocked.body.errors[0].detail]).toEqual([
      502,
      'mock.webhooks.deliver(): POST http://127.0.0.1:9/hooks failed: bad port',
    ]);
    expect((await call(deliveries, 'POST', { url: 'ftp://x', event })).body).toEqual(
      error(400, 'POST /__mock/webhooks/deliveries: url: must be an absolute http:// or https:// URL'),
    );
    expect((await call(deliveries, 'POST', { url: hooks.url, event: { n: 1 }, id: '', extra: 1 })).body).toEqual(
      error(
        400,
        'POST /__mock/webhooks/deliveries: body.extra: is not a known field here (accepted: url, event, id, timestamp)',
      ),
    );
    expect((await call(deliveries, 'POST', { url: hooks.url, id: '' })).body).toEqual(
      error(
        400,
        'POST /__mock/webhooks/deliveries: event: is required (an event object or a raw body string); id: must be a non-empty string, got ""',
      ),
    );
    expect((await call(deliveries, 'POST', [1])).body).toEqual(
      error(400, 'POST /__mock/webhooks/deliveries: body: must be an object { url, event }, got an array'),
    );
  });
});

describe('--help', () => {
  it('lists the admin routes, with a curl example that runs as shown (a continued line)', () => {
    for (const route of ['POST   /__mock/faults', 'GET    /__mock/faults', 'DELETE /__mock/faults'])
      expect(MOCK_HELP).toContain(`\n  ${route}  `);
    expect(MOCK_HELP).toContain('\n  POST   /__mock/webhooks/deliveries\n');
    expect(MOCK_HELP).toContain(
      "  curl -H 'Authorization: Bearer dev-token' -H 'Content-Type: application/json' \\\n" +
        '       -d \'{"status": 429, "retryAfter": 1, "path": "/api/v2/custodians"}\' http://127.0.0.1:4010/__mock/faults\n',
    );
  });
});

describe('the admin routes are not the service’s', () => {
  it('no endpoint of the service, nor the OpenAPI description the mock serves, is under /__mock/', async () => {
    expect(endpointRows().filter((row) => row.path.startsWith('/__mock'))).toEqual([]);
    const mock = await start([]);
    const openapi = await call(`${mock.url}/openapi.json`, 'GET');
    const paths = Object.keys(openapi.body.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => path.includes('__mock'))).toEqual([]);
  });
});
