/**
 * The built ESM bundle (dist/index.js, dist/webhooks.js) in headless Chromium against the mock service over
 * real HTTP on 127.0.0.1. The page is served from another origin than the mock, so every call is a real
 * CORS request (with preflights). Values come back into Node through `page.evaluate` and are asserted here.
 *
 * Chromium is Debian's package (/usr/bin/chromium), driven by playwright-core. Without it the file skips
 * outside CI and fails under CI (`.ci/run` installs it).
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../../src/index.js';
import { createWebhookSigner, type MockService, type RunningServer } from '../../src/testing/index.js';
import type * as Webhooks from '../../src/webhooks/index.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { PRICES, STOCK, scenarioMock } from '../helpers/scenario-mock.js';

/** The page's window (functions given to `page.evaluate` run there): the bundle's exports, set by its module script. */
declare const window: Window & { prs: { sdk: typeof Sdk; webhooks: typeof Webhooks } };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Debian's chromium: /usr/bin/chromium, or `chromium` elsewhere on PATH. */
function findChromium(): string | undefined {
  const dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  return dirs.map((dir) => join(dir, 'chromium')).find((path) => existsSync(path));
}

const executablePath = findChromium();
const inCI = Boolean(process.env.CI);
// The one case this file may skip: a developer machine without Chromium. Under CI a missing browser fails.
const skip = !executablePath && !inCI;
const title = skip
  ? 'browser (SKIPPED: no chromium on PATH or at /usr/bin/chromium; apt-get install -y chromium)'
  : 'the ESM bundle in headless Chromium';
if (skip) console.warn(`test/browser: ${title}`);

const MISSING_IN_CI =
  'CI is set and Chromium is missing: install it (`apt-get install -y chromium`; .ci/run does). The browser test never skips in CI.';
/**
 * The page: imports the bundle, exposes its exports to `page.evaluate` as `window.prs`, and says so itself by
 * calling `prsLoaded` (a function of this file, given to the page by `page.exposeFunction`): with `null` once
 * `window.prs` is set, or with the reason the import failed.
 */
const PAGE = `<!doctype html><title>prs</title><script type="module">
import("/prs.js").then(
  (prs) => { window.prs = prs; return window.prsLoaded(null); },
  (error) => window.prsLoaded(String(error && error.stack || error)),
);
</script>`;

