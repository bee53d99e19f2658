import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  // ky ships ESM only. Under Node's require(esm) the CJS build gets ky's namespace, and esbuild's interop
  // then takes the namespace for the default export (`ky.create is not a function`): so ky is bundled.
  noExternal: ['ky'],
});
