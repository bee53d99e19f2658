/**
 * What plain JavaScript gives reaches the wire as given or is refused before sending, found by an outside audit over
 * a real `node:http` server (the bytes as received): a typed input whose `toJSON` wrote other members than the ones
 * checked, a relationship object's misspelled member, inherited names the key checks did not see or the writers left
 * out, and `maxPages` refused by the wrong rule.
 */
import { describe, expect, it } from 'vitest';
import { PortfolioReporting, ValidationError } from '../../src/index.js';
import { createMockService, DEMO_IDS, seedDemo } from '../../src/testing/index.js';
import { useClientServer } from '../helpers/client-server.js';
import { json } from '../helpers/http-server.js';
import { refusalOf } from '../helpers/issues.js';

const ctx = useClientServer();
/** Any JavaScript value, as a plain JavaScript caller passes it (no compiler in between). */
const js = <T>(value: unknown): T => value as T;
const TO_JSON = 'has a toJSON method, which JSON would write in place of the members checked here: give a plain object';

describe('an input whose toJSON writes other members than the schema checked', () => {
  class Attributes {
    externalIdentifier = 'CH93-0076';
    ccyCode = 'CHF';
    toJSON() {
      return { ccyCode: 'usd', injected: true };
    }
  }

  it('is refused in typed attributes, at the top, in a flat schema and nested (it was sent as toJSON wrote it)', async () => {
    const { prs, server } = ctx;
    const account = await refusalOf(() =>
      prs.legalEntities.accounts.create('le1', { attributes: js(new Attributes()) }),
    );
    expect(account.message).toBe(`legalEntities.accounts.create: attributes: ${TO_JSON} (nothing was sent)`);
    class Price {
      date = '2024-01-31';
      value = 1;
      toJSON() {
        return { value: 'x' };
      }
    }
    const flat = await refusalOf(() => prs.instruments.prices.create('i1', { attributes: new Price() }));
    expect(flat.message).toBe(`instruments.prices.create: attributes: ${TO_JSON} (nothing was sent)`);
    class Filter {
      type = 'condition';
      condition = { type: 'country-code-is', 'country-code': 'CH' };
      toJSON() {
        return { type: 'bogus' };
      }
    }
    const nested = await refusalOf(() =>
      prs.limits.create({
        attributes: {
          name: 'Swiss',
          ccyCode: 'CHF',
          startDate: '2024-01-01',
          limitFilter: js(new Filter()),
          limitType: { type: 'limit-group' },
        },
        relationships: { client: 'c1' },
      }),
    );
    expect(nested.issues).toEqual([{ path: 'attributes.limitFilter', message: TO_JSON }]);
    expect(server.requests).toHaveLength(0);
  });

  it("is refused as a consent's body (its members were checked)", async () => {
    const { prs, server } = ctx;
    class Consent {
      legalEntityIdentifier = 'LEI-1';
      custodianIdentifier = 'nordbank';
      consentType = 'all' as const;
      files = [];
      toJSON() {
        return {};
      }
    }
    const consent = new Consent();
    const e = await refusalOf(() => prs.custodianAuthorities.consent('ca1', consent));
    expect(e.issues).toEqual([{ path: '', message: TO_JSON }]);
    expect(server.requests).toHaveLength(0);
  });

  it('in a free JSON value (generic attributes) is written as toJSON says, as JSON writes it', async () => {
    const { prs, server } = ctx;
    server.handle((_q, res) => json(res, 201, { data: { type: 'client', id: 'c1', attributes: {} } }));
    await prs.clients.create({ attributes: { at: new Date(0), custom: { toJSON: () => 'x' } } });
    expect(server.requests[0]?.body).toBe(
      '{"data":{"type":"client","attributes":{"at":"1970-01-01T00:00:00.000Z","custom":"x"}}}',
    );
  });
});

