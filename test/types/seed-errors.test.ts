/**
 * A seed's compiler error names types a user can import from `portfolio-reporting/testing`: a misspelled member of a
 * seeded instrument was reported as not in `InstrumentSeedBase & { kind: …}`, a type the package did not export.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { compileProbe, probeDiagnostics } from '../helpers/ts-probe.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Virtual: served from memory, resolved as if it were in test/types. */
const probePath = join(root, 'test', 'types', '__seed_errors_probe__.ts');
const PROBE = `import { createMockService } from '../../src/testing/index.js';
const { store } = createMockService();
const stock = { name: 'ACME', securityIdentifier: 'US1', ccyCode: 'USD', countryCode: 'US' };
store.instruments.add({ kind: 'stock', attributes: stock, instrumentClassID: 'ic1' });
store.instruments.add({ kind: 'bonds', attributes: stock });
`;

it('a misspelled link of a seeded instrument names InstrumentSeedLinks; a wrong kind names InstrumentInput', async () => {
  const messages = probeDiagnostics(compileProbe(root, probePath, PROBE)).map((d) => `${d.line}: ${d.message}`);
  expect(messages).toHaveLength(2);
  expect(messages[0]).toMatch(
    /^4: .*'instrumentClassID' does not exist in type 'InstrumentSeedLinks & \{ kind: "stock";/,
  );
  expect(messages[0]).toContain("Did you mean to write 'instrumentClassId'?");
  expect(messages[1]).toMatch(/^5: .*declared here on type 'InstrumentInput'/s);
  // Both are the testing entry's exports.
  const entry = await import('node:fs').then((fs) => fs.readFileSync(join(root, 'src/testing/index.ts'), 'utf8'));
  for (const name of ['InstrumentSeedLinks', 'InstrumentInput']) expect(entry).toMatch(new RegExp(`\\b${name},`));
});
