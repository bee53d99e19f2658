/**
 * The contract for bad input: an SDK method that returns a promise never throws. Its `ValidationError`
 * rejects the promise it returns (an `APIPromise`, or a `ListPromise` for lists), and nothing is sent.
 * Helpers that are synchronous by design still throw and return synchronously.
 */
import { describe, expect, it } from 'vitest';
import {
  APIPromise,
  consentFiles,
  holdingAsset,
  ListPromise,
  limitFilter,
  limitType,
  PortfolioReporting,
  PortfolioReportingError,
  ValidationError,
  type ValidationIssue,
} from '../../src/index.js';
import { WebhookVerifier } from '../../src/webhooks/index.js';
import { useClientServer } from '../helpers/client-server.js';
import { endpointRows, resolveMethod } from '../helpers/endpoints.js';
import { refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const ctx = useClientServer();

const FEE = 'fee instruments cannot be created: the service keeps them for reporting only';
const feeInstrument = { type: 'fee-instrument', attributes: { name: 'Fee' } } as never;
/** Transactions of neither an account nor a depository: refused by `transactions.list`. */
const noAccount = { fromDate: '2024-01-01', toDate: '2024-12-31' } as never;
const NO_ACCOUNT: ValidationIssue[] = [
  { path: 'accountId', message: 'accountId or depositoryId is required (both may be given)' },
];

describe('bad input rejects the returned promise; nothing is sent', () => {
  it('the call returns an APIPromise, and .catch receives the ValidationError', async () => {
    const promise = ctx.prs.instruments.create(feeInstrument);
    expect(promise).toBeInstanceOf(APIPromise);
    const caught = await promise.catch((error: unknown) => error);
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues).toEqual([{ path: 'type', message: FEE }]);
    expect((caught as ValidationError).message).toBe(`instruments.create: type: ${FEE} (nothing was sent)`);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('await … rejects with the ValidationError', async () => {
    await expect(ctx.prs.instruments.create(feeInstrument)).rejects.toThrow(ValidationError);
    await expect(ctx.prs.assets.retrieve('')).rejects.toThrow(
      'assets.retrieve: id: must be a non-empty string id other than "." and "..", got an empty string (nothing was sent)',
    );
    // A resource given whole where its id goes (plain JavaScript) is named so, with what to give instead.
    const account = { id: 'acc-1', type: 'account', attributes: { externalIdentifier: 'A-1', ccyCode: 'CHF' } };
    await expect(ctx.prs.accounts.retrieve(account as never)).rejects.toThrow(
      'accounts.retrieve: id: must be a non-empty string id other than "." and "..", got a resource: give its `id` (nothing was sent)',
    );
    await expect(ctx.prs.accounts.retrieve(42 as never)).rejects.toThrow(
      'accounts.retrieve: id: must be a non-empty string id other than "." and "..", got number (nothing was sent)',
    );
    await expect(
      ctx.prs.custodianAuthorities.link('ca1', { type: 'portfolio', resourceNumber: '1' } as never),
    ).rejects.toThrow(/^custodianAuthorities\.link: type: must be one of "depository", "account", got "portfolio"/);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('.then(onfulfilled, onrejected) and .finally see the rejection too', async () => {
    const order: string[] = [];
    const settled = ctx.prs.limits
      .status('', { date: '2024-06-30' })
      .finally(() => order.push('finally'))
      .then(
        () => order.push('fulfilled'),
        (error: unknown) =>
          order.push(error instanceof ValidationError ? 'rejected with ValidationError' : 'rejected otherwise'),
      );
    await settled;
    expect(order).toEqual(['finally', 'rejected with ValidationError']);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('for await over a list with bad input throws the ValidationError; so does .pages()', async () => {
    const list = ctx.prs.transactions.list(noAccount);
    expect(list).toBeInstanceOf(ListPromise);
    const seen: unknown[] = [];
    let caught: unknown;
    try {
      for await (const tx of list) seen.push(tx);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues).toEqual(NO_ACCOUNT);
    expect(seen).toEqual([]);
    await expect(list.pages().next()).rejects.toThrow(ValidationError);
    await expect(ctx.prs.instruments.prices.list('')).rejects.toThrow(
      'instruments.prices.list: id: must be a non-empty string id',
    );
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('.withResponse() rejects too: create, send, list, compound list and upload', async () => {
    const issues = async (promise: Promise<unknown>) =>
      ((await promise.catch((e: unknown) => e)) as ValidationError).issues;
    expect(await issues(ctx.prs.instruments.create(feeInstrument).withResponse())).toEqual([
      { path: 'type', message: FEE },
    ]);
    expect(await issues(ctx.prs.accounts.update('acc1', {} as never).withResponse())).toEqual([
      { path: 'attributes', message: 'names nothing to change' },
    ]);
    expect(await issues(ctx.prs.transactions.list(noAccount).withResponse())).toEqual(NO_ACCOUNT);
    expect(
      await issues(ctx.prs.holdings.list('re1', { fromDate: '2024-02-01', toDate: '2024-01-01' }).withResponse()),
    ).toEqual([{ path: 'fromDate', message: 'must be before toDate (got 2024-02-01 and 2024-01-01)' }]);
    expect(
      await issues(
        ctx.prs.custodianAuthorities.files
          .upload('ca1', { name: 'power-of-attorney', file: new Uint8Array([1]) })
          .withResponse(),
      ),
    ).toEqual([
      { path: 'filename', message: 'is required unless file is a File: the service records the original file name' },
    ]);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('the README example: a create and a list, as written there', async () => {
    const prs = ctx.prs;
    const logged: unknown[] = [];
    const acme = { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'usd', countryCode: 'US' };
    await prs.assets.create({ type: 'stock-asset', attributes: acme }).catch((error) => {
      if (error instanceof ValidationError) logged.push(error.issues);
    });
    try {
      for await (const tx of prs.transactions.list({
        accountId: 'acc-1',
        fromDate: '2024-12-31',
        toDate: '2024-01-01',
      }))
        logged.push(tx.id);
    } catch (error) {
      logged.push(String(error));
    }
    expect(logged).toEqual([
      [
        {
          path: 'attributes.ccyCode',
          message: 'must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "usd"',
        },
      ],
      'ValidationError: transactions.list: fromDate: must not be after toDate (2024-01-01); the interval is closed, equal dates list one day (nothing was sent)',
    ]);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('the same ValidationError class across calls: instanceof holds for every refusal', async () => {
    const refusals = await Promise.all([
      refusalOf(() => ctx.prs.clients.create({ attributes: 'x' } as never)),
      refusalOf(() => ctx.prs.users.invites.cancel('u1', '')),
      refusalOf(() => ctx.prs.custodianAuthorities.waitForStatus('ca1', 'done' as never)),
    ]);
    for (const error of refusals) expect(error).toBeInstanceOf(PortfolioReportingError);
    expect(refusals.map((e) => e.issues[0]?.path)).toEqual(['attributes', 'inviteId', 'status']);
    expect(ctx.server.requests).toHaveLength(0);
  });
});

describe('helpers that are synchronous by design stay synchronous', () => {
  const file = (hash: string) => ({ attributes: { name: 'power-of-attorney', hash } });

  it('consentFiles returns an array, and throws a ValidationError synchronously', () => {
    const files = consentFiles([file(`sha2-256:${'a'.repeat(64)}`)]);
    expect(files).toEqual([{ name: 'power-of-attorney', hashAlgorithm: 'sha2-256', hashValue: 'a'.repeat(64) }]);
    expect(() => consentFiles([file('md5:abc')])).toThrow(ValidationError);
  });

  it('webhooks.verifier returns a verifier, and throws on bad options synchronously, as new WebhookVerifier does (named after the call)', () => {
    expect(Object.keys(ctx.prs.webhooks.verifier({ toleranceSeconds: 60 }))).toEqual(['verify']);
    for (const bad of [{ toleranceSeconds: -1 }, { secret: 'whsec_' }, { versions: ['v1'] }, { keysTimeout: -5 }]) {
      const message = (() => {
        try {
          new WebhookVerifier({ ...bad, loadKeys: async () => ({ keys: [] }) });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message).toBeTypeOf('string');
      expect(() => ctx.prs.webhooks.verifier(bad)).toThrow(
        (message as string).replace(/^new WebhookVerifier\(\)/, 'webhooks.verifier'),
      );
    }
  });

  it('the limit builders, holdingAsset and baseUrl return plain values', () => {
    expect(limitFilter.and(limitFilter.countryCodeIs('CH'))).toEqual({
      type: 'and',
      filters: [{ type: 'condition', condition: { type: 'country-code-is', 'country-code': 'CH' } }],
    });
    expect(limitType.absolute({ max: 5 })).toEqual({ type: 'absolute', values: { min: null, max: 5 } });
    const asset = { id: 'a1', type: 'stock-asset', attributes: {} } as never;
    expect(holdingAsset({ relationships: { asset: { data: { type: 'stock-asset', id: 'a1' } } } }, [asset])).toBe(
      asset,
    );
    expect(ctx.prs.baseUrl).toBe(ctx.server.url);
  });

  it('a client with bad options still throws from its constructor', () => {
    expect(() => new PortfolioReporting({ baseUrl: '/api', accessToken: 't' })).toThrow(
      'new PortfolioReporting(): baseUrl: must be an absolute http:// or https:// URL (e.g. https://reporting.example.com), got "/api"',
    );
  });
});

/**
 * Every method of the endpoint list (and `waitForStatus`), called with empty strings for its ids and
 * inputs: none throws; each returns a promise, and each that refuses sends nothing. The few that take
 * nothing they could refuse are named here, so a new method that validates outside its promise fails.
 */
describe('every SDK method given empty ids and inputs returns a promise, never throws', () => {
  const methods = [...endpointRows.map((row) => row.sdkMethod), 'custodianAuthorities.waitForStatus'];
  /** Methods whose only argument is the request options: an empty string there is refused by the transport. */
  const OPTIONS_ONLY = ['clients.list', 'custodians.list', 'webhooks.keys'];

  it('covers all 95 endpoints', () => {
    expect(methods).toHaveLength(96);
  });

  it.each(methods.filter((m) => !OPTIONS_ONLY.includes(m)))(
    '%s rejects with its ValidationError, nothing sent',
    async (dotted) => {
      const { prs, requests } = recordingClient({ body: { data: [] } });
      const { owner, method } = resolve(prs, dotted);
      // Every argument it takes (an extra one is refused before its own rules: test/core/arity.test.ts).
      const error = await refusalOf(() => method.call(owner, ...Array(method.length).fill('')));
      expect(error.message.startsWith(`${dotted}: `), error.message).toBe(true);
      expect(requests).toHaveLength(0);
    },
  );

  it.each(OPTIONS_ONLY)('%s returns a promise that refuses a string as its options, nothing sent', async (dotted) => {
    const { prs, requests } = recordingClient({ body: { data: [], keys: [] } });
    const { owner, method } = resolve(prs, dotted);
    const returned = method.call(owner, '') as PromiseLike<unknown>;
    expect(returned).toBeInstanceOf(APIPromise);
    const error = await refusalOf(() => returned);
    expect(error.message).toBe(`${dotted}: options: must be an object, got "" (nothing was sent)`);
    expect(requests).toHaveLength(0);
  });
});

function resolve(prs: PortfolioReporting, dotted: string): { owner: unknown; method: (...args: unknown[]) => unknown } {
  const { owner, name } = resolveMethod(prs, dotted);
  const method = owner?.[name];
  expect(typeof method, `${dotted} is a method`).toBe('function');
  return { owner, method: method as (...args: unknown[]) => unknown };
}