describe('a relationship given as an object', () => {
  const fee = (account: unknown) => ({
    type: 'fee-transaction' as const,
    attributes: { accountAmount: -25, tradeDate: '2024-03-31', valueDate: '2024-03-31' },
    relationships: { account: js<string>(account) },
  });
  const ACCEPTED = '(accepted: type, id, attributes, relationships, links, meta)';

  it('refuses a member that is neither an identifier nor a resource member (a misspelled `typ` was left out)', async () => {
    const { prs, server } = ctx;
    const typo = await refusalOf(() => prs.transactions.create(fee({ typ: 'account', id: 'a1' })));
    expect(typo.message).toBe(
      `transactions.create: relationships.account.typ: is not a known field here ${ACCEPTED} (nothing was sent)`,
    );
    const generic = await refusalOf(() =>
      prs.clients.create({ attributes: {}, relationships: { owner: js({ type: 'user', id: 'u1', data: 1 }) } }),
    );
    expect(generic.issues).toEqual([
      { path: 'relationships.owner.data', message: `is not a known field here ${ACCEPTED}` },
    ]);
    const many = await refusalOf(() =>
      prs.clients.users.create('c1', {
        attributes: { firstName: 'E', lastName: 'M', contactEmail: 'e@example.com' },
        relationships: { readAccessToReportingEntities: [js({ type: 'reporting-entity', id: 'r1', Id: 'r2' })] },
      }),
    );
    expect(many.issues).toEqual([
      { path: 'relationships.readAccessToReportingEntities.0.Id', message: `is not a known field here ${ACCEPTED}` },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an inherited unknown member, as an own one (its `type` is read by name, an inherited one too)', async () => {
    const { prs, server } = ctx;
    const inherited = await refusalOf(() =>
      prs.transactions.create(fee(Object.assign(Object.create({ typ: 'account' }), { id: 'a1' }))),
    );
    expect(inherited.issues).toEqual([
      { path: 'relationships.account.typ', message: `is not a known field here ${ACCEPTED}` },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('sends a resource the SDK returned by its type and id', async () => {
    const { prs, server } = ctx;
    // Returned by a call, decoded as every answer is (the stateful mock's document): a member the decoder adds to a
    // resource, and the relationship check does not take, fails here.
    const mock = createMockService({ seed: seedDemo });
    const { url, close } = await mock.listen({ port: 0 });
    const account = await new PortfolioReporting({
      baseUrl: url,
      accessToken: 't',
      maxRetries: 0,
      logLevel: 'off',
    }).accounts
      .retrieve(DEMO_IDS.account)
      .finally(close);
    expect(account).toMatchObject({ type: 'account', id: DEMO_IDS.account, attributes: { name: 'Main' } });
    await prs.transactions.create(fee(account)).catch(() => {});
    expect(JSON.parse(server.requests[0]?.body ?? '').data.relationships).toEqual({
      account: { data: { type: 'account', id: DEMO_IDS.account } },
    });
  });
});

describe('inherited names', () => {
  const INHERITED = 'is inherited, not an own member, and would not be sent: give it as one';

  it('refuses an unknown option or input member inherited (it was passed over), reads a known one by name', async () => {
    const { prs, server } = ctx;
    const options = await refusalOf(() => prs.accounts.retrieve('a1', Object.create({ timeot: 5_000 })));
    expect(options.message).toMatch(/^accounts\.retrieve: options\.timeot: is not a known field here \(accepted: /);
    const input = await refusalOf(() =>
      prs.clients.create(Object.assign(Object.create({ atributes: { name: 'x' } }), { attributes: {} })),
    );
    expect(input.issues).toEqual([
      { path: 'atributes', message: 'is not a known field here (accepted: type, attributes, relationships)' },
    ]);
    const request = await refusalOf(() =>
      prs.request(Object.assign(Object.create({ bdy: {} }), { method: 'POST', path: '/api/v2/clients' })),
    );
    expect(request.issues).toEqual([
      { path: 'request.bdy', message: 'is not a known field here (accepted: method, path, query, body)' },
    ]);
    expect(
      () =>
        new PortfolioReporting(Object.assign(Object.create({ timeot: 5 }), { baseUrl: server.url, accessToken: 't' })),
    ).toThrow(ValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an inherited header or query parameter (fetch and the query left it out)', async () => {
    const { prs, server } = ctx;
    const header = await refusalOf(() => prs.accounts.retrieve('a1', { headers: Object.create({ 'x-tenant': 'a' }) }));
    expect(header.message).toBe(`accounts.retrieve: options.headers.x-tenant: ${INHERITED} (nothing was sent)`);
    const query = await refusalOf(() => prs.clients.list({ query: Object.create({ 'page[size]': 10 }) }));
    expect(query.issues).toEqual([{ path: 'options.query.page[size]', message: INHERITED }]);
    const raw = await refusalOf(() =>
      prs.request({ method: 'GET', path: '/api/v2/clients', query: Object.create({ q: '1' }) }),
    );
    expect(raw.issues).toEqual([{ path: 'query.q', message: INHERITED }]);
    const relationship = await refusalOf(() =>
      prs.clients.create({ attributes: {}, relationships: Object.create({ owner: { type: 'user', id: 'u1' } }) }),
    );
    expect(relationship.issues).toEqual([{ path: 'relationships.owner', message: INHERITED }]);
    expect(
      () => new PortfolioReporting({ baseUrl: server.url, accessToken: 't', headers: Object.create({ 'x-a': '1' }) }),
    ).toThrow(`new PortfolioReporting(): headers.x-a: ${INHERITED}`);
    expect(server.requests).toHaveLength(0);
  });

  it('sends an inherited request body or generic attributes, read by name as checked (they were left out)', async () => {
    const { prs, server } = ctx;
    server.handle((_q, res) => json(res, 201, { data: { type: 'client', id: 'c1', attributes: {} } }));
    await prs.request(Object.assign(Object.create({ body: { a: 1 } }), { method: 'POST', path: '/api/v2/clients' }));
    await prs.clients.create(Object.create({ attributes: { name: 'Muster' } }));
    expect(server.requests.map((r) => r.body)).toEqual([
      '{"a":1}',
      '{"data":{"type":"client","attributes":{"name":"Muster"}}}',
    ]);
  });
});

describe('a getter or a Proxy that answers differently on a second read', () => {
  /** An object whose member `name` answers `first`, then `later` on every other read; `reads()` counts them. */
  function changing(name: string, first: unknown, later: unknown, rest: object = {}) {
    let reads = 0;
    const value = Object.defineProperty({ ...rest }, name, {
      enumerable: true,
      get: () => (++reads === 1 ? first : later),
    });
    return { value, reads: () => reads };
  }

  it('is read once: what was checked is what is sent (a checked CHF went out as chf, a checked date as garbage)', async () => {
    const { prs, server } = ctx;
    server.handle((_q, res) => json(res, 404, { errors: [{ status: '404', detail: 'none' }] }));
    const attributes = changing('ccyCode', 'CHF', 'chf', { externalIdentifier: 'CH93-0076' });
    await prs.legalEntities.accounts.create('le1', { attributes: js(attributes.value) }).catch(() => {});
    const status = changing('date', '2024-01-01', 'garbage');
    await prs.limits.status('l1', js(status.value)).catch(() => {});
    const extra = changing('tag', 'x', Number.NaN);
    await prs.clients.list({ query: js(extra.value) }).catch(() => {});
    const query = changing('q', 'x', Number.NaN);
    const body = changing('a', 1, Number.NaN);
    await prs.request({ method: 'POST', path: '/api/v2/x', query: js(query.value), body: body.value }).catch(() => {});
    // A Proxy whose trap answers a new value on each read: the first, checked, is sent.
    let n = 0;
    const proxy = new Proxy({ name: '' }, { get: (_t, key) => (key === 'name' ? `read ${++n}` : undefined) });
    await prs.legalEntities.update('le1', { attributes: proxy }).catch(() => {});
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /api/v2/legal-entities/le1/accounts {"data":{"type":"account","attributes":{"externalIdentifier":"CH93-0076","ccyCode":"CHF"}}}',
      'GET /api/v2/limits/l1/status?date=2024-01-01 ',
      'GET /api/v2/clients?tag=x ',
      'POST /api/v2/x?q=x {"a":1}',
      'PATCH /api/v2/legal-entities/le1 {"data":{"type":"legal-entity","id":"le1","attributes":{"name":"read 1"}}}',
    ]);
    expect([attributes, status, extra, query, body].map((g) => g.reads())).toEqual([1, 1, 1, 1, 1]);
  });
});

describe("a class's getter that answers differently on zod's second read", () => {
  it('is refused as a ValidationError as it reads then, nothing sent (a raw ZodError escaped)', async () => {
    const { prs, server } = ctx;
    let reads = 0;
    class Attributes {
      externalIdentifier = 'CH93-0076';
      get ccyCode() {
        return ++reads === 1 ? 'CHF' : 'chf';
      }
    }
    const e = await refusalOf(() => prs.legalEntities.accounts.create('le1', { attributes: js(new Attributes()) }));
    expect(e.issues).toEqual([
      {
        path: 'attributes.ccyCode',
        message: 'must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "chf"',
      },
    ]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('maxPages', () => {
  it('is refused by its own rule, 1 or more (a fraction was told "0 or more")', async () => {
    const { prs, server } = ctx;
    const e = await refusalOf(() => prs.clients.list({ maxPages: 1.5 }));
    expect(e.message).toBe(
      'clients.list: options.maxPages: must be a whole number, 1 or more, got number 1.5 (nothing was sent)',
    );
    const one = await refusalOf(() => prs.clients.retrieve('c1', js({ maxPages: 1.5 })));
    expect(one.issues).toEqual([
      { path: 'options.maxPages', message: 'is for a list only: this call reads one answer' },
    ]);
    expect(server.requests).toHaveLength(0);
  });
});
