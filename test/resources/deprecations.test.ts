/**
 * The deprecations the types carry, checked with the TypeScript compiler itself: editors strike these calls
 * through because the checker reports them as deprecated (suggestion diagnostics 6385/6387).
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./__deprecation_probe__.ts', import.meta.url));
const source = `import { PortfolioReporting } from '../../src/index.js';
declare const prs: PortfolioReporting;
const period = { fromDate: '2024-01-01', toDate: '2024-01-31' } as const;
prs.holdings.list('re1', { ...period, expand: ['portfolios', 'assetClasses'] });
prs.holdings.list('re1', { ...period, expand: ['portfolios', 'assets'] });
prs.holdings.list('re1', { ...period });
prs.clients.portfolios.list('c1');
prs.reportingEntities.portfolios.list('r1');
declare const params: import('../../src/index.js').HoldingsListParams;
prs.holdings.list('re1', params);
declare const interval: { fromDate: string; toDate: string };
prs.holdings.list('re1', interval);
`;

function deprecatedLines(): number[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  };
  // A language service, as an editor uses: deprecations are its suggestion diagnostics.
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [probe],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = name === probe ? source : ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => process.cwd(),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (name) => name === probe || ts.sys.fileExists(name),
    readFile: (name) => (name === probe ? source : ts.sys.readFile(name)),
  };
  const service = ts.createLanguageService(host);
  const errors = service.getSemanticDiagnostics(probe);
  expect(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  const file = service.getProgram()?.getSourceFile(probe);
  if (!file) throw new Error('probe not loaded');
  return service
    .getSuggestionDiagnostics(probe)
    .filter((d) => d.reportsDeprecated)
    .map((d) => file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1);
}

it('expand "assets" and clients.portfolios.list are deprecated in the types, nothing else', () => {
  // A `HoldingsListParams` may hold 'assets' (deprecated, as it was); params without `expand` do not.
  expect(deprecatedLines()).toEqual([5, 7, 10]);
}, 60_000);
