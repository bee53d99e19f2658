#!/usr/bin/env node
/**
 * Runs the vitest suite on every Node.js major the package supports: `npm run test:node-matrix`.
 *
 * Each Node comes from the npm registry (`node-<platform>-<arch>@<major>`) into `.tmp/node-<major>/`, once:
 * a later run reuses it. The suite runs with that binary first on PATH, so the processes the tests start
 * (the packaging test's `node` and `npm`) run on it too.
 *
 *   npm run test:node-matrix                 # 22, 24 and 26
 *   NODE_MATRIX="22 26" npm run test:node-matrix -- test/package   # some versions, some files
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const versions = (process.env.NODE_MATRIX ?? '22 24 26').split(/[\s,]+/).filter(Boolean);
const vitestArgs = process.argv.slice(2);
const binaryPackage = `node-${process.platform}-${process.arch}`;

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** The Node binary of one major, installed under .tmp/ unless it is there already. */
function nodeBinary(major) {
  const prefix = join(root, '.tmp', `node-${major}`);
  const bin = join(prefix, 'node_modules', binaryPackage, 'bin', 'node');
  const installed =
    existsSync(bin) && spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.startsWith(`v${major}.`);
  if (!installed) {
    console.log(`\n[node-matrix] installing ${binaryPackage}@${major} into ${prefix}`);
    const code = sh('npm', [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `${binaryPackage}@${major}`,
    ]);
    if (code !== 0 || !existsSync(bin)) throw new Error(`could not install ${binaryPackage}@${major}`);
  }
  return bin;
}

// The packaging test packs dist/: build it once, with the project's pinned Node, as `npm run build` does (tsup,
// then the mark on the testing entry's msw import that test/package/no-msw.test.ts checks).
if (sh(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js')]) !== 0) process.exit(1);
if (sh(process.execPath, [join(root, 'scripts/dts-optional-peers.mjs')]) !== 0) process.exit(1);

const reports = mkdtempSync(join(tmpdir(), 'node-matrix-'));
const rows = [];
for (const major of versions) {
  const bin = nodeBinary(major);
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`\n[node-matrix] vitest on Node ${version}`);
  const outputFile = join(reports, `node-${major}.json`);
  const code = sh(
    bin,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
      ...vitestArgs,
    ],
    {
      env: { ...process.env, PATH: `${dirname(bin)}${delimiter}${process.env.PATH ?? ''}` },
    },
  );
  const report = existsSync(outputFile) ? JSON.parse(readFileSync(outputFile, 'utf8')) : undefined;
  rows.push({
    version,
    code,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    total: report?.numTotalTests ?? 0,
  });
}
rmSync(reports, { recursive: true, force: true });

console.log('\n[node-matrix] summary');
for (const row of rows) {
  console.log(
    `  Node ${row.version.padEnd(9)} ${row.code === 0 ? 'ok  ' : 'FAIL'}  ${row.passed} passed, ${row.failed} failed of ${row.total}`,
  );
}
const failedRuns = rows.filter((row) => row.code !== 0).length;
const passed = rows.reduce((n, row) => n + row.passed, 0);
// A run that failed without a failing test (vitest could not start, say) still counts as a failure.
const failed = rows.reduce((n, row) => n + (row.failed || (row.code !== 0 ? 1 : 0)), 0);
console.log(`node-matrix: ${passed} passed, ${failed} failed`);
process.exit(failedRuns === 0 ? 0 : 1);
