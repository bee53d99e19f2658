/**
 * Instruments (v3) and assets (v2): the creation rules, checked before anything is sent, and the calls as sent.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { bondAttributes, client, useServer } from '../helpers/instrument-fixtures.js';
import { refusalOf } from '../helpers/issues.js';

// Every case here is refused before the wire unless it says otherwise: the record is checked empty.
const server = useServer((req, res) => json(res, 201, { data: { id: 'new-1', ...JSON.parse(req.body || '{}').data } }));

/** The ValidationError the promise `create` returns rejects with for `input`, checking that nothing reached the server. */
async function refusal(input: unknown, family: 'instruments' | 'assets' = 'instruments'): Promise<ValidationError> {
  const prs = client(server.url);
  // Deliberately untyped: these inputs break the rules the types also state.
  const error = await refusalOf(() => (prs[family].create as (input: unknown) => unknown)(input));
  expect(server.requests).toHaveLength(0);
  return error;
}

const fund = {
  managerName: 'Manager',
  name: 'Fund I',
  ccyCode: 'EUR',
  strategy: 'private-debt',
  investmentRegion: 'europe',
  vintageDate: '2021-06-30',
} as const;
const pmfInput = {
  type: 'private-market-fund-commitment-based-instrument',
  attributes: { fund, initialCommitment: { date: '2021-07-01', value: 1_000_000 }, customIdentifier: null },
  relationships: { depository: 'dep-1' },
} as const;

