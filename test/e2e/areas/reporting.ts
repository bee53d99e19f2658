/** Rows 34–35 and 71–76: holdings, asset holdings, investment limits and their statuses. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attributesOf,
  ConflictError,
  holdingAsset,
  type LimitFilterInput,
  type LimitTypeInput,
  limitFilter,
  limitType,
  NotFoundError,
} from '../../../src/index.js';
import { BASE64URL, createStructure, type E2E, failure, UUID } from '../harness.js';

/**
 * A client holding 100 SAP (EUR, DE) from 2024-01-02 in its Core portfolio, 40 ASML (EUR, NL) from
 * 2024-01-03 in Growth, priced on 2024-01-02 (150 / 600) and 2024-01-03 (152 / 610). On 2024-01-03:
 * SAP 15 200, ASML 24 400, 39 600 in all.
 */
async function holdingClient(e: E2E) {
  const s = await createStructure(e.prs, 'Holdings');
  const growth = await e.prs.reportingEntities.portfolios.create(s.reportingEntity.id, {
    attributes: { name: 'Growth' },
  });
  const sap = await e.prs.instruments.create({
    type: 'stock-instrument',
    attributes: { name: 'SAP SE', securityIdentifier: 'DE0007164600', ccyCode: 'EUR', countryCode: 'DE' },
  });
  const asml = await e.prs.instruments.create({
    type: 'stock-instrument',
    attributes: { name: 'ASML', securityIdentifier: 'NL0010273215', ccyCode: 'EUR', countryCode: 'NL' },
  });
  for (const [id, prices] of [
    [sap.id, [150, 152]],
    [asml.id, [600, 610]],
  ] as const) {
    await e.prs.instruments.prices.create(id, { attributes: { date: '2024-01-02', value: prices[0] } });
    await e.prs.instruments.prices.create(id, { attributes: { date: '2024-01-03', value: prices[1] } });
  }
  // The mock values the positions it is given (it does not derive them from transactions).
  e.mock.store.positions.add({
    portfolioId: s.portfolio.id,
    depositoryId: s.depository.id,
    instrumentId: sap.id,
    units: 100,
    fromDate: '2024-01-02',
  });
  e.mock.store.positions.add({
    portfolioId: growth.id,
    depositoryId: s.depository.id,
    instrumentId: asml.id,
    units: 40,
    fromDate: '2024-01-03',
  });
  return { ...s, growth, sap, asml };
}

