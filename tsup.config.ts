import { defineConfig, type Options } from 'tsup';

const library = {
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks/index.ts',
    bulk: 'src/bulk/index.ts',
    testing: 'src/testing/index.ts',
  },
  dts: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  // An optional peer dependency of the testing entry only: never bundled.
  external: ['msw'],
} satisfies Options;

export default defineConfig([
  {
    ...library,
    format: ['esm'],
    clean: true,
  },
  {
    // ky is ESM-only: the CommonJS build carries its own copy, so `require('portfolio-reporting')` needs no
    // `require(esm)` and no interop of a default export. Not cleaned: the ESM build above empties dist/ first.
    ...library,
    format: ['cjs'],
    clean: false,
    noExternal: ['ky'],
  },
  {
    // The command line (`bin`): Node only, ESM only, no types. Not cleaned: the build above empties dist/ first.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'node22',
    platform: 'node',
  },
]);
