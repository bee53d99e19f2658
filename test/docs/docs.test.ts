/**
 * The API reference is generated from the JSDoc (`npm run docs`): every entry point, public export and public
 * member (property included) needs a summary, and every class, function and public method an `@example`. The
 * entry points are those of package.json `exports`.
 */
import { describe, expect, it } from 'vitest';
import { convert, docGaps } from './doc-gaps.js';
import { KNOWN_GAPS } from './known-gaps.js';

// The fixtures' own tsconfig holds just them (no DOM or Node types): TypeDoc then compiles two small files, not
// the whole project as it did, in under a second.
const FIXTURES_TSCONFIG = 'test/docs/fixtures/tsconfig.json';
const UNDOCUMENTED = 'test/docs/fixtures/undocumented.ts';

describe('API reference', () => {
  // TypeDoc converts the whole source tree, as `npm run docs` does: CPU-bound, seconds on an idle machine and
  // several times that on a loaded one. The timeout is a backstop against a hang, not a measure.
  it('documents every entry point, export and member (summary; @example on what is called)', {
    timeout: 180_000,
  }, async () => {
    expect(docGaps(await convert())).toEqual(KNOWN_GAPS);
  });

  it('reports each kind of gap (the check is live)', async () => {
    const gaps = docGaps(await convert({ entryPoints: [UNDOCUMENTED], tsconfig: FIXTURES_TSCONFIG }));
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
      await convert({
        entryPoints: ['test/docs/fixtures/module-comment.ts', UNDOCUMENTED],
        tsconfig: FIXTURES_TSCONFIG,
      }),
    );
    expect(gaps.filter((gap) => gap.includes('(Module)'))).toEqual([
      '[./module-comment] (entry point) (Module): no summary',
      '[./undocumented] (entry point) (Module): no summary',
    ]);
  });
});
