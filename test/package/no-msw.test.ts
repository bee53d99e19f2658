/**
 * The testing entry without msw (issue 19, item 5): in a project where msw is not installed, the built
 * `portfolio-reporting/testing` imports (ESM and CommonJS), `createMockService()` and `mock.listen()` serve the
 * mock over node:http, and `mock.handlers` throws an error naming `npm install --save-dev msw`.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let project: string;

beforeAll(() => {
  // A project with the built package and its dependencies, and no msw anywhere up the tree.
  project = mkdtempSync(join(tmpdir(), 'prs-no-msw-'));
  const modules = join(project, 'node_modules');
  const pkg = join(modules, 'portfolio-reporting');
  mkdirSync(pkg, { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  cpSync(join(ROOT, 'dist'), join(pkg, 'dist'), { recursive: true });
  for (const dep of ['ky', 'zod', 'csv-parse']) symlinkSync(join(ROOT, 'node_modules', dep), join(modules, dep));
  writeFileSync(join(project, 'package.json'), '{ "name": "no-msw", "private": true }');
});

const SCENARIO = `
  const mock = createMockService({ accessToken: 'no-msw-token' });
  const server = await mock.listen({ port: 0 });
  const answer = await fetch(server.url + '/api/v2/custodians', { headers: { authorization: 'Bearer no-msw-token' } });
  const refused = await fetch(server.url + '/api/v2/custodians');
  let handlers;
  try { mock.handlers; handlers = 'no error'; } catch (error) { handlers = error.message; }
  await server.close();
  console.log(JSON.stringify({ status: answer.status, type: answer.headers.get('content-type'), refused: refused.status, handlers }));
`;

const expected = {
  status: 200,
  type: 'application/vnd.api+json',
  refused: 401,
  handlers:
    'mock.handlers needs msw, an optional peer dependency of portfolio-reporting/testing: npm install --save-dev msw (mock.listen() serves the mock over HTTP without it)',
};

it('msw is not resolvable from the project', async () => {
  const probe = "try { await import('msw'); console.log('found') } catch { console.log('missing') }";
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], { cwd: project });
  expect(stdout.trim()).toBe('missing');
});

it('ESM: the mock serves over HTTP without msw; mock.handlers names the install command', async () => {
  const file = join(project, 'scenario.mjs');
  writeFileSync(file, `import { createMockService } from 'portfolio-reporting/testing';\n${SCENARIO}`);
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  expect(JSON.parse(stdout)).toEqual(expected);
});

it('CommonJS: the same', async () => {
  const file = join(project, 'scenario.cjs');
  writeFileSync(
    file,
    `const { createMockService } = require('portfolio-reporting/testing');\n(async () => {${SCENARIO}})();`,
  );
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  expect(JSON.parse(stdout)).toEqual(expected);
});

// What a TypeScript user of the testing entry writes without msw: the mock over HTTP, and `mock.handlers` named.
const CONSUMER = `import { createMockService, type MockService } from 'portfolio-reporting/testing';
const mock: MockService = createMockService({ accessToken: 'no-msw-token' });
export const server = mock.listen({ port: 0 });
export const handlers = (): readonly unknown[] => mock.handlers;
`;

it('TypeScript: a strict check (no skipLibCheck) of the testing entry needs no msw, from ESM and CommonJS', () => {
  const files = ['consumer.mts', 'consumer.cts'].map((name) => join(project, name));
  for (const file of files) writeFileSync(file, CONSUMER);
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  expect(diagnostics).toEqual([]);
  // The check is live: both builds' declarations were read, and msw was not found.
  const read = program.getSourceFiles().map((file) => file.fileName);
  expect(read.filter((file) => /portfolio-reporting\/dist\/testing\.d\.c?ts$/.test(file))).toHaveLength(2);
  expect(read.filter((file) => file.includes('/msw/'))).toEqual([]);
}, 60_000);
