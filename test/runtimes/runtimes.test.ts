/**
 * The built package (dist/index.js, dist/webhooks.js) on every runtime the README names, against the mock service
 * over real HTTP on 127.0.0.1. Each runtime runs the same scenario (scenario.mjs): create an instrument, the same
 * one again (303 See Other, `created: false`), retrieve, a list over three pages with `for await`, a 404 as
 * `NotFoundError`, and a P-256 webhook signed here in Node and verified there with WebCrypto. The scenario's result
 * comes back as one JSON line and is asserted here value by value, with every request the runtime sent.
 *
 * - Node (the one running vitest), Bun and Deno run `run.mjs` as a child process, importing dist/ by file URL;
 *   Deno with `--allow-net=127.0.0.1 --allow-read=<repo>` only, ky and zod from the local node_modules.
 * - edge-runtime (Vercel's Edge Runtime VM) and workerd (Cloudflare's runtime, `workerd test`) run the scenario
 *   bundled with dist/ by esbuild, as their bundlers do (`edge-light`/`workerd` export conditions).
 *
 * The runtimes are devDependencies (npm packages with their platform binaries). One missing makes its tests fail
 * under CI; elsewhere they are skipped with a message saying so, as test/browser does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSigner, type MockService, type RunningServer } from '../../src/testing/index.js';
import { PRICES, STOCK, scenarioMock } from '../helpers/scenario-mock.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUN = fileURLToPath(new URL('./run.mjs', import.meta.url));
const BIN = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const inCI = Boolean(process.env.CI);
/** The most one runtime may take for the whole scenario (startup included); it takes about a second. */
const RUN_LIMIT_MS = 60_000;

const devDependencies: Record<string, string> = JSON.parse(
  readFileSync(join(ROOT, 'package.json'), 'utf8'),
).devDependencies;
const installedVersion = (pkg: string): string | undefined => {
  const file = join(ROOT, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
};

const INSTRUMENT = { name: 'ASML Holding', securityIdentifier: 'NL0010273215', ccyCode: 'EUR', countryCode: 'NL' };
const MISSING_ID = 'ffffffffffffffffffffffff';
const EVENT = { type: 'calculated_data.created', timestamp: '2024-05-01T08:00:00', data: { clientId: 'client-7' } };

/** What the test hands the scenario (see scenario.mjs). */
interface ScenarioInput {
  sdk: string;
  webhooks: string;
  baseUrl: string;
  stockId: string;
  missingId: string;
  instrument: typeof INSTRUMENT;
  delivery: { body: string; headers: Record<string, string> };
  webhookNeedle: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes: waited on until they exit (the result line is their last output), killed past RUN_LIMIT_MS or
// in afterAll, never waited on with a sleep.

const children = new Set<ChildProcess>();

function runChild(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    const describeRun = (what: string) =>
      `${command} ${args.map((arg) => (arg.startsWith('{') ? "'<input JSON>'" : arg)).join(' ')} ${what}\n--- stdout\n${stdout.slice(-4000)}\n--- stderr\n${stderr.slice(-4000)}`;
    child.on('error', (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(new Error(describeRun(`could not start: ${error.message}`)));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(
            describeRun(signal ? `killed by ${signal} (limit ${RUN_LIMIT_MS} ms)` : `exited with code ${code}`),
          ),
        );
    });
  });
}

/** The scenario's result from a runtime's output: the one `SCENARIO_RESULT <JSON>` line. */
function parseResult(output: string): ScenarioResult {
  const line = output.split('\n').find((l) => l.startsWith('SCENARIO_RESULT '));
  if (!line) throw new Error(`no SCENARIO_RESULT line in the runtime's output:\n${output.slice(-4000)}`);
  return JSON.parse(line.slice('SCENARIO_RESULT '.length));
}

// ---------------------------------------------------------------------------------------------------------------
// Bundles for the runtimes that load one script: dist/ and the scenario, as the platform's bundler would.

