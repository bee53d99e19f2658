/**
 * The `portfolio-reporting/webhooks` entry point stands alone: bundled for a neutral platform (a browser,
 * an edge runtime) it pulls in neither ky nor the client, imports nothing external (no `node:` module, no
 * standardwebhooks), and stays small.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('bundles without ky, the client, node: modules or standardwebhooks, within 14 kB gzipped', async () => {
  const result = await build({
    entryPoints: ['src/webhooks/index.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs).toContain('src/webhooks/verifier.ts');
  expect(inputs.filter((path) => /(^|\/)(ky|standardwebhooks)\//.test(path))).toEqual([]);
  expect(inputs.filter((path) => /src\/(client|index)\.ts$|src\/core\/(transport|api|api-promise)\.ts$|src\/resources\//.test(path))).toEqual([]);
  const [output] = Object.values(result.metafile.outputs);
  expect(output?.imports).toEqual([]); // nothing left external: no `node:crypto`, no other package
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  expect(new TextDecoder().decode(code)).not.toMatch(/from\s*["']node:|import\(\s*["']node:|require\(/);
  const gzipped = gzipSync(code).length;
  expect(gzipped).toBeGreaterThan(5_000); // sanity: the bundle really holds the verifier and zod/mini
  expect(gzipped).toBeLessThan(14_000);
});
