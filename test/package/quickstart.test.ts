/**
 * The packed package as a user meets it. The README's Quickstart where a user pastes it (issue 19, item 6): a fresh `npm init -y` project (CommonJS by
 * default) with the packed tarball installed; the Quickstart block saved as `quickstart.mjs` as the README says;
 * the mock started with the README's `npx portfolio-reporting mock --token dev-token` (on a free port, `--port 0`,
 * so that the test never collides with a running one); `node quickstart.mjs` run with the README's environment.
 * And the README's `curl` session against `npx portfolio-reporting mock` (issue 16, item 2), stopped with Ctrl-C
 * (SIGINT to its process group, as a terminal sends it), and `npx portfolio-reporting openapi > openapi.json`
 * validated against the OpenAPI 3.1 schema (item 3).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const exec = promisify(execFile);
let work: string;
let project: string;

/** The first ```ts block after `## Quickstart` in README.md. */
function quickstartBlock(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quickstart'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md: no ```ts block after ## Quickstart');
  return block;
}

beforeAll(async () => {
  if (!existsSync(join(root, 'dist'))) throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
  work = await mkdtemp(join(tmpdir(), 'prs-quickstart-'));
  project = join(work, 'project');
  await mkdir(project);
  await exec('npm', ['init', '-y'], { cwd: project });
  const { stdout } = await exec('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
    cwd: root,
  });
  const [info] = JSON.parse(stdout) as [{ filename: string }];
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  // Offline: the tarball's dependencies are linked from this checkout's node_modules.
  const links = Object.keys(pkg.dependencies).map((dep) => join(root, 'node_modules', dep));
  await exec(
    'npm',
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--cache',
      join(work, 'cache'),
      join(work, info.filename),
      ...links,
    ],
    { cwd: project },
  );
  await writeFile(join(project, 'quickstart.mjs'), quickstartBlock());
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Starts `npx portfolio-reporting mock --token dev-token --port 0 [...]` in the project; resolves once it prints its URL. */
async function startMock(...extra: string[]) {
  // Its own process group: npx runs the bin as a child, and the whole group is stopped at the end.
  const mock = spawn(
    'npx',
    ['--offline', 'portfolio-reporting', 'mock', '--token', 'dev-token', '--port', '0', ...extra],
    { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let out = '';
  const exited = new Promise<number | null>((resolve) => mock.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    mock.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    mock.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    mock.on('exit', (code) => reject(new Error(`the mock exited with ${code}: ${out}`)));
  });
  return {
    url,
    output: () => out,
    /** Ctrl-C: SIGINT to the whole process group; resolves with the exit code. */
    interrupt: () => {
      if (mock.pid !== undefined) process.kill(-mock.pid, 'SIGINT');
      return exited;
    },
  };
}

it('runs as the README says against `npx portfolio-reporting mock`: created, then already existed', async () => {
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).type).toBe('commonjs'); // npm init -y
  const mock = await startMock();
  const url = mock.url;
  try {
    const env = { ...process.env, PRS_BASE_URL: url, PRS_ACCESS_TOKEN: 'dev-token' };
    const first = await exec(process.execPath, ['quickstart.mjs'], { cwd: project, env });
    // The README's line: a fresh mock draws its ids in the same order every time.
    expect(first.stdout).toBe('f27ba29b42535534de2558a3 created\n');
    const again = await exec(process.execPath, ['quickstart.mjs'], { cwd: project, env });
    expect(again.stdout).toBe(first.stdout.replace('created', 'already existed'));
  } finally {
    await mock.interrupt();
  }
});

it("serves the demo data to the README's curl session, logs each request, and stops cleanly on Ctrl-C, saying so", async () => {
  const mock = await startMock('--seed', 'demo');
  const curl = (path: string, token = 'dev-token', ...args: string[]) =>
    exec('curl', ['-sS', '-H', `Authorization: Bearer ${token}`, ...args, `${mock.url}${path}`]);
  try {
    const sap = JSON.parse((await curl('/api/v3/instruments/65f1c0ffee0000000000010a')).stdout);
    expect(sap.data).toMatchObject({
      type: 'stock-instrument',
      id: '65f1c0ffee0000000000010a',
      attributes: { name: 'SAP SE', securityIdentifier: 'DE0007164600', ccyCode: 'EUR' },
    });
    const custodians = JSON.parse((await curl('/api/v2/custodians')).stdout);
    expect(Array.isArray(custodians.data)).toBe(true);
    const refused = await curl('/api/v2/custodians', 'wrong-token', '-o', '/dev/null', '-w', '%{http_code}');
    expect(refused.stdout).toBe('401');
  } finally {
    // npx itself ends by the signal (as npm does on Ctrl-C); the mock below it closes its server first.
    await mock.interrupt();
  }
  expect(mock.output()).toMatch(/\nMock stopped\.\n$/);
  expect(mock.output()).toMatch(/GET \/api\/v3\/instruments\/65f1c0ffee0000000000010a 200 \d+(\.\d+)? ms/);
  expect(mock.output()).toMatch(/GET \/api\/v2\/custodians 401 /);
});

it('writes with `npx portfolio-reporting openapi` a document the OpenAPI 3.1 validator accepts', async () => {
  const { stdout } = await exec('npx', ['--offline', 'portfolio-reporting', 'openapi'], {
    cwd: project,
    maxBuffer: 64 * 1024 * 1024,
  });
  const document = JSON.parse(stdout) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  const result = await new Validator().validate(document);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(Object.values(document.paths).flatMap((methods) => Object.keys(methods))).toHaveLength(95);
});
