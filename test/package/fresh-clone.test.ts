/**
 * Packaging cannot ship empty (issue 19, item 4): `npm pack` in a fresh clone — no dist/ yet — builds through
 * the `prepack` script, and every file that `exports` (each condition) and `bin` name is in the tarball.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const exec = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'prs-fresh-clone-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file path a package.json's `exports` (all conditions, nested) and `bin` name, without `./`. */
function namedFiles(pkg: { exports: unknown; bin: Record<string, string> }): string[] {
  const out = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') out.add(value.replace(/^\.\//, ''));
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) visit(inner);
  };
  visit(pkg.exports);
  visit(pkg.bin);
  return [...out].sort();
}

it('a fresh clone packs every entry point and the bin, built by prepack', async () => {
  const clone = join(work, 'clone');
  await exec('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
  expect(existsSync(join(clone, 'dist'))).toBe(false);
  // The toolchain of this checkout (tsup, typescript, node 24 on PATH through npm's bin folder).
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
  const { stdout } = await exec('npm', ['pack', '--json', '--dry-run'], { cwd: clone, maxBuffer: 16 * 1024 * 1024 });
  // The prepack build prints first (its lines may hold brackets): the JSON is the array that starts a line.
  const [info] = JSON.parse(stdout.slice(stdout.search(/^\[\s*\{/m))) as [{ files: { path: string }[] }];
  const packed = new Set(info.files.map((file) => file.path));
  const pkg = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8'));
  const named = namedFiles(pkg);
  expect(named).toEqual(
    expect.arrayContaining(['dist/index.js', 'dist/index.cjs', 'dist/cli.js', 'dist/testing.d.ts']),
  );
  expect(named.filter((file) => !packed.has(file))).toEqual([]);
}, 180_000);
