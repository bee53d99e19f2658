/**
 * `portfolio-reporting mock`: the stateful mock service as a standalone HTTP server, for anyone who is not a
 * JavaScript test (a mobile app, a Python script, `curl`). The same implementation as `createMockService()`
 * in-process: same rules, same errors. With `--state FILE` the records are loaded at start and saved as they
 * change (`StateSaver`: at most one save at a time) and at the stop, so a session can be resumed.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { checkSettings } from '../core/settings.js';
import { type Dispatcher, serve } from '../testing/http/server.js';
import {
  createMockService,
  createWebhookSigner,
  type ListenOptions,
  type RunningServer,
  restoreSnapshot,
  type Seed,
  seedDemo,
  snapshotOf,
} from '../testing/index.js';
import { checkSignerOptions } from '../testing/options.js';
import { dispatcherOf } from '../testing/service.js';
import { SnapshotError } from '../testing/store/store.js';
import { count } from './count.js';
import { ADMIN_PREFIX, adminRoutes } from './mock-admin.js';
import { parseOptions, quoted, UsageError, usage } from './options.js';

export const MOCK_HELP = `Usage: portfolio-reporting mock [options]

Serves the stateful mock of the Portfolio Reporting Service over HTTP until Ctrl-C.

Options:
  --port <n>        the port (default 4010; 0 picks a free one)
  --host <host>     the interface to listen on (default 127.0.0.1)
  --seed <name>     demo (a client, an account, two stocks and a fund; default) or empty
  --token <token>   the only bearer token accepted (default: any non-empty token)
  --state <file>    load the records from this JSON file at start (when it exists), save them as they change
                    (one save at a time, the next one at least 100 ms later) and when stopped
  --webhook-secret <whsec_…>
                    also sign deliveries with this Standard Webhooks secret (a v1 HMAC entry beside v1a)
  -h, --help        this help

Every request is logged as one line: method, path, status, milliseconds (the values of
credential query parameters such as access_token or api_key masked as ***).

Webhooks: the mock signs with a P-256 key made at start, published at GET /v2/webhooks/keys.

Admin routes (plain JSON, the same token as the service's routes; never paths of the service):
  POST   /__mock/faults       fail the next matching request(s): {"status": 503, "retryAfter": 2,
                              "times": 1, "method": "POST", "path": "/api/v2/clients"}; status 400-599
                              required, the rest optional (times 1; path exact, or a prefix ending in *)
  GET    /__mock/faults       the faults still waiting
  DELETE /__mock/faults       removes them all
  POST   /__mock/webhooks/deliveries
                              {"url": "http://127.0.0.1:3000/hooks", "event": {...}}: signs the event and
                              POSTs it to url; answers {"status", "id", "timestamp", "kid"}, status being
                              the receiver's (502 when it cannot be reached)

Examples:
  npx portfolio-reporting mock --port 4010 --token dev-token
  curl -H 'Authorization: Bearer dev-token' http://127.0.0.1:4010/api/v2/custodians
  curl -H 'Authorization: Bearer dev-token' -H 'Content-Type: application/json' \\
       -d '{"status": 429, "retryAfter": 1, "path": "/api/v2/custodians"}' http://127.0.0.1:4010/__mock/faults
`;

const SEEDS: Record<string, Seed | undefined> = { demo: seedDemo, empty: undefined };

/** Where the command writes, and what stops it. */
export interface MockIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Aborted on SIGINT/SIGTERM: the server closes and the command resolves with 0. */
  stop: AbortSignal;
}

/**
 * Why the mock cannot start, other than its arguments (a port in use, a `--state` file that is not JSON): printed
 * without the usage hint, exit 2.
 */
export class StartError extends Error {
  override name = 'StartError';
}

/**
 * Runs the mock until `io.stop` aborts; resolves to the exit code: 0 stopped, 1 the last save failed, 2 it could not
 * start (the reason on stderr, with the usage hint for a usage error).
 */
export async function runMock(argv: string[], io: MockIO): Promise<number> {
  try {
    return await serveMock(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof StartError)) throw error;
    const hint = error instanceof UsageError ? 'Run portfolio-reporting mock --help for usage.\n' : '';
    io.stderr.write(`error: ${error.message}\n${hint}`);
    return 2;
  }
}

