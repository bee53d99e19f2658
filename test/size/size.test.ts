/**
 * Size budgets, deterministic and so enforced here (speed is measured by `npm run bench`): each entry point
 * of the built ESM output, bundled by esbuild for the browser with its dependencies, minified and gzipped.
 * `npm test` builds first; run alone, this test refuses a `dist/` older than the sources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, bundleSize, byConcern, CONCERNS, kB, moduleBreakdown } from '../../bench/bundle-size.js';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

describe.each(BUDGETS)('$entry', ({ entry, file, budget, ceiling, lazyCeiling }) => {
  it(`loads at most ${kB(ceiling)} gzipped, dependencies included (budget ${kB(budget)}), and at most ${kB(lazyCeiling)} later`, async () => {
    expect(statSync(file).mtimeMs, `${file} is older than src/: run \`npm run build\` first`).toBeGreaterThanOrEqual(
      newestSource('src'),
    );
    const size = await bundleSize(file);
    console.log(
      `${entry}: ${kB(size.minified)} minified, ${kB(size.gzipped)} gzipped (budget ${kB(budget)}, enforced ${kB(ceiling)}); ${kB(size.lazy)} gzipped loaded later`,
    );
    // The bundle really holds the dependencies it is charged for: zod in the client, none in the webhooks or bulk entry.
    expect(size.inputs.some((path) => path.includes('node_modules/zod/'))).toBe(entry === 'portfolio-reporting');
    expect(size.gzipped).toBeLessThanOrEqual(ceiling);
    expect(size.lazy).toBeLessThanOrEqual(lazyCeiling);
  });
});

describe('the client by module', () => {
  it('loads the endpoint table, the schemas and zod on the first call, and the webhook verifier on the first verify', async () => {
    const modules = await moduleBreakdown('src/index.ts');
    const lazy = (module: string) => modules.find((m) => m.module === module)?.lazy;
    const later = [
      'src/endpoints.ts',
      'src/core/endpoint-calls.ts',
      'src/core/jsonapi.ts',
      'src/schemas/response-checks.generated.ts',
      'src/schemas/zod-definitions.ts',
      'src/schemas/instruments.ts',
      'zod',
      'src/webhooks/verifier.ts',
      'src/webhooks/signature.ts',
      'src/webhooks/key-set.ts',
    ];
    for (const module of later) expect(lazy(module), module).toBe(true);
    // What constructing a client and checking a call's options needs loads with it; so does the verifier's
    // options check, done when `prs.webhooks.verifier()` is called.
    for (const module of ['src/client.ts', 'src/core/transport.ts', 'src/core/api.ts', 'src/webhooks/options.ts', 'ky'])
      expect(lazy(module), module).toBe(false);
  });
});

describe('the client by concern (the profile RESULTS.md gives of its size in all)', () => {
  it('places every module of the client under exactly one concern, and no concern is empty', async () => {
    const modules = await moduleBreakdown('src/index.ts');
    const { shares, unmatched } = byConcern(modules);
    expect(unmatched).toEqual([]);
    expect(shares.map((s) => s.concern)).toEqual(CONCERNS.map((c) => c.concern));
    for (const share of shares) expect(share.modules.length, share.concern).toBeGreaterThan(0);
    expect(shares.reduce((t, s) => t + s.modules.length, 0)).toBe(modules.length);
    expect(shares[0]?.modules).toEqual(['ky']);
    expect(shares[1]?.modules).toEqual(['zod']);
    expect(shares.find((s) => s.concern === 'Requests')?.modules).toContain('src/core/transport.ts');
  });
});

describe("README's size figures", () => {
  const readme = readFileSync('README.md', 'utf8');
  const client = BUDGETS.find((b) => b.entry === 'portfolio-reporting');

  it('state the ceilings `npm test` holds, in both places they are given', () => {
    const load = ((client?.ceiling ?? 0) / 1000).toFixed(3);
    const later = ((client?.lazyCeiling ?? 0) / 1000).toFixed(3);
    expect(readme).toContain(`\`npm test\` holds ≤ ${load} kB and ≤ ${later} kB`);
    expect(readme).toContain(`(at most ${load} kB at load, ${later} kB later)`);
  });

  it("state the client's chunks as they are: at load, the first call's, the verifier's, in all", async () => {
    const size = await bundleSize('dist/index.js');
    const chunk = (name: RegExp) => size.lazyChunks.find((c) => name.test(c.entryPoint ?? ''))?.gzipped ?? NaN;
    const [firstCall, verifier] = [chunk(/endpoint-calls/), chunk(/verifier/)];
    expect(size.lazyChunks).toHaveLength(2);
    expect(readme).toContain(`transport, the errors and ky (${kB(size.gzipped)} gzipped)`);
    expect(readme).toContain(`codec and zod (${kB(firstCall)}) — by a dynamic`);
    expect(readme).toContain(
      `(signatures, key cache: ${kB(verifier)}) the same way. In all the client is ${kB(size.gzipped + size.lazy)}`,
    );
    expect(readme).toContain(`verifier's code (signatures, key cache: ${kB(verifier)} gzipped)`);
    // The Performance table's row.
    expect(readme).toContain(`| ${kB(size.gzipped)} at load; ${kB(size.lazy)} more later (`);
    expect(readme).toContain(`the verifier): ${kB(size.gzipped + size.lazy)} in all |`);
  });

  it("state the generated checks' share of the first call's chunk", async () => {
    const modules = await moduleBreakdown('src/index.ts');
    const checks = modules.find((m) => m.module === 'src/schemas/response-checks.generated.ts');
    expect(readme).toContain(`The cost is size: ${kB(checks?.gzipped ?? NaN)} gzipped of the first call's chunk`);
  });
});
