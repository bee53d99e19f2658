/**
 * What `mock.store.` completes to in a user's editor, read from the built declarations (`dist/testing.d.ts`, so
 * `npm run build` first; the sources still declare the internals the tables use): the tables README "Testing"
 * documents for seeding and reading state, and `reset`; not the store's machinery (`ids`, `now`, `inviteBaseUrl`,
 * `@internal`, stripped from the declarations by tsup's `stripInternal`).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MockStore, Table } from '../../src/testing/index.js';
import { compileProbe, probeDiagnostics } from '../helpers/ts-probe.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distPath = join(root, 'dist', 'testing.d.ts');
const probePath = join(root, 'test', 'types', '__mock_store_probe__.ts');
const probe = `
import { createMockService } from '../../dist/testing.js';
const mock = createMockService();
export const store = mock.store;
// Seeding and reading state, as README "Testing" does.
const client = mock.store.clients.add({ name: 'Berg' });
export const read = [mock.store.clients.get(client.id), mock.store.clients.all(), mock.store.clients.where(() => true)];
mock.store.reset();
// @ts-expect-error the id generator is the tables' own
mock.store.ids;
// @ts-expect-error the clock is set by createMockService({ now })
mock.store.now;
// @ts-expect-error the invite base is set by createMockService({ inviteBaseUrl })
mock.store.inviteBaseUrl;
`;

describe('mock.store, as the published declarations type it', () => {
  it('offers the tables and reset, not the ids, the clock or the invite base', () => {
    if (!existsSync(distPath)) throw new Error('dist/testing.d.ts is missing: run `npm run build` first');
    // `paths: {}`: the probe imports the built declarations, not the sources the project's paths map to.
    const compiled = compileProbe(root, probePath, probe, { paths: {} });
    // An unused @ts-expect-error would be reported here: each internal is absent from the type.
    expect(probeDiagnostics(compiled)).toEqual([]);
    const { checker, source } = compiled;
    let store: ts.Node | undefined;
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'store') store = node.name;
      else ts.forEachChild(node, visit);
    };
    visit(source);
    if (!store) throw new Error('no store in the probe');
    // What an editor completes outside the class: the members not private (`seed` is).
    const offered = checker
      .getPropertiesOfType(checker.getTypeAtLocation(store))
      .filter((m) => !m.declarations?.some((d) => ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Private))
      .map((m) => m.name);
    // What a store has at run time, less its machinery: its tables, and `reset`.
    const tables = Object.entries(new MockStore())
      .filter(([, value]) => value instanceof Table)
      .map(([name]) => name);
    expect(tables.length).toBeGreaterThan(20);
    expect(offered.sort()).toEqual([...tables, 'reset'].sort());
  });
});
