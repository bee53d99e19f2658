/**
 * `mock.store.<table>.add()` checks that the records a record names fit it, by the rules the routes' create handlers
 * refuse a request by (src/testing/store/fits.ts, one rule each, worded once): a depository and an account of two
 * legal entities, a user reading or a limit nested under another client's record, a position on another client's
 * depository, a NAV or a commitment of an instrument that is no fund. Each passed `add()` and broke a read later.
 * `restoreSnapshot` holds a snapshot's records to the same rules.
 */
import { describe, expect, it } from 'vitest';
import {
  createMockService,
  type MockStore,
  restoreSnapshot,
  SnapshotError,
  snapshotOf,
} from '../../src/testing/index.js';
import { thrownValidationError } from '../helpers/issues.js';
import { stockSeed } from '../helpers/seeds.js';
import { useHarness } from './harness.js';

const FUND = 'private-market-fund-commitment-based';

/** Two clients, each with a legal entity (an account, a depository), a reporting entity, a portfolio and a limit. */
function twoClients(store: MockStore) {
  const one = (name: string) => {
    const client = store.clients.add({ name });
    const le = store.legalEntities.add({ clientId: client.id, name: `${name} AB` });
    const account = store.accounts.add({ legalEntityId: le.id, externalIdentifier: `${name}-A`, ccyCode: 'EUR' });
    const depository = store.depositories.add({ legalEntityId: le.id, externalIdentifier: `${name}-D` });
    const entity = store.reportingEntities.add({ clientId: client.id });
    const portfolio = store.portfolios.add({ reportingEntityId: entity.id });
    const limit = store.limits.add({
      clientId: client.id,
      name: 'All',
      ccyCode: 'EUR',
      startDate: '2024-01-01',
      limitFilter: { type: 'condition', condition: { type: 'all' } },
      limitType: { type: 'limit-group' },
    });
    return { client, le, account, depository, entity, portfolio, limit };
  };
  const stock = store.instruments.add({ kind: 'stock', attributes: stockSeed() });
  return { berg: one('Berg'), lund: one('Lund'), stock };
}
type Seeded = ReturnType<typeof twoClients>;

/** `add` is refused with exactly `message`, and the store is as it was: nothing stored, no id drawn. */
function refused(add: (store: MockStore, s: Seeded) => unknown, message: (s: Seeded) => string): void {
  const { store } = createMockService();
  const seeded = twoClients(store);
  const before = snapshotOf(store);
  expect(thrownValidationError(() => add(store, seeded)).message).toBe(message(seeded));
  expect(snapshotOf(store)).toEqual(before);
}

describe('mock.store tables refuse a record whose linked records do not fit it', () => {
  it.each([
    [
      "an account linked to another legal entity's depository",
      (s: MockStore, { berg, lund }: Seeded) =>
        s.accounts.add({
          legalEntityId: berg.le.id,
          externalIdentifier: 'X',
          ccyCode: 'EUR',
          depositoryIds: [berg.depository.id, lund.depository.id],
        }),
      ({ lund }: Seeded) =>
        `mock.store.accounts.add(): depositoryIds[1]: depository ${lund.depository.id} belongs to another legal entity`,
    ],
    [
      "a depository linked to another legal entity's account",
      (s: MockStore, { berg, lund }: Seeded) =>
        s.depositories.add({ legalEntityId: berg.le.id, externalIdentifier: 'X', accountIds: [lund.account.id] }),
      ({ lund }: Seeded) =>
        `mock.store.depositories.add(): accountIds[0]: account ${lund.account.id} belongs to another legal entity`,
    ],
    [
      "a user reading another client's reporting entity",
      (s: MockStore, { berg, lund }: Seeded) =>
        s.users.add({
          clientId: berg.client.id,
          firstName: 'A',
          lastName: 'B',
          contactEmail: 'a@b.test',
          readAccessToReportingEntities: [lund.entity.id],
        }),
      ({ lund }: Seeded) =>
        `mock.store.users.add(): readAccessToReportingEntities[0]: reporting entity ${lund.entity.id} belongs to ` +
        'another client',
    ],
    [
      "a limit nested under another client's limit",
      (s: MockStore, { berg, lund }: Seeded) => {
        const { id: _, ...limit } = berg.limit;
        return s.limits.add({ ...limit, parentLimitId: lund.limit.id });
      },
      ({ lund }: Seeded) => `mock.store.limits.add(): parentLimitId: limit ${lund.limit.id} belongs to another client`,
    ],
    [
      "a position on another client's depository",
      (s: MockStore, { berg, lund, stock }: Seeded) =>
        s.positions.add({
          portfolioId: berg.portfolio.id,
          depositoryId: lund.depository.id,
          instrumentId: stock.id,
          units: 1,
        }),
      ({ lund }: Seeded) =>
        `mock.store.positions.add(): depositoryId: depository ${lund.depository.id} belongs to another client`,
    ],
    [
      'a NAV of a stock',
      (s: MockStore, { stock }: Seeded) =>
        s.netAssetValues.add({ instrumentId: stock.id, officialDate: '2024-03-31', value: 1 }),
      ({ stock }: Seeded) =>
        `mock.store.netAssetValues.add(): instrumentId: net asset values apply to ${FUND} instruments only; ` +
        `${stock.id} is a stock`,
    ],
    [
      'a commitment to a stock',
      (s: MockStore, { stock }: Seeded) => s.commitments.add({ instrumentId: stock.id, date: '2024-01-15', value: 5 }),
      ({ stock }: Seeded) =>
        `mock.store.commitments.add(): instrumentId: commitments apply to ${FUND} instruments only; ` +
        `${stock.id} is a stock`,
    ],
  ])('refuses %s', (_, add, message) => refused(add, message));

  it("takes a position on a depository of another of the client's legal entities", () => {
    const { store } = createMockService();
    const { berg, stock } = twoClients(store);
    const le = store.legalEntities.add({ clientId: berg.client.id, name: 'Berg Two AB' });
    const depository = store.depositories.add({ legalEntityId: le.id, externalIdentifier: 'D-2' });
    const position = { portfolioId: berg.portfolio.id, depositoryId: depository.id, instrumentId: stock.id, units: 1 };
    expect(store.positions.add(position)).toMatchObject(position);
  });
});

