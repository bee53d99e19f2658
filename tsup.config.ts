import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import pkg from './package.json' with { type: 'json' };

/**
 * Modules the CommonJS build replaces with a `.cjs.ts` twin (same exports):
 * - msw-loader: loads msw with `require` instead of the ESM build's top-level await, which CommonJS cannot have;
 *   the testing entry then imports without msw installed in either format.
 * - verifier-loader, endpoint-calls-loader: import statically instead of with a dynamic `import()` (see the files).
 */
const cjsTwins = {
  name: 'cjs-twins',
  setup(build: {
    onResolve: (o: { filter: RegExp }, f: (a: { path: string; resolveDir: string }) => { path: string }) => void;
  }) {
    build.onResolve(
      { filter: /\/(msw-loader|verifier-loader|endpoint-calls-loader)\.js$/ },
      ({ path, resolveDir }) => ({
        path: fileURLToPath(new URL(path.replace(/\.js$/, '.cjs.ts'), `file://${resolveDir}/`)),
      }),
    );
  },
};

/** The command line's twin of msw-loader (msw-loader.cli.ts): its mock never builds msw handlers. */
const cliTwins = {
  name: 'cli-twins',
  setup(build: {
    onResolve: (o: { filter: RegExp }, f: (a: { path: string; resolveDir: string }) => { path: string }) => void;
  }) {
    build.onResolve({ filter: /\/msw-loader\.js$/ }, ({ path, resolveDir }) => ({
      path: fileURLToPath(new URL(path.replace(/\.js$/, '.cli.ts'), `file://${resolveDir}/`)),
    }));
  },
};

const library = {
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks/index.ts',
    bulk: 'src/bulk/index.ts',
    testing: 'src/testing/index.ts',
  },
  // `@internal` members (the client's `_api`) stay out of the declarations users' editors read: no run-time cost.
  dts: { compilerOptions: { stripInternal: true } },
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
    esbuildPlugins: [cjsTwins],
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
    esbuildPlugins: [cliTwins],
  },
]);
