import { describe, expect, it } from 'vitest';
import { ResponseValidationError, type Transaction, type TransactionCreateInput } from '../../src/index.js';
import { TRANSACTION_KINDS } from '../../src/schemas/transactions.js';
import { jsonBody, pathAndQuery, TOKEN, useClientServer } from '../helpers/client-server.js';
import { json } from '../helpers/http-server.js';
import { expectRefused } from '../helpers/refused.js';

const ctx = useClientServer();

const dates = { tradeDate: '2024-03-01', valueDate: '2024-03-05' };
const held = { account: 'acc1', asset: 'ast1', depository: 'dep1' };
const heldRels = {
  account: { data: { type: 'account', id: 'acc1' } },
  asset: { data: { type: 'asset', id: 'ast1' } },
  depository: { data: { type: 'depository', id: 'dep1' } },
};

/** Answers a create with the document it received plus an id, as the service does. */
function echoCreated() {
  ctx.server.handle((req, res) => {
    const { data } = JSON.parse(req.body) as { data: Record<string, unknown> };
    json(res, 201, { data: { id: 'tx1', ...data } });
  });
}

const refused = (call: () => unknown, ...issues: [string, string | RegExp][]) =>
  expectRefused(ctx.server, call, ...issues);

describe('transactions.create', () => {
  it('sends an equity trade as a JSON:API document with the documented relationship types', async () => {
    echoCreated();
    const attributes = { accountAmount: -10_050, commission: 50, unitPrice: 100, units: 100, comment: 'buy', ...dates };
    const tx = await ctx.prs.transactions.create({ type: 'equity-trade-transaction', attributes, relationships: held });
    const req = ctx.server.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/v2/transactions');
    expect(req?.headers['content-type']).toBe('application/vnd.api+json');
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(jsonBody(req)).toEqual({ data: { type: 'equity-trade-transaction', attributes, relationships: heldRels } });
    expect(tx).toEqual({ id: 'tx1', type: 'equity-trade-transaction', attributes, relationships: heldRels });
    if (tx.type === 'equity-trade-transaction') expect(tx.attributes.units).toBe(100);
    else expect.unreachable('narrowed to equity-trade-transaction');
  });

  it('accepts resources the SDK returned for relationships and sends their own type and id', async () => {
    echoCreated();
    const bondAsset = { id: 'ast9', type: 'bond-asset' as const, attributes: {} };
    const counterpart = { id: 'tx0', type: 'cash-transfer-transaction' as const, attributes: {} };
    await ctx.prs.transactions.create({
      type: 'bond-coupon-transaction',
      attributes: { accountAmount: 120, grossAmount: 150, ...dates },
      relationships: { account: { type: 'account', id: 'acc1' }, asset: bondAsset, depository: 'dep1' },
    });
    await ctx.prs.transactions.create({
      type: 'cash-transfer-transaction',
      attributes: { accountAmount: -500, ...dates },
      relationships: { account: 'acc2', counterpartyTransaction: counterpart },
    });
    const [coupon, transfer] = ctx.server.requests.map((r) => jsonBody(r) as { data: { relationships: unknown } });
    expect(coupon?.data.relationships).toEqual({ ...heldRels, asset: { data: { type: 'bond-asset', id: 'ast9' } } });
    expect(transfer?.data.relationships).toEqual({
      account: { data: { type: 'account', id: 'acc2' } },
      counterpartyTransaction: { data: { type: 'cash-transfer-transaction', id: 'tx0' } },
    });
  });

  it('refuses a relationship of another type', async () => {
    await refused(
      () =>
        ctx.prs.transactions.create({
          type: 'dividend-transaction',
          attributes: { accountAmount: 90, grossAmount: 100, tax: 10, ...dates },
          // @ts-expect-error an account is not an asset (in types too)
          relationships: { ...held, asset: { type: 'account', id: 'acc1' } },
        }),
      ['relationships.asset.type', 'must be "asset" or a <kind>-asset or a <kind>-instrument, got "account"'],
    );
  });

  it('names the counterparty relationship counterpartyTransaction and refuses the hyphenated name of the reference table', async () => {
    await refused(
      () =>
        ctx.prs.transactions.create({
          type: 'cash-transfer-transaction',
          attributes: { accountAmount: -500, ...dates },
          relationships: { account: 'acc2', 'counterparty-transaction': 'tx0' } as never,
        }),
      [
        'relationships.counterparty-transaction',
        'is not a known relationship here (accepted: account, counterpartyTransaction)',
      ],
    );
  });

  it.each(['fee-asset', 'refund-asset', 'fee-instrument', 'refund-instrument'])(
    'refuses a %s the SDK returned: fee and refund kinds exist only for reporting',
    async (type) => {
      await refused(
        () =>
          ctx.prs.transactions.create({
            type: 'dividend-transaction',
            attributes: { accountAmount: 90, grossAmount: 100, tax: 10, ...dates },
            // @ts-expect-error fee and refund kinds are refused in types too
            relationships: { ...held, asset: { id: 'f1', type } },
          }),
        [
          'relationships.asset.type',
          `cannot be a ${type.split('-')[0]} kind (got "${type}"): the service keeps fee and refund kinds for reporting only`,
        ],
      );
      expect(ctx.server.requests).toHaveLength(0);
    },
  );

  it.each([
    [
      'fx-forward-cash-settlement-transaction',
      /FX forward cash settlement transactions cannot be created: the service creates them when the forward settles/,
    ],
    ['fx-forward-physical-delivery-transaction', /FX forward physical delivery transactions cannot be created/],
    ['loan-transaction', /loan transactions cannot be created: the service creates them with the loan instrument/],
  ])('refuses %s, which the service makes itself', async (type, message) => {
    const input = {
      type,
      attributes: { accountAmount: 1, ...dates },
      relationships: { account: 'acc1' },
    } as unknown as TransactionCreateInput;
    await refused(() => ctx.prs.transactions.create(input), ['type', message]);
  });

  it('refuses an unknown type, listing the 18 kinds that can be created', async () => {
    const input = { type: 'equity-transaction', attributes: {} } as unknown as TransactionCreateInput;
    const error = await refused(
      () => ctx.prs.transactions.create(input),
      [
        'type',
        /^must be one of account-interest-transaction, .*zero-coupon-bond-trade-transaction, got "equity-transaction"$/,
      ],
    );
    const listed = error.issues[0]?.message.replace('must be one of ', '').split(', got')[0]?.split(', ') ?? [];
    expect(listed).toHaveLength(18);
    expect(listed).not.toContain('loan-transaction');
  });

  it('types the create input: service-made kinds are not members', () => {
    type CreatableTypes = TransactionCreateInput['type'];
    const loan = { type: 'loan-transaction', attributes: { accountAmount: 1, ...dates } } as const;
    // @ts-expect-error loan transactions are made by the service
    const typed: CreatableTypes = loan.type;
    expect(typed).toBe('loan-transaction');
  });

  describe('FX spot', () => {
    const rels = { inflowAccount: 'accCHF', outflowAccount: 'accEUR' };
    it('sends a positive inflow and a negative outflow with both accounts', async () => {
      echoCreated();
      const attributes = { inflowAccountAmount: 1_000, outflowAccountAmount: -1_050, ...dates };
      await ctx.prs.transactions.create({ type: 'fx-spot-transaction', attributes, relationships: rels });
      expect(jsonBody(ctx.server.requests[0])).toEqual({
        data: {
          type: 'fx-spot-transaction',
          attributes,
          relationships: {
            inflowAccount: { data: { type: 'account', id: 'accCHF' } },
            outflowAccount: { data: { type: 'account', id: 'accEUR' } },
          },
        },
      });
    });

    it('refuses a non-positive inflow and a non-negative outflow, naming each field', async () => {
      await refused(
        () =>
          ctx.prs.transactions.create({
            type: 'fx-spot-transaction',
            attributes: { inflowAccountAmount: 0, outflowAccountAmount: 5, ...dates },
            relationships: rels,
          }),
        ['attributes.inflowAccountAmount', /^must be positive/],
        ['attributes.outflowAccountAmount', /^must be negative/],
      );
      await refused(
        () =>
          ctx.prs.transactions.create({
            type: 'fx-spot-transaction',
            attributes: { inflowAccountAmount: -1, outflowAccountAmount: -1, ...dates },
            relationships: rels,
          }),
        ['attributes.inflowAccountAmount', /^must be positive/],
      );
    });

    it('refuses accountAmount, which FX spot does not have', async () => {
      const attributes = { inflowAccountAmount: 1, outflowAccountAmount: -1, accountAmount: 1, ...dates } as never;
      await refused(
        () => ctx.prs.transactions.create({ type: 'fx-spot-transaction', attributes, relationships: rels }),
        ['attributes.accountAmount', /not a known field/],
      );
    });
  });

  describe('fee category', () => {
    it('writes the documented default "other" when the caller gives none', async () => {
      echoCreated();
      await ctx.prs.transactions.create({
        type: 'fee-transaction',
        attributes: { accountAmount: -25, ...dates },
        relationships: { account: 'acc1' },
      });
      expect(jsonBody(ctx.server.requests[0])).toMatchObject({
        data: { attributes: { accountAmount: -25, category: 'other', ...dates } },
      });
    });

    it('sends a given category unchanged and refuses an undocumented one', async () => {
      echoCreated();
      await ctx.prs.transactions.create({
        type: 'fee-transaction',
        attributes: { accountAmount: -25, category: 'custody', ...dates },
        relationships: { account: 'acc1' },
      });
      expect(jsonBody(ctx.server.requests[0])).toMatchObject({ data: { attributes: { category: 'custody' } } });
      ctx.server.requests.length = 0;
      const attributes = { accountAmount: -25, category: 'advisory', ...dates } as never;
      await refused(
        () => ctx.prs.transactions.create({ type: 'fee-transaction', attributes, relationships: { account: 'acc1' } }),
        ['attributes.category', 'must be one of "custody", "management", "other", got "advisory"'],
      );
    });
  });

  it('leaves the optional dividend commission out when not given', async () => {
    echoCreated();
    await ctx.prs.transactions.create({
      type: 'dividend-transaction',
      attributes: { accountAmount: 85, grossAmount: 100, tax: 15, ...dates },
      relationships: held,
    });
    expect((jsonBody(ctx.server.requests[0]) as { data: { attributes: object } }).data.attributes).toEqual({
      accountAmount: 85,
      grossAmount: 100,
      tax: 15,
      ...dates,
    });
  });

  it('accepts indexFactor of index-linked bond trades as a string or a number, sent as given', async () => {
    echoCreated();
    const base = { accountAmount: -1_000, accruedInterest: 3, commission: 1, unitPrice: 99, units: 10, ...dates };
    await ctx.prs.transactions.create({
      type: 'index-linked-bond-trade-transaction',
      attributes: { ...base, indexFactor: '1.0234' },
      relationships: held,
    });
    await ctx.prs.transactions.create({
      type: 'index-linked-bond-trade-transaction',
      attributes: { ...base, indexFactor: 1.0234 },
      relationships: held,
    });
    const sent = ctx.server.requests.map(
      (r) => (jsonBody(r) as { data: { attributes: { indexFactor: unknown } } }).data.attributes.indexFactor,
    );
    expect(sent).toEqual(['1.0234', 1.0234]);
  });

  describe('private market funds', () => {
    const flags = { affectsEstimatedNav: true, affectsMultiples: true, affectsIrr: false, affectsCostBase: true };
    const fund = {
      account: 'acc1',
      instrument: { id: 'pmf1', type: 'private-market-fund-commitment-based-instrument' as const },
    };

    it('sends a drawdown with its category, flags and instrument', async () => {
      echoCreated();
      const attributes = {
        accountAmount: -50_000,
        amount: 50_000,
        category: 'capital-call',
        effectOnUnfundedCommitment: -50_000,
        ...flags,
        ...dates,
      } as const;
      const tx = await ctx.prs.transactions.create({
        type: 'private-market-fund-drawdown-transaction',
        attributes,
        relationships: fund,
      });
      expect(jsonBody(ctx.server.requests[0])).toEqual({
        data: {
          type: 'private-market-fund-drawdown-transaction',
          attributes,
          relationships: {
            account: { data: { type: 'account', id: 'acc1' } },
            instrument: { data: { type: 'private-market-fund-commitment-based-instrument', id: 'pmf1' } },
          },
        },
      });
      if (tx.type === 'private-market-fund-drawdown-transaction') expect(tx.attributes.category).toBe('capital-call');
      else expect.unreachable('narrowed to the drawdown kind');
    });

    it('refuses an undocumented category and a missing flag', async () => {
      const attributes = {
        accountAmount: 10,
        amount: 1_000,
        recallableAmount: 0,
        category: 'fee',
        ...flags,
        affectsIrr: undefined,
        ...dates,
      } as never;
      await refused(
        () =>
          ctx.prs.transactions.create({
            type: 'private-market-fund-distribution-transaction',
            attributes,
            relationships: fund,
          }),
        [
          'attributes.category',
          /^must be one of "distribution", "capital-gain", "dividend", "return-of-capital", "interest-received", "carried-interest", "withholding-tax"/,
        ],
        ['attributes.affectsIrr', 'is required'],
      );
    });

    it('refuses a recallable amount outside 0 … amount', async () => {
      const create = (amount: number, recallableAmount: number) => () =>
        ctx.prs.transactions.create({
          type: 'private-market-fund-distribution-transaction',
          attributes: { accountAmount: amount, amount, recallableAmount, category: 'distribution', ...flags, ...dates },
          relationships: fund,
        });
      await refused(create(1_000, 1_500), [
        'attributes.recallableAmount',
        'must lie between 0 (not recallable) and amount 1000 (fully recallable), got 1500',
      ]);
      await refused(create(1_000, -1), [
        'attributes.recallableAmount',
        'must lie between 0 (not recallable) and amount 1000 (fully recallable), got -1',
      ]);
      await refused(create(-200, 50), [
        'attributes.recallableAmount',
        'must lie between 0 (not recallable) and amount -200 (fully recallable), got 50',
      ]);
    });

    it('accepts a recallable amount from 0 to the amount, corrections (negative) included', async () => {
      echoCreated();
      for (const [amount, recallableAmount] of [
        [1_000, 0],
        [1_000, 1_000],
        [-200, -100],
      ] as const) {
        const attributes = {
          accountAmount: amount,
          amount,
          recallableAmount,
          category: 'return-of-capital',
          ...flags,
          ...dates,
        } as const;
        await ctx.prs.transactions.create({
          type: 'private-market-fund-distribution-transaction',
          attributes,
          relationships: fund,
        });
      }
      expect(ctx.server.requests).toHaveLength(3);
    });
  });

  it('names every missing required relationship', async () => {
    await refused(
      () =>
        ctx.prs.transactions.create({
          type: 'futures-execution-transaction',
          attributes: { accountAmount: 1, commission: 0, unitPrice: 1, units: 1, ...dates },
        } as never),
      ['relationships.account', 'is required (an account id)'],
      ['relationships.asset', 'is required (an asset id)'],
      ['relationships.depository', 'is required (a depository id)'],
      ['relationships.openingTransaction', 'is required (a transaction id)'],
    );
  });
});

