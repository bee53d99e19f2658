/**
 * The package as users install it: `npm pack` of the built tree, installed into a fresh project, then
 * imported from ESM, CommonJS and TypeScript (node16 and bundler resolution), and linted by publint and
 * arethetypeswrong. Entry points come from package.json `exports`, so a new subpath is covered by adding it there.
 *
 * The install is offline and cache-free: the tarball's own `dependencies` and `peerDependencies` are linked from
 * this repository's node_modules (npm resolves the ranges against them), so nothing is fetched and a dependency
 * missing from package.json fails the import.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/http-server.js';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
/** Code entry points (`.`, `./webhooks`, …): every key of `exports` but the package.json itself. */
const entries = Object.keys(pkg.exports).filter((subpath) => !subpath.endsWith('.json'));
const specifier = (subpath: string) => pkg.name + subpath.slice(1);

/** What may ship: the build and the documents. Tests, fixtures, sources and configs may not. */
const ALLOWED = /^(dist\/.+|README\.md|CHANGELOG\.md|SECURITY\.md|LICENSE(\.md|\.txt)?|package\.json)$/;
const FORBIDDEN_IN_DIST = /(^|\/)(test|tests|__tests__|fixtures?)\/|\.test\.|\.spec\.|\.tsbuildinfo$/;

let work: string;
let project: string;
let tarball: string;
let packedFiles: string[];
let server: TestServer;

async function run(file: string, args: string[], cwd = project, env: NodeJS.ProcessEnv = process.env) {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd, env, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(error) };
  }
}
/** Runs `node -e` in the installed project with the Node running the tests (the pinned one under `npm test`). */
const node = (args: string[], env?: NodeJS.ProcessEnv) =>
  run(process.execPath, args, project, { ...process.env, ...env });
const tsc = (configFile: string) =>
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', configFile, '--pretty', 'false']);

