/**
 * The demo data: a small portfolio under fixed ids, which the loader's example files (examples/data/load-*)
 * and the standalone mock (`portfolio-reporting mock --seed demo`) use.
 */
import { extraArguments } from '../core/arity.js';
import type { MockStore } from './store/store.js';

/** The ids of the demo seed's records, fixed so that example files can name them. */
export const DEMO_IDS = {
  account: '65f1c0ffee00000000000a01',
  depository: '65f1c0ffee00000000000d01',
  sap: '65f1c0ffee0000000000010a',
  asml: '65f1c0ffee0000000000010b',
  fund: '65f1c0ffee0000000000020a',
} as const;

/** Adds a record the way the store's `add` does, then files it under a fixed id (the example files name it). */
function withId<T extends { id: string }>(
  table: { delete(id: string): boolean; insert(row: T): T },
  row: T,
  id: string,
): T {
  table.delete(row.id);
  return table.insert({ ...row, id });
}

/**
 * The demo seed (`createMockService({ seed: seedDemo })`, `portfolio-reporting mock --seed demo`): a client with a
 * legal entity, one account in one depository, two stocks and a private market fund, under the ids of `DEMO_IDS`.
 * @example
 * const mock = createMockService({ seed: seedDemo });
 */
export function seedDemo(store: MockStore): void {
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments('seedDemo()', arguments, 1, '');
  const client = store.clients.add({ name: 'Berg Family Office' });
  const entity = store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' });
  withId(
    store.depositories,
    store.depositories.add({ legalEntityId: entity.id, externalIdentifier: 'SE-DEP-1', name: 'Custody' }),
    DEMO_IDS.depository,
  );
  withId(
    store.accounts,
    store.accounts.add({
      legalEntityId: entity.id,
      externalIdentifier: 'SE-4400-1',
      ccyCode: 'EUR',
      name: 'Main',
      depositoryIds: [DEMO_IDS.depository],
    }),
    DEMO_IDS.account,
  );
  const stock = (name: string, securityIdentifier: string, countryCode: string) =>
    store.instruments.add({ kind: 'stock', attributes: { name, securityIdentifier, ccyCode: 'EUR', countryCode } });
  withId(store.instruments, stock('SAP SE', 'DE0007164600', 'DE'), DEMO_IDS.sap);
  withId(store.instruments, stock('ASML Holding', 'NL0010273215', 'NL'), DEMO_IDS.asml);
  const fund = store.instruments.add({
    kind: 'private-market-fund-commitment-based',
    attributes: {
      customIdentifier: 'PE-0001',
      fund: {
        name: 'Alpine Growth II',
        managerName: 'Alpine Partners',
        ccyCode: 'EUR',
        strategy: 'leveraged-buyout',
        investmentRegion: 'europe',
        vintageDate: '2019-06-30',
      },
      exitDate: null,
    },
    relationships: { depository: { data: { type: 'depository', id: DEMO_IDS.depository } } },
  });
  withId(store.instruments, fund, DEMO_IDS.fund);
}
