/**
 * The `portfolio-reporting/webhooks` entry point stands alone: bundled for a neutral platform (a browser,
 * an edge runtime) it pulls in neither ky, zod nor the client, and imports nothing external (no `node:`
 * module, no standardwebhooks). Its size budget is checked with the others in test/size/size.test.ts.
 */
import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('bundles without ky, zod, the client, node: modules or standardwebhooks', async () => {
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
  expect(inputs.filter((path) => /(^|\/)(ky|zod|standardwebhooks)\//.test(path))).toEqual([]);
  // Of the core, only the error base (with its masking of credentials), the validation error, the shared
  // settings check, the wording of issues, the one object test, the stack guard the masking uses and the rule for
  // extra arguments: not the client's error classes or codec.
  expect(
    inputs.filter((path) => /^src\/(core|schemas|resources)\/|src\/(client|index)\.ts$/.test(path)).sort(),
  ).toEqual([
    'src/core/arity.ts',
    'src/core/date-time.ts',
    'src/core/describe.ts',
    'src/core/error-base.ts',
    'src/core/is-object.ts',
    'src/core/overflows.ts',
    'src/core/secrets.ts',
    'src/core/settings.ts',
    'src/core/validation-error.ts',
  ]);
  const [output] = Object.values(result.metafile.outputs);
  expect(output?.imports).toEqual([]); // nothing left external: no `node:crypto`, no other package
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  expect(new TextDecoder().decode(code)).not.toMatch(/from\s*["']node:|import\(\s*["']node:|require\(/);
});
