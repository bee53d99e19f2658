/**
 * Hovering a `limitFilter` builder, as an editor does: each of the fourteen condition builders shows a JSDoc line,
 * an `@example` calling that very builder and the named return type (they showed no doc and an inline
 * `{ type: "condition"; condition: {...} }`), as `and`, `or` and `condition` do.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { limitFilter } from '../../src/index.js';
import { serviceProbe } from '../helpers/ts-probe.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUILDERS = Object.keys(limitFilter).filter((name) => !['and', 'or', 'condition'].includes(name));

describe('limitFilter condition builders on hover', () => {
  it('each has its doc, an @example of itself and returns LimitConditionFilterInput', () => {
    expect(BUILDERS).toHaveLength(14);
    const text = `import { limitFilter } from '../../src/index.js';\n${BUILDERS.map((b) => `limitFilter.${b};`).join('\n')}\n`;
    const { service } = serviceProbe(root, join(root, 'test', 'types', '__limit_builders_probe__.ts'), text);
    for (const name of BUILDERS) {
      const at = text.indexOf(`limitFilter.${name};`) + 'limitFilter.'.length;
      const info = service.getQuickInfoAtPosition(join(root, 'test', 'types', '__limit_builders_probe__.ts'), at);
      const shown = ts.displayPartsToString(info?.displayParts);
      const doc = ts.displayPartsToString(info?.documentation);
      const example = info?.tags?.find((t) => t.name === 'example');
      // Against the sources the builders' interface is named; the built declarations inline it into `limitFilter`.
      expect({ name, shown }).toEqual({
        name,
        shown: `(method) ConditionBuilders.${name}(value: string): LimitConditionFilterInput`,
      });
      expect({ name, doc }).toEqual({ name, doc: expect.stringMatching(/^Builds the `[a-z-]+` condition filter: /) });
      expect(ts.displayPartsToString(example?.text)).toMatch(new RegExp(`^limitFilter\\.${name}\\(`));
    }
  }, 120_000);
});
