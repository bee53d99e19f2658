/** Rows 1–33: assets (v2) and instruments (v3), their time series, and the classes. */
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, type PortfolioReporting, type Price } from '../../../src/index.js';
import { createStructure, type E2E, failure, HEX24, hitsOf } from '../harness.js';

const bond = {
  name: 'Bund 2030',
  securityIdentifier: 'DE0001102507',
  ccyCode: 'EUR',
  countryCode: 'DE',
  couponFrequency: 'annually',
  dayCountConvention: 'actual/actual',
  maturityDate: '2030-08-15',
} as const;

/** A stock created through the SDK on the given version; returns its id. */
async function stock(prs: PortfolioReporting, securityIdentifier: string): Promise<string> {
  const { data } = await prs.instruments
    .create({
      type: 'stock-instrument',
      attributes: { name: securityIdentifier, securityIdentifier, ccyCode: 'EUR', countryCode: 'DE' },
    })
    .withResponse();
  return data.id;
}

export function instrumentsArea(e: E2E): void {
  describe('assets (v2)', () => {
    it('create → 201 with the attributes sent; the same pair again → 303, the existing one (created: false); retrieve; delete → 404', async () => {
      const input = {
        type: 'stock-asset',
        attributes: { name: 'ACME', securityIdentifier: 'US00000E2E01', ccyCode: 'USD', countryCode: 'US' },
      } as const;
      const first = await e.prs.assets.create(input).withResponse();
      expect([first.response.status, first.created]).toEqual([201, true]);
      expect(first.data).toEqual({
        id: expect.stringMatching(HEX24),
        type: 'stock-asset',
        attributes: input.attributes,
      });
      const again = await e.prs.assets
        .create({ ...input, attributes: { ...input.attributes, name: 'ACME again' } })
        .withResponse();
      expect([again.created, again.response.status]).toEqual([false, 200]);
      expect(again.data).toEqual(first.data);
      // The SDK sees the 303 itself (manual redirects) and follows it with its own GET on the same origin.
      expect(hitsOf(e, 2).map((h) => [h.status, h.redirected])).toEqual([
        [201, false],
        [303, false],
      ]);

      expect(await e.prs.assets.retrieve(first.data.id)).toEqual(first.data);
      await e.prs.assets.delete(first.data.id);
      const gone = await failure(() => e.prs.assets.retrieve(first.data.id), NotFoundError);
      expect(gone.errors).toEqual([{ status: 404, detail: `asset ${first.data.id} not found` }]);
    });
  });

  describe('instruments (v3)', () => {
    it('create → 201; retrieve under v3 and v2 alike; a duplicate → created: false', async () => {
      const { data, created } = await e.prs.instruments
        .create({ type: 'bond-instrument', attributes: bond })
        .withResponse();
      expect(created).toBe(true);
      expect(data).toEqual({ id: expect.stringMatching(HEX24), type: 'bond-instrument', attributes: bond });
      expect(await e.prs.instruments.retrieve(data.id)).toEqual(data);
      expect(await e.prs.assets.retrieve(data.id)).toEqual({ ...data, type: 'bond-asset' });
      const again = await e.prs.instruments.create({ type: 'bond-instrument', attributes: bond }).withResponse();
      expect([again.created, again.data.id]).toEqual([false, data.id]);
    });

    it('a loan comes with its two loan transactions; the reporting entity holding it lists it as private, page by page', async () => {
      const s = await createStructure(e.prs, 'Loan Holder');
      const loan = await e.prs.instruments.create({
        type: 'loan-instrument',
        attributes: {
          agreementDate: '2024-01-01',
          maturityDate: '2024-12-31',
          principalAmount: 100_000,
          interestRateInPercent: 3.6,
          dayCountConvention: 'actual/360',
          securityIdentifier: 'LOAN-E2E-1',
        },
        relationships: { account: s.account.id },
      });
      const booked = await e.prs.transactions.list({
        accountId: s.account.id,
        fromDate: '2024-01-01',
        toDate: '2024-12-31',
      });
      // 100 000 × 3.6 % × 365/360 = 3 650.00
      expect(booked.map((t) => [t.type, t.attributes])).toEqual([
        ['loan-transaction', { accountAmount: -100_000, tradeDate: '2024-01-01', valueDate: '2024-01-01' }],
        [
          'loan-transaction',
          { accountAmount: 100_000, interest: 3650, tradeDate: '2024-12-31', valueDate: '2024-12-31' },
        ],
      ]);

      // Private instruments are the ones the entity holds (positions are what the mock is given).
      const fx = await e.prs.instruments.create({
        type: 'fx-forward-cash-settlement-instrument',
        attributes: {
          agreementDate: '2024-02-01',
          fixingDate: '2024-05-02',
          settlementDate: '2024-05-03',
          notionalAmount: 50_000,
          settlementAmount: 54_000,
          primaryCcyCode: 'EUR',
          secondaryCcyCode: 'USD',
          securityIdentifier: 'FXF-E2E-1',
        },
        relationships: { account: s.account.id },
      });
      const loan2 = await e.prs.instruments.create({
        type: 'loan-instrument',
        attributes: {
          agreementDate: '2024-03-01',
          maturityDate: '2025-03-01',
          principalAmount: 20_000,
          interestRateInPercent: 5,
          dayCountConvention: '30/360',
          securityIdentifier: 'LOAN-E2E-2',
        },
        relationships: { account: s.account.id },
      });
      for (const id of [loan.id, fx.id, loan2.id])
        e.mock.store.positions.add({ portfolioId: s.portfolio.id, instrumentId: id, units: 1 });
      const before = e.hits.length;
      const listed = await e.prs.instruments.listPrivate(s.reportingEntity.id);
      expect(listed.map((i) => [i.type, i.id])).toEqual([
        ['loan-instrument', loan.id],
        ['fx-forward-cash-settlement-instrument', fx.id],
        ['loan-instrument', loan2.id],
      ]);
      // Two pages of two: the second asked for with page[offset]=2.
      expect(e.hits.slice(before).map((h) => h.url.searchParams.get('page[offset]'))).toEqual([null, '2']);
    });
  });

  describe('time series', () => {
    it('instrument prices: create → list (dated, provider client, over pages) → update → delete → 404; a second value on a date → 409', async () => {
      const id = await stock(e.prs, 'PRICES-V3');
      const created: Price[] = [];
      for (const [date, value] of [
        ['2024-01-03', 101.5],
        ['2024-01-02', 100],
        ['2024-01-04', 102.25],
      ] as const) {
        created.push(await e.prs.instruments.prices.create(id, { attributes: { date, value } }));
      }
      expect(created[0]).toEqual({
        id: expect.stringMatching(HEX24),
        type: 'price',
        attributes: { date: '2024-01-03', provider: 'client', value: 101.5 },
      });
      expect((await e.prs.instruments.prices.list(id)).map((p) => [p.attributes.date, p.attributes.value])).toEqual([
        ['2024-01-02', 100],
        ['2024-01-03', 101.5],
        ['2024-01-04', 102.25],
      ]);
      const clash = await failure(
        () => e.prs.instruments.prices.create(id, { attributes: { date: '2024-01-02', value: 99 } }),
        ConflictError,
      );
      expect(clash.errors[0]?.detail).toContain('a price dated 2024-01-02 already exists');

      const [first] = created as [(typeof created)[number]];
      await e.prs.instruments.prices.update(first.id, { attributes: { value: 101.75 } });
      await e.prs.instruments.prices.delete(created[1]?.id as string);
      expect((await e.prs.instruments.prices.list(id)).map((p) => [p.id, p.attributes.value])).toEqual([
        [first.id, 101.75],
        [created[2]?.id, 102.25],
      ]);
      await failure(() => e.prs.instruments.prices.delete(created[1]?.id as string), NotFoundError);
    });

    it('instrument interest rates and index factors: create → list → delete → 404', async () => {
      const id = await stock(e.prs, 'SERIES-V3');
      for (const series of [e.prs.instruments.interestRates, e.prs.instruments.indexFactors]) {
        const a = await series.create(id, { attributes: { date: '2024-02-01', value: 0.035 } });
        const b = await series.create(id, { attributes: { date: '2024-01-01', value: 0.03 } });
        expect(a.attributes).toEqual({ date: '2024-02-01', provider: 'client', value: 0.035 });
        expect((await series.list(id)).map((x) => x.id)).toEqual([b.id, a.id]);
        await series.delete(a.id);
        expect((await series.list(id)).map((x) => x.id)).toEqual([b.id]);
        await failure(() => series.delete(a.id), NotFoundError);
      }
    });

    it('net asset values of a private market fund: create (effectiveDate defaults to officialDate) → list → delete with its price', async () => {
      const s = await createStructure(e.prs, 'Fund Holder');
      const fund = await e.prs.instruments.create({
        type: 'private-market-fund-commitment-based-instrument',
        attributes: {
          fund: {
            managerName: 'Nordic Capital',
            name: 'Fund XI',
            ccyCode: 'EUR',
            strategy: 'leveraged-buyout',
            investmentRegion: 'europe',
            vintageDate: '2023-01-01',
          },
          initialCommitment: { date: '2023-02-01', value: 5_000_000 },
        },
        relationships: { depository: s.depository.id },
      });
      const nav = await e.prs.instruments.netAssetValues.create(fund.id, {
        attributes: { officialDate: '2024-03-31', effectiveDate: null, value: 1_250_000 },
      });
      expect(nav).toEqual({
        id: expect.stringMatching(HEX24),
        type: 'net-asset-value',
        attributes: { officialDate: '2024-03-31', effectiveDate: '2024-03-31', value: 1_250_000 },
      });
      const later = await e.prs.instruments.netAssetValues.create(fund.id, {
        attributes: { officialDate: '2024-06-30', effectiveDate: '2024-07-15', value: 1_300_000 },
      });
      expect((await e.prs.instruments.netAssetValues.list(fund.id)).map((n) => n.id)).toEqual([nav.id, later.id]);
      // A NAV is the fund's price on its effective date.
      expect(
        (await e.prs.instruments.prices.list(fund.id)).map((p) => [p.attributes.date, p.attributes.value]),
      ).toEqual([
        ['2024-03-31', 1_250_000],
        ['2024-07-15', 1_300_000],
      ]);
      await e.prs.instruments.netAssetValues.delete(nav.id);
      expect((await e.prs.instruments.netAssetValues.list(fund.id)).map((n) => n.id)).toEqual([later.id]);
      expect((await e.prs.instruments.prices.list(fund.id)).map((p) => p.attributes.date)).toEqual(['2024-07-15']);
      await failure(() => e.prs.instruments.netAssetValues.delete(nav.id), NotFoundError);
    });

    it('asset prices, interest rates and index factors (v2): the same store as v3', async () => {
      const id = await stock(e.prs, 'SERIES-V2');
      const price = await e.prs.assets.prices.create(id, { attributes: { date: '2024-01-31', value: 50 } });
      expect((await e.prs.instruments.prices.list(id)).map((p) => p.id)).toEqual([price.id]);
      await e.prs.assets.prices.update(price.id, { attributes: { value: 51 } });
      expect((await e.prs.assets.prices.list(id)).map((p) => p.attributes)).toEqual([
        { date: '2024-01-31', provider: 'client', value: 51 },
      ]);
      await e.prs.assets.prices.delete(price.id);
      expect(await e.prs.assets.prices.list(id)).toEqual([]);
      for (const series of [e.prs.assets.interestRates, e.prs.assets.indexFactors]) {
        const values: { id: string }[] = [];
        for (const date of ['2024-01-01', '2024-02-01', '2024-03-01'])
          values.push(await series.create(id, { attributes: { date, value: 1.01 } }));
        expect((await series.list(id)).map((x) => x.attributes.date)).toEqual([
          '2024-01-01',
          '2024-02-01',
          '2024-03-01',
        ]);
        await series.delete(values[0]?.id as string);
        expect((await series.list(id)).map((x) => x.id)).toEqual(values.slice(1).map((v) => v.id));
        await failure(() => series.delete(values[0]?.id as string), NotFoundError);
      }
    });
  });

  describe('classes', () => {
    it('instrument classes (v3) and asset classes (v2), plain and detailed; an unknown id → 404', async () => {
      const equities = e.mock.store.instrumentClasses.where((c) => c.name === 'Equities')[0];
      const listed = e.mock.store.detailedInstrumentClasses.where((c) => c.name === 'Listed equities')[0];
      if (!equities || !listed) throw new Error('the mock seeds the Equities classes');
      expect(await e.prs.instrumentClasses.retrieve(equities.id)).toEqual({
        id: equities.id,
        type: 'instrument-class',
        attributes: { name: 'Equities' },
      });
      const detailed = await e.prs.instrumentClasses.retrieveDetailed(listed.id);
      expect([detailed.type, detailed.attributes.name, detailed.relationships?.instrumentClass?.data?.id]).toEqual([
        'instrument-class-detailed',
        'Listed equities',
        equities.id,
      ]);
      expect(await e.prs.assetClasses.retrieve(equities.id)).toEqual({
        id: equities.id,
        type: 'asset-class',
        attributes: { name: 'Equities' },
      });
      const v2 = await e.prs.assetClasses.retrieveDetailed(listed.id);
      expect([v2.type, v2.attributes.name, v2.relationships?.assetClass?.data?.id]).toEqual([
        'asset-class-detailed',
        'Listed equities',
        equities.id,
      ]);
      await failure(() => e.prs.instrumentClasses.retrieve('000000000000000000000000'), NotFoundError);
    });
  });
}
