import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      webhooks: 'src/webhooks/index.ts',
      bulk: 'src/bulk/index.ts',
      testing: 'src/testing/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    // An optional peer dependency of the testing entry only: never bundled.
    external: ['msw'],
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
