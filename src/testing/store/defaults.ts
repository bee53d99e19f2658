/**
 * What every mock starts with: custodians with their auth flows (a current and an outdated one) and the
 * instrument classes instruments fall in by kind. Documented in the README, "The mock service".
 */
import { DETAILED_CLASS_BY_KIND } from './instruments.js';
import type { MockStore } from './store.js';

const CLASSES: Record<string, string[]> = {
  Equities: ['Listed equities', 'Equity funds'],
  'Fixed income': ['Bonds', 'Inflation-linked bonds'],
  'Cash and equivalents': ['Loans', 'Currency forwards'],
  Alternatives: ['Private equity'],
  Other: ['Fees and refunds', 'Other instruments'],
};

export function seedDefaults(store: MockStore): void {
  const nordbank = store.custodians.add({ identifier: 'nordbank', name: 'Nordbank', country: 'SE' });
  // The current flow first: the outdated one names it (`add()` refuses a `supersededBy` of no flow).
  store.authFlows.add({ id: 'nordbank-v2', custodianId: nordbank.id, expectedFiles: ['power-of-attorney', 'consent'] });
  store.authFlows.add({
    id: 'nordbank-v1',
    custodianId: nordbank.id,
    expectedFiles: ['power-of-attorney'],
    supersededBy: 'nordbank-v2',
  });
  const alpen = store.custodians.add({ identifier: 'alpen-privatbank', name: 'Alpen Privatbank', country: 'CH' });
  store.authFlows.add({
    id: 'alpen-privatbank-v1',
    custodianId: alpen.id,
    expectedFiles: ['power-of-attorney', 'back-office-login'],
  });

  for (const [name, detailed] of Object.entries(CLASSES)) {
    const cls = store.instrumentClasses.add({ name });
    for (const d of detailed) store.detailedInstrumentClasses.add({ name: d, instrumentClassId: cls.id });
  }
  // Guard against the two tables drifting apart: every kind must find its class.
  for (const name of Object.values(DETAILED_CLASS_BY_KIND)) {
    if (!store.detailedInstrumentClasses.where((c) => c.name === name).length)
      throw new Error(`mock defaults: no detailed class "${name}"`);
  }
}
