import { describe, expect, it } from 'vitest';
import { fundSeed } from '../helpers/seeds.js';
import { HEX24, seedStructure, useHarness } from './harness.js';

describe('time series', () => {
  const h = useHarness();
  const stock = () =>
    h.mock.store.instruments.add({
      kind: 'stock',
      attributes: { name: 'ACME', securityIdentifier: 'US1', ccyCode: 'USD', countryCode: 'US' },
    });

  it.each(['prices', 'interest-rates', 'index-factors'])(
    'creates %s with provider client (201) and lists them by date on v2 and v3',
    async (segment) => {
      const id = stock().id;
      const type = { prices: 'price', 'interest-rates': 'interest-rate', 'index-factors': 'index-factor' }[segment];
      h.mock.store[
        segment === 'prices' ? 'prices' : segment === 'interest-rates' ? 'interestRates' : 'indexFactors'
      ].add({ instrumentId: id, date: '2024-01-03', value: 2, provider: 'operator' });
      const res = await h.post(`/api/v3/instruments/${id}/${segment}`, {
        data: { type, attributes: { date: '2024-01-02', value: 1.5 } },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        id: res.body.data.id,
        type,
        attributes: { date: '2024-01-02', provider: 'client', value: 1.5 },
      });
      expect(res.body.data.id).toMatch(HEX24);
      for (const path of [`/api/v3/instruments/${id}/${segment}`, `/api/v2/assets/${id}/${segment}`]) {
        const list = await h.get(path);
        expect(list.body.data.map((s: { attributes: unknown }) => s.attributes)).toEqual([
          { date: '2024-01-02', provider: 'client', value: 1.5 },
          { date: '2024-01-03', provider: 'operator', value: 2 },
        ]);
      }
      expect((await h.del(`/api/v2/${segment}/${res.body.data.id}`)).status).toBe(204);
      expect((await h.del(`/api/v3/${segment}/${res.body.data.id}`)).status).toBe(404);
    },
  );

  it('refuses provider from the caller, a malformed date, and a second value on the same date', async () => {
    const id = stock().id;
    const bad = await h.post(`/api/v3/instruments/${id}/prices`, {
      data: { type: 'price', attributes: { date: '2024-02-30', value: 1, provider: 'operator' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].detail).toBe(
      'data.attributes.date must be a calendar date in the form YYYY-MM-DD: 2024-02-30 is no day of the calendar; data.attributes.provider is set by the service and cannot be sent',
    );
    await h.post(`/api/v3/instruments/${id}/prices`, {
      data: { type: 'price', attributes: { date: '2024-01-02', value: 1 } },
    });
    const clash = await h.post(`/api/v2/assets/${id}/prices`, {
      data: { type: 'price', attributes: { date: '2024-01-02', value: 2 } },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].detail).toContain('a price dated 2024-01-02 already exists');
  });

  it('PATCHes a price value (204) and refuses changing anything else', async () => {
    const id = stock().id;
    const price = (
      await h.post(`/api/v3/instruments/${id}/prices`, {
        data: { type: 'price', attributes: { date: '2024-01-02', value: 1 } },
      })
    ).body.data;
    const ok = await h.patch(`/api/v2/prices/${price.id}`, {
      data: { id: price.id, type: 'price', attributes: { value: 1.25 } },
    });
    expect(ok.status).toBe(204);
    expect(h.mock.store.prices.get(price.id)?.value).toBe(1.25);
    const bad = await h.patch(`/api/v3/prices/${price.id}`, {
      data: { type: 'price', attributes: { value: 2, date: '2024-01-03' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].detail).toBe('data.attributes.date cannot be changed (only value can)');
    const wrongId = await h.patch(`/api/v3/prices/${price.id}`, {
      data: { id: 'other', type: 'price', attributes: { value: 2 } },
    });
    expect(wrongId.status).toBe(409);
  });

  it('defaults a NAV effectiveDate to officialDate and deletes its paired price with it', async () => {
    const { depository } = seedStructure(h.mock);
    const fund = h.mock.store.instruments.add({
      kind: 'private-market-fund-commitment-based',
      attributes: fundSeed({ ccyCode: 'EUR' }),
      relationships: { depository: { data: { type: 'depository', id: depository.id } } },
    });
    const nav = await h.post(`/api/v3/instruments/${fund.id}/net-asset-values`, {
      data: {
        type: 'net-asset-value',
        attributes: { officialDate: '2024-03-31', effectiveDate: null, value: 1_250_000 },
      },
    });
    expect(nav.status).toBe(201);
    expect(nav.body.data.attributes).toEqual({
      officialDate: '2024-03-31',
      effectiveDate: '2024-03-31',
      value: 1_250_000,
    });
    const prices = await h.get(`/api/v3/instruments/${fund.id}/prices`);
    expect(prices.body.data.map((p: { attributes: unknown }) => p.attributes)).toEqual([
      { date: '2024-03-31', provider: 'client', value: 1_250_000 },
    ]);
    const later = await h.post(`/api/v3/instruments/${fund.id}/net-asset-values`, {
      data: {
        type: 'net-asset-value',
        attributes: { officialDate: '2024-06-30', effectiveDate: '2024-07-05', value: 1_300_000 },
      },
    });
    expect(later.body.data.attributes.effectiveDate).toBe('2024-07-05');
    expect((await h.get(`/api/v3/instruments/${fund.id}/net-asset-values`)).body.data).toHaveLength(2);
    expect((await h.del(`/api/v3/net-asset-values/${nav.body.data.id}`)).status).toBe(204);
    expect(
      (await h.get(`/api/v3/instruments/${fund.id}/prices`)).body.data.map(
        (p: { attributes: { date: string } }) => p.attributes.date,
      ),
    ).toEqual(['2024-07-05']);
  });

  it('deletes with a NAV the price paired with it, created or taken over, once no other NAV sets it', async () => {
    const fund = h.mock.store.instruments.add({
      kind: 'private-market-fund-commitment-based',
      attributes: fundSeed({ ccyCode: 'EUR' }),
    });
    const base = `/api/v3/instruments/${fund.id}`;
    const nav = async (officialDate: string, effectiveDate: string, value: number) =>
      (
        await h.post(`${base}/net-asset-values`, {
          data: { type: 'net-asset-value', attributes: { officialDate, effectiveDate, value } },
        })
      ).body.data.id as string;
    const prices = async () =>
      (await h.get(`${base}/prices`)).body.data.map((p: { id: string; attributes: { value: number } }) => [
        p.id,
        p.attributes.value,
      ]);
    const price = await h.post(`${base}/prices`, {
      data: { type: 'price', attributes: { date: '2024-03-31', value: 10 } },
    });
    // The client's price dated so is taken over: it holds the NAV's value, and is paired with both NAVs.
    const first = await nav('2024-03-31', '2024-03-31', 1000);
    const second = await nav('2024-04-15', '2024-03-31', 2000);
    expect(await prices()).toEqual([[price.body.data.id, 2000]]);
    // It stays while another NAV sets it, and goes with the last one (the reference: the NAV and its paired price).
    expect((await h.del(`/api/v3/net-asset-values/${second}`)).status).toBe(204);
    expect(await prices()).toEqual([[price.body.data.id, 2000]]);
    expect((await h.del(`/api/v3/net-asset-values/${first}`)).status).toBe(204);
    expect(await prices()).toEqual([]);
    expect((await h.del(`/api/v3/prices/${price.body.data.id}`)).status).toBe(404);
    // A price a NAV created: the same.
    const creator = await nav('2024-06-30', '2024-06-30', 3000);
    const [[createdId]] = await prices();
    const sharer = await nav('2024-07-15', '2024-06-30', 3100);
    expect((await h.del(`/api/v3/net-asset-values/${creator}`)).status).toBe(204);
    expect(await prices()).toEqual([[createdId, 3100]]);
    expect((await h.del(`/api/v3/net-asset-values/${sharer}`)).status).toBe(204);
    expect(await prices()).toEqual([]);
  });

  it('keeps a price a NAV is paired with (409 on v3 and v2, nothing removed); a PATCH of it is allowed', async () => {
    const fund = h.mock.store.instruments.add({
      kind: 'private-market-fund-commitment-based',
      attributes: fundSeed({ ccyCode: 'EUR' }),
    });
    const base = `/api/v3/instruments/${fund.id}`;
    const nav = async (officialDate: string) =>
      (
        await h.post(`${base}/net-asset-values`, {
          data: { type: 'net-asset-value', attributes: { officialDate, effectiveDate: '2024-03-31', value: 1000 } },
        })
      ).body.data.id as string;
    const first = await nav('2024-03-31');
    const price = h.mock.store.netAssetValues.expect(first).priceId;
    for (const version of ['v3', 'v2']) {
      const kept = await h.del(`/api/${version}/prices/${price}`);
      expect(kept.status).toBe(409);
      expect(kept.body.errors[0].detail).toBe(
        `price ${price} is the price of net asset value ${first}; delete the NAV, which removes its price`,
      );
    }
    expect(h.mock.store.prices.get(price)).toBeDefined();
    expect((await h.get(`${base}/net-asset-values`)).body.data.map((n: { id: string }) => n.id)).toEqual([first]);
    const patched = await h.patch(`/api/v3/prices/${price}`, {
      data: { id: price, type: 'price', attributes: { value: 1010 } },
    });
    expect(patched.status).toBe(204);
    expect(h.mock.store.prices.get(price)?.value).toBe(1010);
    // A second price on its date: the 409 offers the PATCH only (the delete it would offer is refused).
    const again = await h.post(`${base}/prices`, {
      data: { type: 'price', attributes: { date: '2024-03-31', value: 1 } },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].detail).toBe(
      `a price dated 2024-03-31 already exists for this instrument (id ${price}); PATCH its value (it is the price of net asset value ${first})`,
    );
    // Set by two NAVs (one effectiveDate), it names both; it goes with the last of them.
    const second = await nav('2024-04-15');
    const both = await h.del(`/api/v3/prices/${price}`);
    expect(both.status).toBe(409);
    expect(both.body.errors[0].detail).toBe(
      `price ${price} is the price of net asset values ${first}, ${second}; delete the NAVs, the last of which removes it`,
    );
    expect((await h.del(`/api/v3/net-asset-values/${first}`)).status).toBe(204);
    expect((await h.del(`/api/v3/net-asset-values/${second}`)).status).toBe(204);
    expect((await h.del(`/api/v3/prices/${price}`)).status).toBe(404);
  });

  it('refuses relationships on a value or NAV create (the SDK rows have none), nothing created', async () => {
    const id = stock().id;
    const fund = h.mock.store.instruments.add({
      kind: 'private-market-fund-commitment-based',
      attributes: fundSeed({ ccyCode: 'EUR' }),
    });
    const relationships = { toString: { data: { type: 'instrument', id } } };
    const cases: [string, string, Record<string, unknown>][] = [
      [`/api/v3/instruments/${id}/prices`, 'price', { date: '2024-01-02', value: 1 }],
      [`/api/v2/assets/${id}/interest-rates`, 'interest-rate', { date: '2024-01-02', value: 0.02 }],
      [`/api/v3/instruments/${id}/index-factors`, 'index-factor', { date: '2024-01-02', value: 1.1 }],
      [`/api/v3/instruments/${fund.id}/net-asset-values`, 'net-asset-value', { officialDate: '2024-03-31', value: 5 }],
    ];
    for (const [path, type, attributes] of cases) {
      const res = await h.post(path, { data: { type, attributes, relationships } });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { errors: [{ status: 400, detail: `data.relationships.toString is not a relationship of ${type}` }] },
      });
    }
    const store = h.mock.store;
    expect([store.prices.size, store.interestRates.size, store.indexFactors.size, store.netAssetValues.size]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("refuses attributes the SDK's create rules do not have (400), nothing created", async () => {
    const id = stock().id;
    const fund = h.mock.store.instruments.add({
      kind: 'private-market-fund-commitment-based',
      attributes: fundSeed({ ccyCode: 'EUR' }),
    });
    const cases: [string, string, Record<string, unknown>, string, string][] = [
      [
        `/api/v3/instruments/${id}/prices`,
        'price',
        { date: '2024-01-06', value: 1, currency: 'USD' },
        'currency',
        'date, value',
      ],
      [
        `/api/v2/assets/${id}/interest-rates`,
        'interest-rate',
        { date: '2024-01-06', value: 0.02, note: 'x' },
        'note',
        'date, value',
      ],
      [
        `/api/v3/instruments/${id}/index-factors`,
        'index-factor',
        { date: '2024-01-06', value: 1.1, junk: true },
        'junk',
        'date, value',
      ],
      [
        `/api/v3/instruments/${fund.id}/net-asset-values`,
        'net-asset-value',
        { officialDate: '2024-01-06', value: 100, ccyCode: 'USD' },
        'ccyCode',
        'officialDate, effectiveDate, value',
      ],
    ];
    for (const [path, type, attributes, extra, accepted] of cases) {
      const res = await h.post(path, { data: { type, attributes } });
      const detail = `data.attributes.${extra} is not a known field here (accepted: ${accepted})`;
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { errors: [{ status: 400, detail }] },
      });
    }
    const store = h.mock.store;
    expect([store.prices.size, store.interestRates.size, store.indexFactors.size, store.netAssetValues.size]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('keeps net asset values to private market funds', async () => {
    const res = await h.post(`/api/v3/instruments/${stock().id}/net-asset-values`, {
      data: { type: 'net-asset-value', attributes: { officialDate: '2024-03-31', value: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toContain(
      'net asset values apply to private-market-fund-commitment-based instruments only',
    );
  });

  it('serves the seeded classes under both names: a single object, the detailed one with its class', async () => {
    const equities = h.mock.store.instrumentClasses.where((c) => c.name === 'Equities')[0];
    const listed = h.mock.store.detailedInstrumentClasses.where((c) => c.name === 'Listed equities')[0];
    expect((await h.get(`/api/v3/instrument-classes/${equities?.id}`)).body).toEqual({
      data: { id: equities?.id, type: 'instrument-class', attributes: { name: 'Equities' } },
    });
    expect((await h.get(`/api/v2/asset-classes-detailed/${listed?.id}`)).body).toEqual({
      data: {
        id: listed?.id,
        type: 'asset-class-detailed',
        attributes: { name: 'Listed equities' },
        relationships: { assetClass: { data: { type: 'asset-class', id: equities?.id } } },
      },
    });
    expect((await h.get(`/api/v3/instrument-classes-detailed/${listed?.id}`)).body.data.relationships).toEqual({
      instrumentClass: { data: { type: 'instrument-class', id: equities?.id } },
    });
    expect((await h.get(`/api/v2/asset-classes/${equities?.id}`)).body.data.type).toBe('asset-class');
  });
});
