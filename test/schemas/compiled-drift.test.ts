/**
 * A zod whose internals drifted in a way no single node shows, simulated by loading compiled.ts afresh against
 * a patched `zod/mini`: the self-check at first use finds it, says what it found (`compiledDrift()`, which
 * test/schemas/compiled-fallback.test.ts asserts empty on the installed zod), and turns compilation off, so
 * every answer is zod's own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Zod from 'zod/mini';

type Z = typeof Zod;
type Payload = { value: unknown; issues: unknown[] };
interface Internals {
  def: Record<string, unknown>;
  run: (payload: Payload, ctx: unknown) => Payload;
}
const internalsOf = (schema: unknown) => (schema as { _zod: Internals })._zod;

/** compiled.ts and zod/mini, loaded afresh with `patch(zod)` over zod/mini's exports. */
async function compiledOver(patch: (zod: Z) => Partial<Z>) {
  vi.resetModules();
  vi.doMock('zod/mini', async (importOriginal) => {
    const zod = await importOriginal<Z>();
    return { ...zod, ...patch(zod) };
  });
  const compiled = await import('../../src/schemas/compiled.js');
  const z = await import('zod/mini');
  return { compiled, z };
}

afterEach(() => {
  vi.doUnmock('zod/mini');
  vi.resetModules();
});

describe('a zod whose internals drifted', () => {
  it('refinements kept outside the definition: a refined string would read as a plain one', async () => {
    const { compiled, z } = await compiledOver((zod) => ({
      string: ((...args: Parameters<Z['string']>) => {
        const schema = zod.string(...args);
        const check = schema.check;
        // zod still runs the checks it was built with; the definition no longer lists them.
        schema.check = (...checks) => {
          const refined = check.apply(schema, checks);
          delete internalsOf(refined).def.checks;
          return refined;
        };
        return schema;
      }) as Z['string'],
    }));
    expect(compiled.compiledDrift()).toEqual([
      'string: 0 node(s) left to zod, 1 expected',
      'string: zod says false of ""',
    ]);
    // Off for every schema: each answer is zod's, refinements included.
    const refined = z.string().check(z.minLength(1));
    const before = compiled.zodFallbacks();
    expect(compiled.accepts(refined)('')).toBe(false);
    expect(compiled.accepts(z.looseObject({ a: z.string() }))({ a: 'x' })).toBe(true);
    expect(compiled.zodFallbacks()).toBe(before + 2);
  });

  it('optin renamed: an optional member would read as required', async () => {
    const { compiled, z } = await compiledOver((zod) => ({
      optional: ((inner: Zod.ZodMiniType) => {
        const schema = zod.optional(inner);
        Object.defineProperty(schema._zod, 'optin', { value: undefined });
        Object.defineProperty(schema._zod, 'optIn', { value: 'optional' });
        return schema;
      }) as unknown as Z['optional'],
    }));
    // zod reads the same flag here, so no answer differs; the objects that no longer compile show it.
    expect(compiled.compiledDrift()).toEqual([
      'object: 1 node(s) left to zod, 0 expected',
      'object: 3 node(s) left to zod, 2 expected',
    ]);
    const before = compiled.zodFallbacks();
    expect(compiled.accepts(z.string())('x')).toBe(true);
    expect(compiled.zodFallbacks()).toBe(before + 1);
  });

  it('zod answers otherwise on a kind laid out as before (a number may be infinite)', async () => {
    const { compiled, z } = await compiledOver((zod) => ({
      number: ((...args: Parameters<Z['number']>) => {
        const schema = zod.number(...args);
        const zodInternals = internalsOf(schema);
        const run = zodInternals.run;
        zodInternals.run = (payload, ctx) => (payload.value === Number.POSITIVE_INFINITY ? payload : run(payload, ctx));
        return schema;
      }) as Z['number'],
    }));
    expect(compiled.compiledDrift()).toEqual(['number: zod says true of Infinity']);
    expect(compiled.accepts(z.number())(Number.POSITIVE_INFINITY)).toBe(true);
  });

  it('setCompiledChecks(true) does not turn a drifted compiler back on', async () => {
    const { compiled, z } = await compiledOver(() => ({
      boolean: (() => {
        throw new Error('no booleans in this zod');
      }) as unknown as Z['boolean'],
    }));
    expect(compiled.compiledDrift()).toEqual(['the canaries threw: Error: no booleans in this zod']);
    compiled.setCompiledChecks(true);
    const before = compiled.zodFallbacks();
    expect(compiled.accepts(z.string())(1)).toBe(false);
    expect(compiled.zodFallbacks()).toBe(before + 1);
  });
});
