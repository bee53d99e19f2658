/**
 * `snapshotOf` / `restoreSnapshot` (what `portfolio-reporting mock --state FILE` saves and loads): a snapshot is
 * checked whole before anything is replaced, and its `idsDrawn` must not be smaller than where the id sequence stood
 * once its own ids were drawn, else a new record would get the id of one it holds. Each record must have its table's
 * shape and name records the snapshot holds, and everything the mock itself writes must pass.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  consentFiles,
  type LoanInstrumentCreateAttributes,
  limitFilter,
  limitType,
  PortfolioReporting,
  type PrivateMarketFundCommitmentBasedInstrumentCreateAttributes,
} from '../../src/index.js';
import {
  createMockService,
  DEMO_IDS,
  type MockService,
  restoreSnapshot,
  SnapshotError,
  seedDemo,
  snapshotOf,
} from '../../src/testing/index.js';
import { recordsProblem } from '../../src/testing/store/record-schemas.js';
import { equityTradeSeed, fundSeed, loanSeed } from '../helpers/seeds.js';

/** A user of the store's first client: an id in the other format (a UUID, four numbers of the sequence). */
const user = (mock: ReturnType<typeof createMockService>) =>
  mock.store.users.add({
    clientId: mock.store.clients.all()[0]?.id as string,
    firstName: 'Ada',
    lastName: 'Berg',
    contactEmail: 'ada@example.com',
  }).id;

/** A snapshot through JSON, as the file holds it. */
const saved = (mock: ReturnType<typeof createMockService>) => JSON.parse(JSON.stringify(snapshotOf(mock.store)));