describe('creation rules (ValidationError, nothing sent)', () => {
  it.each([
    ['fee', 'fee instruments cannot be created: the service keeps them for reporting only'],
    ['refund', 'refund instruments cannot be created: the service keeps them for reporting only'],
    ['other', '"other" instruments can only be retrieved, not created'],
  ])('refuses the non-creatable kind %s in both families', async (kind, message) => {
    for (const family of ['instruments', 'assets'] as const) {
      const suffix = family === 'instruments' ? 'instrument' : 'asset';
      const error = await refusal({ type: `${kind}-${suffix}`, attributes: { name: 'x' } }, family);
      expect(error.issues).toEqual([{ path: 'type', message }]);
      expect(error.message).toBe(`${family}.create: type: ${message} (nothing was sent)`);
    }
  });

  it('refuses an unknown type and the other family’s type string, listing the creatable ones', async () => {
    const creatable =
      'bond-instrument, index-linked-bond-instrument, zero-coupon-bond-instrument, stock-instrument, mutual-fund-instrument, loan-instrument, fx-forward-cash-settlement-instrument, fx-forward-physical-delivery-instrument, private-market-fund-commitment-based-instrument';
    expect((await refusal({ type: 'bond-asset', attributes: bondAttributes })).issues).toEqual([
      { path: 'type', message: `must be one of ${creatable}, got "bond-asset"` },
    ]);
    expect((await refusal({ attributes: bondAttributes })).issues[0]?.message).toBe(
      `must be one of ${creatable}, got undefined`,
    );
  });

  it.each(['couponFrequency', 'dayCountConvention'])('refuses `other` as %s', async (field) => {
    const error = await refusal({ type: 'bond-instrument', attributes: { ...bondAttributes, [field]: 'other' } });
    const allowed =
      field === 'couponFrequency'
        ? '"quarterly", "semiannually", "annually"'
        : '"actual/actual", "30/360", "actual/360"';
    expect(error.issues).toEqual([{ path: `attributes.${field}`, message: `must be one of ${allowed}, got "other"` }]);
  });

  it('refuses a value outside a closed set on requests (a new value is only accepted on responses)', async () => {
    expect(
      (await refusal({ type: 'bond-instrument', attributes: { ...bondAttributes, couponFrequency: 'monthly' } }))
        .issues,
    ).toEqual([
      {
        path: 'attributes.couponFrequency',
        message: 'must be one of "quarterly", "semiannually", "annually", got "monthly"',
      },
    ]);
  });

  it('names every missing required field', async () => {
    const error = await refusal({ type: 'stock-instrument', attributes: { name: 'ACME' } });
    expect(error.issues).toEqual([
      { path: 'attributes.ccyCode', message: 'is required' },
      { path: 'attributes.countryCode', message: 'is required' },
      { path: 'attributes.securityIdentifier', message: 'is required' },
    ]);
    expect(error.message).toBe(
      'instruments.create: attributes.ccyCode: is required; attributes.countryCode: is required; attributes.securityIdentifier: is required (nothing was sent)',
    );
    expect((await refusal({ type: 'stock-instrument' })).issues).toHaveLength(4);
  });

  it.each(['20240101', '2024-1-01', '2024-01-01 ', ''])('refuses the malformed date %j', async (date) => {
    expect(
      (await refusal({ type: 'bond-instrument', attributes: { ...bondAttributes, maturityDate: date } })).issues,
    ).toEqual([
      {
        path: 'attributes.maturityDate',
        message: `must be a calendar date in the form YYYY-MM-DD, got ${JSON.stringify(date)}`,
      },
    ]);
  });

  // The form is right: what is wrong is the day, and the message says so rather than showing the form again.
  it.each(['2024-13-01', '2024-02-30', '2023-02-29', '2024-04-31', '2024-00-10', '2024-01-00'])(
    'refuses %j, in the form but no day of the calendar',
    async (date) => {
      expect(
        (await refusal({ type: 'bond-instrument', attributes: { ...bondAttributes, maturityDate: date } })).issues,
      ).toEqual([
        {
          path: 'attributes.maturityDate',
          message: `must be a calendar date in the form YYYY-MM-DD: ${date} is no day of the calendar`,
        },
      ]);
    },
  );

  it('accepts 29 February of a leap year', async () => {
    await client(server.url).instruments.create({
      type: 'bond-instrument',
      attributes: { ...bondAttributes, maturityDate: '2028-02-29' },
    });
    expect(server.requests).toHaveLength(1);
  });

  it.each(['eur', 'EURO', 'EU', 'E1R'])(
    'refuses the malformed currency code %j, also nested and on FX fields',
    async (code) => {
      const message = `must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got ${JSON.stringify(code)}`;
      expect(
        (
          await refusal(
            {
              type: 'stock-asset',
              attributes: { ccyCode: code, countryCode: 'US', name: 'A', securityIdentifier: 'S' },
            },
            'assets',
          )
        ).issues,
      ).toEqual([{ path: 'attributes.ccyCode', message }]);
      expect(
        (await refusal({ ...pmfInput, attributes: { ...pmfInput.attributes, fund: { ...fund, ccyCode: code } } }))
          .issues,
      ).toEqual([{ path: 'attributes.fund.ccyCode', message }]);
    },
  );

  it('refuses a malformed country code', async () => {
    expect(
      (await refusal({ type: 'bond-instrument', attributes: { ...bondAttributes, countryCode: 'DEU' } })).issues,
    ).toEqual([
      {
        path: 'attributes.countryCode',
        message: 'must be a two-letter upper-case ISO 3166-1 country code, e.g. CH, got "DEU"',
      },
    ]);
  });

  it('refuses a loan without its account, and a relationship of the wrong type', async () => {
    const loan = {
      type: 'loan-instrument',
      attributes: {
        agreementDate: '2024-01-15',
        dayCountConvention: '30/360',
        interestRateInPercent: 3.5,
        maturityDate: '2029-01-15',
        principalAmount: 1,
        securityIdentifier: 'L',
      },
    };
    expect((await refusal(loan)).issues).toEqual([
      { path: 'relationships.account', message: 'is required (an account id)' },
    ]);
    expect((await refusal({ ...loan, relationships: { account: { type: 'depository', id: 'd1' } } })).issues).toEqual([
      { path: 'relationships.account.type', message: 'must be "account", got "depository"' },
    ]);
    expect((await refusal({ ...loan, relationships: { account: '' } })).issues).toEqual([
      { path: 'relationships.account', message: 'must be a non-empty id' },
    ]);
    expect((await refusal({ ...loan, relationships: { account: 42 } })).issues).toEqual([
      {
        path: 'relationships.account',
        message: 'must be an id string, a { type: "account", id } pair or an account resource',
      },
    ]);
  });

  it('refuses an unknown relationship and a read-only one', async () => {
    expect(
      (await refusal({ type: 'bond-instrument', attributes: bondAttributes, relationships: { issuer: 'le-1' } }))
        .issues,
    ).toEqual([{ path: 'relationships.issuer', message: 'is not a known relationship here' }]);
    // A name every object inherits is no relationship either (it was taken as known and dropped unsent).
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(
        (await refusal({ type: 'bond-instrument', attributes: bondAttributes, relationships: { [name]: 'le-1' } }))
          .issues,
      ).toEqual([{ path: `relationships.${name}`, message: 'is not a known relationship here' }]);
    }
    expect(
      (await refusal({ ...pmfInput, relationships: { depository: 'dep-1', commitments: ['c1'] } })).issues,
    ).toEqual([{ path: 'relationships.commitments', message: 'is set by the service and cannot be sent' }]);
  });

  it('refuses an unknown attribute rather than sending or dropping it', async () => {
    expect(
      (await refusal({ type: 'bond-instrument', attributes: { ...bondAttributes, isin: 'DE0001102507' } })).issues,
    ).toEqual([
      {
        path: 'attributes.isin',
        message:
          'is not a known field here (accepted: ccyCode, countryCode, couponFrequency, datedDate, dayCountConvention, firstCouponDate, maturityDate, name, securityIdentifier)',
      },
    ]);
  });

  it('refuses exitDate on create (set by the service) and requires initialCommitment', async () => {
    expect(
      (await refusal({ ...pmfInput, attributes: { ...pmfInput.attributes, exitDate: '2030-01-01' } })).issues,
    ).toEqual([{ path: 'attributes.exitDate', message: 'is set by the service and cannot be sent' }]);
    const { initialCommitment: _omitted, ...withoutCommitment } = pmfInput.attributes;
    expect((await refusal({ ...pmfInput, attributes: withoutCommitment })).issues).toEqual([
      { path: 'attributes.initialCommitment', message: 'is required' },
    ]);
  });

  it('takes initialCommitment as { date, value } on v2 assets too: a plain string is refused (README, Decisions)', async () => {
    const asset = {
      type: 'private-market-fund-commitment-based-asset',
      attributes: { ...pmfInput.attributes, initialCommitment: '100' },
      relationships: pmfInput.relationships,
    };
    expect((await refusal(asset, 'assets')).message).toBe(
      'assets.create: attributes.initialCommitment: must be an object, got "100" (nothing was sent)',
    );
  });

  it('refuses a wrong JSON type with the value received', async () => {
    expect((await refusal({ type: 'bond-instrument', attributes: { ...bondAttributes, name: 7 } })).issues).toEqual([
      { path: 'attributes.name', message: 'must be a string, got number 7' },
    ]);
    expect((await refusal(null)).issues).toEqual([
      { path: 'type', message: expect.stringMatching(/^must be one of bond-instrument, .* got undefined$/) },
    ]);
  });

  it('refuses an empty id in retrieve and delete', async () => {
    const prs = client(server.url);
    await expect(prs.instruments.retrieve('')).rejects.toThrow(
      'instruments.retrieve: id: must be a non-empty string id other than "." and "..", got an empty string (nothing was sent)',
    );
    await expect(prs.assets.delete(undefined as never)).rejects.toThrow(ValidationError);
    await expect(prs.instruments.listPrivate('')).rejects.toThrow(ValidationError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('calls as sent', () => {
  it('creates a private-market fund: initialCommitment sent, depository filled in', async () => {
    const { data, response } = await client(server.url).instruments.create(pmfInput).withResponse();
    expect(response.status).toBe(201);
    expect(data.id).toBe('new-1');
    expect(server.requests[0]?.url).toBe('/api/v3/instruments');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      data: {
        type: 'private-market-fund-commitment-based-instrument',
        attributes: pmfInput.attributes,
        relationships: { depository: { data: { type: 'depository', id: 'dep-1' } } },
      },
    });
  });

  it('creates an asset under /api/v2 with its -asset type string, attributes as given', async () => {
    const created = await client(server.url).assets.create({ type: 'bond-asset', attributes: bondAttributes });
    expect(created.type).toBe('bond-asset');
    expect(server.requests[0]?.url).toBe('/api/v2/assets');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      data: { type: 'bond-asset', attributes: bondAttributes },
    });
  });

  it('deletes an asset: DELETE /api/v2/assets/:id, 204 resolves to undefined', async () => {
    server.handle((_req, res) => res.writeHead(204).end());
    try {
      await expect(client(server.url).assets.delete('a-1')).resolves.toBeUndefined();
    } finally {
      server.handle((req, res) => json(res, 201, { data: { id: 'new-1', ...JSON.parse(req.body || '{}').data } }));
    }
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/v2/assets/a-1']);
  });
});
