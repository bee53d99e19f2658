/**
 * A command line that answers (issue 19, item 2, in part): `--version`/`-v`, `help`, `help load`, `help mock`,
 * unknown options and commands as one sentence with the help hint, and file errors as one sentence, exit 2.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP, OPENAPI_HELP } from '../../src/cli/args.js';
import { main } from '../../src/cli/main.js';
import { MOCK_HELP } from '../../src/cli/mock.js';
import { createMockService, DEMO_IDS, seedDemo } from '../../src/testing/index.js';

async function cli(args: string[]) {
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
  const code = await main(args, { stdout, stderr, env: { PRS_ACCESS_TOKEN: 'cli-token' } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('portfolio-reporting', () => {
  it.each([['--version'], ['-v']])('%s prints the version', async (flag) => {
    expect(await cli([flag])).toEqual({ code: 0, stdout: 'dev\n', stderr: '' });
  });

  it('help, help load and help mock print the help', async () => {
    expect(await cli(['help'])).toEqual({ code: 0, stdout: HELP, stderr: '' });
    expect(await cli(['help', 'load'])).toEqual({ code: 0, stdout: HELP, stderr: '' });
    expect(await cli(['help', 'mock'])).toEqual({ code: 0, stdout: MOCK_HELP, stderr: '' });
  });

  it('lists openapi among the commands, and help openapi says what it prints and where', async () => {
    const help = (await cli(['--help'])).stdout;
    expect(help).toContain(
      "portfolio-reporting openapi               the service's OpenAPI 3.1 description, on stdout (help openapi)",
    );
    expect(help).toContain('portfolio-reporting help [load|mock|openapi]');
    const openapi = await cli(['help', 'openapi']);
    expect(openapi).toEqual({ code: 0, stdout: OPENAPI_HELP, stderr: '' });
    expect(openapi.stdout.split('\n')[0]).toBe('Usage: portfolio-reporting openapi');
    expect(openapi.stdout).toContain('  npx portfolio-reporting openapi > openapi.json\n');
  });

  it.each([
    [
      ['--bogus'],
      'unknown option --bogus; the options are --help, --version, --format, --instrument, --dry-run, --journal, --concurrency, --max-retries, --base-url, --skip-invalid, --resend-in-doubt, --keep-going and --json',
    ],
    [['lod', 'prices', 'x.csv'], 'unknown command "lod"; the commands are load, mock, openapi and help'],
    [['help', 'foo'], 'help takes load, mock or openapi, got "foo"'],
    [['load', 'prices', 'x.csv', '--journal'], 'option --journal needs a value'],
    [['load', 'prices', 'x.csv', '--format', 'xml'], '--format must be csv or jsonl, got "xml"'],
  ])('%j is one sentence, then the help hint, exit 2', async (args, message) => {
    expect(await cli(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: ${message}\nRun portfolio-reporting --help for usage.\n`,
    });
  });

  it("the help's and the README's example --instrument ids are instruments of the demo seed `mock` serves", async () => {
    const demo = createMockService({ seed: seedDemo }).store.instruments;
    const examples = (text: string) => [...text.matchAll(/--instrument ([0-9a-f]{24})\b/g)].map((m) => m[1]);
    const help = examples((await cli(['--help'])).stdout);
    expect(help).toEqual([DEMO_IDS.sap]);
    const readme = examples(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
    expect(readme.length).toBeGreaterThan(0);
    for (const id of [...help, ...readme]) expect(demo.get(id as string)?.id).toBe(id);
  });

  it('a missing file and a directory are one sentence each, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prs-cli-files-'));
    const missing = join(dir, 'nope.csv');
    expect(await cli(['load', 'prices', missing, '--dry-run'])).toMatchObject({
      code: 2,
      stderr: `error: cannot read ${missing}: there is no such file\n`,
    });
    expect(await cli(['load', 'prices', dir, '--dry-run'])).toMatchObject({
      code: 2,
      stderr: `error: cannot read ${dir}: it is a directory, not a file\n`,
    });
  });
});

describe('the built command line', () => {
  it('--version prints the package version', async () => {
    const { execFile } = await import('node:child_process');
    const { readFileSync } = await import('node:fs');
    const root = new URL('../../', import.meta.url);
    const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [new URL('dist/cli.js', root).pathname, '--version'], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    expect(out).toBe(`${version}\n`);
  });

  it('with no command prints the usage on stderr and exits 2', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [new URL('../../dist/cli.js', import.meta.url).pathname], {
      encoding: 'utf8',
    });
    expect({ code: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: no command given; the commands are load, mock, openapi and help\n\n${HELP}`,
    });
  });
});