beforeAll(async () => {
  if (!existsSync(join(root, 'dist'))) throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
  work = await mkdtemp(join(tmpdir(), 'prs-package-'));
  project = join(work, 'project');
  await mkdir(project);

  const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], root);
  expect(packed.code, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
  tarball = join(work, info.filename);
  packedFiles = info.files.map((file) => file.path).sort();

  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'package-check', private: true, version: '0.0.0' }),
  );
  // Peer dependencies too (msw, for the testing entry): a user of that entry installs them beside the SDK.
  const links = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).map((dep) =>
    join(root, 'node_modules', dep),
  );
  const installed = await run('npm', [
    'install',
    '--offline',
    '--cache',
    join(work, 'npm-cache'),
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--ignore-scripts',
    tarball,
    ...links,
  ]);
  expect(installed.code, installed.stderr).toBe(0);

  const limited = new Set<string>();
  server = await startServer((req, res) => {
    res.setHeader('content-type', 'application/vnd.api+json');
    // The first GET of a `busy-…` id is rate limited: the bulk entry's test needs a 429 from the client.
    if (req.url.includes('/busy-') && !limited.has(req.url)) {
      limited.add(req.url);
      res.statusCode = 429;
      res.setHeader('retry-after', '0');
      res.end(JSON.stringify({ errors: [{ status: '429', detail: 'slow down' }] }));
      return;
    }
    res.end(
      JSON.stringify({
        data: { id: req.url.split('/').pop(), type: 'stock-instrument', attributes: STOCK },
      }),
    );
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** tsc over the package and its dependencies' declarations: a few seconds, many more on a busy machine. */
const TSC_TIMEOUT = 90_000;
const STOCK = { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' };

describe('the packed tarball', () => {
  it('holds only dist/, the documents and package.json', () => {
    expect(packedFiles.filter((file) => !ALLOWED.test(file))).toEqual([]);
    expect(packedFiles.filter((file) => FORBIDDEN_IN_DIST.test(file))).toEqual([]);
    // What README's Compatibility section lists, exactly.
    expect(packedFiles.filter((file) => !file.startsWith('dist/'))).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'SECURITY.md',
      'package.json',
    ]);
  });

  it('ships only self-contained source maps (the sources are not in the tarball)', async () => {
    const maps = packedFiles.filter((file) => file.endsWith('.map'));
    for (const map of maps) {
      const { sources, sourcesContent } = JSON.parse(
        await readFile(join(project, 'node_modules', pkg.name, map), 'utf8'),
      ) as { sources: string[]; sourcesContent?: (string | null)[] };
      expect(sourcesContent?.length, `${map} embeds its sources`).toBe(sources.length);
      expect(sourcesContent?.filter((content) => typeof content !== 'string') ?? [], map).toEqual([]);
      expect(
        sources.filter((source) => /(^|\/)test\//.test(source)),
        map,
      ).toEqual([]);
    }
  });

  it("declares no internal member: `@internal` ones (the client's `_api`) are stripped from every declaration file", async () => {
    const declarations = packedFiles.filter((file) => /\.d\.c?ts$/.test(file));
    expect(declarations).toContain('dist/index.d.ts');
    const leaking: string[] = [];
    for (const file of declarations) {
      const text = await readFile(join(project, 'node_modules', pkg.name, file), 'utf8');
      if (/\b_api\b|@internal/.test(text)) leaking.push(file);
    }
    expect(leaking).toEqual([]);
  });

  it('passes publint (strict: warnings and suggestions count)', async () => {
    const data = await readFile(tarball);
    const tar = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    const { messages, pkg: linted } = await publint({ pack: { tarball: tar }, level: 'suggestion', strict: true });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, linted)}`)).toEqual([]);
  });

  it('passes arethetypeswrong (profile node16: Node ≥ 22.12 ESM + CJS, and bundlers)', async () => {
    const attw = join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js');
    const result = await run(process.execPath, [
      attw,
      tarball,
      '--profile',
      'node16',
      '--no-definitely-typed',
      '--format',
      'json',
    ]);
    const report = JSON.parse(result.stdout) as {
      analysis: { entrypoints: Record<string, unknown> };
      problems?: Record<string, unknown[]>;
    };
    expect(report.problems ?? {}).toEqual({});
    expect(result.code, result.stderr).toBe(0);
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(Object.keys(pkg.exports).sort());
  });
});

describe.each(entries)('entry point %s', (subpath) => {
  const spec = specifier(subpath);

  it('imports from ESM and from CommonJS with the same named exports', async () => {
    const esm = await node([
      '--input-type=module',
      '-e',
      `console.log(JSON.stringify(Object.keys(await import('${spec}'))))`,
    ]);
    expect(esm.code, esm.stderr).toBe(0);
    const cjs = await node([
      '--input-type=commonjs',
      '-e',
      `console.log(JSON.stringify(Object.keys(require('${spec}'))))`,
    ]);
    expect(cjs.code, cjs.stderr).toBe(0);
    const esmNames = (JSON.parse(esm.stdout) as string[]).sort();
    const cjsNames = (JSON.parse(cjs.stdout) as string[]).filter((name) => name !== '__esModule').sort();
    expect(esmNames.length).toBeGreaterThan(0);
    expect(cjsNames).toEqual(esmNames);
  });
});

describe('the root entry point at run time', () => {
  // A real request through the installed copy: its zod comes from the install, not from this repo's source.
  const script = (load: string) => `${load}
    const prs = new PortfolioReporting({ baseUrl: process.env.BASE, accessToken: 't0ken' });
    prs.instruments.retrieve('abc').then((instrument) => console.log(JSON.stringify(instrument)), (e) => { console.error(e); process.exit(1); });`;

  it.each([
    ['ESM', ['--input-type=module', '-e', script(`import { PortfolioReporting } from '${pkg.name}';`)]],
    ['CommonJS', ['--input-type=commonjs', '-e', script(`const { PortfolioReporting } = require('${pkg.name}');`)]],
    // ky is ESM-only; the CommonJS build carries its own copy, so it needs no `require(esm)`.
    [
      'CommonJS without require(esm)',
      [
        '--no-experimental-require-module',
        '--input-type=commonjs',
        '-e',
        script(`const { PortfolioReporting } = require('${pkg.name}');`),
      ],
    ],
  ])('retrieves and decodes an instrument from %s', async (_mode, args) => {
    const before = server.requests.length;
    const result = await node(args, { BASE: server.url });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 'abc', type: 'stock-instrument', attributes: STOCK });
    const request = server.requests[before];
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/api/v3/instruments/abc');
    expect(request?.headers.authorization).toBe('Bearer t0ken');
  });

  it('keeps instanceof working between the ESM and the CommonJS copy', async () => {
    const result = await node([
      '--input-type=module',
      '-e',
      `import * as esm from '${pkg.name}';
       import { createRequire } from 'node:module';
       const cjs = createRequire(import.meta.url)('${pkg.name}');
       const prs = new cjs.PortfolioReporting({ baseUrl: 'https://reporting.test', accessToken: 't' });
       try { await prs.instruments.create({ type: 'fee-instrument', attributes: {} }); }
       catch (e) { console.log(JSON.stringify([esm.ValidationError !== cjs.ValidationError, e instanceof esm.ValidationError, e instanceof esm.PortfolioReportingError, e instanceof esm.APIError])); }`,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([true, true, true, false]);
  });
});

describe('the bulk entry point at run time', () => {
  // Its own copy of the error classes in the CommonJS build: a 429 thrown by the ESM client must still be
  // recognised as one (sent again after Retry-After), not taken for a final failure.
  it('paces a CommonJS Bulk over an ESM client: a 429 is sent again', async () => {
    const result = await node(
      [
        '--input-type=module',
        '-e',
        `import { PortfolioReporting } from '${pkg.name}';
         import { createRequire } from 'node:module';
         const { Bulk } = createRequire(import.meta.url)('${pkg.name}/bulk');
         const prs = new PortfolioReporting({ baseUrl: process.env.BASE, accessToken: 't0ken' });
         const results = await new Bulk(prs).run(['busy-1', 'abc'], (id, _i, { options }) => prs.instruments.retrieve(id, options));
         console.log(JSON.stringify(results.map((r) => [r.index, r.ok, r.attempts, r.ok ? r.value.id : String(r.error)])));`,
      ],
      { BASE: server.url },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      [0, true, 2, 'busy-1'],
      [1, true, 1, 'abc'],
    ]);
  });
});

describe('TypeScript against the installed package', () => {
  /** One import per entry point, and a compile error if any of them came back untyped (`any`). */
  const source = entries
    .map(
      (subpath, i) =>
        `import * as entry${i} from '${specifier(subpath)}';\nexport const typed${i}: IsAny<typeof entry${i}> = false;`,
    )
    .join('\n');
  const header = 'type IsAny<T> = 0 extends 1 & T ? true : false;';
  const usage = `import { PortfolioReporting, ValidationError, type Instrument } from '${pkg.name}';
const prs = new PortfolioReporting({ baseUrl: 'https://reporting.test', accessToken: 't' });
export const retrieved: PromiseLike<Instrument> = prs.instruments.retrieve('abc');
export const issues = (e: unknown) => (e instanceof ValidationError ? e.issues.map((i) => i.path) : []);
// @ts-expect-error the check is live: were the types missing (any), this directive would be unused, an error
export const wrong: number = prs.baseUrl;
// @ts-expect-error the client's internals are not in its types: \`_api\` is \`@internal\`, stripped from the declarations
export const internals = prs._api;
`;
  const program = [header, source, usage].join('\n');
  const options = { strict: true, noEmit: true, skipLibCheck: false, lib: ['ES2023', 'DOM'], types: [] };

  async function check(name: string, compilerOptions: object, files: Record<string, string>) {
    const dir = join(project, name);
    await mkdir(dir, { recursive: true });
    for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...options, ...compilerOptions }, files: Object.keys(files) }),
    );
    return tsc(join(dir, 'tsconfig.json'));
  }

  it(
    'type-checks every entry point with moduleResolution node16, from an ESM file',
    async () => {
      const result = await check(
        'ts-node16',
        { module: 'node16', moduleResolution: 'node16' },
        { 'check.mts': program },
      );
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    },
    TSC_TIMEOUT,
  );

  // CommonJS files under `nodenext`: the testing entry's types import msw, which is ESM-only; TypeScript allows
  // that `require` of ESM from `nodenext` (and `node20`) on, as Node does from 22.12 (the engines field), not
  // under `node16`.
  it(
    'type-checks every entry point with moduleResolution nodenext, from an ESM and a CommonJS file',
    async () => {
      const result = await check(
        'ts-nodenext',
        { module: 'nodenext', moduleResolution: 'nodenext' },
        { 'check.mts': program, 'check.cts': program },
      );
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    },
    TSC_TIMEOUT,
  );

  it(
    'type-checks every entry point with moduleResolution bundler',
    async () => {
      const result = await check(
        'ts-bundler',
        { module: 'esnext', moduleResolution: 'bundler' },
        { 'check.ts': program },
      );
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    },
    TSC_TIMEOUT,
  );
  // A consumer's own strictness flags reach the package's declarations when it checks them (skipLibCheck: false):
  // under exactOptionalPropertyTypes two interfaces that redeclared an optional member as `X['m']` (which adds
  // `| undefined`) no longer extended their base.
  it(
    'type-checks every entry point under the strictest flags a consumer may set',
    async () => {
      const result = await check(
        'ts-strictest',
        {
          module: 'esnext',
          moduleResolution: 'bundler',
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noPropertyAccessFromIndexSignature: true,
          noImplicitOverride: true,
          noImplicitReturns: true,
          useUnknownInCatchVariables: true,
        },
        { 'check.ts': program },
      );
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    },
    TSC_TIMEOUT,
  );
});
