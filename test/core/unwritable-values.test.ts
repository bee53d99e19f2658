/**
 * Values a plain JavaScript caller can pass that JSON cannot write or would change (a BigInt, an object that
 * contains itself, a function, NaN, a Map), query values and header values a URL or fetch would turn into text,
 * are refused as a `ValidationError` naming the field, never a `TypeError` from `JSON.stringify` and never sent
 * changed; nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildDocument } from '../../src/core/jsonapi.js';
import { PortfolioReporting, ValidationError } from '../../src/index.js';
import { WebhookVerifier } from '../../src/webhooks/index.js';
import { issuesOf, refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const cyclic = (): Record<string, unknown> => {
  const value: Record<string, unknown> = { name: 'loop' };
  value.self = value;
  return value;
};
const thrown = (make: () => unknown): unknown => {
  try {
    make();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
};

describe('options', () => {
  it.each([
    ['a BigInt', 10n, 'bigint 10'],
    ['an object that contains itself', cyclic(), 'an object'],
  ])('logLevel as %s: a ValidationError naming logLevel', (_what, logLevel, got) => {
    const error = thrown(
      () => new PortfolioReporting({ baseUrl: 'https://x.test', accessToken: 'token-1', logLevel: logLevel as never }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      `new PortfolioReporting(): logLevel: must be one of debug, info, warn, error, off, got ${got}`,
    );
  });

  it.each([
    ['a number', 5, 'versions', 'must be an array of version tags, got number 5'],
    ['an array holding a BigInt', ['v1a', 10n], 'versions.1', 'must be a version tag such as "v1a", got bigint 10'],
  ])('the verifier’s versions as %s: a ValidationError naming the entry', (_what, versions, path, message) => {
    const error = thrown(
      () => new WebhookVerifier({ versions: versions as never, loadKeys: async () => ({ keys: [] }) }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path, message }]);
  });
});

it('the verifier’s loadKeys as a number: a ValidationError naming loadKeys (it was taken, and failed at the first verify)', () => {
  const error = thrown(() => new WebhookVerifier({ loadKeys: 5 as never }));
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).issues).toEqual([
    { path: 'loadKeys', message: 'must be a function returning the keys, got number 5' },
  ]);
});

describe('options read by other methods', () => {
  it('a logger without the methods its level writes with: refused at construction, not a TypeError at the first retry', () => {
    const partial = thrown(
      () =>
        new PortfolioReporting({ baseUrl: 'https://x.test', accessToken: 'token-1', logger: { warn() {} } as never }),
    );
    expect((partial as ValidationError).issues).toEqual([
      { path: 'logger', message: 'must have warn, error methods at logLevel warn; missing: error' },
    ]);
    // At logLevel error, only error is written with: a logger with error alone is enough.
    expect(
      () =>
        new PortfolioReporting({
          baseUrl: 'https://x.test',
          accessToken: 'token-1',
          logLevel: 'error',
          logger: { error() {} } as never,
        }),
    ).not.toThrow();
  });

  it('waitForStatus refuses an unknown option and a signal that is not an AbortSignal, nothing sent', async () => {
    const { prs, requests } = recordingClient();
    const unknown = await prs.custodianAuthorities
      .waitForStatus('ca1', 'active', { intervl: 5 } as never)
      .catch((e: unknown) => e);
    expect((unknown as ValidationError).issues).toEqual([
      { path: 'options.intervl', message: 'is not a known field here (accepted: timeout, interval, signal)' },
    ]);
    const signal = await prs.custodianAuthorities
      .waitForStatus('ca1', 'active', { signal: { aborted: false } } as never)
      .catch((e: unknown) => e);
    expect((signal as ValidationError).issues).toEqual([
      { path: 'options.signal', message: 'must be an AbortSignal, got an object' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('prs.webhooks.verifier refuses the options the client supplies itself (they were overridden), and a Map', () => {
    const { prs } = recordingClient();
    const baseUrl = thrown(() => prs.webhooks.verifier({ baseUrl: 'https://elsewhere.test' } as never));
    expect((baseUrl as ValidationError).issues).toEqual([
      {
        path: 'options.baseUrl',
        message:
          'is not a known field here (accepted: toleranceSeconds, secret, versions, keysMaxAge, keysCooldown, keysTimeout)',
      },
    ]);
    const map = thrown(() => prs.webhooks.verifier(new Map() as never));
    expect((map as ValidationError).issues).toEqual([
      { path: 'options', message: 'must be a plain object, got a Map' },
    ]);
  });
});

describe('call inputs', () => {
  it('waitForStatus with a BigInt status: a ValidationError naming status, nothing sent', async () => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() => prs.custodianAuthorities.waitForStatus('ca1', 10n as never));
    expect(e.issues).toEqual([
      {
        path: 'status',
        message:
          'must be one of waiting-for-files, waiting-for-consent, awaiting-operator, awaiting-custodian, active, revoke-in-progress, revoked, cancelled, got bigint 10',
      },
    ]);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a BigInt', { value: 10n }, 'attributes.value', 'bigint 10, which JSON cannot write: give a string or a number'],
    ['a function', { value: () => 1 }, 'attributes.value', 'a function, which JSON would leave out'],
    ['a symbol', { value: Symbol('tag') }, 'attributes.value', 'symbol Symbol(tag), which JSON would leave out'],
    ['NaN', { value: Number.NaN }, 'attributes.value', 'NaN, which JSON would write as null'],
    ['Infinity', { value: [1, -Infinity] }, 'attributes.value.1', '-Infinity, which JSON would write as null'],
    [
      'undefined in an array',
      { value: [1, undefined] },
      'attributes.value.1',
      'undefined in an array, which JSON would write as null',
    ],
    [
      'a function in an array',
      { value: [() => 1] },
      'attributes.value.0',
      'a function, which JSON would write as null',
    ],
    [
      'a named member of an array',
      { value: Object.assign(['a', 'b'], { extra: 'lost' }) },
      'attributes.value.extra',
      'a named member of an array, which JSON would leave out',
    ],
    ['a Map', { value: new Map([['a', 1]]) }, 'attributes.value', 'a Map, which JSON would write as {}'],
    ['a RegExp', { value: /a+/ }, 'attributes.value', 'a RegExp, which JSON would write as {}'],
    // Found by the property test (test/properties/json-values.test.ts) on a CI run: a boxed number is its number.
    [
      'a boxed -Infinity',
      { value: { '': new Number(Number.NEGATIVE_INFINITY) } },
      'attributes.value.',
      '-Infinity, which JSON would write as null',
    ],
    [
      'a boxed BigInt',
      { value: Object(10n) },
      'attributes.value',
      'bigint 10, which JSON cannot write: give a string or a number',
    ],
    ['an Error', { value: new Error('boom') }, 'attributes.value', 'an Error, which JSON would write as {}'],
    [
      'an ArrayBuffer',
      { value: new ArrayBuffer(2) },
      'attributes.value',
      'an ArrayBuffer, which JSON would write as {}',
    ],
    [
      'a Uint8Array',
      { value: new Uint8Array([1, 2]) },
      'attributes.value',
      'a Uint8Array, which JSON would write as an object of its indices: give an array',
    ],
    [
      'a Set, deep',
      { value: { list: [{ tags: new Set(['a']) }] } },
      'attributes.value.list.0.tags',
      'a Set, which JSON would write as {}',
    ],
    [
      'an object that contains itself',
      { value: cyclic() },
      'attributes.value.self',
      'an object that contains itself, which JSON cannot write',
    ],
  ])(
    'a generic create whose attribute holds %s: a ValidationError naming it, nothing sent',
    async (_what, attributes, path, got) => {
      const { prs, requests } = recordingClient();
      const e = await refusalOf(() => prs.clients.create({ attributes: { name: 'Odd', ...attributes } }));
      expect(e.issues).toEqual([{ path, message: `must be a JSON value, got ${got}` }]);
      expect(e.message).toBe(`clients.create: ${path}: must be a JSON value, got ${got} (nothing was sent)`);
      expect(requests).toHaveLength(0);
    },
  );

  it('a generic create sends what JSON writes as given: a Date by its toJSON, an undefined member as absent, one object twice', async () => {
    const { prs, requests } = recordingClient({
      status: 201,
      body: { data: { type: 'client', id: 'c1', attributes: {} } },
    });
    const shared = { city: 'Zurich' };
    // A symbol-keyed member is not data (JSON has no symbol keys): not sent, as JSON.stringify does (README, Decisions).
    const attributes = {
      name: 'Ok',
      since: new Date(0),
      note: undefined,
      home: shared,
      office: shared,
      [Symbol('meta')]: 1,
    };
    await prs.clients.create({ attributes });
    expect(requests[0]?.body).toEqual({
      data: {
        type: 'client',
        attributes: {
          name: 'Ok',
          since: '1970-01-01T00:00:00.000Z',
          home: { city: 'Zurich' },
          office: { city: 'Zurich' },
        },
      },
    });
  });

  it('a typed resource’s attributes refuse a symbol key at any depth, as every key its schema does not name (it was left out)', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: {} } });
    const at = Symbol('meta');
    expect(
      await issuesOf(() =>
        prs.legalEntities.accounts.create('le1', {
          attributes: { externalIdentifier: 'X', ccyCode: 'CHF', [at]: 1 } as never,
        }),
      ),
    ).toEqual([
      {
        path: 'attributes.Symbol(meta)',
        message: 'is not a known field here (accepted: name, externalIdentifier, ccyCode, excludeFromReporting)',
      },
    ]);
    const condition = { type: 'country-code-is', 'country-code': 'CH', [at]: 1 } as const;
    expect(
      await issuesOf(() =>
        prs.limits.create({
          attributes: {
            name: 'Swiss cap',
            ccyCode: 'EUR',
            startDate: '2024-01-01',
            limitFilter: { type: 'condition', condition },
            limitType: { type: 'proportional', values: { min: null, max: 0.6 } },
          },
          relationships: { client: 'c1' },
        }),
      ),
    ).toEqual([
      {
        path: 'attributes.limitFilter.condition.Symbol(meta)',
        message: 'is keyed by a symbol, which JSON would leave out',
      },
    ]);
    // A kind whose schema fills in a default (a fee's `category`): checked before zod's output is made.
    expect(
      await issuesOf(() =>
        prs.transactions.create({
          type: 'fee-transaction',
          attributes: { accountAmount: -25, tradeDate: '2024-03-01', valueDate: '2024-03-05', [at]: 1 } as never,
          relationships: { account: 'acc1' },
        }),
      ),
    ).toEqual([
      { path: 'attributes.Symbol(meta)', message: expect.stringMatching(/^is not a known field here \(accepted: /) },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('a typed input holds to the same rule: a Map in an all-optional object zod lets through is refused', () => {
    // zod reads an object by its members' names: a Map has none, so an object whose members are all optional takes it.
    const schema = z.strictObject({
      name: z.string(),
      meta: z.optional(z.strictObject({ note: z.optional(z.string()) })),
    });
    expect(z.safeParse(schema, { name: 'n', meta: new Map([['note', 'x']]) }).success).toBe(true);
    const error = thrown(() =>
      buildDocument('kinds.create', { attributes: { name: 'n', meta: new Map([['note', 'x']]) } }, 'kind', schema, {}),
    );
    expect((error as ValidationError).issues).toEqual([
      { path: 'attributes.meta', message: 'must be a JSON value, got a Map, which JSON would write as {}' },
    ]);
    expect(
      buildDocument('kinds.create', { attributes: { name: 'n', meta: { note: 'x' } } }, 'kind', schema, {}),
    ).toEqual({
      data: { type: 'kind', attributes: { name: 'n', meta: { note: 'x' } } },
    });
  });

  it('prs.request with a body JSON would change: a ValidationError naming the member, nothing sent', async () => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() =>
      prs.request({ method: 'POST', path: '/api/v2/clients', body: { data: { attributes: { at: () => 1 } } } }),
    );
    expect(e.issues).toEqual([
      { path: 'body.data.attributes.at', message: 'must be a JSON value, got a function, which JSON would leave out' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('a create whose typed attribute is a BigInt: zod’s rule names the field', async () => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() =>
      prs.legalEntities.accounts.create('le1', {
        attributes: { name: 'Current', externalIdentifier: 'CH93-1', ccyCode: 10n as never },
      }),
    );
    expect(e.issues).toContainEqual({ path: 'attributes.ccyCode', message: 'must be a string, got bigint 10' });
    expect(requests).toHaveLength(0);
  });
});

describe('query parameters and headers', () => {
  it.each([
    ['a function', () => 1, 'a function'],
    ['a symbol', Symbol('q'), 'symbol Symbol(q)'],
    ['NaN', Number.NaN, 'number NaN'],
    ['an object', { a: 1 }, 'an object'],
    ['an array', ['a'], 'an array'],
  ])('options.query holding %s: a ValidationError naming the parameter, nothing sent', async (_what, value, got) => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() => prs.clients.retrieve('c1', { query: { include: value as never } }));
    expect(e.message).toBe(
      `clients.retrieve: options.query.include: must be a string, a finite number or a boolean, got ${got} (nothing was sent)`,
    );
    const raw = await refusalOf(() =>
      prs.request({ method: 'GET', path: '/api/v2/clients', query: { q: value as never } }),
    );
    expect(raw.issues).toEqual([
      { path: 'query.q', message: `must be a string, a finite number or a boolean, got ${got}` },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('query strings, finite numbers and booleans are sent as written; an undefined query value or header is not sent', async () => {
    const { prs, requests } = recordingClient({ body: { data: { type: 'client', id: 'c1', attributes: {} } } });
    await prs.clients.retrieve('c1', { query: { a: 'x', b: 2.5, c: false, d: undefined } });
    expect(requests[0]?.query).toEqual({ a: 'x', b: '2.5', c: 'false' });
    await prs.clients.retrieve('c1', { headers: { 'X-Trace': 't-1', 'X-Absent': undefined } });
    expect(requests[1]?.headers.get('x-trace')).toBe('t-1');
    expect(requests[1]?.headers.has('x-absent')).toBe(false);
    // A call's undefined header drops the client's of that name, for that call only.
    const withDefault = recordingClient(
      { body: { data: { type: 'client', id: 'c1', attributes: {} } } },
      { headers: { 'X-Tenant': 'acme', 'X-Unset': undefined } },
    );
    await withDefault.prs.clients.retrieve('c1', { headers: { 'x-tenant': undefined } });
    await withDefault.prs.clients.retrieve('c1');
    expect(withDefault.requests.map((r) => [r.headers.get('x-tenant'), r.headers.has('x-unset')])).toEqual([
      [null, false],
      ['acme', false],
    ]);
  });

  it.each([
    ['a number', 5, 'number'],
    ['a function', () => 'v', 'function'],
    ['a symbol', Symbol('h'), 'symbol'],
  ])('a header value that is %s is refused, per call and per client, nothing sent', async (_what, value, type) => {
    const { prs, requests } = recordingClient();
    const perCall = await prs.clients.retrieve('c1', { headers: { 'X-Trace': value as never } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(perCall).toBeInstanceOf(ValidationError);
    expect((perCall as Error).message).toBe(
      `clients.retrieve: options.headers.X-Trace: must be a string, got ${type} (nothing was sent)`,
    );
    expect(() => recordingClient({}, { headers: { 'X-Trace': value as never } })).toThrow(
      `new PortfolioReporting(): headers.X-Trace: must be a string, got ${type}`,
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses a query that would not go out as given: not a plain object, a symbol name, a lone surrogate, a name twice', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    const raw =
      (query: unknown, path = '/api/v2/clients') =>
      () =>
        prs.request({ method: 'GET', path, query: query as never });
    expect(await issuesOf(raw(new Map([['a', '1']])))).toEqual([
      { path: 'query', message: 'must be a plain object, got a Map' },
    ]);
    expect(await issuesOf(raw('a=1'))).toEqual([{ path: 'query', message: 'must be an object, got "a=1"' }]);
    expect(await issuesOf(raw(['x']))).toEqual([{ path: 'query', message: 'must be an object, got an array' }]);
    expect(await issuesOf(raw({ [Symbol('s')]: '1' }))).toEqual([
      { path: 'query.Symbol(s)', message: 'must be named by a string' },
    ]);
    expect(await issuesOf(raw({ a: '2' }, '/api/v2/clients?a=1'))).toEqual([
      { path: 'query.a', message: "is in the path's query as well: give it once" },
    ]);
    const lone = 'holds a lone surrogate (half of a UTF-16 pair), which a URL would write as U+FFFD';
    expect(await issuesOf(raw({ s: 'a\uD800' }))).toEqual([{ path: 'query.s', message: lone }]);
    // A name with a lone surrogate is shown as JSON writes it: printed as UTF-8 it would read `query.k\uFFFD`.
    expect(await issuesOf(() => prs.clients.list({ query: { 'k\uDC00': 'v' } }))).toEqual([
      { path: String.raw`query."k\udc00"`, message: lone },
    ]);
    expect(await issuesOf(raw({ 'k\uD800': 'v' }))).toEqual([{ path: String.raw`query."k\ud800"`, message: lone }]);
    expect(await issuesOf(() => prs.clients.list({ query: { 'k\uD800': {} } as never }))).toEqual([
      {
        path: String.raw`options.query."k\ud800"`,
        message: 'must be a string, a finite number or a boolean, got an object',
      },
    ]);
    // The codec's unknown parameter too.
    const unknown = await issuesOf(() =>
      prs.holdings.list('re1', { fromDate: '2024-01-01', toDate: '2024-01-31', 'k\uD800': 'v' } as never),
    );
    expect(unknown.map((issue) => issue.path)).toEqual([String.raw`"k\ud800"`]);
    expect(await issuesOf(() => prs.clients.retrieve('ab\uD800'))).toEqual([{ path: 'id', message: lone }]);
    expect(requests).toHaveLength(0);
    // The path's own query is kept as written, the query object's parameters after it; a U+FFFD given is sent.
    await prs.request({ method: 'GET', path: '/api/v2/clients?a=b%20c', query: { d: 'e f', r: '\uFFFD' } });
    expect(requests[0]?.url.split('?')[1]).toBe('a=b%20c&d=e+f&r=%EF%BF%BD');
  });

  it('refuses headers that would not go out as given: case twins, symbol names, a content type the SDK sets', async () => {
    const { prs, requests } = recordingClient({
      status: 201,
      body: { data: { type: 'client', id: 'c1', attributes: {} } },
    });
    expect(
      await issuesOf(() => prs.clients.retrieve('c1', { headers: { 'X-Trace': 'first', 'x-trace': 'second' } })),
    ).toEqual([
      {
        path: 'options.headers.x-trace',
        message: 'is given twice, as X-Trace and x-trace: header names are case-insensitive',
      },
    ]);
    expect(await issuesOf(() => prs.clients.retrieve('c1', { headers: { [Symbol('x-sym')]: 'v' } as never }))).toEqual([
      { path: 'options.headers.Symbol(x-sym)', message: 'must be named by a string' },
    ]);
    expect(
      await issuesOf(() =>
        prs.clients.create({ attributes: { a: 1 } }, { headers: { 'Content-Type': 'application/json' } }),
      ),
    ).toEqual([
      {
        path: 'options.headers.Content-Type',
        message:
          'is set by the SDK for the body it writes (application/vnd.api+json; multipart/form-data for an upload)',
      },
    ]);
    expect(() => recordingClient({}, { headers: { 'content-type': 'application/json' } })).toThrow(
      'new PortfolioReporting(): headers.content-type: is set by the SDK for the body it writes (application/vnd.api+json; multipart/form-data for an upload)',
    );
    expect(() => recordingClient({}, { headers: { 'X-Tenant': 'one', 'x-tenant': 'two' } })).toThrow(
      'new PortfolioReporting(): headers.x-tenant: is given twice, as X-Tenant and x-tenant: header names are case-insensitive',
    );
    expect(await issuesOf(() => prs.clients.retrieve('c1', { headers: JSON.parse('{"__proto__":"v"}') }))).toEqual([
      { path: 'options.headers.__proto__', message: 'cannot be sent (fetch leaves this name out)' },
    ]);
    expect(requests).toHaveLength(0);
    // Without a body a content type is the caller's to send.
    await prs.clients.retrieve('c1', { headers: { 'content-type': 'text/plain' } });
    expect(requests[0]?.headers.get('content-type')).toBe('text/plain');
  });

  it('an object whose entries are not its keys (a Headers, a Map) is refused where a plain object is read', async () => {
    const { prs, requests } = recordingClient();
    const headers = await refusalOf(() =>
      prs.clients.retrieve('c1', { headers: new Headers({ 'x-trace': 't' }) as never }),
    );
    expect(headers.issues).toEqual([{ path: 'options.headers', message: 'must be a plain object, got a Headers' }]);
    const input = await refusalOf(() => prs.clients.create(new Map([['attributes', { name: 'x' }]]) as never));
    expect(input.issues).toEqual([{ path: '', message: 'must be a plain object, got a Map' }]);
    const options = await refusalOf(() => prs.clients.retrieve('c1', new Map() as never));
    expect(options.issues).toEqual([{ path: 'options', message: 'must be a plain object, got a Map' }]);
    expect(requests).toHaveLength(0);
  });

  it('a symbol key among the options is refused as any unknown key is', async () => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() => prs.clients.retrieve('c1', { [Symbol('retry')]: 3 } as never));
    expect(e.issues).toEqual([
      {
        path: 'options.Symbol(retry)',
        message: 'is not a known field here (accepted: signal, timeout, totalTimeout, maxRetries, headers, query)',
      },
    ]);
    expect(requests).toHaveLength(0);
  });
});