/** dist/index.js and dist/webhooks.js bundled for the browser (zod inlined) as one ES module. */
async function bundle(): Promise<string> {
  for (const file of ['dist/index.js', 'dist/webhooks.js']) {
    if (!existsSync(join(ROOT, file)))
      throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
  }
  const result = await build({
    stdin: {
      contents: "export * as sdk from './dist/index.js';\nexport * as webhooks from './dist/webhooks.js';",
      resolveDir: ROOT,
      sourcefile: 'browser-entry.js',
    },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

interface SeenRequest {
  method: string;
  url: URL;
  /** The Origin header as sent (Playwright reads it from the network, hence a promise). */
  origin: Promise<string | null>;
  redirectedFrom: string | undefined;
}

describe.skipIf(skip)(title, () => {
  let mock: MockService;
  let api: RunningServer;
  let site: TestServer;
  let browser: Browser;
  let page: Page;
  let stockId: string;
  const signer = createWebhookSigner();
  /** Every request the page sent to the mock (preflights are not reported). */
  const seen: SeenRequest[] = [];
  const toMock = (from: number) => seen.slice(from).map((r) => `${r.method} ${r.url.pathname}${r.url.search}`);

  /** What the set-up starts, awaited again by `afterAll`, which closes whatever came up (also after a failure). */
  let starting: Promise<{ close(): Promise<void> }>[] = [];
  /** The set-up step under way, reported by `afterAll` when the set-up did not finish. */
  let step = 'not started';

  // No step below waits on a clock. Each ends on an event: Chromium printing its DevTools endpoint (launch),
  // a socket listening, esbuild's output, the page's own `prsLoaded` call. Playwright's own timeouts are off
  // (`timeout: 0`) where a step already waits on one; a failure (Chromium exiting, the page crashing, the
  // import failing) ends its step at once with the reason. A slow machine makes the set-up slower, never wrong.
  // Chromium starts while esbuild bundles and the two servers come up: its start is the longest step.
  beforeAll(async () => {
    if (!executablePath) throw new Error(MISSING_IN_CI);
    ({ mock, stockId } = scenarioMock(signer));
    step = 'starting Chromium, bundling, starting the servers';
    const launching = chromium.launch({ executablePath, args: CHROMIUM_FLAGS, timeout: 0 });
    const listening = mock.listen({ port: 0 });
    const serving = bundle().then((code) =>
      startServer((req, res) => {
        if (req.url === '/prs.js') {
          res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(code);
        } else if (req.url === '/') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        } else {
          res.writeHead(404).end();
        }
      }),
    );
    starting = [launching, listening, serving];
    [browser, api, site] = await Promise.all([launching, listening, serving]);

    step = 'opening a page';
    page = await browser.newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === api.url) {
        seen.push({
          method: request.method(),
          url,
          origin: request.headerValue('origin'),
          redirectedFrom: request.redirectedFrom()?.method(),
        });
      }
    });
    let report: (error: string | null) => void = () => {};
    const loaded = new Promise<void>((resolve, reject) => {
      const fail = (reason: string) => reject(new Error(`the bundle did not load in the page: ${reason}`));
      report = (error) => (error === null ? resolve() : fail(error));
      page.on('pageerror', (error) => fail(error.message));
      page.on('crash', () => fail('the page crashed'));
      page.on('close', () => fail('the page was closed'));
    });
    await page.exposeFunction('prsLoaded', (error: string | null) => report(error));

    step = 'loading the page and the bundle';
    // `commit`: goto ends when the response starts to arrive; readiness is the page's own prsLoaded call.
    await Promise.all([loaded, page.goto(`${site.url}/`, { waitUntil: 'commit', timeout: 0 })]);
    step = 'done';
  }, 120_000); // a backstop for a hang only: set-up takes 2–5 s on the shared 2-core machine under load

  afterAll(async () => {
    if (executablePath && step !== 'done') console.error(`test/browser: the set-up did not finish: ${step}`);
    await Promise.all(starting.map(async (started) => (await started.catch(() => undefined))?.close()));
  });

  it('loads the bundle from its own origin, not the mock’s', async () => {
    expect(new URL(site.url).origin).not.toBe(new URL(api.url).origin);
    expect(
      await page.evaluate(() => [
        typeof window.prs.sdk.PortfolioReporting,
        typeof window.prs.webhooks.WebhookVerifier,
        location.origin,
      ]),
    ).toEqual(['function', 'function', site.url]);
  });

  it('retrieves a seeded instrument across origins', async () => {
    const from = seen.length;
    const got = await page.evaluate(
      async ({ baseUrl, id }) => {
        const prs = new window.prs.sdk.PortfolioReporting({ baseUrl, accessToken: 'browser-token', maxRetries: 0 });
        return prs.instruments.retrieve(id);
      },
      { baseUrl: api.url, id: stockId },
    );
    expect(got).toEqual({
      id: stockId,
      type: 'stock-instrument',
      attributes: STOCK,
    });
    expect(toMock(from)).toEqual([`GET /api/v3/instruments/${stockId}`]);
    expect(await seen[from]?.origin).toBe(site.url);
  });

  it('lists prices page by page, following links.next, and gets every one', async () => {
    const from = seen.length;
    const prices = await page.evaluate(
      async ({ baseUrl, id }) => {
        const prs = new window.prs.sdk.PortfolioReporting({ baseUrl, accessToken: 'browser-token', maxRetries: 0 });
        const out: [string, number][] = [];
        for await (const price of prs.instruments.prices.list(id))
          out.push([price.attributes.date, price.attributes.value]);
        return out;
      },
      { baseUrl: api.url, id: stockId },
    );
    expect(prices).toEqual(PRICES.map(([date, value]) => [date, value]));
    // Five prices in pages of two: three requests, the later ones at the offsets links.next named.
    const path = `/api/v3/instruments/${stockId}/prices`;
    expect(toMock(from).map(decodeURI)).toEqual([
      `GET ${path}`,
      `GET ${path}?page[offset]=2`,
      `GET ${path}?page[offset]=4`,
    ]);
  });

  it('creates an instrument (201, created: true), and the same one again answers 303 → created: false through the followed redirect', async () => {
    const from = seen.length;
    const [fresh, again] = await page.evaluate(
      async ({ baseUrl }) => {
        const prs = new window.prs.sdk.PortfolioReporting({ baseUrl, accessToken: 'browser-token', maxRetries: 0 });
        const input = {
          type: 'stock-instrument',
          attributes: { name: 'ASML Holding', securityIdentifier: 'NL0010273215', ccyCode: 'EUR', countryCode: 'NL' },
        } as const;
        const run = async (name: string) => {
          const r = await prs.instruments
            .create({ ...input, attributes: { ...input.attributes, name } })
            .withResponse();
          return {
            id: r.data.id,
            name: (r.data.attributes as Record<string, unknown>).name,
            created: r.created,
            status: r.response.status,
            redirected: r.response.redirected,
            url: r.response.url,
          };
        };
        return [await run('ASML Holding'), await run('ASML again')];
      },
      { baseUrl: api.url },
    );
    expect(fresh).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'ASML Holding',
      created: true,
      status: 201,
      redirected: false,
      url: `${api.url}/api/v3/instruments`,
    });
    // The existing instrument, unchanged: the browser followed the 303 with a GET of its Location.
    expect(again).toEqual({
      id: fresh.id,
      name: 'ASML Holding',
      created: false,
      status: 200,
      redirected: true,
      url: `${api.url}/api/v3/instruments/${fresh.id}`,
    });
    expect(seen.slice(from).map((r) => [r.method, r.url.pathname, r.redirectedFrom])).toEqual([
      ['POST', '/api/v3/instruments', undefined],
      ['POST', '/api/v3/instruments', undefined],
      ['GET', `/api/v3/instruments/${fresh.id}`, 'POST'],
    ]);
    expect(mock.store.instruments.findByIdentifier('NL0010273215', 'EUR')?.id).toBe(fresh.id);
  });

  it('maps a 404 to NotFoundError (instanceof inside the page) with the service’s detail', async () => {
    const missing = 'ffffffffffffffffffffffff';
    const error = await page.evaluate(
      async ({ baseUrl, id }) => {
        const { PortfolioReporting, NotFoundError, APIError, PortfolioReportingError } = window.prs.sdk;
        const prs = new PortfolioReporting({ baseUrl, accessToken: 'browser-token', maxRetries: 0 });
        try {
          await prs.instruments.retrieve(id);
          return 'resolved';
        } catch (e) {
          if (!(e instanceof APIError)) return `not an APIError: ${String(e)}`;
          return {
            name: e.name,
            notFound: e instanceof NotFoundError,
            base: e instanceof PortfolioReportingError,
            status: e.status,
            errors: e.errors,
            requestId: e.requestId,
            message: e.message,
          };
        }
      },
      { baseUrl: api.url, id: missing },
    );
    // x-request-id is readable only because the mock lists it in access-control-expose-headers.
    const requestId = typeof error === 'object' ? error.requestId : undefined;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error).toEqual({
      name: 'NotFoundError',
      notFound: true,
      base: true,
      status: 404,
      errors: [{ status: 404, detail: `instrument ${missing} not found` }],
      requestId,
      message: `GET ${api.url}/api/v3/instruments/${missing} failed with 404: instrument ${missing} not found (request id ${requestId})`,
    });
  });

  it('verifies a delivery signed in Node with the browser’s WebCrypto, keys fetched from the mock; a tampered body is refused', async () => {
    const event = { type: 'calculated_data.created', timestamp: '2024-05-01T08:00:00', data: { clientId: 'client-7' } };
    const delivery = await signer.sign(event);
    const from = seen.length;
    const result = await page.evaluate(
      async ({ baseUrl, body, headers }) => {
        const { WebhookVerifier, WebhookVerificationError } = window.prs.webhooks;
        const verifier = new WebhookVerifier({ baseUrl, accessToken: 'browser-token' });
        const verified = await verifier.verify(body, new Headers(headers));
        let tampered: unknown;
        try {
          await verifier.verify(body.replace('client-7', 'client-8'), headers);
          tampered = 'accepted';
        } catch (e) {
          tampered =
            e instanceof WebhookVerificationError
              ? { reason: e.reason }
              : `not a WebhookVerificationError: ${String(e)}`;
        }
        return { verified, tampered };
      },
      { baseUrl: api.url, body: delivery.body, headers: delivery.headers },
    );
    expect(result).toEqual({ verified: event, tampered: { reason: 'no_matching_signature' } });
    // One keys request for both verifications: the key set is cached.
    expect(toMock(from)).toEqual(['GET /v2/webhooks/keys']);
  });
});