/** `restoreSnapshot` refuses the snapshot with exactly this problem, and a store it was given is kept as it was. */
function refusedWhole(snapshot: unknown, problem: string): void {
  const mock = createMockService();
  mock.store.clients.add({ name: 'kept' });
  const before = snapshotOf(mock.store);
  let thrown: unknown;
  try {
    restoreSnapshot(mock.store, snapshot);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(SnapshotError);
  expect(thrown).toMatchObject({ name: 'SnapshotError', problem, message: `restoreSnapshot(): ${problem}` });
  expect(snapshotOf(mock.store)).toEqual(before);
}

describe('restoreSnapshot', () => {
  it('restores the records and goes on drawing ids where the sequence stood, as if never stopped', () => {
    const first = createMockService({ seed: seedDemo });
    for (let i = 0; i < 50; i++) first.store.clients.add({ name: `client ${i}` });
    const snapshot = saved(first);
    const second = createMockService();
    restoreSnapshot(second.store, snapshot);
    expect(second.store.clients.all()).toEqual(first.store.clients.all());
    expect(second.store.ids.drawn).toBe(first.store.ids.drawn);
    const next = [second.store.clients.add({ name: 'a' }).id, user(second)];
    expect(next).toEqual([first.store.clients.add({ name: 'a' }).id, user(first)]);
  });

  const base = () => saved(createMockService({ seed: seedDemo }));
  it.each([
    [
      'a snapshot that is not an object',
      () => null,
      'the snapshot must be an object { format: 1, idsDrawn, tables }, got null',
    ],
    ['another format', (s: any) => ({ ...s, format: 2 }), 'format: must be 1, got number 2'],
    [
      'a member of no snapshot',
      (s: any) => ({ ...s, extra: true }),
      'extra: is not a member of a snapshot (format, idsDrawn, tables)',
    ],
    ['idsDrawn missing', ({ idsDrawn, ...s }: any) => s, 'idsDrawn: is required'],
    [
      'idsDrawn not whole',
      (s: any) => ({ ...s, idsDrawn: 1.5 }),
      'idsDrawn: must be a whole number from 0 to 4294967295, got number 1.5',
    ],
    [
      'idsDrawn a string',
      (s: any) => ({ ...s, idsDrawn: '99' }),
      'idsDrawn: must be a whole number from 0 to 4294967295, got "99"',
    ],
    [
      'tables an array',
      (s: any) => ({ ...s, tables: [] }),
      "tables: must be an object of the store's tables by name, got an array",
    ],
    [
      'an unknown table',
      (s: any) => ({ ...s, tables: { ...s.tables, ledgers: [] } }),
      'tables.ledgers: is not a table of the mock store',
    ],
    [
      'a table that is a string',
      (s: any) => ({ ...s, tables: { clients: 'abc' } }),
      'tables.clients: must be an array of records, got "abc"',
    ],
    [
      'a table that is a number',
      (s: any) => ({ ...s, tables: { clients: 5 } }),
      'tables.clients: must be an array of records, got number 5',
    ],
    [
      'a null row',
      (s: any) => ({ ...s, tables: { clients: [null] } }),
      'tables.clients[0]: must be a record (an object with a string id), got null',
    ],
    [
      'a row without id',
      (s: any) => ({ ...s, tables: { clients: [{ id: 'c1' }, { name: 'no id' }] } }),
      'tables.clients[1].id: is required',
    ],
    [
      'a number id',
      (s: any) => ({ ...s, tables: { clients: [{ id: 7 }] } }),
      'tables.clients[0].id: must be a non-empty string, got number 7',
    ],
    [
      'an id twice',
      (s: any) => ({ ...s, tables: { clients: [{ id: 'c1' }, { id: 'c2' }, { id: 'c1' }] } }),
      'tables.clients[2].id: "c1" is the id of tables.clients[0] too; ids are unique in a table',
    ],
  ])('refuses %s, naming the member and the rule, and keeps the store as it was', (_, edit, problem) => {
    refusedWhole(edit(base()), problem);
  });

  it('refuses an idsDrawn smaller than its ids need (0, or missing a few), naming the id drawn past it', () => {
    const mock = createMockService();
    mock.store.clients.add({ name: 'Berg' });
    const custodian = mock.store.custodians.all()[0];
    expect(custodian?.id).toMatch(/^[0-9a-f]{24}$/); // the default seed draws it: the sequence's numbers 1 to 3
    const added = user(mock);
    const snapshot = saved(mock);
    const other = createMockService();
    expect(() => restoreSnapshot(other.store, { ...snapshot, idsDrawn: 0 })).toThrow(
      `restoreSnapshot(): idsDrawn: must be at least ${snapshot.idsDrawn}, where the id sequence stands once the id ${added} of tables.users[0] is drawn (a smaller one draws it again), got 0`,
    );
    expect(() => restoreSnapshot(other.store, { ...snapshot, idsDrawn: snapshot.idsDrawn - 1 })).toThrow(
      `idsDrawn: must be at least ${snapshot.idsDrawn}`,
    );
    // Restored at 0 (as before this check), the next client got the id of the seeded custodian.
    restoreSnapshot(other.store, snapshot);
    expect(other.store.clients.add({ name: 'new' }).id).not.toBe(custodian?.id);
  });

  it('costs the same whatever idsDrawn it names (the sequence is resumed in one step)', () => {
    const mock = createMockService();
    const started = performance.now();
    restoreSnapshot(mock.store, { ...saved(mock), idsDrawn: 2 ** 31 });
    expect(mock.store.ids.drawn).toBe(2 ** 31);
    expect(performance.now() - started).toBeLessThan(5_000); // a loop of 2^31 draws takes a minute
  });

  it('refuses an idsDrawn so large that the sequence, which repeats after 2^32 numbers, would draw its ids again', () => {
    const mock = createMockService();
    expect(() => restoreSnapshot(mock.store, { ...saved(mock), idsDrawn: 2 ** 32 - 1 })).toThrow(
      /^restoreSnapshot\(\): idsDrawn: must be at least 42949673\d\d, where the id sequence stands once the id [0-9a-f]{24} of tables\.\w+\[\d+\] is drawn \(a smaller one draws it again\), got 4294967295$/,
    );
  });
});

/**
 * A mock after a realistic series of operations, through the SDK over HTTP where an endpoint makes them and through
 * `mock.store` for what no endpoint does (the operator's and the custodian's moves, positions, custodian holdings):
 * every table is written to. Among them the deletes that refuse, take along, or clear what names the record deleted
 * (`made` holds their ids and the refusals, each as the error the SDK threw).
 */
async function operated(): Promise<{ mock: MockService; made: Record<string, any> }> {
  const mock = createMockService({ seed: seedDemo });
  const server = await mock.listen({ port: 0 });
  const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'token', maxRetries: 0, logLevel: 'off' });
  const s = mock.store;
  const client = s.clients.all()[0]!;
  const holding = s.legalEntities.all()[0]!;
  const made: Record<string, any> = {};
  try {
    const entity = await prs.clients.reportingEntities.create(client.id, {
      attributes: { name: 'Berg', ccyCode: 'EUR' },
    });
    const closed = await prs.clients.reportingEntities.create(client.id, { attributes: { name: 'Closed' } });
    const portfolio = await prs.reportingEntities.portfolios.create(entity.id, { attributes: { name: 'Core' } });
    const user = await prs.clients.users.create(client.id, {
      attributes: { firstName: 'Ada', lastName: 'Berg', contactEmail: 'ada@example.com' },
      relationships: { readAccessToReportingEntities: [entity.id, closed.id] },
    });
    Object.assign(made, { entity: entity.id, closed: closed.id, user: user.id });
    const cancelled = await prs.users.invites.create(user.id, {
      attributes: { restrictedToIdentityProvider: 'google' },
    });
    await prs.users.invites.cancel(user.id, cancelled.id);
    s.invites.setState((await prs.users.invites.create(user.id, { attributes: {} })).id, 'used');
    const account = await prs.legalEntities.accounts.create(holding.id, {
      attributes: { externalIdentifier: 'SE-4400-2', ccyCode: 'SEK' },
    });
    await prs.accounts.update(account.id, { attributes: { name: 'Savings' } });
    await prs.legalEntities.depositories.create(holding.id, {
      attributes: { externalIdentifier: 'SE-DEP-2', name: 'Second' },
      relationships: { accounts: [account.id] },
    });
    const stock = await prs.instruments.create({
      type: 'stock-instrument',
      attributes: { name: 'Ericsson', securityIdentifier: 'SE0000108656', ccyCode: 'SEK', countryCode: 'SE' },
    });
    const loan = await prs.instruments.create({
      type: 'loan-instrument',
      attributes: loanSeed() as LoanInstrumentCreateAttributes, // the seed's type is the read one (open value sets)
      relationships: { account: account.id },
    });
    const fund = await prs.instruments.create({
      type: 'private-market-fund-commitment-based-instrument',
      attributes: {
        ...(fundSeed() as PrivateMarketFundCommitmentBasedInstrumentCreateAttributes),
        initialCommitment: { date: '2023-03-01', value: 5_000_000 },
      },
      relationships: { depository: DEMO_IDS.depository },
    });
    await prs.instruments.prices.create(stock.id, { attributes: { date: '2024-03-28', value: 101.5 } });
    await prs.instruments.interestRates.create(loan.id, { attributes: { date: '2024-01-02', value: 0.035 } });
    await prs.instruments.indexFactors.create(DEMO_IDS.sap, { attributes: { date: '2024-01-02', value: 1.02 } });
    const nav = await prs.instruments.netAssetValues.create(fund.id, {
      attributes: { officialDate: '2024-03-31', value: 1_250_000 },
    });
    // The price the NAV set is kept: it goes with the NAV.
    made.nav = nav.id;
    made.navPrice = s.netAssetValues.expect(nav.id).priceId;
    made.navPriceRefused = await prs.instruments.prices.delete(made.navPrice).catch((error: unknown) => error);
    await prs.transactions.create({
      type: 'dividend-transaction',
      attributes: { accountAmount: 85, grossAmount: 100, tax: 15, tradeDate: '2024-03-01', valueDate: '2024-03-04' },
      relationships: { account: DEMO_IDS.account, asset: DEMO_IDS.sap, depository: DEMO_IDS.depository },
    });
    const equities = await prs.limits.create({
      attributes: {
        name: 'Equities',
        ccyCode: 'EUR',
        startDate: '2024-01-01',
        limitFilter: limitFilter.countryCodeIs('DE'),
        limitType: limitType.absolute({ max: 1_000_000 }),
      },
      relationships: { client: client.id },
    });
    await prs.limits.create({
      attributes: {
        name: 'SAP',
        ccyCode: 'EUR',
        startDate: '2024-01-01',
        limitFilter: limitFilter.securityIdentifierIs('DE0007164600'),
        limitType: limitType.proportional({ max: 0.3 }),
      },
      relationships: { client: client.id, parentLimit: equities.id },
    });
    /** An authority of the legal entity with its files uploaded and its consent given. */
    const consented = async (legalEntityId: string, flow: string, consent: Record<string, unknown>) => {
      const { id, attributes } = await prs.legalEntities.custodianAuthorities.create(legalEntityId, {
        custodianAuthFlowId: flow,
      });
      for (const name of attributes.pendingFiles)
        await prs.custodianAuthorities.files.upload(id, { name, file: new Uint8Array([1, 2, 3]), filename: 'f.pdf' });
      const files = consentFiles(await prs.custodianAuthorities.files.list(id));
      await prs.custodianAuthorities.consent(id, { legalEntityIdentifier: '556000-0001', files, ...consent } as never);
      return id;
    };
    // Made active, the mock creates the depository and the account it names; both are deleted after.
    const specific = await consented(holding.id, 'nordbank-v2', {
      custodianIdentifier: 'nordbank',
      consentType: 'specific',
      depositoryNumbers: ['NB-D-1'],
      accountNumbers: ['NB-A-1'],
    });
    s.custodianAuthorities.advance(specific, 'awaiting-custodian');
    const active = s.custodianAuthorities.advance(specific, 'active', { ccyCode: 'SEK' });
    const all = await consented(holding.id, 'alpen-privatbank-v1', {
      custodianIdentifier: 'alpen-privatbank',
      consentType: 'all',
    });
    await prs.custodianAuthorities.link(all, { type: 'account', resourceNumber: 'AP-1' });
    await prs.custodianAuthorities.revoke(all);
    s.custodianAuthorities.advance(all, 'revoked');
    s.positions.add({ portfolioId: portfolio.id, instrumentId: stock.id, units: 100, fromDate: '2024-01-01' });
    made.specific = specific;
    made.depository = active.linkedDepositories[0]!.depositoryId!;
    made.account = active.linkedAccounts[0]!.accountId!;
    made.position = s.positions.add({
      portfolioId: portfolio.id,
      depositoryId: made.depository,
      instrumentId: DEMO_IDS.sap,
      units: 10,
    }).id;
    await prs.depositories.delete(made.depository);
    await prs.accounts.delete(made.account);
    s.custodianHoldings.add({
      legalEntityId: holding.id,
      attributes: { depositoryNumber: 'SE-DEP-1', marketValue: 1 },
    });
    s.instruments.add({ kind: 'other', attributes: { securityIdentifier: 'P-2' }, reportingEntityId: entity.id });
    // A reporting entity with a private instrument is kept; without it, it goes, and leaves the user's read access.
    made.private = s.instruments.add({
      kind: 'other',
      attributes: { securityIdentifier: 'P-1' },
      reportingEntityId: closed.id,
    }).id;
    made.closedRefused = await prs.reportingEntities.delete(closed.id).catch((error: unknown) => error);
    await prs.assets.delete(made.private);
    await prs.reportingEntities.delete(closed.id);
    // An account, a depository, a loan and a transaction that a transaction's or an instrument's relationship names
    // are kept (409); deleted after what names them, they go.
    const closingAccount = await prs.legalEntities.accounts.create(holding.id, {
      attributes: { externalIdentifier: 'SE-4400-3', ccyCode: 'SEK' },
    });
    const closingDepository = await prs.legalEntities.depositories.create(holding.id, {
      attributes: { externalIdentifier: 'SE-DEP-3' },
      relationships: { accounts: [closingAccount.id] },
    });
    const closingLoan = await prs.instruments.create({
      type: 'loan-instrument',
      attributes: loanSeed({ securityIdentifier: 'LOAN-2' }) as LoanInstrumentCreateAttributes,
      relationships: { account: closingAccount.id },
    });
    await prs.transactions.create({
      type: 'equity-trade-transaction',
      attributes: equityTradeSeed({ tradeDate: '2024-04-02', valueDate: '2024-04-04' }),
      relationships: { account: closingAccount.id, asset: stock.id, depository: closingDepository.id },
    });
    const transfer = { accountAmount: 100, tradeDate: '2024-04-02', valueDate: '2024-04-02' };
    const counterparty = await prs.transactions.create({
      type: 'cash-transfer-transaction',
      attributes: transfer,
      relationships: { account: account.id },
    });
    const other = await prs.transactions.create({
      type: 'cash-transfer-transaction',
      attributes: { ...transfer, accountAmount: -100 },
      relationships: { account: account.id, counterpartyTransaction: counterparty.id },
    });
    Object.assign(made, {
      closingAccount: closingAccount.id,
      closingDepository: closingDepository.id,
      closingLoan: closingLoan.id,
      counterparty: counterparty.id,
      accountRefused: await prs.accounts.delete(closingAccount.id).catch((error: unknown) => error),
      depositoryRefused: await prs.depositories.delete(closingDepository.id).catch((error: unknown) => error),
      counterpartyRefused: await prs.transactions.delete(counterparty.id).catch((error: unknown) => error),
    });
    const onClosing = () =>
      prs.transactions.list({ accountId: closingAccount.id, fromDate: '2000-01-01', toDate: '2099-12-31' });
    // A loan goes with its own loan transactions (the service made them with it).
    made.loanTransactions = (await onClosing()).filter((t) => t.type === 'loan-transaction').map((t) => t.id);
    await prs.assets.delete(closingLoan.id);
    for (const t of [...(await onClosing()), other, counterparty]) await prs.transactions.delete(t.id);
    await prs.depositories.delete(closingDepository.id);
    await prs.accounts.delete(closingAccount.id);
    // A legal entity with an authority's file and a custodian holding, deleted: they go with it.
    const closing = await prs.clients.legalEntities.create(client.id, { attributes: { name: 'Berg Invest AB' } });
    const pending = await prs.legalEntities.custodianAuthorities.create(closing.id, {
      custodianAuthFlowId: 'nordbank-v2',
    });
    await prs.custodianAuthorities.files.upload(pending.id, {
      name: 'consent',
      file: new Uint8Array([4]),
      filename: 'c.pdf',
    });
    s.custodianHoldings.add({ legalEntityId: closing.id, attributes: { marketValue: 5 } });
    await prs.legalEntities.delete(closing.id);
    Object.assign(made, { closing: closing.id, pending: pending.id });
    await prs.transactions.delete(s.transactions.all()[0]!.id);
  } finally {
    await server.close();
  }
  return { mock, made };
}

