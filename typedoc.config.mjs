/**
 * TypeDoc: `npm run docs` writes the API reference to docs/api/ (not committed). The entry points are those of
 * package.json `exports`: `.` is src/index.ts, `./name` is src/name/index.ts (or src/name.ts). test/docs/docs.test.ts
 * converts the same configuration and fails on an undocumented export.
 */
import { existsSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** The source file behind each code entry point of `exports`. */
export function entryPoints() {
  return Object.keys(pkg.exports)
    .filter((subpath) => !subpath.endsWith('.json'))
    .map((subpath) => {
      const name = subpath === '.' ? 'index' : subpath.slice(2);
      const candidates = subpath === '.' ? ['src/index.ts'] : [`src/${name}/index.ts`, `src/${name}.ts`];
      const found = candidates.find((file) => existsSync(new URL(file, import.meta.url)));
      if (!found) throw new Error(`exports["${subpath}"] has no source file: expected one of ${candidates.join(', ')}`);
      return found;
    });
}

/** @type {Partial<import('typedoc').TypeDocOptions>} */
const config = {
  name: pkg.name,
  entryPoints: entryPoints(),
  out: 'docs/api',
  readme: 'none',
  includeVersion: true,
  excludePrivate: true,
  excludeProtected: true,
  excludeInternal: true,
  excludeExternals: true,
  // `tsc --noEmit` checks the program already; TypeDoc only reads it.
  skipErrorChecking: true,
  disableSources: true,
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  // test/docs/doc-gaps.ts requires these and properties too (TypeDoc's own check would also flag every member of
  // the inferred object types), skipping inherited and overriding members; it fails on a gap.
  requiredToBeDocumented: [
    'Module',
    'Class',
    'Interface',
    'TypeAlias',
    'Function',
    'Variable',
    'Enum',
    'Method',
    'Accessor',
  ],
};

export default config;
