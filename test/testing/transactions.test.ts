import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../src/testing/index.js';
import { equityTradeSeed } from '../helpers/seeds.js';
import { HEX24, seedStructure, useHarness } from './harness.js';

const rel = (type: string, id: string) => ({ data: { type, id } });
/** An equity trade document (10 units at 99.50) with the given account, asset type and ids. */
const equityTrade = (accountId: string, assetType: string, assetId: string, depositoryId: string) => ({
  data: {
    type: 'equity-trade-transaction',
    attributes: equityTradeSeed(),
    relationships: {
      account: rel('account', accountId),
      asset: rel(assetType, assetId),
      depository: rel('depository', depositoryId),
    },
  },
});

describe('transactions', () => {
  const h = useHarness();

  function seed() {
    const s = seedStructure(h.mock);
    const excluded = h.mock.store.accounts.add({
      legalEntityId: s.legalEntity.id,
      externalIdentifier: 'EXCL',
      ccyCode: 'EUR',
      excludeFromReporting: true,
    });
    const acme = h.mock.store.instruments.add({
      kind: 'stock',
      attributes: { name: 'ACME', securityIdentifier: 'US1', ccyCode: 'USD', countryCode: 'US' },
    });
    return { ...s, excluded, acme };
  }

  it('creates a dividend (201, 24-hex id), filling commission 0, and lists it by account and by depository', async () => {
    const s = seed();
    const res = await h.post('/api/v2/transactions', {
      data: {
        type: 'dividend-transaction',
        attributes: { accountAmount: 85, grossAmount: 100, tax: 15, tradeDate: '2024-03-01', valueDate: '2024-03-04' },
        relationships: {
          account: rel('account', s.account.id),
          asset: rel('stock-asset', s.acme.id),
          depository: rel('depository', s.depository.id),
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(HEX24);
    expect(res.body.data.attributes).toEqual({
      accountAmount: 85,
      grossAmount: 100,
      tax: 15,
      tradeDate: '2024-03-01',
      valueDate: '2024-03-04',
      commission: 0,
    });
    for (const query of [
      { accountId: s.account.id },
      { depositoryId: s.depository.id },
      { accountId: s.account.id, depositoryId: s.depository.id },
    ] as Record<string, string>[]) {
      const list = await h.get('/api/v2/transactions', { ...query, fromDate: '2024-03-01', toDate: '2024-03-01' });
      expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([res.body.data.id]);
    }
    expect(
      (await h.get('/api/v2/transactions', { accountId: s.account.id, fromDate: '2024-03-02', toDate: '2024-03-31' }))
        .body.data,
    ).toEqual([]);
    expect((await h.del(`/api/v2/transactions/${res.body.data.id}`)).status).toBe(204);
    expect(h.mock.store.transactions.size).toBe(0);
  });

  it('lists by every relationship that names the account (inflowAccount, primaryAccount, …) or the depository', async () => {
    const s = seed();
    const other = h.mock.store.accounts.add({
      legalEntityId: s.legalEntity.id,
      externalIdentifier: 'O',
      ccyCode: 'USD',
    });
    const day = { tradeDate: '2024-05-02', valueDate: '2024-05-06' };
    // Only the relationships matter here: the attributes are each kind's, as the store holds them to.
    const add = (type: string, attributes: object, relationships: Record<string, ReturnType<typeof rel>>) =>
      h.mock.store.transactions.addChecked({ type, attributes: { ...attributes, ...day }, relationships }).id;
    const spot = add(
      'fx-spot-transaction',
      { inflowAccountAmount: 1, outflowAccountAmount: -1 },
      { inflowAccount: rel('account', s.account.id), outflowAccount: rel('account', other.id) },
    );
    const forward = add(
      'fx-forward-physical-delivery-transaction',
      { primaryAccountAmount: 1, secondaryAccountAmount: -1 },
      { primaryAccount: rel('account', other.id), secondaryAccount: rel('account', s.account.id) },
    );
    const trade = add('equity-trade-transaction', equityTradeSeed(), {
      account: rel('account', other.id),
      depository: rel('depository', s.depository.id),
    });
    const listed = async (query: Record<string, string>) =>
      (await h.get('/api/v2/transactions', { ...query, fromDate: day.tradeDate, toDate: day.tradeDate })).body.data.map(
        (t: { id: string }) => t.id,
      );
    expect(await listed({ accountId: s.account.id })).toEqual([spot, forward]);
    expect(await listed({ accountId: other.id })).toEqual([spot, forward, trade]);
    expect(await listed({ depositoryId: s.depository.id })).toEqual([trade]);
    expect(await listed({ accountId: s.account.id, depositoryId: s.depository.id })).toEqual([]);
  });

  it('lists over a closed interval in trade-date order; requires an account or depository and sane dates', async () => {
    const s = seed();
    for (const day of ['2024-01-31', '2024-01-01', '2024-01-15', '2024-02-01']) {
      h.mock.store.transactions.add({
        type: 'account-interest-transaction',
        attributes: { accountAmount: 1, tradeDate: day, valueDate: day },
        relationships: { account: rel('account', s.account.id) },
      });
    }
    const list = await h.get('/api/v2/transactions', {
      accountId: s.account.id,
      fromDate: '2024-01-01',
      toDate: '2024-01-31',
    });
    expect(list.body.data.map((t: { attributes: { tradeDate: string } }) => t.attributes.tradeDate)).toEqual([
      '2024-01-01',
      '2024-01-15',
      '2024-01-31',
    ]);
    const none = await h.get('/api/v2/transactions', { fromDate: '2024-01-01', toDate: '2024-01-31' });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].detail).toBe('give accountId or depositoryId (or both) to list transactions');
    const backwards = await h.get('/api/v2/transactions', {
      accountId: s.account.id,
      fromDate: '2024-02-01',
      toDate: '2024-01-31',
    });
    expect(backwards.body.errors[0].detail).toBe(
      'fromDate (2024-02-01) must not be after toDate (2024-01-31); both dates are included',
    );
    expect(
      (await h.get('/api/v2/transactions', { accountId: s.account.id, fromDate: '2024-01-01' })).body.errors[0].detail,
    ).toBe('query parameter toDate is required');
  });

  it.each([
    ['account-interest-transaction', {}, { account: 'excluded' }],
    ['cash-transfer-transaction', {}, { account: 'excluded' }],
    ['fee-transaction', { category: 'custody' }, { account: 'excluded' }],
    ['refund-transaction', {}, { account: 'excluded' }],
    ['fx-spot-transaction', 'fx', { inflowAccount: 'account', outflowAccount: 'excluded' }],
  ] as [string, Record<string, unknown> | 'fx', Record<string, string>][])(
    'refuses %s on an account excluded from reporting: 422',
    async (type, extra, rels) => {
      const s = seed();
      const attributes =
        extra === 'fx'
          ? { inflowAccountAmount: 100, outflowAccountAmount: -110, tradeDate: '2024-01-02', valueDate: '2024-01-04' }
          : { accountAmount: -5, tradeDate: '2024-01-02', valueDate: '2024-01-02', ...extra };
      const relationships = Object.fromEntries(
        Object.entries(rels).map(([name, which]) => [
          name,
          rel('account', which === 'excluded' ? s.excluded.id : s.account.id),
        ]),
      );
      const res = await h.post('/api/v2/transactions', { data: { type, attributes, relationships } });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toEqual({
        status: 422,
        detail: `account ${s.excluded.id} is excluded from reporting (excludeFromReporting); ${type} cannot be created for it`,
      });
      // The same on a reporting account is fine.
      const ok = Object.fromEntries(
        Object.keys(rels).map((name, i) => [
          name,
          rel(
            'account',
            i === 0
              ? s.account.id
              : h.mock.store.accounts.add({ legalEntityId: s.legalEntity.id, externalIdentifier: 'OK', ccyCode: 'USD' })
                  .id,
          ),
        ]),
      );
      expect((await h.post('/api/v2/transactions', { data: { type, attributes, relationships: ok } })).status).toBe(
        201,
      );
    },
  );

  it('answers an inherited member name as a type (constructor, toString) like any unknown type', async () => {
    const unknown = await h.post('/api/v2/transactions', { data: { type: 'no-such-transaction', attributes: {} } });
    const kinds = /^data\.type must be one of (.+); got "no-such-transaction"$/.exec(
      unknown.body.errors[0].detail,
    )?.[1];
    expect(kinds).toContain('dividend-transaction');
    for (const type of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const res = await h.post('/api/v2/transactions', { data: { type, attributes: {} } });
      expect({ type, status: res.status, body: res.body }).toEqual({
        type,
        status: 400,
        body: { errors: [{ status: 400, detail: `data.type must be one of ${kinds}; got "${type}"` }] },
      });
    }
  });

  it('fills the fee category default and keeps trades on an excluded account', async () => {
    const s = seed();
    const fee = await h.post('/api/v2/transactions', {
      data: {
        type: 'fee-transaction',
        attributes: { accountAmount: -10, tradeDate: '2024-01-02', valueDate: '2024-01-02' },
        relationships: { account: rel('account', s.account.id) },
      },
    });
    expect(fee.body.data.attributes.category).toBe('other');
    const trade = await h.post(
      '/api/v2/transactions',
      equityTrade(s.excluded.id, 'stock-asset', s.acme.id, s.depository.id),
    );
    expect(trade.status).toBe(201);
  });

  it('accepts relationships named by family type (asset, transaction), as the SDK sends them', async () => {
    const s = seed();
    const trade = await h.post('/api/v2/transactions', equityTrade(s.account.id, 'asset', s.acme.id, s.depository.id));
    expect(trade.status).toBe(201);
    const transfer = await h.post('/api/v2/transactions', {
      data: {
        type: 'cash-transfer-transaction',
        attributes: { accountAmount: -5, tradeDate: '2024-01-02', valueDate: '2024-01-02' },
        relationships: {
          account: rel('account', s.account.id),
          counterpartyTransaction: rel('transaction', trade.body.data.id),
        },
      },
    });
    expect(transfer.status).toBe(201);
    expect(transfer.body.data.relationships.counterpartyTransaction).toEqual(rel('transaction', trade.body.data.id));
  });

  it('refuses members of a relationship other than data, and of an identifier other than type and id (they were stored)', async () => {
    const s = seed();
    const trade = equityTrade(s.account.id, 'asset', s.acme.id, s.depository.id);
    const relationships = {
      ...trade.data.relationships,
      account: { data: { type: 'account', id: s.account.id, meta: { note: 'x' } }, links: { self: '/a' } },
    };
    const res = await h.post('/api/v2/transactions', { data: { ...trade.data, relationships } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toBe(
      'data.relationships.account.links is not a member that can be sent here (known: data); ' +
        'data.relationships.account.data.meta is not a member that can be sent here (known: type, id)',
    );
    expect(h.mock.store.transactions.size).toBe(0);
  });

  it.each(['loan-transaction', 'fx-forward-cash-settlement-transaction', 'fx-forward-physical-delivery-transaction'])(
    'refuses to create %s: the service makes them',
    async (type) => {
      const res = await h.post('/api/v2/transactions', { data: { type, attributes: {} } });
      expect(res.status).toBe(400);
      // The SDK's reason, from the endpoint table's row.
      expect(res.body.errors[0].detail).toMatch(
        /^data\.type: (loan|FX forward .+) transactions cannot be created: the service creates them (when the forward settles|with the loan instrument)/,
      );
    },
  );

  it('checks fields, FX spot signs, and relationships (existence, fee instruments)', async () => {
    const s = seed();
    const fee = h.mock.store.instruments.add({ kind: 'fee', attributes: { name: 'Custody fee', category: 'custody' } });
    const spot = await h.post('/api/v2/transactions', {
      data: {
        type: 'fx-spot-transaction',
        attributes: {
          inflowAccountAmount: -1,
          outflowAccountAmount: 2,
          tradeDate: '2024-01-02',
          valueDate: '2024-01-02',
          accountAmount: 3,
        },
        relationships: { inflowAccount: rel('account', s.account.id), outflowAccount: rel('account', 'nope') },
      },
    });
    expect(spot.status).toBe(400);
    expect(spot.body.errors[0].detail).toBe(
      'data.attributes.inflowAccountAmount must be positive (the amount received, in the inflow account currency), got number -1; ' +
        'data.attributes.outflowAccountAmount must be negative (the amount paid, in the outflow account currency), got number 2; ' +
        'data.attributes.accountAmount is not a known field here (accepted: comment, inflowAccountAmount, outflowAccountAmount, tradeDate, valueDate); ' +
        'data.relationships.outflowAccount: account nope does not exist',
    );
    const coupon = await h.post('/api/v2/transactions', {
      data: {
        type: 'bond-coupon-transaction',
        attributes: { accountAmount: 10, tradeDate: '2024-01-02', valueDate: '2024-01-02' },
        relationships: { account: rel('account', s.account.id), asset: rel('fee-asset', fee.id) },
      },
    });
    expect(coupon.body.errors[0].detail).toBe(
      'data.attributes.grossAmount is required; data.relationships.depository is required ({ data: { type: "depository", id } }); ' +
        'data.relationships.asset: fee instruments cannot be referenced by a transaction',
    );
  });

  it("keeps a transaction another one names (a cash transfer's counterparty, an execution's opening trade): 409, nothing removed; after it, it goes", async () => {
    const s = seed();
    const made = async (doc: object) => {
      const res = await h.post('/api/v2/transactions', doc);
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const transfer = (counterparty?: string) => ({
      data: {
        type: 'cash-transfer-transaction',
        attributes: { accountAmount: 100, tradeDate: '2024-01-02', valueDate: '2024-01-02' },
        relationships: {
          account: rel('account', s.account.id),
          ...(counterparty && { counterpartyTransaction: rel('cash-transfer-transaction', counterparty) }),
        },
      },
    });
    const first = await made(transfer());
    const second = await made(transfer(first));
    const opening = await made({
      data: {
        ...equityTrade(s.account.id, 'stock-asset', s.acme.id, s.depository.id).data,
        type: 'futures-trade-transaction',
      },
    });
    const trade = equityTrade(s.account.id, 'stock-asset', s.acme.id, s.depository.id).data;
    const execution = await made({
      data: {
        ...trade,
        type: 'futures-execution-transaction',
        relationships: { ...trade.relationships, openingTransaction: rel('transaction', opening) },
      },
    });

    const before = snapshotOf(h.mock.store);
    for (const id of [first, opening]) {
      const res = await h.del(`/api/v2/transactions/${id}`);
      expect([res.status, res.body.errors[0].detail]).toEqual([
        409,
        `transaction ${id} is named by 1 transaction(s); delete them first`,
      ]);
    }
    expect(snapshotOf(h.mock.store)).toEqual(before);
    for (const id of [second, execution, first, opening])
      expect((await h.del(`/api/v2/transactions/${id}`)).status).toBe(204);
    expect(h.mock.store.transactions.size).toBe(0);
  });
});