async function bundle(entry: string, format: 'esm' | 'iife', conditions: string[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import * as sdk from './dist/index.js';
import * as webhooks from './dist/webhooks.js';
import { scenario } from './test/runtimes/scenario.mjs';
${entry}`,
      resolveDir: ROOT,
      sourcefile: 'runtime-entry.js',
    },
    bundle: true,
    platform: 'browser',
    conditions,
    format,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

let scratch: string | undefined;
/** A temporary directory for this file (workerd's config, Deno's cache), removed in afterAll. */
function scratchDir(): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'prs-runtimes-'));
  return scratch;
}

// ---------------------------------------------------------------------------------------------------------------
// The runtimes.

interface Runtime {
  /** The name scenario.mjs reports (from the runtime's own globals). */
  name: string;
  /** The version the runtime reports about itself, when it does. */
  reports: string | null;
  /** The version tested, for the title and the log line. */
  tested: string;
  /** Whether it is installed here. */
  available: boolean;
  /** How to get it when it is not. */
  install: string;
  run(input: ScenarioInput): Promise<ScenarioResult>;
}

const runtimes: Runtime[] = [
  {
    name: 'node',
    reports: process.versions.node,
    tested: process.versions.node,
    available: true,
    install: '',
    run: async (input) => parseResult(await runChild(process.execPath, [RUN, JSON.stringify(input)])),
  },
  {
    name: 'bun',
    reports: installedVersion('bun') ?? null,
    tested: installedVersion('bun') ?? `${devDependencies.bun} (not installed)`,
    available: existsSync(BIN('bun')) && installedVersion('bun') !== undefined,
    install: `npm ci (the devDependency bun@${devDependencies.bun} brings its platform binary)`,
    // --no-install: packages come from node_modules, never fetched by Bun itself.
    run: async (input) => parseResult(await runChild(BIN('bun'), ['--no-install', RUN, JSON.stringify(input)])),
  },
  {
    name: 'deno',
    reports: installedVersion('deno') ?? null,
    tested: installedVersion('deno') ?? `${devDependencies.deno} (not installed)`,
    available: existsSync(BIN('deno')) && installedVersion('deno') !== undefined,
    install: `npm ci (the devDependency deno@${devDependencies.deno} brings @deno/linux-x64-glibc)`,
    run: async (input) =>
      parseResult(
        await runChild(
          BIN('deno'),
          [
            'run',
            // Bare imports (ky, zod) resolve from the local node_modules as installed by npm; Deno installs nothing.
            '--node-modules-dir=manual',
            '--no-prompt',
            // Only what the scenario needs: the mock on 127.0.0.1, and reading dist/ (imported by file URL).
            '--allow-net=127.0.0.1',
            `--allow-read=${ROOT}`,
            RUN,
            JSON.stringify(input),
          ],
          { env: { DENO_DIR: join(scratchDir(), 'deno'), DENO_NO_UPDATE_CHECK: '1' } },
        ),
      ),
  },
  {
    name: 'edge-runtime',
    // The global `EdgeRuntime` is the string 'edge-runtime': the version is the package's.
    reports: 'edge-runtime',
    tested: installedVersion('edge-runtime') ?? `${devDependencies['edge-runtime']} (not installed)`,
    available: installedVersion('edge-runtime') !== undefined,
    install: `npm ci (the devDependency edge-runtime@${devDependencies['edge-runtime']})`,
    run: async (input) => {
      const code = await bundle(
        'globalThis.runScenario = async (input) => JSON.stringify(await scenario({ sdk, webhooks }, JSON.parse(input)));',
        'iife',
        ['edge-light', 'worker', 'browser'],
      );
      const { EdgeRuntime } = await import('edge-runtime');
      const vm = new EdgeRuntime({ initialCode: code });
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`edge-runtime: no result in ${RUN_LIMIT_MS} ms`)), RUN_LIMIT_MS);
      });
      try {
        const text = await Promise.race([
          vm.evaluate<Promise<string>>(`runScenario(${JSON.stringify(JSON.stringify(input))})`),
          limit,
        ]);
        return JSON.parse(text);
      } finally {
        clearTimeout(timer);
      }
    },
  },
  {
    name: 'workerd',
    // A worker sees no version of its runtime (navigator.userAgent is 'Cloudflare-Workers').
    reports: null,
    tested: installedVersion('workerd') ?? `${devDependencies.workerd} (not installed)`,
    available: existsSync(BIN('workerd')) && installedVersion('workerd') !== undefined,
    install: `npm ci (the devDependency workerd@${devDependencies.workerd} brings @cloudflare/workerd-linux-64)`,
    run: async (input) => {
      // `workerd test` runs the worker's test() handler once and exits: no port, no server to wait for.
      const dir = mkdtempSync(join(scratchDir(), 'workerd-'));
      const code = await bundle(
        `export default {
  async test(controller, env) {
    console.log('SCENARIO_RESULT ' + JSON.stringify(await scenario({ sdk, webhooks }, env.INPUT)));
  },
};`,
        'esm',
        ['workerd', 'worker', 'browser'],
      );
      writeFileSync(join(dir, 'worker.js'), code);
      writeFileSync(join(dir, 'input.json'), JSON.stringify(input));
      // The default outbound network reaches public addresses only: 127.0.0.1 needs a network service that allows
      // "local" ones, and nothing else.
      writeFileSync(
        join(dir, 'config.capnp'),
        `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "scenario", worker = .scenarioWorker),
    (name = "loopback", network = (allow = ["local"])),
  ],
);

const scenarioWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2026-11-01",
  bindings = [(name = "INPUT", json = embed "input.json")],
  globalOutbound = "loopback",
);
`,
      );
      return parseResult(await runChild(BIN('workerd'), ['test', 'config.capnp'], { cwd: dir }));
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// A recording proxy in front of the mock: every request a runtime sends, with the status it got. The Host header
// is passed on, so links.next and Location point back at the proxy.

interface RecordingProxy {
  url: string;
  log: string[];
  close(): Promise<void>;
}

async function startProxy(target: RunningServer): Promise<RecordingProxy> {
  const { hostname, port } = new URL(target.url);
  const log: string[] = [];
  const server = createServer((req, res) => {
    const upstream = request({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      log.push(`${req.method} ${decodeURI(req.url ?? '')} ${answer.statusCode}`);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      log.push(`${req.method} ${req.url} proxy error: ${error.message}`);
      res.destroy(error);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------

interface ScenarioResult {
  runtime: { name: string; version: string | null };
  create: unknown;
  duplicate: unknown;
  retrieve: unknown;
  list: unknown;
  notFound: unknown;
  webhook: unknown;
  clientWebhook: unknown;
}

for (const runtime of runtimes) {
  // The one case a runtime may be skipped: a developer machine without it. Under CI a missing runtime fails.
  const skip = !runtime.available && !inCI;
  const title = skip
    ? `${runtime.name} (SKIPPED: not installed; ${runtime.install})`
    : `the built package on ${runtime.name} ${runtime.tested}`;
  if (skip) console.warn(`test/runtimes: ${title}`);

  describe.skipIf(skip)(title, () => {
    let mock: MockService;
    let api: RunningServer;
    let proxy: RecordingProxy;
    let stockId = '';
    let result: ScenarioResult;

    beforeAll(async () => {
      if (!runtime.available) {
        throw new Error(
          `CI is set and ${runtime.name} is not installed: ${runtime.install}. The runtimes test never skips in CI.`,
        );
      }
      for (const file of ['dist/index.js', 'dist/webhooks.js']) {
        if (!existsSync(join(ROOT, file)))
          throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
      }
      const signer = createWebhookSigner();
      ({ mock, stockId } = scenarioMock(signer));
      api = await mock.listen({ port: 0 });
      proxy = await startProxy(api);
      const delivery = await signer.sign(EVENT);
      const started = performance.now();
      result = await runtime.run({
        sdk: pathToFileURL(join(ROOT, 'dist/index.js')).href,
        webhooks: pathToFileURL(join(ROOT, 'dist/webhooks.js')).href,
        baseUrl: proxy.url,
        stockId,
        missingId: MISSING_ID,
        instrument: INSTRUMENT,
        delivery: { body: delivery.body, headers: { ...delivery.headers } },
        webhookNeedle: 'client-7',
      });
      console.info(
        `test/runtimes: ${runtime.name} ${runtime.tested}: scenario ran in ${Math.round(performance.now() - started)} ms`,
      );
    }, 2 * RUN_LIMIT_MS);

    afterAll(async () => {
      await proxy?.close();
      await api?.close();
    });

    it('runs on that runtime', () => {
      expect(result.runtime).toEqual({ name: runtime.name, version: runtime.reports });
    });

    it('creates an instrument: 201, created: true', () => {
      expect(result.create).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: INSTRUMENT.name,
        created: true,
        status: 201,
      });
      expect(mock.store.instruments.findByIdentifier(INSTRUMENT.securityIdentifier, 'EUR')?.id).toBe(
        (result.create as { id: string }).id,
      );
    });

    it('creates the same instrument again: the 303 is followed with a GET, created: false, the existing one unchanged', () => {
      const { id } = result.create as { id: string };
      expect(result.duplicate).toEqual({ id, name: INSTRUMENT.name, created: false, status: 200 });
      expect(proxy.log.slice(0, 3)).toEqual([
        'POST /api/v3/instruments 201',
        'POST /api/v3/instruments 303',
        `GET /api/v3/instruments/${id} 200`,
      ]);
    });

    it('retrieves the seeded instrument', () => {
      expect(result.retrieve).toEqual({
        id: stockId,
        type: 'stock-instrument',
        attributes: STOCK,
      });
    });

    it('lists five prices over three pages with for await, following links.next', () => {
      expect(result.list).toEqual(PRICES.map(([date, value]) => [date, value]));
      const path = `/api/v3/instruments/${stockId}/prices`;
      expect(proxy.log.filter((line) => line.includes('/prices'))).toEqual([
        `GET ${path} 200`,
        `GET ${path}?page[offset]=2 200`,
        `GET ${path}?page[offset]=4 200`,
      ]);
    });

    it('maps a 404 to NotFoundError, instanceof included, with the service’s detail and request id', () => {
      const requestId = (result.notFound as { requestId?: unknown }).requestId;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(result.notFound).toEqual({
        name: 'NotFoundError',
        notFound: true,
        base: true,
        status: 404,
        errors: [{ status: 404, detail: `instrument ${MISSING_ID} not found` }],
        requestId,
        message: `GET ${proxy.url}/api/v3/instruments/${MISSING_ID} failed with 404: instrument ${MISSING_ID} not found (request id ${requestId})`,
      });
    });

    it('verifies a P-256 webhook signed in Node with its WebCrypto, keys fetched once from the mock; a tampered body is refused', () => {
      expect(result.webhook).toEqual({
        verified: EVENT,
        tampered: { reason: 'no_matching_signature' },
        subtle: 'function',
      });
    });

    it('verifies the same webhook through the client, which loads its verifier on that first verify', () => {
      expect(result.clientWebhook).toEqual({ verified: EVENT });
    });

    it('sent exactly the scenario’s requests: no retry, no extra request', () => {
      const { id } = result.create as { id: string };
      const prices = `/api/v3/instruments/${stockId}/prices`;
      expect(proxy.log).toEqual([
        'POST /api/v3/instruments 201',
        'POST /api/v3/instruments 303',
        `GET /api/v3/instruments/${id} 200`,
        `GET /api/v3/instruments/${stockId} 200`,
        `GET ${prices} 200`,
        `GET ${prices}?page[offset]=2 200`,
        `GET ${prices}?page[offset]=4 200`,
        `GET /api/v3/instruments/${MISSING_ID} 404`,
        'GET /v2/webhooks/keys 200',
        'GET /v2/webhooks/keys 200', // the client's verifier, with its own key cache
      ]);
    });
  });
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
