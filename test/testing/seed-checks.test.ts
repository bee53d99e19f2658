/**
 * `mock.store.<table>.add()` holds what it stores to the rules `restoreSnapshot` holds a snapshot's records to (one
 * check, record-schemas.ts): a seed from plain JavaScript, a JSON fixture or an `as any` that breaks one is refused
 * at once, naming the table, the member and the rule, before anything is stored or an id drawn. It used to be stored
 * and fail later, as a service error in the code under test (`ResponseValidationError … countryCode: is required`),
 * while the store refused its own state on restore.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { createMockService, type MockStore, restoreSnapshot, snapshotOf } from '../../src/testing/index.js';

const KINDS =
  '"bond", "index-linked-bond", "zero-coupon-bond", "stock", "mutual-fund", "fee", "refund", "loan", ' +
  '"fx-forward-cash-settlement", "fx-forward-physical-delivery", "private-market-fund-commitment-based", "other"';
const acmeAttributes = { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'EUR', countryCode: 'US' };

/** The ids of the records the refused seeds name: a stock and a user. */
interface Named {
  instrumentId: string;
  userId: string;
}

/** `seed` is refused with exactly `message`, and the store is as it was: nothing stored, no id drawn. */
function refused(seed: (store: MockStore, ids: Named) => unknown, message: string): void {
  const { store } = createMockService();
  const client = store.clients.add({ name: 'Berg' });
  const ids = {
    instrumentId: store.instruments.add({ kind: 'stock', attributes: acmeAttributes }).id,
    userId: store.users.add({ clientId: client.id, firstName: 'A', lastName: 'B', contactEmail: 'a@b.test' }).id,
  };
  const before = snapshotOf(store);
  let thrown: unknown;
  try {
    seed(store, ids);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ValidationError);
  expect((thrown as Error).message).toBe(message);
  expect(snapshotOf(store)).toEqual(before);
}

describe('mock.store tables refuse a record restoreSnapshot would refuse', () => {
  it.each([
    [
      'an unknown instrument kind',
      (s: MockStore) => s.instruments.add({ kind: 'stok', attributes: { name: 'B' } } as any),
      `mock.store.instruments.add(): kind: must be one of ${KINDS}, got "stok"`,
    ],
    [
      "a kind's required attribute missing (misspelled)",
      (s: MockStore) =>
        s.instruments.add({
          kind: 'stock',
          attributes: { ...acmeAttributes, countryCode: undefined, countryCod: 'US' },
        } as any),
      'mock.store.instruments.add(): attributes.countryCode: is required',
    ],
    [
      'a price dated on no day, its value a string',
      (s: MockStore, { instrumentId }: Named) => s.prices.add({ instrumentId, date: '2024-13-01', value: '12' } as any),
      'mock.store.prices.add(): date: must be a calendar date in the form YYYY-MM-DD: 2024-13-01 is no day of the ' +
        'calendar; value: must be a number, got "12"',
    ],
    [
      'an id given (the store makes it)',
      (s: MockStore, { instrumentId }: Named) =>
        s.prices.add({ id: 'p1', instrumentId, date: '2024-03-28', value: 12 } as any),
      'mock.store.prices.add(): id: is not a known field here (accepted: instrumentId, date, value, provider)',
    ],
    [
      'a member of no record (it was dropped without a word)',
      (s: MockStore) => s.instrumentClasses.add({ name: 'Gold', colour: 'yellow' } as any),
      'mock.store.instrumentClasses.add(): colour: is not a known field here (accepted: name)',
    ],
    [
      'an input that is not an object',
      (s: MockStore) => s.positions.add(null as any),
      'mock.store.positions.add(): must be an object, got null',
    ],
    [
      'an invite restricted to an unknown identity provider',
      (s: MockStore, { userId }: Named) => s.invites.add({ userId, restrictedToIdentityProvider: 'github' as any }),
      'mock.store.invites.add(): restrictedToIdentityProvider: must be one of "", "apple", "google", "microsoft", got "github"',
    ],
    [
      'a transaction through the route form, its relationships not an object',
      (s: MockStore) =>
        s.transactions.addChecked({ type: 'dividend-transaction', attributes: {}, relationships: 5 as any }),
      'mock.store.transactions.addChecked(): relationships: must be a record, got number 5',
    ],
  ])('%s', (_, seed, message) => refused(seed, message));

  it('accepts every seed the store accepted that it also restores; what add() stores, restoreSnapshot takes', () => {
    const { store } = createMockService();
    const client = store.clients.add({ name: 'Berg' });
    const entity = store.reportingEntities.add({ clientId: client.id, attributes: { ccyCode: 'EUR' } });
    const portfolio = store.portfolios.add({ reportingEntityId: entity.id, attributes: { name: 'Core' } });
    const acme = store.instruments.add({ kind: 'stock', attributes: acmeAttributes });
    store.prices.add({ instrumentId: acme.id, date: '2024-03-28', value: 101.5 });
    store.netAssetValues.add({ instrumentId: acme.id, officialDate: '2024-03-31', effectiveDate: null, value: 100 });
    store.positions.add({ portfolioId: portfolio.id, instrumentId: acme.id, units: 100, depositoryId: undefined });
    const le = store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' });
    store.accounts.add({
      legalEntityId: le.id,
      externalIdentifier: 'SE-1',
      ccyCode: 'SEK',
      excludeFromReporting: undefined,
    });
    store.custodianAuthorities.add({ legalEntityId: le.id, custodianAuthFlowId: 'nordbank-v2' });
    const saved = JSON.parse(JSON.stringify(snapshotOf(store)));
    expect(saved.tables.positions).toHaveLength(1);
    expect(() => restoreSnapshot(createMockService().store, saved)).not.toThrow();
  });

  it('leaves the attributes of a resource whose shape the reference does not show as given', () => {
    // A client's attributes are not known to the SDK (src/schemas/generic.ts): `nmae` is kept, as the service would.
    const { store } = createMockService();
    expect(store.clients.add({ nmae: 'x' }).attributes).toEqual({ nmae: 'x' });
  });
});
