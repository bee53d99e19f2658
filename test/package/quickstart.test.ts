/**
 * The README's Quickstart where a user pastes it (issue 19, item 6): a fresh `npm init -y` project (CommonJS by
 * default) with the packed tarball installed; the Quickstart block saved as `quickstart.mjs` as the README says;
 * the mock started with the README's `npx portfolio-reporting mock --token dev-token` (on a free port, `--port 0`,
 * so that the test never collides with a running one); `node quickstart.mjs` run with the README's environment.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

it('runs as the README says against `npx portfolio-reporting mock`: created, then already existed', async () => {
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).type).toBe('commonjs'); // npm init -y
  // Its own process group: npx runs the bin as a child, and the whole group is stopped at the end.
  const mock = spawn('npx', ['--offline', 'portfolio-reporting', 'mock', '--token', 'dev-token', '--port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
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
    const env = { ...process.env, PRS_BASE_URL: url, PRS_ACCESS_TOKEN: 'dev-token' };
    const first = await exec(process.execPath, ['quickstart.mjs'], { cwd: project, env });
    expect(first.stdout).toMatch(/^[0-9a-f]{24} created\n$/);
    const again = await exec(process.execPath, ['quickstart.mjs'], { cwd: project, env });
    expect(again.stdout).toBe(first.stdout.replace('created', 'already existed'));
  } finally {
    const exited = new Promise((resolve) => mock.once('exit', resolve));
    if (mock.pid !== undefined) process.kill(-mock.pid, 'SIGINT');
    await exited;
  }
});
