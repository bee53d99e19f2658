/**
 * Run after tsup (`npm run build`): the declarations of the testing entry import msw, an optional peer dependency.
 * A project without msw that type-checks its dependencies (no `skipLibCheck`) would fail on that import
 * (TS2307), so the import gets a TypeScript ignore comment (`MARK`): with msw installed, `mock.handlers` is typed as msw's
 * `HttpHandler[]`; without it, the type is `any` and nothing fails. tsup's declaration bundler drops comments on
 * imports, hence this step. test/package/no-msw.test.ts type-checks the result without msw.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const MARK = '// @ts-ignore msw is an optional peer dependency: without it, its types are `any` here.';
const IMPORT = /^import [^\n]* from 'msw';$/gm;
const fail = (message) => {
  console.error(`dts-optional-peers: ${message}`);
  process.exit(1);
};

const declarations = readdirSync('dist').filter((file) => /\.d\.c?ts$/.test(file));
for (const file of ['testing.d.ts', 'testing.d.cts']) if (!declarations.includes(file)) fail(`dist/${file} is missing`);
for (const file of declarations) {
  const path = `dist/${file}`;
  const text = readFileSync(path, 'utf8');
  const imports = text.match(IMPORT) ?? [];
  if (imports.length === 0) continue;
  // Only the testing entry may import msw: the others must type-check and load without it, untouched.
  if (!file.startsWith('testing.')) fail(`${path} imports msw, which only the testing entry may`);
  if (imports.length > 1) fail(`${path}: more than one import from 'msw'`);
  if (!text.includes(MARK))
    writeFileSync(
      path,
      text.replace(IMPORT, (line) => `${MARK}\n${line}`),
    );
}
