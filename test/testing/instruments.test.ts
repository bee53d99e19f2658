import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../src/testing/index.js';
import { loanSeed, stockSeed } from '../helpers/seeds.js';
import { HEX24, seedStructure, useHarness } from './harness.js';

const bond = {
  name: 'Bund 2030',
  securityIdentifier: 'DE0001102507',
  ccyCode: 'EUR',
  countryCode: 'DE',
  couponFrequency: 'annually',
  dayCountConvention: 'actual/actual',
  maturityDate: '2030-08-15',
};

/** A loan create of a year at 3 % (actual/360) for `accountId`, with `attributes` over those. */
function loanDocument(accountId: string, attributes: Record<string, unknown>) {
  return {
    data: {
      type: 'loan-instrument',
      attributes: {
        agreementDate: '2024-01-01',
        maturityDate: '2025-01-01',
        interestRateInPercent: 3,
        dayCountConvention: 'actual/360',
        securityIdentifier: 'LOAN-1',
        ...attributes,
      },
      relationships: { account: { data: { type: 'account', id: accountId } } },
    },
  };
}

describe('instruments and assets', () => {
  const h = useHarness();

  it('creates an instrument (201, 24-hex id, submitted attributes repeated) and reads it under both versions', async () => {
    const res = await h.post('/api/v3/instruments', { data: { type: 'bond-instrument', attributes: bond } });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(HEX24);
    expect(res.body.data).toEqual({ id: res.body.data.id, type: 'bond-instrument', attributes: bond });
    const v2 = await h.get(`/api/v2/assets/${res.body.data.id}`);
    expect(v2.body.data.type).toBe('bond-asset');
    expect(v2.body.data.attributes).toEqual(bond);
  });

  it.each([
    ['v2', '/api/v2/assets', 'stock-asset', '/api/v2/assets/'],
    ['v3', '/api/v3/instruments', 'stock-instrument', '/api/v3/instruments/'],
  ])(
    'answers a duplicate securityIdentifier + ccyCode on %s with 303 and Location to the existing one',
    async (_v, path, type, get) => {
      const attributes = { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' };
      const first = await h.post(path, { data: { type, attributes } });
      const again = await h.post(path, { data: { type, attributes: { ...attributes, name: 'ACME again' } } });
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(`${h.url}${get}${first.body.data.id}`);
      expect(again.body).toBeUndefined();
      expect(h.mock.store.instruments.size).toBe(1);
      // Same identifier in another currency is another instrument.
      expect((await h.post(path, { data: { type, attributes: { ...attributes, ccyCode: 'EUR' } } })).status).toBe(201);
    },
  );

  it.each(['fee', 'refund', 'other'])('refuses to create a %s instrument: 400 in the error shape', async (kind) => {
    const res = await h.post('/api/v3/instruments', {
      data: { type: `${kind}-instrument`, attributes: { name: 'x', securityIdentifier: 'x' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].status).toBe(400);
    expect(res.body.errors[0].detail).toContain(kind === 'other' ? 'can only be retrieved' : 'cannot be created');
  });

  it('refuses "other" as couponFrequency or dayCountConvention and names every broken field', async () => {
    const res = await h.post('/api/v2/assets', {
      data: {
        type: 'bond-asset',
        attributes: { ...bond, couponFrequency: 'other', dayCountConvention: 'other', ccyCode: 'euro' },
      },
    });
    expect(res.status).toBe(400);
    const detail: string = res.body.errors[0].detail;
    // The SDK's create rules and words (the mock reads them from the endpoint table's row).
    expect(detail).toBe(
      'data.attributes.ccyCode must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "euro"; ' +
        'data.attributes.couponFrequency must be one of "quarterly", "semiannually", "annually", got "other"; ' +
        'data.attributes.dayCountConvention must be one of "actual/actual", "30/360", "actual/360", got "other"',
    );
  });

  it('refuses an unknown kind, listing the creatable ones of the endpoint row, and a relationship the kind lacks', async () => {
    const unknown = await h.post('/api/v3/instruments', { data: { type: 'warrant-instrument', attributes: bond } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].detail).toBe(
      'data.type must be one of bond-instrument, index-linked-bond-instrument, zero-coupon-bond-instrument, stock-instrument, ' +
        'mutual-fund-instrument, loan-instrument, fx-forward-cash-settlement-instrument, fx-forward-physical-delivery-instrument, ' +
        'private-market-fund-commitment-based-instrument; got "warrant-instrument"',
    );
    const extra = await h.post('/api/v2/assets', {
      data: {
        type: 'bond-asset',
        attributes: bond,
        relationships: { depository: { data: { type: 'depository', id: '65f1c0ffee00000000000001' } } },
      },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].detail).toBe('data.relationships.depository is not a relationship of bond-asset');
    // A name every object inherits is no relationship either.
    const relationship = await h.post('/api/v2/assets', {
      data: { type: 'bond-asset', attributes: bond, relationships: { toString: { data: { type: 'x', id: '1' } } } },
    });
    expect(relationship.status).toBe(400);
    expect(relationship.body.errors[0].detail).toBe('data.relationships.toString is not a relationship of bond-asset');
  });

  it('refuses an attribute the kind does not have (the SDK refuses it too), and reads null as absent', async () => {
    const typo = await h.post('/api/v2/assets', {
      data: { type: 'bond-asset', attributes: { ...bond, maturitydate: '2030-01-01' } },
    });
    expect(typo.status).toBe(400);
    expect(typo.body.errors[0].detail).toBe(
      'data.attributes.maturitydate is not a known field here (accepted: ccyCode, countryCode, couponFrequency, datedDate, dayCountConvention, firstCouponDate, maturityDate, name, securityIdentifier)',
    );
    const nulls = await h.post('/api/v2/assets', {
      data: { type: 'bond-asset', attributes: { ...bond, maturityDate: null, datedDate: null } },
    });
    expect(nulls.status).toBe(201);
    expect(nulls.body.data.attributes).not.toHaveProperty('maturityDate');
  });

  it('answers 409 when the type is of the other version', async () => {
    const res = await h.post('/api/v2/assets', { data: { type: 'bond-instrument', attributes: bond } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].detail).toBe('data.type must be "<kind>-asset" here, got "bond-instrument"');
  });

  it('creates the two loan transactions with a loan: at agreementDate and at maturityDate', async () => {
    const { account } = seedStructure(h.mock);
    const loan = await h.post('/api/v3/instruments', loanDocument(account.id, { principalAmount: 100_000 }));
    expect(loan.status).toBe(201);
    const listed = await h.get('/api/v2/transactions', {
      accountId: account.id,
      fromDate: '2024-01-01',
      toDate: '2025-01-01',
    });
    expect(listed.body.data.map((t: { type: string; attributes: unknown }) => [t.type, t.attributes])).toEqual([
      ['loan-transaction', { accountAmount: -100_000, tradeDate: '2024-01-01', valueDate: '2024-01-01' }],
      // 366 days (2024 is a leap year) × 3% / 360
      [
        'loan-transaction',
        { accountAmount: 100_000, interest: 3050, tradeDate: '2025-01-01', valueDate: '2025-01-01' },
      ],
    ]);
    expect(listed.body.data[0].relationships).toEqual({
      account: { data: { type: 'account', id: account.id } },
      loan: { data: { type: 'loan-asset', id: loan.body.data.id } },
    });
  });

  it('refuses a loan whose interest no number can hold (400), nothing created (its repayment read interest: null)', async () => {
    const { account } = seedStructure(h.mock);
    const before = [h.mock.store.instruments.size, h.mock.store.transactions.size];
    const res = await h.post('/api/v3/instruments', loanDocument(account.id, { principalAmount: 1e308 }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toBe(
      'data.attributes.principalAmount: with this interestRateInPercent and term, the interest is beyond what a number holds',
    );
    expect([h.mock.store.instruments.size, h.mock.store.transactions.size]).toEqual(before);
  });

  it('requires the relationships of the kind and checks they exist', async () => {
    const res = await h.post('/api/v2/assets', {
      data: {
        type: 'fx-forward-physical-delivery-asset',
        attributes: {
          agreementDate: '2024-01-01',
          fixingDate: '2024-06-01',
          settlementDate: '2024-06-03',
          notionalAmount: 1e6,
          settlementAmount: -1.1e6,
          securityIdentifier: 'FXF-1',
        },
        relationships: { primaryAccount: { data: { type: 'account', id: 'missing' } } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toBe(
      'data.relationships.primaryAccount: account missing does not exist; data.relationships.secondaryAccount is required ({ data: { type: "account", id } })',
    );
  });

  it('creates a private market fund: exitDate null, no initialCommitment, commitments on v3 only', async () => {
    const { depository } = seedStructure(h.mock);
    const fund = {
      managerName: 'Nordic Capital',
      name: 'NC XI',
      ccyCode: 'EUR',
      strategy: 'leveraged-buyout',
      investmentRegion: 'europe',
      vintageDate: '2023-01-01',
    };
    const res = await h.post('/api/v3/instruments', {
      data: {
        type: 'private-market-fund-commitment-based-instrument',
        attributes: { fund, initialCommitment: { date: '2023-03-01', value: 5_000_000 } },
        relationships: { depository: { data: { type: 'depository', id: depository.id } } },
      },
    });
    expect(res.status).toBe(201);
    const commitment = h.mock.store.commitments.all()[0];
    expect(commitment).toMatchObject({ date: '2023-03-01', value: 5_000_000 });
    expect(res.body.data.attributes).toEqual({ fund, exitDate: null });
    expect(res.body.data.relationships.commitments).toEqual({ data: [{ type: 'commitment', id: commitment?.id }] });
    const v2 = await h.get(`/api/v2/assets/${res.body.data.id}`);
    expect(Object.keys(v2.body.data.relationships)).toEqual(['depository']);
  });

  it('lists private instruments of a reporting entity: held private kinds, page by page', async () => {
    const s = seedStructure(h.mock);
    const store = h.mock.store;
    const loan = store.instruments.add({
      kind: 'loan',
      attributes: loanSeed({ securityIdentifier: 'L1' }),
      relationships: { account: { data: { type: 'account', id: s.account.id } } },
    });
    const listed = store.instruments.add({
      kind: 'stock',
      attributes: stockSeed({ securityIdentifier: 'S1', ccyCode: 'EUR' }),
    });
    const owned = store.instruments.add({
      kind: 'other',
      attributes: { securityIdentifier: 'O1' },
      reportingEntityId: s.reportingEntity.id,
    });
    for (const i of [loan, listed]) store.positions.add({ portfolioId: s.portfolio.id, instrumentId: i.id, units: 1 });
    const res = await h.get(`/api/v3/instruments/${s.reportingEntity.id}/private-instruments`);
    expect(res.body.data.map((i: { id: string; type: string }) => [i.id, i.type])).toEqual([
      [loan.id, 'loan-instrument'],
      [owned.id, 'other-instrument'],
    ]);
  });

  it('keeps an asset a transaction names (a trade): 409, nothing removed; after them it goes; a loan goes with its own loan transactions', async () => {
    const s = seedStructure(h.mock);
    const acme = h.mock.store.instruments.add({ kind: 'stock', attributes: stockSeed() });
    const loan = (await h.post('/api/v3/instruments', loanDocument(s.account.id, { principalAmount: 1000 }))).body.data;
    const dividend = await h.post('/api/v2/transactions', {
      data: {
        type: 'dividend-transaction',
        attributes: { accountAmount: 85, grossAmount: 100, tax: 15, tradeDate: '2024-03-01', valueDate: '2024-03-04' },
        relationships: {
          account: { data: { type: 'account', id: s.account.id } },
          asset: { data: { type: 'stock-instrument', id: acme.id } },
          depository: { data: { type: 'depository', id: s.depository.id } },
        },
      },
    });
    expect(dividend.status).toBe(201);

    const before = snapshotOf(h.mock.store);
    const refused = await h.del(`/api/v2/assets/${acme.id}`);
    expect([refused.status, refused.body.errors[0].detail]).toEqual([
      409,
      `asset ${acme.id} is named by 1 transaction(s); delete them first`,
    ]);
    expect(snapshotOf(h.mock.store)).toEqual(before);
    expect((await h.del(`/api/v2/transactions/${dividend.body.data.id}`)).status).toBe(204);
    expect((await h.del(`/api/v2/assets/${acme.id}`)).status).toBe(204);
    // The loan's agreement and maturity transactions, made with it, go with it; nothing else names it.
    expect(h.mock.store.transactions.all().map((t) => t.type)).toEqual(['loan-transaction', 'loan-transaction']);
    expect((await h.del(`/api/v2/assets/${loan.id}`)).status).toBe(204);
    expect(h.mock.store.instruments.get(loan.id)).toBeUndefined();
    expect(h.mock.store.transactions.all()).toEqual([]);
  });

  it('deletes an asset with its time series (204), then 404 in the error shape', async () => {
    const id = (await h.post('/api/v2/assets', { data: { type: 'bond-asset', attributes: bond } })).body.data.id;
    await h.post(`/api/v2/assets/${id}/prices`, {
      data: { type: 'price', attributes: { date: '2024-01-02', value: 99 } },
    });
    const del = await h.del(`/api/v2/assets/${id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expect(h.mock.store.prices.size).toBe(0);
    expect(await h.get(`/api/v2/assets/${id}`).then((r) => [r.status, r.body])).toEqual([
      404,
      { errors: [{ status: 404, detail: `asset ${id} not found` }] },
    ]);
  });
});