async function serveMock(argv: string[], io: MockIO): Promise<number> {
  const options = parseMockArgs(argv);
  if (options === 'help') {
    io.stdout.write(MOCK_HELP);
    return 0;
  }
  // Created at start, on by default: the service always publishes its keys, and a receiver can be tested at once.
  const signer = createWebhookSigner({ secret: options.webhookSecret });
  const mock = createMockService({ seed: SEEDS[options.seed], accessToken: options.token, signers: [signer] });
  /** The records a `--state` file held, when the mock resumed from it (the seed is then not used). */
  let resumed: number | undefined;
  if (options.state && existsSync(options.state)) {
    const snapshot = readState(options.state);
    try {
      restoreSnapshot(mock.store, snapshot);
    } catch (error) {
      if (error instanceof SnapshotError) throw new StartError(`--state ${options.state}: ${error.problem}`);
      throw error;
    }
    resumed = Object.values(snapshotOf(mock.store).tables).reduce((n, records) => n + records.length, 0);
  }
  const saver = options.state
    ? new StateSaver(
        options.state,
        () => JSON.stringify(snapshotOf(mock.store)),
        (line) => io.stderr.write(line),
      )
    : undefined;
  // Saved at once: a path that cannot be written is refused now, not found out at the first change.
  if (saver && options.state)
    try {
      saver.saveNow();
    } catch (error) {
      throw new StartError(`--state ${options.state} cannot be written (${fileProblem(error)})`);
    }
  const server = await listen(
    mock,
    options,
    {
      onRequest: ({ method, path, status, ms }) => io.stdout.write(`${method} ${path} ${status} ${ms.toFixed(1)} ms\n`),
    },
    saver && (() => saver.changed()),
  );
  const token = options.token ?? 'any non-empty token';
  const from =
    resumed !== undefined
      ? `resumed from ${options.state}: ${count(resumed, 'record')}`
      : `seed ${options.seed}${options.state ? `, state ${options.state}` : ''}`;
  io.stdout.write(
    `Mock Portfolio Reporting Service at ${server.url} (${from})\n` +
      `  export PRS_BASE_URL=${server.url} PRS_ACCESS_TOKEN=${options.token ?? 'dev-token'}\n` +
      `  token: ${token}; Ctrl-C to stop\n` +
      `  webhooks signed with key ${signer.kid}${options.webhookSecret ? ' and the secret' : ''} (${server.url}/v2/webhooks/keys); admin routes under ${ADMIN_PREFIX} (see --help)\n`,
  );
  await new Promise<void>((resolve) => {
    if (io.stop.aborted) resolve();
    else io.stop.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
  const saved = (await saver?.finish()) ?? true;
  if (saver && saved)
    io.stdout.write(`State saved to ${options.state}: ${count(saver.changes, 'change')} since the mock started.\n`);
  io.stdout.write('Mock stopped.\n');
  return saved ? 0 : 1;
}

/** The methods that change nothing. */
const READS = ['GET', 'HEAD', 'OPTIONS'];

/** The shortest pause between two saves, and how many times its own length the last save makes the next pause. */
const MIN_PAUSE_MS = 100;
const PAUSE_FACTOR = 4;

/**
 * Saves `--state` at a cost bounded per change: a change only marks the state changed; at most one save is in flight,
 * and the changes made meanwhile go into the next one, which starts after a pause of 100 ms or four times the last
 * save's length, whichever is longer (so saving takes at most a fifth of the time however large the state). Each save
 * is written to `FILE.tmp`, flushed to the disk and renamed over FILE, so FILE always holds a complete save: after a
 * `kill -9`, the last one completed. `finish()` (on SIGINT/SIGTERM) saves once more, at once.
 */
class StateSaver {
  /** Writes the mock accepted since it started (each one saved by the save after it). */
  changes = 0;
  private pending = false;
  private running: Promise<void> | undefined;
  private next = 0;
  private wake: (() => void) | undefined;
  private finishing = false;
  /** The reason of the failure reported last, until a save succeeds again (one report per run of failures). */
  private failure: string | undefined;

  constructor(
    private readonly file: string,
    private readonly text: () => string,
    private readonly report: (line: string) => void,
  ) {}

  /** Saves synchronously (at start); throws the file system's error. */
  saveNow(): void {
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, this.text());
    renameSync(temporary, this.file);
  }

  /** A change was made: it is saved by the save that starts next. */
  changed(): void {
    this.changes++;
    this.pending = true;
    this.running ??= this.run();
  }

  /** Ends the pause, waits for the save in flight, and saves once more; resolves whether that last save succeeded. */
  async finish(): Promise<boolean> {
    this.finishing = true;
    this.wake?.();
    await this.running;
    return this.save();
  }

  private async run(): Promise<void> {
    while (this.pending && !this.finishing) {
      const pause = this.next - performance.now();
      if (pause > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
        if (this.finishing) break;
      }
      this.pending = false;
      const started = performance.now();
      await this.save();
      const ended = performance.now();
      this.next = ended + Math.max(MIN_PAUSE_MS, PAUSE_FACTOR * (ended - started));
    }
    this.running = undefined;
  }

  /** One save; a failure is reported on stderr (once until a save succeeds again), never thrown. */
  private async save(): Promise<boolean> {
    const temporary = `${this.file}.tmp`;
    try {
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(this.text());
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.file);
      if (this.failure) this.report(`--state ${this.file}: saved again\n`);
      this.failure = undefined;
      return true;
    } catch (error) {
      const reason = fileProblem(error);
      if (this.failure !== reason) this.report(`--state ${this.file}: the state could not be saved (${reason})\n`);
      this.failure = reason;
      return false;
    }
  }
}

