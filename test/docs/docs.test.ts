/**
 * The API reference is generated from the JSDoc (`npm run docs`): every entry point, public export and public
 * member (property included) needs a summary, and every class, function and public method an `@example`. The
 * entry points are those of package.json `exports`.
 */
import { describe, expect, it } from 'vitest';
import { convert, docGaps } from './doc-gaps.js';
import { KNOWN_GAPS } from './known-gaps.js';

// TypeDoc converts the whole source tree per test: CPU-bound, seconds on an idle machine and several times that on a
// loaded one. The timeout is a backstop against a hang, not a measure.
describe('API reference', { timeout: 180_000 }, () => {
  it('documents every entry point, export and member (summary; @example on what is called)', async () => {
    expect(docGaps(await convert())).toEqual(KNOWN_GAPS);
  });

  it('reports each kind of gap (the check is live)', async () => {
    const gaps = docGaps(await convert({ entryPoints: ['test/docs/fixtures/undocumented.ts'] }));
    expect(gaps).toEqual([
      '[.] NoExample (Class): no @example',
      '[.] NoExample.run (Method): no @example',
      '[.] Options.undocumented (Method): no summary',
      '[.] Options.undocumentedProperty (Property): no summary',
      '[.] Undocumented (TypeAlias): no summary',
      '[.] noSummary (Function): no @example',
      '[.] noSummary (Function): no summary',
    ]);
  });

  it('requires an entry point summary (without @module, a file comment goes to the first export)', async () => {
    const gaps = docGaps(
      await convert({ entryPoints: ['test/docs/fixtures/module-comment.ts', 'test/docs/fixtures/undocumented.ts'] }),
    );
    expect(gaps.filter((gap) => gap.includes('(Module)'))).toEqual([
      '[./module-comment] (entry point) (Module): no summary',
      '[./undocumented] (entry point) (Module): no summary',
    ]);
  });
});
