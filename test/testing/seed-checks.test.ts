/**
 * `mock.store.<table>.add()` holds what it stores to the rules `restoreSnapshot` holds a snapshot's records to (one
 * check, record-schemas.ts): a seed from plain JavaScript, a JSON fixture or an `as any` that breaks one is refused
 * at once, naming the table, the member and the rule, before anything is stored or an id drawn. It used to be stored
 * and fail later, as a service error in the code under test (`ResponseValidationError … countryCode: is required`),
 * while the store refused its own state on restore. The same for a transaction's attributes, an id that names no
 * record (a plain `Error` thrown after some were checked, or nothing at all: a commitment's instrument), and an auth
 * flow's id already taken (the flow was replaced without a word).
 */
import { describe, expect, it } from 'vitest';
import { PortfolioReporting, ValidationError } from '../../src/index.js';
import { TRANSACTION_KINDS } from '../../src/schemas/transactions.js';
import {
  createMockService,
  type MockStore,
  restoreSnapshot,
  SnapshotError,
  snapshotOf,
} from '../../src/testing/index.js';
import { fundSeed } from '../helpers/seeds.js';
import { useHarness } from './harness.js';

const KINDS =
  '"bond", "index-linked-bond", "zero-coupon-bond", "stock", "mutual-fund", "fee", "refund", "loan", ' +
  '"fx-forward-cash-settlement", "fx-forward-physical-delivery", "private-market-fund-commitment-based", "other"';
const acmeAttributes = { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'EUR', countryCode: 'US' };

/** The ids of the records the refused seeds name: a stock, a user, a client, a legal entity and its account. */
interface Named {
  instrumentId: string;
  userId: string;
  clientId: string;
  legalEntityId: string;
  accountId: string;
}