/** One resource of each of the 21 kinds, as the service would list them. */
function sampleOfEveryKind(): Record<string, unknown>[] {
  const values: Record<string, unknown> = {
    category: 'other',
    indexFactor: 1.01,
    comment: 'c',
    inflowAccountAmount: 1,
    outflowAccountAmount: -1,
  };
  return Object.entries(TRANSACTION_KINDS).map(([kind, def], i) => {
    const attributes: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(def.fields)) {
      if (name.endsWith('Date')) attributes[name] = '2024-01-02';
      else if (name.startsWith('affects')) attributes[name] = true;
      else if (name in values)
        attributes[name] =
          kind === 'private-market-fund-drawdown' && name === 'category' ? 'capital-call' : values[name];
      else if (field.read) attributes[name] = 10;
    }
    if (kind === 'private-market-fund-distribution') attributes.category = 'distribution';
    const relationships = Object.fromEntries(
      Object.keys(def.relationships).map((r) => [r, { data: { type: r, id: `${r}-${i}` } }]),
    );
    return { id: `t${i}`, type: `${kind}-transaction`, attributes, relationships };
  });
}

describe('transactions.list', () => {
  it('sends the query and decodes all 21 kinds, and an unknown kind kept whole', async () => {
    const items = [
      ...sampleOfEveryKind(),
      { id: 'tx-new', type: 'crypto-transfer-transaction', attributes: { wallet: 'w1' } },
    ];
    expect(items).toHaveLength(22);
    ctx.server.handle((_req, res) => json(res, 200, { data: items }));
    const list = await ctx.prs.transactions.list({ accountId: 'acc1', fromDate: '2024-01-01', toDate: '2024-12-31' });
    expect(list).toEqual(items);
    expect(pathAndQuery(ctx.server.requests[0])).toEqual({
      path: '/api/v2/transactions',
      query: { accountId: 'acc1', fromDate: '2024-01-01', toDate: '2024-12-31' },
    });
    expect(ctx.server.requests[0]?.method).toBe('GET');
  });

  it('allows equal dates (the interval is closed) and a depository alone, or both ids', async () => {
    ctx.server.handle((_req, res) => json(res, 200, { data: [] }));
    await ctx.prs.transactions.list({ depositoryId: 'dep1', fromDate: '2024-05-31', toDate: '2024-05-31' });
    await ctx.prs.transactions.list({
      accountId: 'acc1',
      depositoryId: 'dep1',
      fromDate: '2024-05-01',
      toDate: '2024-05-31',
    });
    expect(ctx.server.requests.map((r) => pathAndQuery(r).query)).toEqual([
      { depositoryId: 'dep1', fromDate: '2024-05-31', toDate: '2024-05-31' },
      { accountId: 'acc1', depositoryId: 'dep1', fromDate: '2024-05-01', toDate: '2024-05-31' },
    ]);
  });

  it('refuses a list without account or depository, an inverted interval and malformed dates', async () => {
    await refused(
      // A type error too (TransactionListParams): plain JavaScript is refused at run time.
      () => ctx.prs.transactions.list({ fromDate: '2024-01-01', toDate: '2024-01-31' } as never),
      ['accountId', 'accountId or depositoryId is required (both may be given)'],
    );
    await refused(
      () => ctx.prs.transactions.list({ accountId: 'a', fromDate: '2024-02-01', toDate: '2024-01-31' }),
      ['fromDate', 'must not be after toDate (2024-01-31); the interval is closed, equal dates list one day'],
    );
    await refused(
      () => ctx.prs.transactions.list({ accountId: 'a', fromDate: '2024-02-30', toDate: '31.01.2024' }),
      ['fromDate', 'must be a calendar date in the form YYYY-MM-DD: 2024-02-30 is no day of the calendar'],
      ['toDate', 'must be a calendar date in the form YYYY-MM-DD, got "31.01.2024"'],
    );
    await refused(
      () =>
        ctx.prs.transactions.list({ accountId: 'a', fromDate: '2024-01-01', toDate: '2024-01-02', limit: 5 } as never),
      ['limit', /not a known field/],
    );
  });

  it('follows links.next over every page, and for await walks the items', async () => {
    ctx.server.handle((req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? '1');
      const data = [
        {
          id: `r${page}`,
          type: 'refund-transaction',
          attributes: { accountAmount: page, tradeDate: '2024-01-01', valueDate: '2024-01-01' },
        },
      ];
      json(res, 200, {
        data,
        links: {
          next:
            page < 3 ? `/api/v2/transactions?accountId=a&fromDate=2020-01-01&toDate=2024-12-31&page=${page + 1}` : null,
        },
      });
    });
    const all = await ctx.prs.transactions.list({ accountId: 'a', fromDate: '2020-01-01', toDate: '2024-12-31' });
    expect(all.map((t) => t.id)).toEqual(['r1', 'r2', 'r3']);
    expect(ctx.server.requests.map((r) => r.url)).toEqual([
      '/api/v2/transactions?accountId=a&fromDate=2020-01-01&toDate=2024-12-31',
      '/api/v2/transactions?accountId=a&fromDate=2020-01-01&toDate=2024-12-31&page=2',
      '/api/v2/transactions?accountId=a&fromDate=2020-01-01&toDate=2024-12-31&page=3',
    ]);
    const seen: string[] = [];
    for await (const tx of ctx.prs.transactions.list({ accountId: 'a', fromDate: '2020-01-01', toDate: '2024-12-31' }))
      seen.push(tx.id);
    expect(seen).toEqual(['r1', 'r2', 'r3']);
    expect(ctx.server.requests).toHaveLength(6);
  });

  it('rejects a response whose documented number is a string', async () => {
    ctx.server.handle((_req, res) =>
      json(res, 200, {
        data: [
          {
            id: 't',
            type: 'equity-trade-transaction',
            attributes: { accountAmount: '12', commission: 0, unitPrice: 1, units: 1, ...dates },
          },
        ],
      }),
    );
    const error = await ctx.prs.transactions
      .list({ accountId: 'a', fromDate: '2024-01-01', toDate: '2024-01-01' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'data.0.attributes.accountAmount', message: 'must be a number, got "12"' },
    ]);
  });
});