/** The problem `restoreSnapshot` finds in the snapshot of two clients `change` made, with the target left as it was. */
function problemOf(change: (tables: Record<string, Record<string, unknown>[]>, s: Seeded) => void): string {
  const { store } = createMockService();
  const seeded = twoClients(store);
  const authority = store.custodianAuthorities.add({
    legalEntityId: seeded.berg.le.id,
    custodianAuthFlowId: 'nordbank-v2',
  });
  store.positions.add({ portfolioId: seeded.berg.portfolio.id, instrumentId: seeded.stock.id, units: 1 });
  const snapshot = structuredClone(snapshotOf(store));
  change(snapshot.tables as unknown as Record<string, Record<string, unknown>[]>, { ...seeded, authority } as Seeded);
  const target = createMockService().store;
  const before = snapshotOf(target);
  const error = (() => {
    try {
      restoreSnapshot(target, snapshot);
    } catch (e) {
      return e;
    }
  })();
  expect(error).toBeInstanceOf(SnapshotError);
  expect(snapshotOf(target)).toEqual(before);
  return (error as SnapshotError).problem;
}

describe('restoreSnapshot refuses the same misfits', () => {
  it("names the member: an account linked to another legal entity's depository", () => {
    let expected = '';
    const problem = problemOf((tables, { berg, lund }) => {
      const at = tables.accounts?.findIndex((a) => a.id === berg.account.id) as number;
      (tables.accounts?.[at] as { depositoryIds: string[] }).depositoryIds = [lund.depository.id];
      expected = `tables.accounts[${at}].depositoryIds[0]: depository ${lund.depository.id} belongs to another legal entity`;
    });
    expect(problem).toBe(expected);
  });
});

describe('restoreSnapshot refuses what no call could make (helper-65)', () => {
  it("a position whose reporting entity is not its portfolio's", () => {
    let portfolio = '';
    const problem = problemOf((tables, { lund, berg }) => {
      portfolio = berg.portfolio.id;
      (tables.positions?.[0] as Record<string, unknown>).reportingEntityId = lund.entity.id;
    });
    expect(problem).toBe(`tables.positions[0].portfolioId: portfolio ${portfolio} belongs to another reporting entity`);
  });

  it.each([
    ['depository', 'linkedDepositories', { depositoryNumber: 'D-1', status: 'active' }, 'depositoryId'],
    ['account', 'linkedAccounts', { accountNumber: 'A-1', status: 'active' }, 'accountId'],
  ] as const)("a custodian authority linking another legal entity's %s", (label, member, entry, key) => {
    let id = '';
    const problem = problemOf((tables, { lund }) => {
      id = label === 'depository' ? lund.depository.id : lund.account.id;
      const authority = tables.custodianAuthorities?.[0] as Record<string, unknown>;
      authority[member] = [{ ...entry, [key]: id }];
    });
    expect(problem).toBe(
      `tables.custodianAuthorities[0].${member}[0].${key}: ${label} ${id} belongs to another legal entity`,
    );
  });

  it("takes an authority linking its own legal entity's depository and account", () => {
    const { store } = createMockService();
    const { berg } = twoClients(store);
    store.custodianAuthorities.add({ legalEntityId: berg.le.id, custodianAuthFlowId: 'nordbank-v2' });
    const snapshot = structuredClone(snapshotOf(store));
    const authority = snapshot.tables.custodianAuthorities?.[0] as unknown as Record<string, unknown>;
    authority.linkedDepositories = [{ depositoryNumber: 'D-1', depositoryId: berg.depository.id, status: 'active' }];
    authority.linkedAccounts = [{ accountNumber: 'A-1', accountId: berg.account.id, status: 'active' }];
    const target = createMockService().store;
    restoreSnapshot(target, snapshot);
    expect(target.custodianAuthorities.get(authority.id as string)?.linkedAccounts).toEqual(authority.linkedAccounts);
  });
});

describe('the routes refuse a request by the same rules, in the same words', () => {
  const h = useHarness();

  it("POST an account linked to another legal entity's depository", async () => {
    const { berg, lund } = twoClients(h.mock.store);
    const accounts = h.mock.store.accounts.size;
    const res = await h.post(`/api/v2/legal-entities/${berg.le.id}/accounts`, {
      data: {
        type: 'account',
        attributes: { externalIdentifier: 'X', ccyCode: 'EUR' },
        relationships: { depository: { data: { type: 'depository', id: lund.depository.id } } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { detail: string }) => e.detail)).toEqual([
      `data.relationships.depository: depository ${lund.depository.id} belongs to another legal entity`,
    ]);
    expect(h.mock.store.accounts.size).toBe(accounts);
  });

  it('POST a NAV of a stock', async () => {
    const { stock } = twoClients(h.mock.store);
    const res = await h.post(`/api/v3/instruments/${stock.id}/net-asset-values`, {
      data: { type: 'net-asset-value', attributes: { officialDate: '2024-03-31', value: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { detail: string }) => e.detail)).toEqual([
      `net asset values apply to ${FUND} instruments only; ${stock.id} is a stock`,
    ]);
    expect(h.mock.store.netAssetValues.size).toBe(0);
  });
});
