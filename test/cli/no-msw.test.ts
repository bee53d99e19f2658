/**
 * The command line never imports msw: its mock serves over HTTP and builds no msw handlers, so its build swaps the
 * msw loader for a twin that loads nothing (tsup.config.ts, msw-loader.cli.ts). With msw installed, the ESM
 * loader's top-level import cost every command, `load` included, ~0.1–0.2 s of CPU before it began. Read from the
 * built files: every module `dist/cli.js` can load, statically or on demand.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const IMPORTS = /(?:from\s*|import\s*\(\s*|import\s*)"(\.\/[^"]+|msw[^"]*)"/g;

/** The files `entry` loads, itself included, and the bare specifiers among their imports. */
function graph(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, spec] of readFileSync(`${DIST}${file}`, 'utf8').matchAll(IMPORTS)) {
      if (spec?.startsWith('./')) visit(spec.slice(2));
      else if (spec) bare.add(spec);
    }
  };
  visit(entry);
  return { files, bare };
}

it('no module the command line loads imports msw; the testing entry does (the check sees it)', () => {
  const cli = graph('cli.js');
  expect(cli.files.size).toBeGreaterThan(3); // the mock's server chunk among them
  expect([...cli.files].some((f) => f.startsWith('server-'))).toBe(true);
  expect([...cli.bare]).toEqual([]);
  expect([...graph('testing.js').bare]).toEqual(['msw']);
});
