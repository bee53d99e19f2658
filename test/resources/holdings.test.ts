import { describe, expect, it } from 'vitest';
import { holdingAsset, ValidationError } from '../../src/index.js';
import { issuesOf, thrownValidationError } from '../helpers/issues.js';
import { memoryLogger, recordingClient } from '../helpers/recording-fetch.js';

const bond = {
  id: 'a1',
  type: 'bond-asset',
  attributes: {
    name: 'Bund 2030',
    securityIdentifier: 'DE0001102507',
    ccyCode: 'EUR',
    countryCode: 'DE',
    couponFrequency: 'annually',
    dayCountConvention: 'actual/actual',
  },
};
const stock = {
  id: 'a2',
  type: 'stock-asset',
  attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
};
const holding = (id: string, assetId?: string, assetType = 'bond-asset') => ({
  id,
  type: 'holding',
  attributes: { ccyCode: 'EUR', date: '2024-01-31', marketValue: 1000.5 },
  relationships: {
    reportingEntity: { data: { type: 'reporting-entity', id: 're1' } },
    ...(assetId ? { asset: { data: { type: assetType, id: assetId } } } : {}),
  },
});
const period = { fromDate: '2024-01-01', toDate: '2024-01-31' };

describe('holdings.list', () => {
  it('sends the dates, expand joined with commas and include, and resolves { data, included }', async () => {
    const { prs, requests } = recordingClient({ body: { data: [holding('aG9s-1', 'a1')], included: [bond] } });
    const result = await prs.holdings.list('re1', {
      ...period,
      expand: ['portfolios', 'depositories', 'assetClassesDetailed'],
      include: ['asset'],
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/v2/holdings/reporting-entities/re1' });
    expect(requests[0]?.query).toEqual({
      ...period,
      expand: 'portfolios,depositories,assetClassesDetailed',
      include: 'asset',
    });
    expect(result).toEqual({ data: [holding('aG9s-1', 'a1')], included: [bond] });
    expect(result.data.map((h) => holdingAsset(h, result.included))).toEqual([bond]);
  });

  it('sends only the dates when nothing else is asked for (an empty expand asks for nothing)', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    expect(await prs.holdings.list('re1', { ...period, expand: [] })).toEqual({ data: [], included: [] });
    expect(requests[0]?.query).toEqual(period);
  });

  it('sends parameters zod read through the prototype (Object.create): no query at all was sent', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    await prs.holdings.list('re1', Object.create({ ...period, expand: ['portfolios'] }));
    expect(requests[0]?.query).toEqual({ ...period, expand: 'portfolios' });
  });

  it('refuses a named member of expand or include (it was left out of the query), naming it', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    const named = 'must be a JSON value, got a named member of an array, which JSON would leave out';
    expect(
      await issuesOf(() =>
        prs.holdings.list('re1', { ...period, expand: Object.assign(['portfolios' as const], { x: 1 }) }),
      ),
    ).toEqual([{ path: 'expand.x', message: named }]);
    expect(
      await issuesOf(() =>
        prs.assetHoldings.list('re1', { ...period, include: Object.assign(['asset' as const], { x: 1 }) }),
      ),
    ).toEqual([{ path: 'include.x', message: named }]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a symbol key of the parameters (it was left out of the query), as every input does', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    expect(await issuesOf(() => prs.holdings.list('re1', { ...period, [Symbol('x')]: 1 }))).toEqual([
      { path: 'Symbol(x)', message: 'is not a known field here (accepted: fromDate, toDate, expand, include)' },
    ]);
    expect(await issuesOf(() => prs.assetHoldings.list('re1', { ...period, [Symbol('x')]: 1 }))).toEqual([
      { path: 'Symbol(x)', message: 'is not a known field here (accepted: fromDate, toDate, include)' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it.each([
    [
      { fromDate: '2024-01-31', toDate: '2024-01-31' },
      'holdings.list: fromDate: must be before toDate (got 2024-01-31 and 2024-01-31) (nothing was sent)',
    ],
    [
      { fromDate: '2024-02-01', toDate: '2024-01-31' },
      'holdings.list: fromDate: must be before toDate (got 2024-02-01 and 2024-01-31) (nothing was sent)',
    ],
    [{ fromDate: '2024-01-01' }, 'holdings.list: toDate: is required (nothing was sent)'],
    [
      { fromDate: '2024-1-1', toDate: '2024-01-31' },
      'holdings.list: fromDate: must be a calendar date in the form YYYY-MM-DD, got "2024-1-1" (nothing was sent)',
    ],
    [
      { ...period, expand: ['portfolios', 'accounts'] },
      'holdings.list: expand.1: must be one of "portfolios", "depositories", "assets", "assetClasses", "assetClassesDetailed", got "accounts" (nothing was sent)',
    ],
    [
      { ...period, include: ['portfolio'] },
      'holdings.list: include.0: must be one of "asset", got "portfolio" (nothing was sent)',
    ],
    [
      { ...period, from: '2024-01-01' },
      'holdings.list: from: is not a known field here (accepted: fromDate, toDate, expand, include) (nothing was sent)',
    ],
  ])('refuses %j before sending', async (params, message) => {
    const { prs, requests } = recordingClient();
    await expect(prs.holdings.list('re1', params as never)).rejects.toThrow(ValidationError);
    await expect(prs.holdings.list('re1', params as never)).rejects.toThrow(message);
    expect(requests).toHaveLength(0);
  });

  it('expand "assets" still works, and logs that it is deprecated', async () => {
    const { logger, lines } = memoryLogger();
    const { prs, requests } = recordingClient({ body: { data: [] } }, { logger, logLevel: 'warn' });
    await prs.holdings.list('re1', { ...period, expand: ['portfolios', 'assets'] });
    expect(requests[0]?.query.expand).toBe('portfolios,assets');
    expect(lines).toEqual([
      {
        level: 'warn',
        message:
          '[portfolio-reporting] holdings.list: expand "assets" is deprecated by the service; use prs.assetHoldings.list',
      },
    ]);
  });

  it('gathers data and included over every page, each included asset once', async () => {
    const { prs, requests } = recordingClient((_req, i) =>
      i === 0
        ? {
            body: {
              data: [holding('h1', 'a1')],
              included: [bond],
              links: { next: 'https://prs.test/api/v2/holdings/reporting-entities/re1?page=2' },
            },
          }
        : { body: { data: [holding('h2', 'a1'), holding('h3', 'a2', 'stock-asset')], included: [bond, stock] } },
    );
    const { data, included } = await prs.holdings.list('re1', { ...period, include: ['asset'] });
    expect(data.map((h) => h.id)).toEqual(['h1', 'h2', 'h3']);
    expect(included.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(requests.map((r) => r.query)).toEqual([{ ...period, include: 'asset' }, { page: '2' }]);
    expect(data.map((h) => holdingAsset(h, included)?.type)).toEqual(['bond-asset', 'bond-asset', 'stock-asset']);
  });

  it('keeps each included asset once over three pages, also one a page includes twice, in the order first seen', async () => {
    const next = (page: number) => ({ next: `https://prs.test/api/v2/holdings/reporting-entities/re1?page=${page}` });
    const pages = [
      { data: [holding('h1', 'a2', 'stock-asset')], included: [stock, stock], links: next(2) },
      { data: [holding('h2', 'a1'), holding('h3', 'a2', 'stock-asset')], included: [bond, stock], links: next(3) },
      { data: [holding('h4', 'a1')], included: [bond] },
    ];
    const { prs } = recordingClient((_req, i) => ({ body: pages[i] }));
    const { data, included } = await prs.holdings.list('re1', { ...period, include: ['asset'] });
    expect(data.map((h) => h.id)).toEqual(['h1', 'h2', 'h3', 'h4']);
    expect(included.map((a) => a.id)).toEqual(['a2', 'a1']);
  });
});

describe('assetHoldings.list', () => {
  it('sends dates and include to the asset-holdings path and decodes units', async () => {
    const base = holding('YXNz_1', 'a2', 'stock-asset');
    const assetHolding = {
      ...base,
      type: 'asset-holding',
      attributes: { ccyCode: 'USD', date: '2024-01-31', marketValue: 500, unitsInHolding: 10 },
      relationships: { ...base.relationships, portfolio: { data: { type: 'portfolio', id: 'p1' } } },
    };
    const { prs, requests } = recordingClient({ body: { data: [assetHolding], included: [stock] } });
    const { data, included } = await prs.assetHoldings.list('re1', { ...period, include: ['asset'] });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/v2/asset-holdings/reporting-entities/re1',
      query: { ...period, include: 'asset' },
    });
    expect(data[0]?.attributes.unitsInHolding).toBe(10);
    expect(data.map((h) => holdingAsset(h, included))).toEqual([stock]);
  });

  it('refuses an answer without a relationship the reference says every holding has', async () => {
    const bare = { ...holding('h1'), relationships: {} };
    const { prs } = recordingClient({ body: { data: [bare] } });
    await expect(prs.holdings.list('re1', period)).rejects.toThrow('data.0.relationships.reportingEntity: is required');
    const assetHolding = {
      ...holding('a1', 'a2', 'stock-asset'),
      type: 'asset-holding',
      attributes: { ccyCode: 'USD', date: '2024-01-31', marketValue: 500, unitsInHolding: 10 },
    };
    const noPortfolio = recordingClient({ body: { data: [assetHolding] } });
    await expect(noPortfolio.prs.assetHoldings.list('re1', period)).rejects.toMatchObject({
      name: 'ResponseValidationError',
      message: expect.stringContaining('data.0.relationships.portfolio: is required'),
    });
    const nullAsset = recordingClient({
      body: {
        data: [
          {
            ...assetHolding,
            relationships: {
              ...assetHolding.relationships,
              portfolio: { data: { type: 'portfolio', id: 'p' } },
              asset: { data: null },
            },
          },
        ],
      },
    });
    await expect(nullAsset.prs.assetHoldings.list('re1', period)).rejects.toThrow(
      'data.0.relationships.asset.data: must be an object',
    );
  });

  it('has no expand parameter, and the same date rule', async () => {
    const { prs, requests } = recordingClient();
    await expect(prs.assetHoldings.list('re1', { ...period, expand: ['assets'] } as never)).rejects.toThrow(
      'assetHoldings.list: expand: is not a known field here',
    );
    await expect(prs.assetHoldings.list('re1', { fromDate: '2024-01-02', toDate: '2024-01-01' })).rejects.toThrow(
      'assetHoldings.list: fromDate: must be before toDate',
    );
    await expect(prs.assetHoldings.list('', period)).rejects.toThrow(
      'assetHoldings.list: reportingEntityId: must be a non-empty string id',
    );
    expect(requests).toHaveLength(0);
  });
});

describe('holdingAsset', () => {
  it('is undefined without an asset relationship or when the asset was not included', () => {
    expect(holdingAsset(holding('h1'), [bond as never])).toBeUndefined();
    expect(holdingAsset(holding('h1', 'a9'), [bond as never])).toBeUndefined();
  });

  it('prefers the exact { type, id } and falls back to the id under a generic type', () => {
    const twin = { ...stock, id: 'a1' };
    expect(holdingAsset(holding('h1', 'a1', 'stock-asset'), [bond, twin] as never)).toBe(twin);
    expect(holdingAsset(holding('h1', 'a1', 'asset'), [bond, twin] as never)).toBe(bond);
  });

  it.each([
    ['a holding that is null', null, [], 'holding: must be an object, got null'],
    ['no holding', undefined, [], 'holding: is required'],
    ['included left out', holding('h1', 'a1'), undefined, 'included: is required'],
    [
      'the list result as included',
      holding('h1', 'a1'),
      { data: [], included: [bond] },
      "included: must be an array (the list result's `included`), got an object",
    ],
    // Checked whether or not the holding names an asset, and past the asset it finds.
    ['an included entry that is null', holding('h1'), [bond, null], 'included.1: must be an object, got null'],
    ['an included entry after the match', holding('h1', 'a1'), [bond, 'a2'], 'included.1: must be an object, got "a2"'],
  ])('refuses %s with a ValidationError naming it (it was a TypeError)', (_what, h, included, issue) => {
    expect(thrownValidationError(() => holdingAsset(h as never, included as never)).message).toBe(
      `holdingAsset: ${issue}`,
    );
  });
});
