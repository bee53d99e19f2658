import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { issuesOf, refusalOf } from '../helpers/issues.js';
import { memoryLogger, recordingClient } from '../helpers/recording-fetch.js';

const client = {
  id: 'c1',
  type: 'client',
  attributes: { name: 'Muster Family', segment: { tier: 2 } },
  relationships: { owner: { data: { type: 'user', id: 'u1' } } },
};
const entity = { id: 're1', type: 'reporting-entity', attributes: { name: 'Family office' } };
const portfolio = { id: 'p1', type: 'portfolio', attributes: { name: 'Growth', anything: [1, 2] } };

describe('clients', () => {
  it('list and retrieve pass query parameters through as given and keep every attribute', async () => {
    const { prs, requests } = recordingClient((req) => ({
      body: { data: req.path === '/api/v2/clients' ? [client] : client },
    }));
    expect(await prs.clients.list({ query: { 'page[size]': 50, active: true } })).toEqual([client]);
    expect(await prs.clients.retrieve('c1', { query: { include: 'legalEntities' } })).toEqual(client);
    expect(await prs.clients.list()).toEqual([client]);
    expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/api/v2/clients', { 'page[size]': '50', active: 'true' }],
      ['GET', '/api/v2/clients/c1', { include: 'legalEntities' }],
      ['GET', '/api/v2/clients', {}],
    ]);
  });

  it('create and update send client documents as given; delete answers 204', async () => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'POST' ? { status: 201, body: { data: client } } : { status: 204 },
    );
    expect(await prs.clients.create({ attributes: { name: 'Muster Family', segment: { tier: 2 } } })).toEqual(client);
    await expect(
      prs.clients.update('c1', {
        attributes: { name: 'Muster' },
        relationships: {
          owner: { type: 'user', id: 'u2' },
          members: [{ type: 'user', id: 'u3' }],
          reportingEntities: [],
        },
      }),
    ).resolves.toBeUndefined();
    await prs.clients.delete('c1');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/clients',
      'PATCH /api/v2/clients/c1',
      'DELETE /api/v2/clients/c1',
    ]);
    expect(requests[0]?.body).toEqual({
      data: { type: 'client', attributes: { name: 'Muster Family', segment: { tier: 2 } } },
    });
    expect(requests[1]?.body).toEqual({
      data: {
        id: 'c1',
        type: 'client',
        attributes: { name: 'Muster' },
        relationships: {
          owner: { data: { type: 'user', id: 'u2' } },
          members: { data: [{ type: 'user', id: 'u3' }] },
          reportingEntities: { data: [] },
        },
      },
    });
  });

  it('sends a member named __proto__ (a relationship, a query parameter) as given, never as a prototype', async () => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'POST' ? { status: 201, body: { data: client } } : { body: { data: [client] } },
    );
    // JSON.parse makes `__proto__` an own member, as a caller's parsed input would have it.
    const relationships = JSON.parse('{"__proto__":{"type":"user","id":"u9"}}');
    await prs.clients.create({ attributes: { name: 'Muster' }, relationships });
    await prs.clients.update('c1', { attributes: { name: 'Muster' }, relationships });
    await prs.clients.list({ query: JSON.parse('{"__proto__":"x","constructor":"y"}') });
    const sent = { ['__proto__']: { data: { type: 'user', id: 'u9' } } };
    expect(requests[0]?.body).toEqual({
      data: { type: 'client', attributes: { name: 'Muster' }, relationships: sent },
    });
    expect(requests[1]?.body).toEqual({
      data: { id: 'c1', type: 'client', attributes: { name: 'Muster' }, relationships: sent },
    });
    expect(requests[2]?.url.split('?')[1]).toBe('__proto__=x&constructor=y');
  });

  it('refuses a type other than the resource’s (it was sent as a client), and sends the same type given', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: client } });
    expect(
      await issuesOf(() => prs.clients.create({ type: 'portfolio', attributes: { name: 'Muster' } } as never)),
    ).toEqual([{ path: 'type', message: 'must be "client" (what this method creates), got "portfolio"' }]);
    expect(
      await issuesOf(() => prs.clients.update('c1', { type: 'portfolio', attributes: { name: 'Muster' } } as never)),
    ).toEqual([{ path: 'type', message: 'must be "client" (what this method updates), got "portfolio"' }]);
    expect(requests).toHaveLength(0);
    await prs.clients.create({ type: 'client', attributes: { name: 'Muster' } } as never);
    expect(requests[0]?.body).toEqual({ data: { type: 'client', attributes: { name: 'Muster' } } });
  });

  it('refuses an update that names nothing to change (no attribute, or only undefined ones), nothing sent', async () => {
    const { prs, requests } = recordingClient({ status: 204 });
    for (const input of [
      { attributes: {} },
      { attributes: { name: undefined } },
      { attributes: {}, relationships: {} },
    ])
      expect(await issuesOf(() => prs.portfolios.update('p1', input))).toEqual([
        { path: 'attributes', message: 'names nothing to change' },
      ]);
    expect(requests).toHaveLength(0);
    await prs.portfolios.update('p1', { attributes: { name: 'Growth' } });
    expect(requests.map((r) => r.body)).toEqual([
      { data: { type: 'portfolio', id: 'p1', attributes: { name: 'Growth' } } },
    ]);
  });

  it('refuses a relationship given as a bare id (its target type is unknown) and non-object attributes', async () => {
    const { prs, requests } = recordingClient();
    expect(
      await issuesOf(() => prs.clients.create({ attributes: 'Muster', relationships: { owner: 'u1' } } as never)),
    ).toEqual([
      { path: 'attributes', message: 'must be an object, got "Muster"' },
      {
        path: 'relationships.owner',
        message:
          'must be { type, id } or an array of them: the target type of an undocumented relationship is not known to the SDK',
      },
    ]);
    await expect(
      prs.clients.update('c1', { attributes: {}, relationships: { owner: { type: 'user', id: '' } } }),
    ).rejects.toThrow('clients.update: relationships.owner.id: must be a non-empty string');
    expect(requests).toHaveLength(0);
  });

  it('refuses relationships that are not a plain object, and a symbol-keyed relationship, naming relationships', async () => {
    const { prs, requests } = recordingClient();
    const owner = { type: 'user', id: 'u1' };
    const refused = async (relationships: unknown) =>
      (await refusalOf(() => prs.clients.create({ attributes: { name: 'A' }, relationships } as never))).message;
    // Each was sent as a client without relationships.
    expect(await refused(new Map([['owner', owner]]))).toBe(
      'clients.create: relationships: must be a plain object, got a Map (nothing was sent)',
    );
    expect(await refused('owner')).toBe(
      'clients.create: relationships: must be an object, got "owner" (nothing was sent)',
    );
    expect(await refused([owner])).toBe(
      'clients.create: relationships: must be an object, got an array (nothing was sent)',
    );
    expect(await refused({ [Symbol('owner')]: owner })).toBe(
      'clients.create: relationships.Symbol(owner): must be named by a string (nothing was sent)',
    );
    expect(
      await issuesOf(() => prs.clients.update('c1', { attributes: {}, relationships: new Map() } as never)),
    ).toEqual([{ path: 'relationships', message: 'must be a plain object, got a Map' }]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a hole in a to-many relationship (it was left out), naming its position', async () => {
    const { prs, requests } = recordingClient();
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    const members = [{ type: 'user', id: 'u1' }, , { type: 'user', id: 'u2' }];
    expect(
      await issuesOf(() =>
        prs.clients.update('c1', { attributes: { name: 'A' }, relationships: { members } } as never),
      ),
    ).toEqual([
      {
        path: 'relationships.members.1',
        message: 'must be a relationship, got a hole in the array, which would be left out',
      },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a named member of a to-many relationship (it was left out), naming it', async () => {
    const { prs, requests } = recordingClient();
    const members = Object.assign([{ type: 'user', id: 'u1' }], { extra: { type: 'user', id: 'u2' } });
    expect(
      await issuesOf(() => prs.clients.create({ attributes: { name: 'A' }, relationships: { members } } as never)),
    ).toEqual([
      {
        path: 'relationships.members.extra',
        message: 'must be a JSON value, got a named member of an array, which JSON would leave out',
      },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('a response that contradicts the generic shape is a ResponseValidationError', async () => {
    const { prs } = recordingClient({ body: { data: { id: 'c1', type: 'client', attributes: 'x' } } });
    await expect(prs.clients.retrieve('c1')).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('reporting entities and portfolios', () => {
  it('reporting entities: list and create under a client, retrieve, update, delete', async () => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'POST'
        ? { status: 201, body: { data: entity } }
        : req.method === 'GET'
          ? { body: { data: req.path.startsWith('/api/v2/clients') ? [entity] : entity } }
          : { status: 204 },
    );
    expect(await prs.clients.reportingEntities.list('c1', { query: { sort: 'name' } })).toEqual([entity]);
    expect(await prs.clients.reportingEntities.create('c1', { attributes: { name: 'Family office' } })).toEqual(entity);
    expect(await prs.reportingEntities.retrieve('re1')).toEqual(entity);
    await prs.reportingEntities.update('re1', { attributes: { name: 'Office' } });
    await prs.reportingEntities.delete('re1');
    expect(requests.map((r) => `${r.method} ${r.path}${r.url.includes('?') ? `?${r.url.split('?')[1]}` : ''}`)).toEqual(
      [
        'GET /api/v2/clients/c1/reporting-entities?sort=name',
        'POST /api/v2/clients/c1/reporting-entities',
        'GET /api/v2/reporting-entities/re1',
        'PATCH /api/v2/reporting-entities/re1',
        'DELETE /api/v2/reporting-entities/re1',
      ],
    );
    expect(requests[1]?.body).toEqual({ data: { type: 'reporting-entity', attributes: { name: 'Family office' } } });
    expect(requests[3]?.body).toEqual({
      data: { id: 're1', type: 'reporting-entity', attributes: { name: 'Office' } },
    });
  });

  it('portfolios: list and create under a reporting entity, retrieve, update, delete', async () => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'POST'
        ? { status: 201, body: { data: portfolio } }
        : req.method === 'GET'
          ? { body: { data: req.path.endsWith('/portfolios') ? [portfolio] : portfolio } }
          : { status: 204 },
    );
    expect(await prs.reportingEntities.portfolios.list('re1')).toEqual([portfolio]);
    await prs.reportingEntities.portfolios.create('re1', {
      attributes: { name: 'Growth' },
      relationships: { client: { type: 'client', id: 'c1' } },
    });
    expect(await prs.portfolios.retrieve('p1')).toEqual(portfolio);
    await prs.portfolios.update('p1', { attributes: { name: 'Income' } });
    await prs.portfolios.delete('p1');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v2/reporting-entities/re1/portfolios',
      'POST /api/v2/reporting-entities/re1/portfolios',
      'GET /api/v2/portfolios/p1',
      'PATCH /api/v2/portfolios/p1',
      'DELETE /api/v2/portfolios/p1',
    ]);
    expect(requests[1]?.body).toEqual({
      data: {
        type: 'portfolio',
        attributes: { name: 'Growth' },
        relationships: { client: { data: { type: 'client', id: 'c1' } } },
      },
    });
    expect(requests[3]?.body).toEqual({ data: { id: 'p1', type: 'portfolio', attributes: { name: 'Income' } } });
  });

  it('clients.portfolios.list still works, and logs that it is deprecated', async () => {
    const { logger, lines } = memoryLogger();
    const { prs, requests } = recordingClient({ body: { data: [portfolio] } }, { logger, logLevel: 'warn' });
    expect(await prs.clients.portfolios.list('c1')).toEqual([portfolio]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/clients/c1/portfolios']);
    expect(lines).toEqual([
      {
        level: 'warn',
        message:
          '[portfolio-reporting] clients.portfolios.list is deprecated by the service; use prs.reportingEntities.portfolios.list',
      },
    ]);
  });
});

describe('performance and custodian holdings', () => {
  it('performance.retrieve passes the query and resolves to data: one resource or a list', async () => {
    const one = { id: 'cGVyZg', type: 'performance', attributes: { twr: 0.042 } };
    const { prs, requests } = recordingClient((_req, i) => ({
      body: { data: i === 0 ? one : [one, { ...one, id: 'cGVyZh' }] },
    }));
    expect(await prs.performance.retrieve('re1', { query: { fromDate: '2024-01-01', toDate: '2024-12-31' } })).toEqual(
      one,
    );
    const list = await prs.performance.retrieve('re1');
    expect(Array.isArray(list) && list.map((p) => p.id)).toEqual(['cGVyZg', 'cGVyZh']);
    expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/api/v2/performance/reporting-entities/re1', { fromDate: '2024-01-01', toDate: '2024-12-31' }],
      ['GET', '/api/v2/performance/reporting-entities/re1', {}],
    ]);
  });

  it('custodianHoldings.list lists generic resources of a legal entity', async () => {
    const row = { id: 'ch1', type: 'custodian-holding', attributes: { isin: 'CH0012005267', units: 10 } };
    const { prs, requests } = recordingClient({ body: { data: [row] } });
    expect(await prs.custodianHoldings.list('le1', { query: { date: '2024-01-31' } })).toEqual([row]);
    expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/api/v2/custodian-holdings/legal-entities/le1', { date: '2024-01-31' }],
    ]);
    await expect(prs.custodianHoldings.list('')).rejects.toThrow(
      'custodianHoldings.list: legalEntityId: must be a non-empty string id',
    );
  });
});
