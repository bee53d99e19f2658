import { describe, expect, it } from 'vitest';
import { issuesOf, refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const seriesValue = (type: string, id: string, provider = 'client') => ({
  id,
  type,
  attributes: { date: '2024-01-31', provider, value: 0.035 },
});

const mounts = [
  { parent: 'instruments', version: '/api/v3' },
  { parent: 'assets', version: '/api/v2' },
] as const;
const kinds = [
  { name: 'interestRates', path: 'interest-rates', type: 'interest-rate' },
  { name: 'prices', path: 'prices', type: 'price' },
  { name: 'indexFactors', path: 'index-factors', type: 'index-factor' },
] as const;

describe.each(mounts)('$parent time series ($version)', ({ parent, version }) => {
  it.each(kinds)('$name: list, create and delete go to the documented paths', async ({ name, path, type }) => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'GET'
        ? { body: { data: [seriesValue(type, 'v1', 'operator'), seriesValue(type, 'v2')] } }
        : req.method === 'POST'
          ? { status: 201, body: { data: seriesValue(type, 'v3') } }
          : { status: 204 },
    );
    const series = prs[parent][name];

    const listed = await series.list('inst1');
    expect(listed.map((v) => [v.id, v.attributes.provider])).toEqual([
      ['v1', 'operator'],
      ['v2', 'client'],
    ]);

    const created = await series.create('inst1', { attributes: { date: '2024-01-31', value: 0.035 } });
    expect(created).toEqual(seriesValue(type, 'v3'));

    await expect(series.delete('v3')).resolves.toBeUndefined();

    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', `${version}/${parent}/inst1/${path}`],
      ['POST', `${version}/${parent}/inst1/${path}`],
      ['DELETE', `${version}/${path}/v3`],
    ]);
    expect(requests[1]?.body).toEqual({ data: { type, attributes: { date: '2024-01-31', value: 0.035 } } });
    expect(requests[1]?.headers.get('content-type')).toBe('application/vnd.api+json');
  });

  it.each(kinds)('$name: provider is read-only, refused before anything is sent', async ({ name }) => {
    const { prs, requests } = recordingClient();
    const attempt = () =>
      // @ts-expect-error provider is `?: never` in the input type
      prs[parent][name].create('inst1', { attributes: { date: '2024-01-31', value: 1, provider: 'client' } });
    const error = await refusalOf(attempt);
    expect(error.issues).toEqual([
      { path: 'attributes.provider', message: 'is set by the service and cannot be sent' },
    ]);
    expect(error.message).toBe(
      `${parent}.${name}.create: attributes.provider: is set by the service and cannot be sent (nothing was sent)`,
    );
    expect(requests).toHaveLength(0);
  });

  it('prices.update sends PATCH with id, type and value only, and resolves on 204', async () => {
    const { prs, requests } = recordingClient({ status: 204 });
    await expect(prs[parent].prices.update('p1', { attributes: { value: 101.25 } })).resolves.toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: `${version}/prices/p1` });
    expect(requests[0]?.body).toEqual({ data: { id: 'p1', type: 'price', attributes: { value: 101.25 } } });
  });
});

describe('price updates refuse what cannot change', () => {
  it.each([
    [
      { attributes: { value: 1, date: '2024-02-01' } },
      [{ path: 'attributes.date', message: 'cannot be changed after creation (changeable: value)' }],
    ],
    [
      { attributes: { value: 1, provider: 'operator' } },
      [{ path: 'attributes.provider', message: 'is set by the service and cannot be sent' }],
    ],
    [{ attributes: {} }, [{ path: 'attributes', message: 'names nothing to change' }]],
    // JSON leaves an undefined value out: the PATCH would carry nothing.
    [{ attributes: { value: undefined } }, [{ path: 'attributes', message: 'names nothing to change' }]],
    [{ attributes: { value: '1' } }, [{ path: 'attributes.value', message: 'must be a number, got "1"' }]],
  ])('%j', async (input, issues) => {
    const { prs, requests } = recordingClient();
    expect(await issuesOf(() => prs.instruments.prices.update('p1', input as never))).toEqual(issues);
    expect(requests).toHaveLength(0);
  });
});

describe('time series input rules', () => {
  it('a malformed date and a missing value are both reported, nothing sent', async () => {
    const { prs, requests } = recordingClient();
    await expect(prs.assets.indexFactors.create('a1', { attributes: { date: '2024-02-30' } } as never)).rejects.toThrow(
      'assets.indexFactors.create: attributes.date: must be a calendar date in the form YYYY-MM-DD: 2024-02-30 is no day of the calendar; attributes.value: is required (nothing was sent)',
    );
    expect(requests).toHaveLength(0);
  });

  it('an empty parent or series id is refused', async () => {
    const { prs, requests } = recordingClient();
    await expect(prs.instruments.prices.list('')).rejects.toThrow(
      'instruments.prices.list: id: must be a non-empty string id other than "." and "..", got an empty string',
    );
    await expect(prs.instruments.netAssetValues.delete('')).rejects.toThrow(
      'instruments.netAssetValues.delete: navId: must be a non-empty string id',
    );
    expect(requests).toHaveLength(0);
  });

  it('ids are encoded as one path segment', async () => {
    const { prs, requests } = recordingClient({ status: 204 });
    await prs.assets.interestRates.delete('a/b c');
    expect(requests[0]?.url).toBe('https://prs.test/api/v2/interest-rates/a%2Fb%20c');
  });
});

describe('net asset values (v3 only)', () => {
  it('only instruments carry them', () => {
    const { prs } = recordingClient();
    expect('netAssetValues' in prs.instruments).toBe(true);
    expect('netAssetValues' in prs.assets).toBe(false);
  });

  it('a null effectiveDate is sent as null and comes back equal to officialDate', async () => {
    const { prs, requests } = recordingClient((req) => {
      const attributes = (req.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      return {
        status: 201,
        body: {
          data: {
            id: 'nav1',
            type: 'net-asset-value',
            attributes: { ...attributes, effectiveDate: attributes.officialDate },
          },
        },
      };
    });
    const nav = await prs.instruments.netAssetValues.create('pmf1', {
      attributes: { officialDate: '2024-03-31', effectiveDate: null, value: 1_250_000 },
    });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v3/instruments/pmf1/net-asset-values' });
    expect(requests[0]?.body).toEqual({
      data: {
        type: 'net-asset-value',
        attributes: { officialDate: '2024-03-31', effectiveDate: null, value: 1_250_000 },
      },
    });
    const sent = requests[0]?.body as { data: { attributes: object } };
    expect(Object.hasOwn(sent.data.attributes, 'effectiveDate')).toBe(true);
    expect(nav).toEqual({
      id: 'nav1',
      type: 'net-asset-value',
      attributes: { officialDate: '2024-03-31', effectiveDate: '2024-03-31', value: 1_250_000 },
    });
  });

  it('lists (id, officialDate, effectiveDate, value) and deletes by navId', async () => {
    const nav = {
      id: 'nav1',
      type: 'net-asset-value',
      attributes: { officialDate: '2024-03-31', effectiveDate: '2024-04-02', value: 10 },
    };
    const { prs, requests } = recordingClient((req) =>
      req.method === 'GET' ? { body: { data: [nav] } } : { status: 204 },
    );
    expect(await prs.instruments.netAssetValues.list('pmf1')).toEqual([nav]);
    await prs.instruments.netAssetValues.delete('nav1');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v3/instruments/pmf1/net-asset-values',
      'DELETE /api/v3/net-asset-values/nav1',
    ]);
  });
});
