import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import pkg from './package.json' with { type: 'json' };

/**
 * The CommonJS build loads msw with `require` (msw-loader.cjs.ts) instead of the ESM build's top-level await,
 * which CommonJS cannot have: the testing entry then imports without msw installed in either format.
 */
const mswLoaderForCjs = {
  name: 'msw-loader-cjs',
  setup(build: { onResolve: (o: { filter: RegExp }, f: () => { path: string }) => void }) {
    const path = fileURLToPath(new URL('./src/testing/http/msw-loader.cjs.ts', import.meta.url));
    build.onResolve({ filter: /\/msw-loader\.js$/ }, () => ({ path }));
  },
};

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
    esbuildPlugins: [mswLoaderForCjs],
  },
  {
    // The command line (`bin`): Node only, ESM only, no types. Not cleaned: the build above empties dist/ first.
    entry: { cli: 'src/cli.ts' },
    define: { __PRS_VERSION__: JSON.stringify(pkg.version) },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'node22',
    platform: 'node',
  },
]);
