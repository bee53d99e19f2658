import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../src/testing/index.js';
import { fundSeed, loanSeed, stockSeed } from '../helpers/seeds.js';
import { HEX24, seedStructure, useHarness } from './harness.js';

const rel = (type: string, id: string) => ({ data: { type, id } });

describe('legal structure', () => {
  const h = useHarness();

  async function client() {
    return (await h.post('/api/v2/clients', { data: { type: 'client', attributes: { name: 'Berg' } } })).body.data
      .id as string;
  }

  /** A new client's legal entity `LE`; its id. */
  async function legalEntity(): Promise<string> {
    const clientId = await client();
    return (
      await h.post(`/api/v2/clients/${clientId}/legal-entities`, {
        data: { type: 'legal-entity', attributes: { name: 'LE' } },
      })
    ).body.data.id;
  }

  /** An account of the legal entity, created through the route; its id. */
  async function account(leId: string, attributes: Record<string, unknown>): Promise<string> {
    return (await h.post(`/api/v2/legal-entities/${leId}/accounts`, { data: { type: 'account', attributes } })).body
      .data.id;
  }

  it('creates a legal entity under a client (201 with the client relationship) and reads it with its owned resources', async () => {
    const clientId = await client();
    const le = await h.post(`/api/v2/clients/${clientId}/legal-entities`, {
      data: { type: 'legal-entity', attributes: { name: 'Berg Holding AB' } },
    });
    expect(le.status).toBe(201);
    expect(le.body.data).toEqual({
      id: le.body.data.id,
      type: 'legal-entity',
      attributes: { name: 'Berg Holding AB' },
      relationships: { client: { data: { type: 'client', id: clientId } } },
    });
    expect(le.body.data.id).toMatch(HEX24);
    const account = await h.post(`/api/v2/legal-entities/${le.body.data.id}/accounts`, {
      data: { type: 'account', attributes: { externalIdentifier: 'ACC-1', ccyCode: 'EUR' } },
    });
    expect(account.status).toBe(201);
    // Unlinked: no depository relationships at all; excludeFromReporting defaults to false.
    expect(account.body.data.attributes).toEqual({
      externalIdentifier: 'ACC-1',
      ccyCode: 'EUR',
      excludeFromReporting: false,
    });
    expect(Object.keys(account.body.data.relationships)).toEqual(['legalEntity']);
    const read = await h.get(`/api/v2/legal-entities/${le.body.data.id}`);
    expect(read.body.data.relationships).toEqual({
      client: { data: { type: 'client', id: clientId } },
      accounts: { data: [{ type: 'account', id: account.body.data.id }] },
      depositories: { data: [] },
    });
  });

  it('creates a depository linked to exactly one account, and an account linked to it (depository and depositories)', async () => {
    const leId = await legalEntity();
    const first = await account(leId, { externalIdentifier: 'A1', ccyCode: 'EUR' });
    const none = await h.post(`/api/v2/legal-entities/${leId}/depositories`, {
      data: { type: 'depository', attributes: { externalIdentifier: 'D1' } },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].detail).toBe(
      'data.relationships.accounts must link exactly one existing account ({ data: [{ type: "account", id }] })',
    );
    const dep = await h.post(`/api/v2/legal-entities/${leId}/depositories`, {
      data: {
        type: 'depository',
        attributes: { name: 'Main', externalIdentifier: 'D1' },
        relationships: { accounts: { data: [{ type: 'account', id: first }] } },
      },
    });
    expect(dep.status).toBe(201);
    expect(dep.body.data.relationships).toEqual({
      legalEntity: { data: { type: 'legal-entity', id: leId } },
      accounts: { data: [{ type: 'account', id: first }] },
    });
    const second = await h.post(`/api/v2/legal-entities/${leId}/accounts`, {
      data: {
        type: 'account',
        attributes: { externalIdentifier: 'A2', ccyCode: 'USD' },
        relationships: { depository: { data: { type: 'depository', id: dep.body.data.id } } },
      },
    });
    expect(second.body.data.relationships.depository).toEqual({ data: { type: 'depository', id: dep.body.data.id } });
    expect(second.body.data.relationships.depositories).toEqual({
      data: [{ type: 'depository', id: dep.body.data.id }],
    });
    expect(
      (await h.get(`/api/v2/depositories/${dep.body.data.id}`)).body.data.relationships.accounts.data.map(
        (a: { id: string }) => a.id,
      ),
    ).toEqual([first, second.body.data.id]);
    expect((await h.get(`/api/v2/legal-entities/${leId}/depositories`)).body.data).toHaveLength(1);
    expect((await h.get(`/api/v2/legal-entities/${leId}/accounts`)).body.data).toHaveLength(2);
  });

  it('refuses relationships a create may not send (400, as the SDK rows say), nothing created', async () => {
    const clientId = await client();
    const leId = await legalEntity();
    const first = await account(leId, { externalIdentifier: 'A1', ccyCode: 'EUR' });
    const other = { toString: { data: { type: 'client', id: clientId } }, parent: { data: { type: 'x', id: 'y' } } };
    const detail = (type: string, ...names: string[]) =>
      names.map((name) => `data.relationships.${name} is not a relationship of ${type}`).join('; ');
    const cases: [string, unknown, string][] = [
      [
        `/api/v2/clients/${clientId}/legal-entities`,
        { type: 'legal-entity', attributes: { name: 'X' }, relationships: other },
        detail('legal-entity', 'toString', 'parent'),
      ],
      [
        `/api/v2/legal-entities/${leId}/accounts`,
        {
          type: 'account',
          attributes: { externalIdentifier: 'B', ccyCode: 'EUR' },
          relationships: {
            ...other,
            legalEntity: { data: { type: 'legal-entity', id: 'does-not-exist' } },
            depositories: { data: [] },
          },
        },
        detail('account', 'toString', 'parent', 'legalEntity', 'depositories'),
      ],
      [
        `/api/v2/legal-entities/${leId}/depositories`,
        {
          type: 'depository',
          attributes: { externalIdentifier: 'D' },
          relationships: { ...other, accounts: { data: [{ type: 'account', id: first }] } },
        },
        detail('depository', 'toString', 'parent'),
      ],
    ];
    for (const [path, data, expected] of cases) {
      const res = await h.post(path, { data });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { errors: [{ status: 400, detail: expected }] },
      });
    }
    const store = h.mock.store;
    expect([store.legalEntities.size, store.accounts.size, store.depositories.size]).toEqual([1, 1, 0]);
  });

  it('PATCHes name and identifiers (204) but never excludeFromReporting or relationships', async () => {
    const leId = await legalEntity();
    const accountId = await account(leId, { externalIdentifier: 'A1', ccyCode: 'EUR', excludeFromReporting: true });
    const ok = await h.patch(`/api/v2/accounts/${accountId}`, {
      data: {
        id: accountId,
        type: 'account',
        attributes: { name: 'Ops', externalIdentifier: 'A1-new', ccyCode: 'SEK' },
      },
    });
    expect(ok.status).toBe(204);
    expect((await h.get(`/api/v2/accounts/${accountId}`)).body.data.attributes).toEqual({
      name: 'Ops',
      externalIdentifier: 'A1-new',
      ccyCode: 'SEK',
      excludeFromReporting: true,
    });
    const flip = await h.patch(`/api/v2/accounts/${accountId}`, {
      data: { id: accountId, type: 'account', attributes: { excludeFromReporting: false } },
    });
    expect(flip.status).toBe(400);
    expect(flip.body.errors[0].detail).toBe(
      'data.attributes.excludeFromReporting cannot be changed after the account was created',
    );
    const move = await h.patch(`/api/v2/legal-entities/${leId}`, {
      data: {
        id: leId,
        type: 'legal-entity',
        attributes: {},
        relationships: { client: { data: { type: 'client', id: 'x' } } },
      },
    });
    expect(move.status).toBe(400);
    expect(
      (
        await h.patch(`/api/v2/legal-entities/${leId}`, {
          data: { id: leId, type: 'legal-entity', attributes: { name: 'Renamed' } },
        })
      ).status,
    ).toBe(204);
    expect(h.mock.store.legalEntities.get(leId)?.name).toBe('Renamed');
  });

  it('deletes in order: a legal entity with accounts is a 409; accounts, depositories, then the entity are 204', async () => {
    const leId = await legalEntity();
    const accountId = await account(leId, { externalIdentifier: 'A1', ccyCode: 'EUR' });
    const depId = (
      await h.post(`/api/v2/legal-entities/${leId}/depositories`, {
        data: {
          type: 'depository',
          attributes: { externalIdentifier: 'D1' },
          relationships: { accounts: { data: [{ type: 'account', id: accountId }] } },
        },
      })
    ).body.data.id;
    const blocked = await h.del(`/api/v2/legal-entities/${leId}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.errors[0].detail).toBe(
      `legal entity ${leId} still has 1 account(s) and 1 depository(ies); delete them first`,
    );
    expect((await h.del(`/api/v2/depositories/${depId}`)).status).toBe(204);
    expect((await h.get(`/api/v2/accounts/${accountId}`)).body.data.relationships.depository).toBeUndefined();
    expect((await h.del(`/api/v2/accounts/${accountId}`)).status).toBe(204);
    expect((await h.del(`/api/v2/legal-entities/${leId}`)).status).toBe(204);
    expect((await h.get(`/api/v2/legal-entities/${leId}`)).status).toBe(404);
  });

  it("deletes a legal entity with its custodian authorities, their files and its custodian holdings; another's stay", async () => {
    const s = h.mock.store;
    const { client, legalEntity: other } = seedStructure(h.mock);
    const closing = s.legalEntities.add({ clientId: client.id, name: 'Berg Invest AB' });
    /** An authority of the legal entity created through the route, with one file uploaded, and a custodian holding. */
    const owned = async (legalEntityId: string) => {
      const authority = (
        await h.post(`/api/v2/legal-entities/${legalEntityId}/custodian-authorities`, undefined, {
          custodianAuthFlowId: 'nordbank-v2',
        })
      ).body.data.id as string;
      const body = new FormData();
      body.set('file', new Blob(['signed'], { type: 'application/pdf' }), 'poa.pdf');
      const upload = await h.call('POST', `/api/v2/custodian-authorities/${authority}/files`, {
        query: { name: 'power-of-attorney' },
        body,
      });
      expect(upload.status).toBe(201);
      const holding = s.custodianHoldings.add({ legalEntityId, attributes: { marketValue: 5 } }).id;
      return { authority, file: upload.body.data.id as string, holding };
    };
    const gone = await owned(closing.id);
    const kept = await owned(other.id);
    expect((await h.del(`/api/v2/legal-entities/${closing.id}`)).status).toBe(204);
    expect((await h.get(`/api/v2/custodian-authorities/${gone.authority}`)).status).toBe(404);
    expect(s.custodianAuthorityFiles.get(gone.file)).toBeUndefined();
    expect(s.custodianHoldings.get(gone.holding)).toBeUndefined();
    expect((await h.get(`/api/v2/custodian-authorities/${kept.authority}/files`)).body.data).toEqual([
      expect.objectContaining({ id: kept.file }),
    ]);
    expect(
      (await h.get(`/api/v2/custodian-holdings/legal-entities/${other.id}`)).body.data.map((x: { id: string }) => x.id),
    ).toEqual([kept.holding]);
  });

  it('deletes a depository: positions held there have none, custodian-authority links to it are in-progress again', async () => {
    const s = h.mock.store;
    const { legalEntity, account, depository, reportingEntity, portfolio } = seedStructure(h.mock);
    const acme = s.instruments.add({
      kind: 'stock',
      attributes: { name: 'ACME', securityIdentifier: 'US1', ccyCode: 'EUR', countryCode: 'US' },
    });
    s.prices.add({ instrumentId: acme.id, date: '2024-01-01', value: 100 });
    const position = s.positions.add({
      portfolioId: portfolio.id,
      depositoryId: depository.id,
      instrumentId: acme.id,
      units: 10,
    });
    // An active authority whose links the operator matched to the depository and the account.
    const authority = s.custodianAuthorities.add({ legalEntityId: legalEntity.id, custodianAuthFlowId: 'nordbank-v2' });
    Object.assign(authority, {
      status: 'awaiting-custodian',
      linkedDepositories: [{ depositoryNumber: 'SE-DEP-1', depositoryId: null, status: 'in-progress' }],
      linkedAccounts: [{ accountNumber: 'SE-ACC-1', accountId: null, status: 'in-progress' }],
    });
    s.custodianAuthorities.advance(authority.id, 'active');
    expect(authority.linkedDepositories[0]?.depositoryId).toBe(depository.id);
    expect(authority.linkedAccounts[0]?.accountId).toBe(account.id);
    const links = async () => {
      const { attributes } = (await h.get(`/api/v2/custodian-authorities/${authority.id}`)).body.data;
      return [attributes.status, attributes.linkedDepositories, attributes.linkedAccounts];
    };

    expect((await h.del(`/api/v2/depositories/${depository.id}`)).status).toBe(204);
    expect(s.positions.expect(position.id)).not.toHaveProperty('depositoryId');
    expect(s.accounts.expect(account.id).depositoryIds).toEqual([]);
    expect(await links()).toEqual([
      'active',
      [{ depositoryNumber: 'SE-DEP-1', depositoryId: null, status: 'in-progress' }],
      [{ accountNumber: 'SE-ACC-1', accountId: account.id, status: 'active' }],
    ]);
    // Held on no depository: its holding has no depository relationship (the reference's holdings without one).
    const holdings = await h.get(`/api/v2/holdings/reporting-entities/${reportingEntity.id}`, {
      fromDate: '2024-01-01',
      toDate: '2024-01-02',
      expand: 'depositories',
    });
    expect(holdings.body.data.map((x: { relationships: object }) => Object.keys(x.relationships))).toEqual([
      ['reportingEntity'],
      ['reportingEntity'],
    ]);

    // An account the same: its links lose its id.
    expect((await h.del(`/api/v2/accounts/${account.id}`)).status).toBe(204);
    expect(await links()).toEqual([
      'active',
      [{ depositoryNumber: 'SE-DEP-1', depositoryId: null, status: 'in-progress' }],
      [{ accountNumber: 'SE-ACC-1', accountId: null, status: 'in-progress' }],
    ]);
    // As after `link`: the next activation matches or creates them again.
    s.custodianAuthorities.advance(authority.id, 'active');
    const [recreatedDepository] = s.depositories.where((d) => d.externalIdentifier === 'SE-DEP-1');
    const [recreatedAccount] = s.accounts.where((a) => a.externalIdentifier === 'SE-ACC-1');
    expect(await links()).toEqual([
      'active',
      [{ depositoryNumber: 'SE-DEP-1', depositoryId: recreatedDepository?.id, status: 'active' }],
      [{ accountNumber: 'SE-ACC-1', accountId: recreatedAccount?.id, status: 'active' }],
    ]);
  });

  it('keeps an account or a depository a transaction or an instrument names (409, nothing removed); after them it goes', async () => {
    const s = h.mock.store;
    const { legalEntity, account, depository } = seedStructure(h.mock);
    const other = s.accounts.add({ legalEntityId: legalEntity.id, externalIdentifier: 'SE-ACC-2', ccyCode: 'USD' });
    const acme = s.instruments.add({ kind: 'stock', attributes: stockSeed() });
    // A loan on the account (with its two loan transactions), an FX spot between the two accounts, a trade held at
    // the depository, and a fund reported on it.
    const loan = await h.post('/api/v3/instruments', {
      data: {
        type: 'loan-instrument',
        attributes: loanSeed(),
        relationships: { account: rel('account', account.id) },
      },
    });
    const spot = await h.post('/api/v2/transactions', {
      data: {
        type: 'fx-spot-transaction',
        attributes: {
          inflowAccountAmount: 110,
          outflowAccountAmount: -100,
          tradeDate: '2024-02-01',
          valueDate: '2024-02-03',
        },
        relationships: { inflowAccount: rel('account', account.id), outflowAccount: rel('account', other.id) },
      },
    });
    const trade = await h.post('/api/v2/transactions', {
      data: {
        type: 'equity-trade-transaction',
        attributes: {
          accountAmount: -100,
          commission: 1,
          unitPrice: 9.9,
          units: 10,
          tradeDate: '2024-02-01',
          valueDate: '2024-02-03',
        },
        relationships: {
          account: rel('account', account.id),
          asset: rel('stock-asset', acme.id),
          depository: rel('depository', depository.id),
        },
      },
    });
    expect([loan.status, spot.status, trade.status]).toEqual([201, 201, 201]);
    const fund = s.instruments.add({
      kind: 'private-market-fund-commitment-based',
      attributes: fundSeed(),
      relationships: { depository: rel('depository', depository.id) },
    });

    const before = snapshotOf(s);
    const refused = await Promise.all(
      [`/api/v2/accounts/${account.id}`, `/api/v2/accounts/${other.id}`, `/api/v2/depositories/${depository.id}`].map(
        async (path) => h.del(path).then((r) => [r.status, r.body.errors[0].detail]),
      ),
    );
    expect(refused).toEqual([
      [409, `account ${account.id} is named by 4 transaction(s), 1 instrument(s); delete them first`],
      [409, `account ${other.id} is named by 1 transaction(s); delete them first`],
      [409, `depository ${depository.id} is named by 1 transaction(s), 1 instrument(s); delete them first`],
    ]);
    expect(snapshotOf(s)).toEqual(before);

    for (const t of s.transactions.all()) expect((await h.del(`/api/v2/transactions/${t.id}`)).status).toBe(204);
    for (const id of [loan.body.data.id, fund.id]) expect((await h.del(`/api/v2/assets/${id}`)).status).toBe(204);
    expect((await h.del(`/api/v2/depositories/${depository.id}`)).status).toBe(204);
    for (const a of [account, other]) expect((await h.del(`/api/v2/accounts/${a.id}`)).status).toBe(204);
    expect([s.accounts.size, s.depositories.size, s.transactions.size]).toEqual([0, 0, 0]);
  });

  it('checks the fields of an account: required, ISO currency, known names', async () => {
    const leId = await legalEntity();
    const res = await h.post(`/api/v2/legal-entities/${leId}/accounts`, {
      data: { type: 'account', attributes: { ccyCode: 'eur', iban: 'x' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toBe(
      'data.attributes.externalIdentifier is required; data.attributes.ccyCode must be an ISO 4217 code (three capital letters), got "eur"; data.attributes.iban is not a field that can be sent here (known: name, externalIdentifier, ccyCode, excludeFromReporting)',
    );
  });
});