describe('restoreSnapshot: the records', () => {
  let full: any;
  let after: Awaited<ReturnType<typeof operated>>;
  beforeAll(async () => {
    after = await operated();
    full = saved(after.mock);
  });

  it.each([
    ['a missing member', (t: any) => delete t.prices[0].instrumentId, 'tables.prices[0].instrumentId: is required'],
    [
      'a member of another type',
      (t: any) => (t.prices[0].value = '12'),
      'tables.prices[0].value: must be a number, got "12"',
    ],
    [
      'an unknown member',
      (t: any) => (t.prices[0].currency = 'EUR'),
      'tables.prices[0].currency: is not a known field here (accepted: id, instrumentId, date, value, provider)',
    ],
    [
      'a value of no enum member',
      (t: any) => (t.invites[0].state = 'open'),
      'tables.invites[0].state: must be one of "valid", "used", "expired", "cancelled", got "open"',
    ],
    [
      'an instrument of no kind',
      (t: any) => (t.instruments[0].kind = 'crypto'),
      'tables.instruments[0].kind: must be one of "bond", "index-linked-bond", "zero-coupon-bond", "stock", ' +
        '"mutual-fund", "fee", "refund", "loan", "fx-forward-cash-settlement", "fx-forward-physical-delivery", ' +
        '"private-market-fund-commitment-based", "other", got "crypto"',
    ],
    [
      'null for an optional member that is not nullable',
      (t: any) => (t.accounts[0].name = null),
      'tables.accounts[0].name: must be a string, got null',
    ],
    [
      'a date not in the form YYYY-MM-DD',
      (t: any) => (t.prices[0].date = '28.03.2024'),
      'tables.prices[0].date: must be a calendar date in the form YYYY-MM-DD, got "28.03.2024"',
    ],
    [
      'attributes that are an array',
      (t: any) => (t.clients[0].attributes = []),
      'tables.clients[0].attributes: must be an object, got an array',
    ],
    [
      'a nested value of no enum member',
      (t: any) => (t.custodianAuthorities[0].linkedAccounts[0].status = 'done'),
      'tables.custodianAuthorities[0].linkedAccounts[0].status: must be one of "in-progress", "active", got "done"',
    ],
    [
      'an unknown member of a relationship',
      (t: any) => (t.transactions[0].relationships.account.meta = {}),
      'tables.transactions[0].relationships.account.meta: is not a known field here (misspelled, or read-only?)',
    ],
    [
      'a limit type with an unknown member',
      (t: any) => (t.limits[0].limitType.values.maximum = 1),
      'tables.limits[0].limitType.values.maximum: is not a known field here (accepted: min, max)',
    ],
    [
      'an id that names no record of the table',
      (t: any) => (t.prices[0].instrumentId = 'abc'),
      'tables.prices[0].instrumentId: "abc" is not the id of a record in tables.instruments',
    ],
    [
      'an id in a list that names no record of the table',
      (t: any) => t.accounts[0].depositoryIds.push('d-gone'),
      'tables.accounts[0].depositoryIds[1]: "d-gone" is not the id of a record in tables.depositories',
    ],
    [
      'a parent limit that names no limit',
      (t: any) => (t.limits[1].parentLimitId = 'l-gone'),
      'tables.limits[1].parentLimitId: "l-gone" is not the id of a record in tables.limits',
    ],
    [
      'a position on no depository of the table',
      (t: any) => (t.positions[0].depositoryId = 'd-gone'),
      'tables.positions[0].depositoryId: "d-gone" is not the id of a record in tables.depositories',
    ],
    [
      'a read access to no reporting entity',
      (t: any) => t.users[0].readAccessToReportingEntities.push('re-gone'),
      'tables.users[0].readAccessToReportingEntities[1]: "re-gone" is not the id of a record in tables.reportingEntities',
    ],
    [
      'a private instrument of no reporting entity',
      (t: any) => (t.instruments[0].reportingEntityId = 're-gone'),
      'tables.instruments[0].reportingEntityId: "re-gone" is not the id of a record in tables.reportingEntities',
    ],
    [
      'a NAV paired with no price',
      (t: any) => (t.netAssetValues[0].priceId = 'p-gone'),
      'tables.netAssetValues[0].priceId: "p-gone" is not the id of a record in tables.prices',
    ],
    [
      'a file of no custodian authority',
      (t: any) => (t.custodianAuthorityFiles[0].custodianAuthorityId = 'ca-gone'),
      'tables.custodianAuthorityFiles[0].custodianAuthorityId: "ca-gone" is not the id of a record in ' +
        'tables.custodianAuthorities',
    ],
    [
      'a custodian holding of no legal entity',
      (t: any) => (t.custodianHoldings[0].legalEntityId = 'le-gone'),
      'tables.custodianHoldings[0].legalEntityId: "le-gone" is not the id of a record in tables.legalEntities',
    ],
    [
      "an authority's link to no depository",
      (t: any) => (t.custodianAuthorities[0].linkedDepositories[0].depositoryId = 'd-gone'),
      'tables.custodianAuthorities[0].linkedDepositories[0].depositoryId: "d-gone" is not the id of a record in ' +
        'tables.depositories',
    ],
    [
      "an authority's link to no account",
      (t: any) => (t.custodianAuthorities[0].linkedAccounts[0].accountId = 'a-gone'),
      'tables.custodianAuthorities[0].linkedAccounts[0].accountId: "a-gone" is not the id of a record in tables.accounts',
    ],
    [
      "a transaction's relationship to no record of the table its type names",
      (t: any) => (t.transactions[0].relationships.account.data.id = 'a-gone'),
      'tables.transactions[0].relationships.account.data.id: "a-gone" is not the id of a record in tables.accounts',
    ],
    [
      "a relationship of a <kind>-<family> type (a loan transaction's loan-asset) to no instrument",
      (t: any) => (t.transactions[0].relationships.loan.data.id = 'i-gone'),
      'tables.transactions[0].relationships.loan.data.id: "i-gone" is not the id of a record in tables.instruments',
    ],
    [
      "an instrument's relationship to no depository",
      (t: any) => (t.instruments[2].relationships.depository.data.id = 'd-gone'),
      'tables.instruments[2].relationships.depository.data.id: "d-gone" is not the id of a record in tables.depositories',
    ],
    [
      'a to-many relationship naming no record',
      (t: any) => (t.instruments[2].relationships.commitments = { data: [{ type: 'commitment', id: 'c-gone' }] }),
      'tables.instruments[2].relationships.commitments.data[0].id: "c-gone" is not the id of a record in ' +
        'tables.commitments',
    ],
  ])('refuses a record with %s, naming the member and the rule, and keeps the store as it was', (_, edit, problem) => {
    const snapshot = structuredClone(full);
    edit(snapshot.tables);
    refusedWhole(snapshot, problem);
  });

  it("a raw store delete takes nothing along: a NAV's price deleted so leaves the NAV naming it, which a snapshot refuses", () => {
    const mock = createMockService();
    const fund = mock.store.instruments.add({ kind: 'private-market-fund-commitment-based', attributes: fundSeed() });
    const nav = mock.store.netAssetValues.add({ instrumentId: fund.id, officialDate: '2024-03-31', value: 1_250_000 });
    expect(mock.store.prices.delete(nav.priceId)).toBe(true);
    expect(mock.store.netAssetValues.expect(nav.id).priceId).toBe(nav.priceId);
    const snapshot = snapshotOf(mock.store);
    const restored = createMockService();
    expect(() => restoreSnapshot(restored.store, snapshot)).toThrow(SnapshotError);
    expect(() => restoreSnapshot(restored.store, snapshot)).toThrow(
      `tables.netAssetValues[0].priceId: "${nav.priceId}" is not the id of a record in tables.prices`,
    );
  });

  it('leaves unchecked a relationship whose type the kind tables do not name (restored as it is)', () => {
    const snapshot = structuredClone(full);
    const custom = { data: { type: 'wallet', id: 'w-gone' } };
    snapshot.tables.transactions[0].relationships.custom = custom;
    const mock = createMockService();
    restoreSnapshot(mock.store, snapshot);
    expect(mock.store.transactions.all()[0]?.relationships.custom).toEqual(custom);
  });

  it('refuses a snapshot that leaves out a table its records name (it restores that table empty)', () => {
    const { instruments, ...tables } = full.tables;
    const [commitment] = tables.commitments;
    refusedWhole(
      { ...full, tables },
      `tables.commitments[0].instrumentId: "${commitment.instrumentId}" is not the id of a record in tables.instruments`,
    );
  });

  it('restores what the mock itself writes: the demo seed, and every table after a realistic series of operations', async () => {
    const demo = saved(createMockService({ seed: seedDemo }));
    const snapshot = saved((await operated()).mock);
    const empty = Object.entries(snapshot.tables as Record<string, unknown[]>).filter(([, records]) => !records.length);
    expect(empty.map(([name]) => name)).toEqual([]);
    for (const taken of [demo, snapshot]) {
      const restored = createMockService();
      restoreSnapshot(restored.store, taken);
      expect(saved(restored)).toEqual(taken);
    }
  });

  it('keeps whole, through its own deletes, every reference it checks: refused, taken along, or cleared', () => {
    const { mock, made } = after;
    const s = mock.store;
    // A price a NAV is paired with, and a reporting entity owning a private instrument, are kept (409).
    expect(made.navPriceRefused).toBeInstanceOf(ConflictError);
    expect(made.navPriceRefused).toMatchObject({
      status: 409,
      errors: [
        {
          detail: `price ${made.navPrice} is the price of net asset value ${made.nav}; delete the NAV, which removes its price`,
        },
      ],
    });
    expect(s.netAssetValues.expect(made.nav).priceId).toBe(made.navPrice);
    expect(s.prices.get(made.navPrice)).toBeDefined();
    expect(made.closedRefused).toBeInstanceOf(ConflictError);
    expect(made.closedRefused).toMatchObject({
      status: 409,
      errors: [{ detail: `reporting entity ${made.closed} still has 1 private instrument(s); delete them first` }],
    });
    // Deleted after its instrument, it left the user's read access.
    expect(s.reportingEntities.get(made.closed)).toBeUndefined();
    expect(s.users.expect(made.user).readAccessToReportingEntities).toEqual([made.entity]);
    // The deleted depository's position is held on none; the authority's links went back to in-progress, no id.
    expect(s.positions.expect(made.position)).not.toHaveProperty('depositoryId');
    expect(s.custodianAuthorities.expect(made.specific)).toMatchObject({
      status: 'active',
      linkedDepositories: [{ depositoryNumber: 'NB-D-1', depositoryId: null, status: 'in-progress' }],
      linkedAccounts: [{ accountNumber: 'NB-A-1', accountId: null, status: 'in-progress' }],
    });
    // What a transaction's or an instrument's relationship named was kept until they were deleted, then went.
    const refusals = ['accountRefused', 'depositoryRefused', 'counterpartyRefused'].map((name) => {
      expect(made[name]).toBeInstanceOf(ConflictError);
      return [made[name].status, made[name].errors[0].detail];
    });
    expect(refusals).toEqual([
      [409, `account ${made.closingAccount} is named by 3 transaction(s), 1 instrument(s); delete them first`],
      [409, `depository ${made.closingDepository} is named by 1 transaction(s); delete them first`],
      [409, `transaction ${made.counterparty} is named by 1 transaction(s); delete them first`],
    ]);
    expect([
      s.accounts.get(made.closingAccount),
      s.depositories.get(made.closingDepository),
      s.instruments.get(made.closingLoan),
      s.transactions.get(made.counterparty),
    ]).toEqual([undefined, undefined, undefined, undefined]);
    expect(made.loanTransactions).toHaveLength(2);
    for (const id of made.loanTransactions) expect(s.transactions.get(id)).toBeUndefined();
    // The deleted legal entity's authority, its file and its custodian holding went with it.
    expect(s.custodianAuthorities.get(made.pending)).toBeUndefined();
    expect(s.custodianAuthorityFiles.of(made.pending)).toEqual([]);
    expect(s.custodianHoldings.where((h) => h.legalEntityId === made.closing)).toEqual([]);
    expect(recordsProblem(Object.entries(full.tables))).toBeUndefined();
  });
});