describe('transactions.delete', () => {
  it('sends DELETE /api/v2/transactions/:id and resolves on 204', async () => {
    ctx.server.handle((_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    await expect(ctx.prs.transactions.delete('tx 1')).resolves.toBeUndefined();
    expect(ctx.server.requests.map((r) => [r.method, r.url])).toEqual([['DELETE', '/api/v2/transactions/tx%201']]);
  });

  it('refuses an empty id', async () => {
    await refused(
      () => ctx.prs.transactions.delete(''),
      ['id', 'must be a non-empty string id other than "." and "..", got an empty string'],
    );
  });
});

// Narrowing on `type` reaches each kind's attributes (checked by the compiler, run below).
function describeTransaction(tx: Transaction): string {
  switch (tx.type) {
    case 'fx-spot-transaction':
      return `${tx.attributes.inflowAccountAmount}/${tx.attributes.outflowAccountAmount}`;
    case 'fee-transaction':
      return tx.attributes.category;
    case 'private-market-fund-distribution-transaction':
      return `${tx.attributes.recallableAmount} ${tx.attributes.affectsIrr}`;
    default:
      return tx.id;
  }
}

it('narrows decoded transactions by type', async () => {
  const items = sampleOfEveryKind().filter((t) =>
    [
      'fx-spot-transaction',
      'fee-transaction',
      'private-market-fund-distribution-transaction',
      'refund-transaction',
    ].includes(t.type as string),
  );
  ctx.server.handle((_req, res) => json(res, 200, { data: items }));
  const list = await ctx.prs.transactions.list({ accountId: 'a', fromDate: '2024-01-01', toDate: '2024-01-31' });
  expect(list.map(describeTransaction)).toEqual(['other', '1/-1', '10 true', 't19']);
});
