/**
 * The README's code and the examples type-check against the package as users get it: the declarations tsup
 * built into dist/ (`npm test` builds them first), not src/. `portfolio-reporting`, `/webhooks`, `/bulk` and
 * `/testing` resolve to dist/*.d.ts through `paths`; the options are the strict ones of tsconfig.json
 * (`strict`, `noUncheckedIndexedAccess`, module NodeNext, target ES2022).
 *
 * The README's ```ts blocks (indented ones in list items too) are fragments, and are compiled by this rule:
 * - each block is its own ES module, written to .tmp/readme-blocks/readme/line-<n>.ts (n: the README line of its
 *   first line of code), so `await` at top level works and no block sees another's names;
 * - a block may use, without declaring it, a name from PRELUDE below: the client `prs`, ids (`accountId`,
 *   `instrumentId`, …), "your code" (`handle`, `dailyValues`, …) and SDK values an earlier block imported.
 *   PRELUDE types each one with the SDK's real types, so a wrong call on them is still an error. A new
 *   block that takes a new name for granted adds it there, typed, never as `any`;
 * - anything else a block uses it imports or declares itself, as a reader's file would.
 * A failure names the README line and the TypeScript diagnostic.
 *
 * examples/ is type-checked against src/ by `tsc --noEmit` (tsconfig.json includes it and maps the package
 * names to src/); here every example file is checked again against dist/, without PRELUDE.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, '.tmp/readme-blocks');
const README_OUT = join(OUT, 'readme');

/** What the README's blocks take for granted (a global script: a block's own import or `const` shadows it). */
const PRELUDE = `type SDK = typeof import('portfolio-reporting');
type Id = string;

// The client, and SDK values an earlier block imported.
declare const prs: import('portfolio-reporting').PortfolioReporting;
declare const PortfolioReporting: SDK['PortfolioReporting'];
declare const ValidationError: SDK['ValidationError'];
declare const createMockService: typeof import('portfolio-reporting/testing').createMockService;

// Ids of records that exist, and the options of a client.
declare const id: Id, classId: Id, clientId: Id, legalEntityId: Id, reportingEntityId: Id;
declare const accountId: Id, chfAccountId: Id, eurAccountId: Id, depositoryId: Id;
declare const instrumentId: Id, assetId: Id, fundId: Id, fundInstrumentId: Id, priceId: Id;
declare const ids: Id[];
declare const baseUrl: string, accessToken: string;

// The reader's own data.
declare const equitiesLimit: import('portfolio-reporting').Limit;
declare const consentPdfFile: File;
declare const rows: import('portfolio-reporting').InstrumentCreateInput[];
declare const trades: import('portfolio-reporting').TransactionCreateInput[];
declare const controller: AbortController;

// The reader's own code (the functions under test in "Testing your integration").
declare function refresh(clientId: string): Promise<void>;
declare function handle(request: Request): Promise<Response>;
declare function dailyValues(
  prs: import('portfolio-reporting').PortfolioReporting, reportingEntityId: string, fromDate: string, toDate: string,
): Promise<number[]>;
declare function awaitCustodianAccess(
  prs: import('portfolio-reporting').PortfolioReporting, authorityId: string,
): Promise<string[]>;
`;

const ENTRY_POINTS = { '': 'index', '/webhooks': 'webhooks', '/bulk': 'bulk', '/testing': 'testing' } as const;

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: false,
  noImplicitOverride: true,
  isolatedModules: true,
  skipLibCheck: true,
  noEmit: true,
  paths: Object.fromEntries(
    Object.entries(ENTRY_POINTS).map(([sub, file]) => [`portfolio-reporting${sub}`, [join(ROOT, `dist/${file}.d.ts`)]]),
  ),
};

interface Block {
  /** The Markdown line (1-based) of the block's first line of code. */
  line: number;
  code: string;
}

/** The ```ts blocks of a Markdown text, those indented in list items included (their indentation removed). */
function tsBlocks(markdown: string, name = 'README.md'): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const indent = /^( *)```ts\s*$/.exec(lines[i] ?? '')?.[1];
    if (indent === undefined) continue;
    let end = i + 1;
    while (end < lines.length && lines[end]?.trimEnd() !== `${indent}\`\`\``) end++;
    if (end === lines.length) throw new Error(`${name}:${i + 1}: this \`\`\`ts block is never closed`);
    const code = lines.slice(i + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    blocks.push({ line: i + 2, code: code.join('\n') });
    i = end;
  }
  return blocks;
}

// Parsed declarations (lib, @types/node, dist/, msw, vitest) are shared by the programs of this file.
const parsed = new Map<string, ts.SourceFile | undefined>();
const baseHost = ts.createCompilerHost(OPTIONS);
const host: ts.CompilerHost = {
  ...baseHost,
  getSourceFile(fileName, languageVersion, onError, shouldCreate) {
    if (fileName.startsWith(OUT)) return baseHost.getSourceFile(fileName, languageVersion, onError, shouldCreate);
    if (!parsed.has(fileName))
      parsed.set(fileName, baseHost.getSourceFile(fileName, languageVersion, onError, shouldCreate));
    return parsed.get(fileName);
  },
};

function requireDist(): void {
  for (const file of Object.values(ENTRY_POINTS)) {
    if (!existsSync(join(ROOT, `dist/${file}.d.ts`)))
      throw new Error(`dist/${file}.d.ts is missing: run \`npm run build\` first (npm test does)`);
  }
}

