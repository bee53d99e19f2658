/**
 * `portfolio-reporting mock` (issue 16, item 2): the built CLI (dist/cli.js) started as a child process serves
 * the mock over HTTP: it prints its URL and token, answers `fetch` and the SDK with the in-process mock's rules,
 * answers CORS preflights, logs one line per request, saves `--state` and resumes from it, and stops on SIGINT.
 * Readiness is its first output line, never a sleep.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundError, PortfolioReporting } from '../../src/index.js';
import { createMockService, DEMO_IDS, snapshotOf } from '../../src/testing/index.js';
import { createClients } from '../helpers/mock-clients.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  url: string;
  /** Everything written to stdout so far. */
  output: () => string;
  /** Everything written to stderr so far. */
  errors: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Runs the CLI to its end (a command that refuses its arguments): exit code, stdout and stderr. */
function run(args: string[]): { code: number | null; out: string; err: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Starts the CLI's mock and resolves once it has printed its URL. */
function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [CLI, 'mock', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /at (http:\/\/(?:127\.0\.0\.1|\[::1\]):\d+)/.exec(out)?.[1];
      if (url) resolve({ child, url, output: () => out, errors: () => err, exited });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    exited.then((code) => reject(new Error(`the mock exited with ${code} before it was ready: ${out}${err}`)));
  });
}

/** Waits until the output holds `text` (the log line of a request just answered). */
async function logged(started: Started, text: string): Promise<void> {
  while (!started.output().includes(text))
    await new Promise<void>((resolve) => started.child.stdout?.once('data', () => resolve()));
}

/** Waits until stderr holds `text` (it arrives through its own pipe, in no fixed order with stdout). */
async function reported(started: Started, text: string): Promise<void> {
  while (!started.errors().includes(text)) {
    const more = new Promise<boolean>((resolve) => started.child.stderr?.once('data', () => resolve(true)));
    if (!(await Promise.race([more, started.exited.then(() => false)])) && !started.errors().includes(text))
      throw new Error(`the mock exited: ${started.errors()}`);
  }
}

