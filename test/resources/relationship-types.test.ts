/**
 * Resource identifiers are sent as given: a relationship given as `{ type, id }` keeps its type when the type
 * belongs to the relationship's family, a decoded resource passed as a relationship sends its own type and
 * id, a bare id gets the documented target type, and a type outside the family is refused before sending.
 * One block per family: assets/instruments, accounts, depositories, limits and clients, transactions, and
 * the legal entities and users of undocumented resources.
 */
import { describe, expect, it } from 'vitest';
import { limitFilter, limitType, ValidationError } from '../../src/index.js';
import { bond } from '../helpers/instrument-fixtures.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const dates = { tradeDate: '2024-03-01', valueDate: '2024-03-05' };
const dividend = { accountAmount: 90, grossAmount: 100, tax: 10, ...dates };
/** Answers a create with the document it sent, given an id: what the service does. */
const echo = (_type: string) => (req: { body: unknown }) => ({
  status: 201,
  body: { data: { id: 'new1', ...(req.body as { data: object }).data } },
});

/** The relationships of the one request sent. */
function sentRelationships(requests: { body: unknown }[]): unknown {
  expect(requests).toHaveLength(1);
  return (requests[0]?.body as { data: { relationships?: unknown } } | undefined)?.data.relationships;
}

async function refusal(call: () => PromiseLike<unknown>): Promise<ValidationError> {
  const error = await Promise.resolve()
    .then(call)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('assets and instruments (the asset family)', () => {
  it.each([
    ['stock-asset', 'a pair'],
    ['bond-instrument', 'a pair of the v3 family'],
    ['asset', 'the family name'],
  ])('sends %s given as %s', async (type) => {
    const { prs, requests } = recordingClient(echo('dividend-transaction'));
    await prs.transactions.create({
      type: 'dividend-transaction',
      attributes: dividend,
      relationships: { account: 'acc1', asset: { type: type as 'asset', id: 'ast1' }, depository: 'dep1' },
    });
    expect(sentRelationships(requests)).toMatchObject({ asset: { data: { type, id: 'ast1' } } });
  });

  it('sends a decoded instrument with its own type and id', async () => {
    const { prs, requests } = recordingClient((req, i) =>
      i === 0
        ? {
            body: { data: bond('bnd7') },
          }
        : echo('dividend-transaction')(req),
    );
    const decoded = await prs.instruments.retrieve('bnd7');
    // Any instrument but a fee or refund one (refused, in types too).
    if (decoded.type === 'fee-instrument' || decoded.type === 'refund-instrument') throw new Error(decoded.type);
    await prs.transactions.create({
      type: 'dividend-transaction',
      attributes: dividend,
      relationships: { account: 'acc1', asset: decoded, depository: 'dep1' },
    });
    expect((requests[1]?.body as { data: { relationships: unknown } } | undefined)?.data.relationships).toEqual({
      account: { data: { type: 'account', id: 'acc1' } },
      asset: { data: { type: 'bond-instrument', id: 'bnd7' } },
      depository: { data: { type: 'depository', id: 'dep1' } },
    });
  });

  it('refuses a type outside the family, naming the accepted ones, with nothing sent', async () => {
    const { prs, requests } = recordingClient(echo('dividend-transaction'));
    const error = await refusal(() =>
      prs.transactions.create({
        type: 'dividend-transaction',
        attributes: dividend,
        // @ts-expect-error an account is not an asset (in types too)
        relationships: { account: 'acc1', asset: { type: 'account', id: 'acc1' }, depository: 'dep1' },
      }),
    );
    expect(error.issues).toEqual([
      {
        path: 'relationships.asset.type',
        message: 'must be "asset" or a <kind>-asset or a <kind>-instrument, got "account"',
      },
    ]);
    expect(requests).toHaveLength(0);
  });
  it('refuses a <kind>-asset of no kind the SDK knows (the kind tables), as the types do, with nothing sent', async () => {
    const { prs, requests } = recordingClient(echo('dividend-transaction'));
    const error = await refusal(() =>
      prs.transactions.create({
        type: 'dividend-transaction',
        attributes: dividend,
        // @ts-expect-error "stok" is no kind
        relationships: { account: 'acc1', asset: { type: 'stok-asset', id: 'ast1' }, depository: 'dep1' },
      }),
    );
    expect(error.issues).toEqual([
      {
        path: 'relationships.asset.type',
        message:
          'must be "asset" or a <kind>-asset or a <kind>-instrument, got "stok-asset", a kind this SDK does not know (give its id alone)',
      },
    ]);
    expect(requests).toHaveLength(0);
  });
});

describe('accounts and depositories', () => {
  it('sends an account pair, a decoded depository and a bare account id each as given', async () => {
    const { prs, requests } = recordingClient(echo('dividend-transaction'));
    const depository = { id: 'dep9', type: 'depository' as const, attributes: { externalIdentifier: 'D-9' } };
    await prs.transactions.create({
      type: 'dividend-transaction',
      attributes: dividend,
      relationships: { account: { type: 'account', id: 'acc1' }, asset: 'ast1', depository },
    });
    expect(sentRelationships(requests)).toEqual({
      account: { data: { type: 'account', id: 'acc1' } },
      asset: { data: { type: 'asset', id: 'ast1' } },
      depository: { data: { type: 'depository', id: 'dep9' } },
    });
  });

  it('refuses a depository given for an account and an account for a depository', async () => {
    const { prs, requests } = recordingClient(echo('account'));
    const error = await refusal(() =>
      prs.legalEntities.accounts.create('le1', {
        attributes: { externalIdentifier: 'CH93-0076', ccyCode: 'CHF' },
        // @ts-expect-error an account is not a depository (in types too)
        relationships: { depository: { type: 'account', id: 'acc1' } },
      }),
    );
    expect(error.issues).toEqual([
      { path: 'relationships.depository.type', message: 'must be "depository", got "account"' },
    ]);
    const tx = await refusal(() =>
      prs.transactions.create({
        type: 'dividend-transaction',
        attributes: dividend,
        // @ts-expect-error a depository is not an account (in types too)
        relationships: { account: { type: 'depository', id: 'd1' }, asset: 'ast1', depository: 'dep1' },
      }),
    );
    expect(tx.issues).toEqual([{ path: 'relationships.account.type', message: 'must be "account", got "depository"' }]);
    expect(requests).toHaveLength(0);
  });
});

describe('limits and clients', () => {
  const attributes = {
    name: 'Swiss equities',
    ccyCode: 'CHF',
    startDate: '2024-01-01',
    limitFilter: limitFilter.countryCodeIs('CH'),
    limitType: limitType.proportional({ min: 0.05, max: 0.3 }),
  };

  it('sends a decoded parent limit and a client pair as given', async () => {
    const { prs, requests } = recordingClient(echo('limit'));
    const parentLimit = { id: 'lim1', type: 'limit' as const, attributes: {} };
    await prs.limits.create({ attributes, relationships: { client: { type: 'client', id: 'cl1' }, parentLimit } });
    expect(sentRelationships(requests)).toEqual({
      client: { data: { type: 'client', id: 'cl1' } },
      parentLimit: { data: { type: 'limit', id: 'lim1' } },
    });
  });

  it('refuses a client given as the parent limit', async () => {
    const { prs, requests } = recordingClient(echo('limit'));
    const error = await refusal(() =>
      // @ts-expect-error a client is not a limit (in types too)
      prs.limits.create({ attributes, relationships: { client: 'cl1', parentLimit: { type: 'client', id: 'cl1' } } }),
    );
    expect(error.issues).toEqual([
      { path: 'relationships.parentLimit.type', message: 'must be "limit", got "client"' },
    ]);
    expect(requests).toHaveLength(0);
  });
});

describe('transactions', () => {
  it('sends a decoded counterpart transaction with its own kind', async () => {
    const { prs, requests } = recordingClient(echo('cash-transfer-transaction'));
    const counterpart = { id: 'tx0', type: 'cash-transfer-transaction' as const, attributes: {} };
    await prs.transactions.create({
      type: 'cash-transfer-transaction',
      attributes: { accountAmount: -500, ...dates },
      relationships: { account: 'acc2', counterpartyTransaction: counterpart },
    });
    expect(sentRelationships(requests)).toEqual({
      account: { data: { type: 'account', id: 'acc2' } },
      counterpartyTransaction: { data: { type: 'cash-transfer-transaction', id: 'tx0' } },
    });
  });
});

describe('legal entities and users of undocumented resources', () => {
  it('sends each identifier exactly as given, several types in one to-many list included', async () => {
    const { prs, requests } = recordingClient(echo('client'));
    const entity = { id: 'le1', type: 'legal-entity', attributes: { name: 'Muster AG' } };
    await prs.clients.create({
      attributes: { name: 'Muster Family' },
      relationships: { owner: { type: 'user', id: 'u1' }, members: [entity, { type: 'user', id: 'u2' }] },
    });
    expect(sentRelationships(requests)).toEqual({
      owner: { data: { type: 'user', id: 'u1' } },
      members: {
        data: [
          { type: 'legal-entity', id: 'le1' },
          { type: 'user', id: 'u2' },
        ],
      },
    });
  });
});
