/**
 * Decoding responses: what the schemas keep (unknown kinds, attributes, members, new values) and what they
 * refuse (a documented field with the wrong JSON type).
 */
import { describe, expect, it } from 'vitest';
import { attributesOf, ResponseValidationError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { bond, client, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();

function answer(document: unknown) {
  server.handle((_req, res) => json(res, 200, document));
}

describe('kept as received', () => {
  it('an unknown kind: type, attributes, relationships and extra members', async () => {
    const crypto = {
      id: 'c1',
      type: 'crypto-instrument',
      attributes: { name: 'Bitcoin', chain: 'btc', decimals: 8, nested: { a: [1, 2] } },
      relationships: { issuer: { data: { type: 'legal-entity', id: 'le1' } } },
      links: { self: '/api/v3/instruments/c1' },
      meta: { version: 3 },
    };
    answer({ data: crypto });
    const instrument = await client(server.url).instruments.retrieve('c1');
    expect(instrument).toEqual(crypto);
    expect(String(instrument.type)).toBe('crypto-instrument');
  });

  it('an unknown kind without attributes', async () => {
    answer({ data: { id: 'x1', type: 'mystery-asset' } });
    await expect(client(server.url).assets.retrieve('x1')).resolves.toEqual({ id: 'x1', type: 'mystery-asset' });
  });

  it('unknown attributes and members of a known kind', async () => {
    const doc = {
      data: { ...bond('b1', 'asset', { isin: 'DE0001102507', rating: { sp: 'AAA' } }), meta: { cached: true } },
      meta: { total: 1 },
    };
    answer(doc);
    const asset = await client(server.url).assets.retrieve('b1');
    expect(asset).toEqual(doc.data);
    if (asset.type !== 'bond-asset') throw new Error('narrowing failed');
    expect(asset.attributes.couponFrequency).toBe('annually');
    expect(attributesOf(asset).rating).toEqual({ sp: 'AAA' });
  });

  it('value sets are open on responses: a new couponFrequency, `other`, a new fee category', async () => {
    answer({ data: bond('b1', 'instrument', { couponFrequency: 'monthly', dayCountConvention: 'other' }) });
    const instrument = await client(server.url).instruments.retrieve('b1');
    if (instrument.type !== 'bond-instrument') throw new Error('narrowing failed');
    expect(instrument.attributes.couponFrequency).toBe('monthly');
    expect(instrument.attributes.dayCountConvention).toBe('other');

    answer({ data: { id: 'f1', type: 'fee-instrument', attributes: { name: 'Custody', category: 'platform' } } });
    await expect(client(server.url).instruments.retrieve('f1')).resolves.toMatchObject({
      attributes: { category: 'platform' },
    });
  });

  it('formats are not checked on responses: a date or currency the SDK would refuse to send passes', async () => {
    answer({ data: bond('b1', 'instrument', { maturityDate: '20300815', ccyCode: 'eur', countryCode: null }) });
    await expect(client(server.url).instruments.retrieve('b1')).resolves.toMatchObject({
      attributes: { maturityDate: '20300815', ccyCode: 'eur', countryCode: null },
    });
  });

  it('the private-market fund keeps exitDate (read only) and an unexpected initialCommitment', async () => {
    const pmf = {
      id: 'p1',
      type: 'private-market-fund-commitment-based-instrument',
      attributes: {
        customIdentifier: null,
        exitDate: null,
        initialCommitment: { date: '2024-01-01', value: 5 },
        fund: {
          managerName: 'M',
          name: 'F',
          ccyCode: 'EUR',
          strategy: 'growth',
          investmentRegion: 'asia',
          vintageDate: '2020-01-01',
        },
      },
      relationships: {
        depository: { data: { type: 'depository', id: 'd1' } },
        commitments: { data: [{ type: 'commitment', id: 'c1' }] },
      },
    };
    answer({ data: pmf });
    await expect(client(server.url).instruments.retrieve('p1')).resolves.toEqual(pmf);
  });
});

describe('ResponseValidationError', () => {
  async function refused(document: unknown): Promise<ResponseValidationError> {
    answer(document);
    const error = await client(server.url)
      .instruments.retrieve('b1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    return error as ResponseValidationError;
  }

  it('a documented field with the wrong JSON type names the path, and keeps the raw body', async () => {
    const document = { data: bond('b1', 'instrument', { couponFrequency: 4 }) };
    const error = await refused(document);
    expect(error.issues).toEqual([
      { path: 'data.attributes.couponFrequency', message: 'must be a string, got number 4' },
    ]);
    expect(error.body).toEqual(document);
    expect(error.message).toBe(
      `GET ${server.url}/api/v3/instruments/b1: the response does not match the documented shape: data.attributes.couponFrequency: must be a string, got number 4`,
    );
  });

  it('a missing documented field, a nested wrong type and a non-string id', async () => {
    const { name: _name, ...withoutName } = bond('b1').attributes;
    expect((await refused({ data: { id: 'b1', type: 'bond-instrument', attributes: withoutName } })).issues).toEqual([
      { path: 'data.attributes.name', message: 'is required' },
    ]);
    const fund = {
      managerName: 'M',
      name: 'F',
      ccyCode: 'EUR',
      strategy: 'other',
      investmentRegion: 'global',
      vintageDate: 20200101,
    };
    expect(
      (
        await refused({
          data: { id: 'p1', type: 'private-market-fund-commitment-based-instrument', attributes: { fund } },
        })
      ).issues,
    ).toEqual([{ path: 'data.attributes.fund.vintageDate', message: 'must be a string, got number 20200101' }]);
    expect((await refused({ data: { ...bond('b1'), id: 7 } })).issues).toEqual([
      { path: 'data.id', message: 'must be a string, got number 7' },
    ]);
  });

  it('an unknown kind is still checked as a resource: attributes must be an object', async () => {
    expect((await refused({ data: { id: 'x', type: 'crypto-instrument', attributes: 'nope' } })).issues).toEqual([
      { path: 'data.attributes', message: 'must be a record, got "nope"' },
    ]);
  });

  it('a document without data', async () => {
    expect((await refused({ errors: [] })).issues).toEqual([{ path: 'data', message: 'is required' }]);
  });
});