describe('portfolio-reporting mock', () => {
  it('serves the demo data with its token, logs each request, answers preflights and stops on SIGINT', async () => {
    const mock = await start(['--port', '0', '--token', 'dev-token']);
    expect(mock.output()).toContain(`export PRS_BASE_URL=${mock.url} PRS_ACCESS_TOKEN=dev-token`);
    const custodians = await fetch(`${mock.url}/api/v2/custodians`, { headers: { authorization: 'Bearer dev-token' } });
    expect(custodians.status).toBe(200);
    expect(((await custodians.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect((await fetch(`${mock.url}/api/v2/custodians`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );
    const preflight = await fetch(`${mock.url}/api/v2/custodians`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'GET' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([
      204,
      'http://app.example',
    ]);

    const prs = new PortfolioReporting({ baseUrl: mock.url, accessToken: 'dev-token', maxRetries: 0 });
    const sap = await prs.instruments.retrieve(DEMO_IDS.sap);
    expect([sap.type, sap.type === 'stock-instrument' && sap.attributes.name]).toEqual(['stock-instrument', 'SAP SE']);
    await expect(prs.instruments.retrieve('65f1c0ffee00000000000000')).rejects.toBeInstanceOf(NotFoundError);
    await logged(mock, 'GET /api/v3/instruments/65f1c0ffee00000000000000 404');
    expect(mock.output()).toMatch(/^GET \/api\/v2\/custodians 200 \d+\.\d ms$/m);
    expect(mock.output()).toMatch(/^GET \/api\/v2\/custodians 401 \d+\.\d ms$/m);

    mock.child.kill('SIGINT');
    expect(await mock.exited).toBe(0);
    expect(mock.output()).toContain('Mock stopped.');
  });

  it('saves its state and resumes from it, new ids continuing; says it resumed, and how many changes it saved', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-state-')), 'state.json');
    const first = await start(['--port', '0', '--seed', 'empty', '--state', state]);
    expect(first.output().split('\n')[0]).toBe(
      `Mock Portfolio Reporting Service at ${first.url} (seed empty, state ${state})`,
    );
    const prs = (url: string) => new PortfolioReporting({ baseUrl: url, accessToken: 'any-token', maxRetries: 0 });
    const attributes = { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' };
    const acme = await prs(first.url).instruments.create({ type: 'stock-instrument', attributes });
    await logged(first, 'POST /api/v3/instruments 201');
    expect(existsSync(state)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // One POST is one change (it said "1 change in 3 saves": the saves at the start and the stop counted too).
    expect(first.output()).toContain(`\nState saved to ${state}: 1 change since the mock started.\nMock stopped.\n`);
    const saved = JSON.parse(readFileSync(state, 'utf8'));
    expect(saved).toMatchObject({ format: 1 });
    // What an empty mock holds (the service's own reference data) and the one instrument created.
    const records = (snapshot: { tables: Record<string, unknown[]> }) =>
      Object.values(snapshot.tables).reduce((n, table) => n + table.length, 0);
    const loaded = records(snapshotOf(createMockService().store)) + 1;
    expect(records(saved)).toBe(loaded);

    const second = await start(['--port', '0', '--seed', 'empty', '--state', state]);
    // It said "(seed empty, state …)", as a fresh start does.
    expect(second.output().split('\n')[0]).toBe(
      `Mock Portfolio Reporting Service at ${second.url} (resumed from ${state}: ${loaded.toLocaleString('en-US')} records)`,
    );
    expect((await prs(second.url).instruments.retrieve(acme.id)).id).toBe(acme.id);
    const again = await prs(second.url).instruments.create({ type: 'stock-instrument', attributes }).withResponse();
    expect([again.created, again.data.id]).toEqual([false, acme.id]); // the duplicate rule sees the restored record
    const other = await prs(second.url).instruments.create({
      type: 'stock-instrument',
      attributes: { ...attributes, securityIdentifier: 'US0000000002' },
    });
    expect(other.id).not.toBe(acme.id);
    await logged(second, 'POST /api/v3/instruments 201');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    // The duplicate create (303) changed nothing: one change, the other instrument.
    expect(second.output()).toContain(`\nState saved to ${state}: 1 change since the mock started.\nMock stopped.\n`);
  });

  it('with --state, refuses a 5,000-deep body with 400 and goes on saving (it once crashed the next save)', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-state-')), 'state.json');
    const mock = await start(['--port', '0', '--seed', 'empty', '--state', state]);
    const post = (attributes: string) =>
      fetch(`${mock.url}/api/v2/clients`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/vnd.api+json' },
        body: `{"data":{"type":"client","attributes":${attributes}}}`,
      });
    const deep = await post(`{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect([deep.status, await deep.json()]).toEqual([
      400,
      {
        errors: [
          {
            status: 400,
            detail: 'the request body nests arrays and objects deeper than 64 levels, the most this mock reads',
          },
        ],
      },
    ]);
    expect((await post('{"name":"ok"}')).status).toBe(201);
    await logged(mock, 'POST /api/v2/clients 201');
    expect(JSON.parse(readFileSync(state, 'utf8'))).toMatchObject({ format: 1 });
    mock.child.kill('SIGINT');
    expect(await mock.exited).toBe(0);
  });

  it('reports a failed save on stderr and keeps serving; exit 1 when the last save fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prs-mock-state-'));
    const state = join(dir, 'state.json');
    const mock = await start(['--port', '0', '--seed', 'empty', '--state', state]);
    rmSync(dir, { recursive: true }); // the directory goes away while the mock runs
    const headers = { authorization: 'Bearer t', 'content-type': 'application/vnd.api+json' };
    const body = JSON.stringify({ data: { type: 'client', attributes: { name: 'Berg' } } });
    expect((await fetch(`${mock.url}/api/v2/clients`, { method: 'POST', headers, body })).status).toBe(201);
    await logged(mock, 'POST /api/v2/clients 201');
    await reported(mock, `--state ${state}: the state could not be saved (its directory does not exist)\n`);
    const clients = await fetch(`${mock.url}/api/v2/clients`, { headers });
    expect([clients.status, ((await clients.json()) as { data: unknown[] }).data.length]).toEqual([200, 1]);
    mock.child.kill('SIGINT');
    expect(await mock.exited).toBe(1);
  });

  it('refuses at start a --state path it cannot write, exit 2', () => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-state-')), 'missing-directory', 'state.json');
    expect(run(['mock', '--port', '0', '--state', state])).toEqual({
      code: 2,
      out: '',
      err: `error: --state ${state} cannot be written (its directory does not exist)\n`,
    });
  });

  it.each([
    ['{"format":1,"tables":{"clients":"abc"}}', 'idsDrawn: is required'],
    ['{"format":1,"idsDrawn":9,"tables":{"clients":"abc"}}', 'tables.clients: must be an array of records, got "abc"'],
    ['{"format":1,"idsDrawn":9,"tables":{"clients":[{"name":"no id"}]}}', 'tables.clients[0].id: is required'],
    [
      '{"format":1,"idsDrawn":9,"tables":{"clients":[null]}}',
      'tables.clients[0]: must be a record (an object with a string id), got null',
    ],
    ['{"format":1,"idsDrawn":9,"tables":{"clients":5}}', 'tables.clients: must be an array of records, got number 5'],
    ['{"format":1,"idsDrawn":9,"tables":{"clients":[{"id":"c1"}]}}', 'tables.clients[0].attributes: is required'],
    [
      '{"format":1,"idsDrawn":9,"tables":{"prices":[{"id":"p1","instrumentId":"i1","date":"2024-03-28","value":"12","provider":"client"}]}}',
      'tables.prices[0].value: must be a number, got "12"',
    ],
    [
      '{"format":1,"idsDrawn":9,"tables":{"prices":[{"id":"p1","instrumentId":"i1","date":"2024-03-28","value":12,"provider":"client"}]}}',
      'tables.prices[0].instrumentId: "i1" is not the id of a record in tables.instruments',
    ],
  ])('refuses the --state file %s naming the file, the member and the rule, exit 2', (text, problem) => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-state-')), 'state.json');
    writeFileSync(state, text);
    expect(run(['mock', '--port', '0', '--state', state])).toEqual({
      code: 2,
      out: '',
      err: `error: --state ${state}: ${problem}\n`,
    });
    expect(readFileSync(state, 'utf8')).toBe(text); // left as it was
  });

  it('refuses a --state file whose idsDrawn would draw its ids again (0: a new client got the seeded custodian id)', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-state-')), 'state.json');
    const mock = await start(['--port', '0', '--state', state]);
    mock.child.kill('SIGINT');
    expect(await mock.exited).toBe(0);
    const snapshot = JSON.parse(readFileSync(state, 'utf8'));
    writeFileSync(state, JSON.stringify({ ...snapshot, idsDrawn: 0 }));
    const { code, err } = run(['mock', '--port', '0', '--state', state]);
    expect([code, err]).toEqual([
      2,
      expect.stringMatching(
        new RegExp(
          `^error: --state ${state}: idsDrawn: must be at least \\d+, where the id sequence stands once the id [0-9a-f]{24} of tables\\.\\w+\\[\\d+\\] is drawn \\(a smaller one draws it again\\), got 0\n$`,
        ),
      ),
    ]);
  });

  it('refuses a bad option with the help hint, exit 2', async () => {
    const child = spawn(process.execPath, [CLI, 'mock', '--seed', 'full'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toBe(
      'error: --seed must be demo or empty, got "full"\nRun portfolio-reporting mock --help for usage.\n',
    );
  });

  it.each([
    [
      ['--bogus'],
      'unknown option --bogus; the options are --port, --host, --seed, --token, --state, --webhook-secret and --help',
    ],
    [
      ['-x'],
      'unknown option -x; the options are --port, --host, --seed, --token, --state, --webhook-secret and --help',
    ],
    [['--port', '-1'], '--port must be a port number from 0 to 65535, got "-1"'],
    [['--port', '1', '--port', '2'], '--port is given twice ("1", then "2"); give it once'],
    [['--port'], 'option --port needs a value'],
    [['--state', '--port', '1'], 'option --state needs a value'],
    [['--help=yes'], 'option --help takes no value, got "yes"'],
    [['--token='], '--token must not be empty'],
    [
      ['--token', 'a\nb'],
      'portfolio-reporting mock: --token: holds a character a header cannot carry (a control character or one past U+00FF)',
    ],
    [['--state='], '--state must not be empty'],
    [
      ['--webhook-secret', 'whsec_not base64'],
      '--webhook-secret must be a whsec_… signing secret (base64 after whsec_)',
    ],
    [['--webhook-secret='], '--webhook-secret must be a whsec_… signing secret (base64 after whsec_)'],
    [['extra'], 'mock takes no arguments, got "extra"'],
    [['serve', 'now'], 'mock takes no arguments, got "serve" "now"'],
  ])('refuses %j in one sentence naming the option, with the help hint, exit 2', (args, message) => {
    expect(run(['mock', ...args])).toEqual({
      code: 2,
      out: '',
      err: `error: ${message}\nRun portfolio-reporting mock --help for usage.\n`,
    });
  });

  it('takes --name=value as --name value, and -h as --help', () => {
    expect(run(['mock', '--port=70000']).err).toBe(
      'error: --port must be a port number from 0 to 65535, got "70000"\nRun portfolio-reporting mock --help for usage.\n',
    );
    const help = run(['mock', '-h']);
    expect([help.code, help.out.split('\n')[0], help.err]).toEqual([
      0,
      'Usage: portfolio-reporting mock [options]',
      '',
    ]);
  });

  it('words a port in use without the usage hint, exit 2', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const child = spawn(process.execPath, [CLI, 'mock', '--port', String(port)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let err = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      expect(await new Promise<number | null>((resolve) => child.on('exit', resolve))).toBe(2);
      expect(err).toBe(
        `error: port ${port} on 127.0.0.1 is in use: choose another with --port, or --port 0 for any free one\n`,
      );
    } finally {
      taken.close();
    }
  });

  it('words a --state file that is not JSON, or cannot be read, without the usage hint, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prs-mock-state-'));
    const state = join(dir, 'state.json');
    writeFileSync(state, '{a');
    expect(run(['mock', '--port', '0', '--state', state])).toEqual({
      code: 2,
      out: '',
      err: `error: --state ${state} is not valid JSON (Expected property name or '}' in JSON at position 1 (line 1 column 2))\n`,
    });
    expect(run(['mock', '--port', '0', '--state', dir])).toEqual({
      code: 2,
      out: '',
      err: `error: --state ${dir} cannot be read (it is a directory)\n`,
    });
  });

  it('prints an IPv6 host bracketed, in a URL that works', async () => {
    const mock = await start(['--port', '0', '--host', '::1']);
    expect(mock.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    expect(mock.output()).toContain(`export PRS_BASE_URL=${mock.url} PRS_ACCESS_TOKEN=dev-token`);
    expect((await fetch(`${mock.url}/api/v2/custodians`, { headers: { authorization: 'Bearer t' } })).status).toBe(200);
    mock.child.kill('SIGINT');
    expect(await mock.exited).toBe(0);
  });

  it('masks credentials in the query string of its request log, by the SDK log rule', async () => {
    const mock = await start(['--port', '0']);
    const query = '?access_token=LeakedSecret123&api_key=K3yK3yK3y&page%5Boffset%5D=0&sig=abcdef';
    const answer = await fetch(`${mock.url}/api/v2/clients${query}`, { headers: { authorization: 'Bearer t' } });
    expect(answer.status).toBe(200);
    await logged(mock, 'GET /api/v2/clients?');
    expect(mock.output()).toMatch(
      /^GET \/api\/v2\/clients\?access_token=\*\*\*&api_key=\*\*\*&page%5Boffset%5D=0&sig=\*\*\* 200 \d+\.\d ms$/m,
    );
    mock.child.kill('SIGINT');
    expect(await mock.exited).toBe(0);
    expect(mock.output() + mock.errors()).not.toMatch(/LeakedSecret123|K3yK3yK3y|abcdef/);
  });

  /** The names of the clients a mock started on `state` serves. */
  async function clientsIn(state: string): Promise<string[]> {
    const mock = await start(['--port', '0', '--seed', 'empty', '--state', state]);
    const prs = new PortfolioReporting({ baseUrl: mock.url, accessToken: 'any-token', maxRetries: 0 });
    const names: string[] = [];
    for await (const client of prs.clients.list()) names.push(String(client.attributes?.name));
    mock.child.kill('SIGINT');
    expect(await mock.exited).toBe(0);
    return names;
  }

  it('saves a state changed under load, complete and loadable after a stop', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-state-')), 'state.json');
    const mock = await start(['--port', '0', '--seed', 'empty', '--state', state]);
    expect(await createClients(mock.url, 400, 16)).toBe(400);
    mock.child.kill('SIGTERM'); // at once: the last changes are saved by the final save
    expect(await mock.exited).toBe(0);
    // Far fewer saves than changes: test/cli/mock-saves.test.ts counts them.
    expect(mock.output()).toContain(`\nState saved to ${state}: 400 changes since the mock started.\nMock stopped.\n`);
    const names = await clientsIn(state);
    expect(new Set(names).size).toBe(400);
    expect(names).toEqual(expect.arrayContaining(['client 0', 'client 399']));
    expect(existsSync(`${state}.tmp`)).toBe(false);
  });

  it('after a kill -9 under load, the file holds the last completed save: a whole snapshot the mock starts from', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-state-')), 'state.json');
    const mock = await start(['--port', '0', '--seed', 'empty', '--state', state]);
    const load = createClients(mock.url, 2_000, 16);
    // Killed once 300 creates are logged: requests are in flight and saves under way.
    while ((mock.output().match(/^POST \/api\/v2\/clients 201 /gm)?.length ?? 0) < 300)
      await new Promise<void>((resolve) => mock.child.stdout?.once('data', () => resolve()));
    mock.child.kill('SIGKILL');
    expect(await mock.exited).toBe(null);
    const created = await load;
    expect(created).toBeGreaterThanOrEqual(300);
    const names = await clientsIn(state);
    expect(names.length).toBeLessThanOrEqual(created);
    expect(new Set(names).size).toBe(names.length);
  });
});
