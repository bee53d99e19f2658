/**
 * The demo mock for the loader's example files: the embedded mock service over HTTP, seeded with the
 * account, depository and instruments that load-prices.csv, load-nav.jsonl and load-transactions.csv name
 * by id. Run it, then load the files from another terminal:
 *
 *   npx tsx examples/data/load-mock.ts            # prints its URL and the commands
 *   PORT=4010 npx tsx examples/data/load-mock.ts  # on a port of your choice
 */
import { pathToFileURL } from 'node:url';
import { createMockService, type MockStore } from 'portfolio-reporting/testing';

/** The ids the example files use. */
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

/** The seed: a client with a legal entity, one account in one depository, two stocks and a private market fund. */
export function seedLoadDemo(store: MockStore): void {
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

// Run as a script: serve the seeded mock until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mock = createMockService({ seed: seedLoadDemo });
  const http = await mock.listen({ port: Number(process.env.PORT ?? 0) });
  console.log(`Demo mock service at ${http.url} (Ctrl-C to stop). In another terminal:

  export PRS_BASE_URL=${http.url} PRS_ACCESS_TOKEN=demo
  npx portfolio-reporting load instruments examples/data/load-instruments.csv
  npx portfolio-reporting load prices examples/data/load-prices.csv
  npx portfolio-reporting load nav examples/data/load-nav.jsonl
  npx portfolio-reporting load transactions examples/data/load-transactions.csv`);
  process.on('SIGINT', () => void http.close().then(() => process.exit(0)));
}