/** The state file's JSON; a file that cannot be read or is not JSON is a `StartError` saying so. */
function readState(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new StartError(`--state ${file} cannot be read (${fileProblem(error)})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StartError(`--state ${file} is not valid JSON (${(error as Error).message})`);
  }
}

/** A file system error's reason in words (its code when it has none here). */
function fileProblem(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  const why: Record<string, string> = {
    ENOENT: 'its directory does not exist',
    ENOTDIR: 'a part of its path is not a directory',
    EISDIR: 'it is a directory',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space is left on the device',
  };
  return why[code] ?? (code || (error as Error).message);
}

/**
 * What `mock.listen()` serves, with the admin routes in front (src/cli/mock-admin.ts); its failures worded: a port
 * in use, a port the user may not take, a host that is not here. `changed` hears of each change to the records: a
 * write the service accepted (2xx; a 303 answers a duplicate create with the record already there). It watches the
 * service's answers alone: the admin routes change no record.
 */
async function listen(
  mock: ReturnType<typeof createMockService>,
  options: MockArgs,
  rest: Omit<ListenOptions, 'port' | 'host'>,
  changed?: () => void,
): Promise<RunningServer> {
  const { port, host } = options;
  const admin = adminRoutes(mock, options.token);
  const dispatch = dispatcherOf(mock);
  const service: Dispatcher = changed
    ? async (request) => {
        const response = await dispatch(request);
        const status = response?.status ?? 0;
        if (!READS.includes(request.method) && status >= 200 && status < 300) changed();
        return response;
      }
    : dispatch;
  try {
    return await serve(async (request) => (await admin(request)) ?? service(request), { ...rest, port, host });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const free = 'choose another with --port, or --port 0 for any free one';
    if (code === 'EADDRINUSE') throw new StartError(`port ${port} on ${host} is in use: ${free}`);
    if (code === 'EACCES') throw new StartError(`port ${port} on ${host} is not open to this user: ${free}`);
    if (code === 'EADDRNOTAVAIL') throw new StartError(`--host ${host} is not an address of this machine`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      throw new StartError(`--host ${host} is not an address, nor a name this machine resolves`);
    throw new StartError(`the mock cannot listen on port ${port} of ${host} (${code ?? (error as Error).message})`);
  }
}

interface MockArgs {
  port: number;
  host: string;
  seed: string;
  token?: string;
  state?: string;
  webhookSecret?: string;
}

const MOCK_OPTIONS = {
  port: 'value',
  host: 'value',
  seed: 'value',
  token: 'value',
  state: 'value',
  'webhook-secret': 'value',
  help: 'flag',
} as const;

function parseMockArgs(argv: string[]): MockArgs | 'help' {
  const { values, positionals } = parseOptions(argv, MOCK_OPTIONS);
  if (values.help) return 'help';
  if (positionals.length) throw new UsageError(`mock takes no arguments, got ${quoted(positionals)}`);
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '0') || port > 65_535)
    throw new UsageError(`--port must be a port number from 0 to 65535, got "${values.port}"`);
  const seed = values.seed ?? 'demo';
  if (!Object.hasOwn(SEEDS, seed)) throw new UsageError(`--seed must be demo or empty, got "${seed}"`);
  if (values.token === '') throw new UsageError('--token must not be empty');
  // The client's rule, as the mock holds its token to it: one a header cannot carry (a line break) could never match.
  usage(() => checkSettings('portfolio-reporting mock', { accessToken: values.token }, { accessToken: '--token' }));
  if (values.host === '') throw new UsageError('--host must not be empty');
  if (values.state === '') throw new UsageError('--state must not be empty');
  const webhookSecret = values['webhook-secret'];
  // The signer's rule, in the command line's words; the secret itself is never echoed.
  if (webhookSecret !== undefined)
    usage(() => {
      try {
        checkSignerOptions({ secret: webhookSecret });
      } catch {
        throw new UsageError('--webhook-secret must be a whsec_… signing secret (base64 after whsec_)');
      }
    });
  return { port, host: values.host ?? '127.0.0.1', seed, token: values.token, state: values.state, webhookSecret };
}