export function reportingArea(e: E2E): void {
  describe('holdings and limits', () => {
    let h: Awaited<ReturnType<typeof holdingClient>>;
    beforeAll(async () => {
      h = await holdingClient(e);
    });

    it('holdings: one per date over the closed interval (every page), by portfolio when expanded', async () => {
      const { data, included } = await e.prs.holdings.list(h.reportingEntity.id, {
        fromDate: '2024-01-01',
        toDate: '2024-01-03',
      });
      expect(included).toEqual([]);
      expect(data.map((x) => [x.id.match(BASE64URL) !== null, x.type, x.attributes])).toEqual([
        [true, 'holding', { ccyCode: 'EUR', date: '2024-01-01', marketValue: 0 }],
        [true, 'holding', { ccyCode: 'EUR', date: '2024-01-02', marketValue: 15_000 }],
        [true, 'holding', { ccyCode: 'EUR', date: '2024-01-03', marketValue: 39_600 }],
      ]);
      const byPortfolio = await e.prs.holdings.list(h.reportingEntity.id, {
        fromDate: '2024-01-02',
        toDate: '2024-01-03',
        expand: ['portfolios'],
      });
      expect(
        byPortfolio.data.map((x) => [
          x.attributes.date,
          x.relationships?.portfolio?.data?.id,
          x.attributes.marketValue,
        ]),
      ).toEqual([
        ['2024-01-02', h.portfolio.id, 15_000],
        ['2024-01-03', h.portfolio.id, 15_200],
        ['2024-01-03', h.growth.id, 24_400],
      ]);
    });

    it('asset holdings: units and value per asset, with the assets included', async () => {
      const { data, included } = await e.prs.assetHoldings.list(h.reportingEntity.id, {
        fromDate: '2024-01-02',
        toDate: '2024-01-03',
        include: ['asset'],
      });
      expect(
        data.map((x) => [
          x.attributes.date,
          attributesOf(holdingAsset(x, included)).name,
          x.attributes.unitsInHolding,
          x.attributes.marketValue,
        ]),
      ).toEqual([
        ['2024-01-02', 'SAP SE', 100, 15_000],
        ['2024-01-03', 'SAP SE', 100, 15_200],
        ['2024-01-03', 'ASML', 40, 24_400],
      ]);
      expect(included.map((a) => [a.type, a.id])).toEqual([
        ['stock-asset', h.sap.id],
        ['stock-asset', h.asml.id],
      ]);
    });

    it('limits: create with the builders → retrieve → listed → statuses computed from the holdings → delete → 404', async () => {
      const input = (name: string, filter: LimitFilterInput, type: LimitTypeInput, parentLimit?: string) => ({
        attributes: { name, ccyCode: 'EUR', startDate: '2024-01-01', limitFilter: filter, limitType: type },
        relationships: parentLimit ? { client: h.client.id, parentLimit } : { client: h.client.id },
      });
      const germanAnswer = await e.prs.limits
        .create(input('German issuers ≤ 10 000', limitFilter.countryCodeIs('DE'), limitType.absolute({ max: 10_000 })))
        .withResponse();
      expect([germanAnswer.response.status, germanAnswer.created]).toEqual([201, true]);
      const german = germanAnswer.data;
      expect(german).toEqual({
        id: expect.stringMatching(UUID),
        type: 'limit',
        attributes: {
          name: 'German issuers ≤ 10 000',
          ccyCode: 'EUR',
          startDate: '2024-01-01',
          limitFilter: { type: 'condition', condition: { type: 'country-code-is', 'country-code': 'DE' } },
          limitType: { type: 'absolute', values: { min: null, max: 10_000 } },
        },
        relationships: { client: { data: { type: 'client', id: h.client.id } } },
      });
      expect(await e.prs.limits.retrieve(german.id)).toEqual(german);
      const group = await e.prs.limits.create(
        input('EUR group', limitFilter.currencyCodeIs('EUR'), limitType.limitGroup()),
      );
      const asmlShare = await e.prs.limits.create(
        input(
          'ASML ≤ 50 % of EUR',
          limitFilter.securityIdentifierIs('NL0010273215'),
          limitType.proportional({ max: 0.5 }),
          group.id,
        ),
      );
      expect((await e.prs.clients.limits.list(h.client.id)).map((l) => l.id)).toEqual([
        german.id,
        group.id,
        asmlShare.id,
      ]);

      expect(await e.prs.limits.status(german.id, { date: '2024-01-03' })).toEqual({
        id: german.id,
        type: 'limit-status',
        attributes: {
          date: '2024-01-03',
          limitType: { type: 'absolute', values: { min: null, max: 10_000 } },
          currentValue: 15_200,
          isBreached: true,
        },
      });
      // 24 400 / 39 600 = 0.616162 of the parent's scope: over 0.5.
      const statuses = await e.prs.clients.limits.status(h.client.id, { date: '2024-01-03' });
      expect(statuses.map((st) => [st.id, st.attributes.currentValue, st.attributes.isBreached])).toEqual([
        [german.id, 15_200, true],
        [group.id, null, undefined],
        [asmlShare.id, 0.616162, true],
      ]);
      const before = await e.prs.clients.limits.status(h.client.id, { date: '2024-01-02' });
      expect(before.map((st) => [st.attributes.currentValue, st.attributes.isBreached])).toEqual([
        [15_000, true],
        [null, undefined],
        [0, false],
      ]);

      const parent = await failure(() => e.prs.limits.delete(group.id), ConflictError);
      expect(parent.errors[0]?.detail).toBe(`limit ${group.id} is the parent of ${asmlShare.id}; delete those first`);
      await e.prs.limits.delete(asmlShare.id);
      await failure(() => e.prs.limits.retrieve(asmlShare.id), NotFoundError);
      await failure(() => e.prs.limits.status(asmlShare.id, { date: '2024-01-03' }), NotFoundError);
      expect((await e.prs.clients.limits.list(h.client.id)).map((l) => l.id)).toEqual([german.id, group.id]);
    });
  });
}