/** `seed` is refused with exactly `message`, and the store is as it was: nothing stored, no id drawn. */
function refused(seed: (store: MockStore, ids: Named) => unknown, message: string): void {
  const { store } = createMockService();
  const client = store.clients.add({ name: 'Berg' });
  const legalEntityId = store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' }).id;
  const ids = {
    instrumentId: store.instruments.add({ kind: 'stock', attributes: acmeAttributes }).id,
    userId: store.users.add({ clientId: client.id, firstName: 'A', lastName: 'B', contactEmail: 'a@b.test' }).id,
    clientId: client.id,
    legalEntityId,
    accountId: store.accounts.add({ legalEntityId, externalIdentifier: 'SE-1', ccyCode: 'EUR' }).id,
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
    const fund = store.instruments.add({ kind: 'private-market-fund-commitment-based', attributes: fundSeed() });
    store.netAssetValues.add({ instrumentId: fund.id, officialDate: '2024-03-31', effectiveDate: null, value: 100 });
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

const day = { tradeDate: '2024-03-28', valueDate: '2024-04-02' };
const account = (id: string) => ({ account: { data: { type: 'account', id } } });
const TRANSACTION_TYPES = Object.keys(TRANSACTION_KINDS)
  .map((kind) => `"${kind}-transaction"`)
  .join(', ');

describe("mock.store.transactions holds a transaction to its kind's rules as served", () => {
  it.each([
    [
      'a required attribute missing (a dividend without tax)',
      (s: MockStore, { accountId }: Named) =>
        s.transactions.add({
          type: 'dividend-transaction',
          attributes: { accountAmount: 9, grossAmount: 10, ...day },
          relationships: account(accountId),
        } as any),
      'mock.store.transactions.add(): attributes.tax: is required',
    ],
    [
      'an attribute of the wrong type, through the route form',
      (s: MockStore, { accountId }: Named) =>
        s.transactions.addChecked({
          type: 'refund-transaction',
          attributes: { accountAmount: '9', ...day },
          relationships: account(accountId),
        }),
      'mock.store.transactions.addChecked(): attributes.accountAmount: must be a number, got "9"',
    ],
    [
      'a type of no kind (misspelled)',
      (s: MockStore) => s.transactions.add({ type: 'dividends-transaction', attributes: {} } as any),
      `mock.store.transactions.add(): type: must be one of ${TRANSACTION_TYPES}, got "dividends-transaction"`,
    ],
    [
      'a to-one relationship given a list',
      (s: MockStore, { accountId }: Named) =>
        s.transactions.add({
          type: 'refund-transaction',
          attributes: { accountAmount: 9, ...day },
          relationships: { account: { data: [{ type: 'account', id: accountId }] } },
        }),
      'mock.store.transactions.add(): relationships.account.data: must be an object, got an array',
    ],
  ])('refuses %s', (_, seed, message) => refused(seed, message));
});

describe('mock.store tables refuse an id that names no record, as restoreSnapshot does', () => {
  it.each([
    [
      "a commitment's instrument (it was not checked)",
      (s: MockStore) => s.commitments.add({ instrumentId: 'ins_x', date: '2024-01-15', value: 5 }),
      'mock.store.commitments.add(): instrumentId: no instrument "ins_x"',
    ],
    [
      "an instrument's class, detailed class and reporting entity (none was checked but the detailed class)",
      (s: MockStore) =>
        s.instruments.add({
          kind: 'stock',
          attributes: { ...acmeAttributes, securityIdentifier: 'US0000000002' },
          instrumentClassId: 'cls_x',
          detailedInstrumentClassId: 'dcl_x',
          reportingEntityId: 're_x',
        }),
      'mock.store.instruments.add(): instrumentClassId: no instrument-class "cls_x"; detailedInstrumentClassId: no ' +
        'instrument-class-detailed "dcl_x"; reportingEntityId: no reporting-entity "re_x"',
    ],
    [
      "a user's read access (it was not checked)",
      (s: MockStore, { clientId }: Named) =>
        s.users.add({
          clientId,
          firstName: 'C',
          lastName: 'D',
          contactEmail: 'c@d.test',
          readAccessToReportingEntities: ['re_x'],
        }),
      'mock.store.users.add(): readAccessToReportingEntities[0]: no reporting-entity "re_x"',
    ],
    [
      "a transaction's relationship (it was not checked)",
      (s: MockStore) =>
        s.transactions.add({
          type: 'refund-transaction',
          attributes: { accountAmount: 9, ...day },
          relationships: account('acc_x'),
        }),
      'mock.store.transactions.add(): relationships.account.data.id: no account "acc_x"',
    ],
    [
      "a position's portfolio and instrument (the first was a plain Error)",
      (s: MockStore) => s.positions.add({ portfolioId: 'pf_x', instrumentId: 'ins_x', units: 1 }),
      'mock.store.positions.add(): portfolioId: no portfolio "pf_x"; instrumentId: no instrument "ins_x"',
    ],
    [
      "a depository's accounts to link",
      (s: MockStore, { legalEntityId, accountId }: Named) =>
        s.depositories.add({ legalEntityId, externalIdentifier: 'D-1', accountIds: [accountId, 'acc_x'] }),
      'mock.store.depositories.add(): accountIds[1]: no account "acc_x"',
    ],
    [
      "a depository's accounts to link that are not a list (it threw a TypeError)",
      (s: MockStore, { legalEntityId }: Named) =>
        s.depositories.add({ legalEntityId, externalIdentifier: 'D-1', accountIds: 'acc_x' as any }),
      'mock.store.depositories.add(): accountIds: must be an array, got "acc_x"',
    ],
    [
      "an auth flow's custodian and the flow superseding it",
      (s: MockStore) => s.authFlows.add({ id: 'k-v1', custodianId: 'cu_x', expectedFiles: [], supersededBy: 'k-v2' }),
      'mock.store.authFlows.add(): custodianId: no custodian "cu_x"; supersededBy: no custodian-auth-flow "k-v2"',
    ],
    [
      "a custodian authority's flow",
      (s: MockStore, { legalEntityId }: Named) =>
        s.custodianAuthorities.add({ legalEntityId, custodianAuthFlowId: 'kestrel-v1' }),
      'mock.store.custodianAuthorities.add(): custodianAuthFlowId: no custodian-auth-flow "kestrel-v1"',
    ],
    [
      "an invite's user",
      (s: MockStore) => s.invites.add({ userId: 'usr_x' }),
      'mock.store.invites.add(): userId: no user "usr_x"',
    ],
  ])('refuses %s', (_, seed, message) => refused(seed, message));

  it('refuses an auth flow whose id is taken: it replaced the flow without a word', () => {
    refused(
      (s) =>
        s.authFlows.add({
          id: 'nordbank-v2',
          custodianId: s.custodians.byIdentifier('nordbank')!.id,
          expectedFiles: ['consent'],
        }),
      'mock.store.authFlows.add(): id: "nordbank-v2" is the id of a custodian-auth-flow already; ids are unique in a table',
    );
    const { store } = createMockService();
    expect(store.authFlows.expect('nordbank-v2').expectedFiles).toEqual(['power-of-attorney', 'consent']);
  });
});

describe('restoreSnapshot refuses the records add() refuses (one check)', () => {
  /** A store with an account and a refund on it, as saved; `edit` breaks the refund. */
  function problem(edit: (refund: any) => void): string | undefined {
    const { store } = createMockService();
    const client = store.clients.add({ name: 'Berg' });
    const legalEntityId = store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' }).id;
    const accountId = store.accounts.add({ legalEntityId, externalIdentifier: 'SE-1', ccyCode: 'EUR' }).id;
    store.transactions.add({
      type: 'refund-transaction',
      attributes: { accountAmount: 9, ...day },
      relationships: account(accountId),
    });
    const snapshot = JSON.parse(JSON.stringify(snapshotOf(store)));
    edit(snapshot.tables.transactions[0]);
    try {
      restoreSnapshot(createMockService().store, snapshot);
    } catch (error) {
      expect(error).toBeInstanceOf(SnapshotError);
      return (error as SnapshotError).problem;
    }
    return undefined;
  }

  it('takes the record add() stored', () => expect(problem(() => {})).toBeUndefined());

  it.each([
    [
      'a required attribute missing',
      (t: any) => delete t.attributes.tradeDate,
      'tables.transactions[0].attributes.tradeDate: is required',
    ],
    [
      'a type of no kind',
      (t: any) => (t.type = 'refunds-transaction'),
      `tables.transactions[0].type: must be one of ${TRANSACTION_TYPES}, got "refunds-transaction"`,
    ],
    [
      'a to-one relationship given a list',
      (t: any) => (t.relationships.account.data = [t.relationships.account.data]),
      'tables.transactions[0].relationships.account.data: must be an object, got an array',
    ],
    [
      'a relationship to no record',
      (t: any) => (t.relationships.account.data.id = 'acc_x'),
      'tables.transactions[0].relationships.account.data.id: "acc_x" is not the id of a record in tables.accounts',
    ],
  ])('refuses a transaction with %s', (_, edit, message) => expect(problem(edit)).toBe(message));
});

describe('a transaction add() takes reads back through the SDK against the mock', () => {
  const h = useHarness();

  it('lists the seeded dividend as stored, decoded by the SDK', async () => {
    const s = h.mock.store;
    const client = s.clients.add({ name: 'Berg' });
    const legalEntityId = s.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' }).id;
    const accountId = s.accounts.add({ legalEntityId, externalIdentifier: 'SE-1', ccyCode: 'EUR' }).id;
    const depositoryId = s.depositories.add({ legalEntityId, externalIdentifier: 'D-1', accountIds: [accountId] }).id;
    const acme = s.instruments.add({ kind: 'stock', attributes: acmeAttributes });
    const seeded = s.transactions.add({
      type: 'dividend-transaction',
      attributes: { accountAmount: 9, grossAmount: 10, tax: 1, ...day },
      relationships: {
        ...account(accountId),
        asset: { data: { type: 'stock-asset', id: acme.id } },
        depository: { data: { type: 'depository', id: depositoryId } },
      },
    });
    const prs = new PortfolioReporting({ baseUrl: h.url, accessToken: 'token', maxRetries: 0 });
    const listed = await prs.transactions.list({ accountId, fromDate: day.tradeDate, toDate: day.tradeDate });
    expect(listed).toEqual([
      {
        id: seeded.id,
        type: 'dividend-transaction',
        attributes: seeded.attributes,
        relationships: seeded.relationships,
      },
    ]);
  });
});
