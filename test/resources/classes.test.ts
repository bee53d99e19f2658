import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { recordingClient } from '../helpers/recording-fetch.js';

describe.each([
  { ns: 'instrumentClasses', version: '/api/v3', noun: 'instrument' },
  { ns: 'assetClasses', version: '/api/v2', noun: 'asset' },
] as const)('$ns', ({ ns, version, noun }) => {
  it('retrieve gets one class object', async () => {
    const cls = { id: 'c1', type: `${noun}-class`, attributes: { name: 'Equities' } };
    const { prs, requests } = recordingClient({ body: { data: cls } });
    expect(await prs[ns].retrieve('c1')).toEqual(cls);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${version}/${noun}-classes/c1`]);
  });

  it('retrieveDetailed decodes the class relationship', async () => {
    const detailed = {
      id: 'd1',
      type: `${noun}-class-detailed`,
      attributes: { name: 'Emerging market equities' },
      relationships: { [`${noun}Class`]: { data: { type: `${noun}-class`, id: 'c1' } } },
    };
    const { prs, requests } = recordingClient({ body: { data: detailed } });
    const result = await prs[ns].retrieveDetailed('d1');
    expect(result).toEqual(detailed);
    expect((result.relationships as Record<string, { data: { id: string } }>)[`${noun}Class`]?.data.id).toBe('c1');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${version}/${noun}-classes-detailed/d1`]);
  });

  it('an array where a single class is documented is a ResponseValidationError', async () => {
    const { prs } = recordingClient({
      body: { data: [{ id: 'c1', type: `${noun}-class`, attributes: { name: 'x' } }] },
    });
    await expect(prs[ns].retrieve('c1')).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('a class of the other version is refused (its type is a literal)', async () => {
    const other = noun === 'asset' ? 'instrument' : 'asset';
    const { prs } = recordingClient({
      body: { data: { id: 'c1', type: `${other}-class`, attributes: { name: 'x' } } },
    });
    await expect(prs[ns].retrieve('c1')).rejects.toThrow(/data\.type/);
  });
});

it('types: the detailed v3 class names instrumentClass, the v2 one assetClass', async () => {
  const { prs } = recordingClient((req) => ({
    body: {
      data: {
        id: 'd',
        type: req.path.startsWith('/api/v3') ? 'instrument-class-detailed' : 'asset-class-detailed',
        attributes: { name: 'n' },
      },
    },
  }));
  const v3 = await prs.instrumentClasses.retrieveDetailed('d');
  const v2 = await prs.assetClasses.retrieveDetailed('d');
  // Typed access (no casts): a missing relationship is simply undefined.
  const ids: (string | undefined)[] = [
    v3.relationships?.instrumentClass?.data?.id,
    v2.relationships?.assetClass?.data?.id,
  ];
  expect(ids).toEqual([undefined, undefined]);
  expect([v3.type, v2.type]).toEqual(['instrument-class-detailed', 'asset-class-detailed']);
});