/** Each diagnostic as `<where>: TS<code>: <message>`, where `where` is `locate`'s answer or the file and line. */
function check(
  roots: string[],
  locate: (file: string, line: number) => string | undefined,
  options: ts.CompilerOptions = OPTIONS,
): string[] {
  const program = ts.createProgram(roots, options, host);
  // The package names reached dist/, never src/.
  const loaded = program.getSourceFiles().map((file) => relative(ROOT, file.fileName));
  expect(loaded.filter((file) => file.startsWith('src/'))).toEqual([]);
  expect(loaded).toContain('dist/index.d.ts');
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n  ')}`;
    if (!d.file) return message;
    const line = d.file.getLineAndCharacterOfPosition(d.start ?? 0).line;
    const where = locate(d.file.fileName, line) ?? `${relative(ROOT, d.file.fileName)}:${line + 1}`;
    const text = d.file.text.split('\n')[line]?.trim() ?? '';
    return `${where}: ${message}\n    ${text}`;
  });
}

/** Writes each block as its own module into `dir` (with PRELUDE beside them) and type-checks them. */
function checkBlocks(
  markdown: string,
  dir: string,
  name = 'README.md',
  options: ts.CompilerOptions = OPTIONS,
  prelude = PRELUDE,
): string[] {
  requireDist();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(dir, 'prelude.d.ts'), prelude);
  const blocks = new Map<string, Block>();
  for (const block of tsBlocks(markdown, name)) {
    const file = join(dir, `line-${String(block.line).padStart(4, '0')}.ts`);
    // `export {}` after the last line: a module even without an import, line numbers unchanged.
    writeFileSync(file, `${block.code}\nexport {};\n`);
    blocks.set(file, block);
  }
  const locate = (file: string, line: number) => {
    const block = blocks.get(file);
    return block && `${name}:${block.line + line}`;
  };
  return check([join(dir, 'prelude.d.ts'), ...blocks.keys()], locate, options);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => join(dir, file));
}

describe('README.md and examples/ type-check against the built declarations (dist/)', () => {
  it('README.md: every ```ts block, each a module with PRELUDE', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(tsBlocks(readme).length).toBeGreaterThanOrEqual(19);
    expect(checkBlocks(readme, README_OUT)).toEqual([]);
  }, 60_000);

  it('README.md under exactOptionalPropertyTypes: every ```ts block (a decoded value passed back to the SDK)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const exact = { ...OPTIONS, exactOptionalPropertyTypes: true };
    expect(checkBlocks(readme, join(OUT, 'readme-exact'), 'README.md', exact)).toEqual([]);
  }, 60_000);

  it('the webhook JSDoc @examples under exactOptionalPropertyTypes, each a module with PRELUDE', () => {
    const files = ['src/resources/webhooks.ts', ...tsFiles(join(ROOT, 'src/webhooks')).map((f) => relative(ROOT, f))];
    // Each `@example` block of a doc comment: its lines up to the next tag or the comment's end, `*` removed.
    const examples = files.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/@example\n((?:\s*\* (?!@).*\n)+)/g)].map((m) =>
        (m[1] ?? '').replace(/^\s*\* ?/gm, ''),
      ),
    );
    expect(examples.length).toBeGreaterThanOrEqual(7);
    const markdown = examples.map((code) => `\`\`\`ts\n${code}\`\`\``).join('\n\n');
    const webhooks = `${PRELUDE}
declare const WebhookVerifier: typeof import('portfolio-reporting/webhooks').WebhookVerifier;
declare const WebhookVerificationError: typeof import('portfolio-reporting/webhooks').WebhookVerificationError;
declare const verifier: import('portfolio-reporting/webhooks').WebhookVerifier;
declare const request: Request, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse;
declare const rawBody: Uint8Array, body: Uint8Array, headers: Headers;
`;
    const exact = { ...OPTIONS, exactOptionalPropertyTypes: true };
    expect(checkBlocks(markdown, join(OUT, 'webhook-jsdoc'), 'JSDOC.md', exact, webhooks)).toEqual([]);
  }, 60_000);

  it("the testing entry types mock.handlers as msw's handlers where msw is installed (not `any`)", () => {
    const markdown = [
      '```ts',
      "import type { HttpHandler } from 'msw';",
      "import { setupServer } from 'msw/node';",
      "import { createMockService } from 'portfolio-reporting/testing';",
      'const mock = createMockService();',
      'setupServer(...mock.handlers);',
      'const handlers: HttpHandler[] = mock.handlers;',
      '// @ts-expect-error were the handlers `any`, this directive would be unused, an error',
      'const n: number = mock.handlers;',
      '```',
    ].join('\n');
    expect(checkBlocks(markdown, join(OUT, 'msw'), 'MSW.md')).toEqual([]);
  }, 60_000);

  it('examples/: every .ts file', () => {
    requireDist();
    const files = tsFiles(join(ROOT, 'examples'));
    expect(files.map((file) => relative(ROOT, file))).toContain('examples/holdings-report.ts');
    expect(check(files, () => undefined)).toEqual([]);
  }, 60_000);

  it('reports a wrong call by its README line and the diagnostic; PRELUDE types are not `any`', () => {
    const markdown = [
      '# Example',
      '',
      '```ts',
      "const price = await prs.instruments.prices.create(instrumentId, { attributes: { date: '2024-01-31' } });",
      '```',
      '',
      '- in a list:',
      '',
      '  ```ts',
      '  const n: number = accountId;',
      '  ```',
    ].join('\n');
    const found = checkBlocks(markdown, join(OUT, 'live'), 'EXAMPLE.md');
    expect(found.map((d) => d.split(':').slice(0, 3).join(':'))).toEqual([
      'EXAMPLE.md:4: TS2741',
      'EXAMPLE.md:10: TS2322',
    ]);
    expect(found[0]).toContain("Property 'value' is missing");
    expect(found[1]).toContain("Type 'string' is not assignable to type 'number'");
  }, 60_000);
});
