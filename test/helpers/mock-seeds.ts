/** Records the bulk and loader tests seed the mock with. */
import type { MockStore } from '../../src/testing/index.js';

/** A stock named after its identifier. */
export function addStock(store: MockStore, securityIdentifier: string, ccyCode = 'USD') {
  return store.instruments.add({
    kind: 'stock',
    attributes: { name: securityIdentifier, securityIdentifier, ccyCode, countryCode: 'US' },
  });
}

/** A client's legal entity with one account in one depository. */
export function addAccount(store: MockStore) {
  const client = store.clients.add({ name: 'Berg' });
  const le = store.legalEntities.add({ clientId: client.id, name: 'Berg AB' });
  const account = store.accounts.add({ legalEntityId: le.id, externalIdentifier: 'SE-1', ccyCode: 'EUR' });
  const depository = store.depositories.add({
    legalEntityId: le.id,
    externalIdentifier: 'D-1',
    accountIds: [account.id],
  });
  return { account, depository };
}
