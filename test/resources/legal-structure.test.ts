import { describe, expect, it } from 'vitest';
import { issuesOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const legalEntity = {
  id: 'le1',
  type: 'legal-entity',
  attributes: { name: 'Muster AG' },
  relationships: {
    accounts: { data: [{ type: 'account', id: 'acc1' }] },
    client: { data: { type: 'client', id: 'c1' } },
    depositories: { data: [{ type: 'depository', id: 'dep1' }] },
  },
};
const account = {
  id: 'acc1',
  type: 'account',
  attributes: { name: 'Current', externalIdentifier: 'CH93-0076', ccyCode: 'CHF', excludeFromReporting: false },
  relationships: {
    depository: { data: { type: 'depository', id: 'dep1' } },
    depositories: { data: [{ type: 'depository', id: 'dep1' }] },
    legalEntity: { data: { type: 'legal-entity', id: 'le1' } },
  },
};
const depository = {
  id: 'dep1',
  type: 'depository',
  attributes: { name: 'Custody', externalIdentifier: 'D-1001' },
  relationships: {
    legalEntity: { data: { type: 'legal-entity', id: 'le1' } },
    accounts: { data: [{ type: 'account', id: 'acc1' }] },
  },
};

/** `fn` must return a promise that rejects with a ValidationError with exactly `issues`. */
async function expectRefused(fn: () => unknown, issues: { path: string; message: string }[]) {
  expect(await issuesOf(fn)).toEqual(issues);
}

describe('legal entities', () => {
  it('list and create under a client', async () => {
    const created = {
      id: 'le2',
      type: 'legal-entity',
      attributes: { name: 'Holding GmbH' },
      relationships: { client: { data: { type: 'client', id: 'c1' } } },
    };
    const { prs, requests } = recordingClient((req) =>
      req.method === 'GET' ? { body: { data: [legalEntity] } } : { status: 201, body: { data: created } },
    );
    expect(await prs.clients.legalEntities.list('c1')).toEqual([legalEntity]);
    expect(await prs.clients.legalEntities.create('c1', { attributes: { name: 'Holding GmbH' } })).toEqual(created);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v2/clients/c1/legal-entities',
      'POST /api/v2/clients/c1/legal-entities',
    ]);
    expect(requests[1]?.body).toEqual({ data: { type: 'legal-entity', attributes: { name: 'Holding GmbH' } } });
  });

  it('retrieve decodes accounts, client and depositories; delete answers 204', async () => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'GET' ? { body: { data: legalEntity } } : { status: 204 },
    );
    const entity = await prs.legalEntities.retrieve('le1');
    expect(entity.relationships?.accounts?.data).toEqual([{ type: 'account', id: 'acc1' }]);
    expect(entity.relationships?.client?.data).toEqual({ type: 'client', id: 'c1' });
    await expect(prs.legalEntities.delete('le1')).resolves.toBeUndefined();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v2/legal-entities/le1',
      'DELETE /api/v2/legal-entities/le1',
    ]);
  });

  it('update sends { data: { id, type, attributes: { name } } }', async () => {
    const { prs, requests } = recordingClient({ status: 204 });
    await expect(
      prs.legalEntities.update('le1', { attributes: { name: 'Muster Holding AG' } }),
    ).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: '/api/v2/legal-entities/le1' });
    expect(requests[0]?.body).toEqual({
      data: { id: 'le1', type: 'legal-entity', attributes: { name: 'Muster Holding AG' } },
    });
  });

  it('update refuses relationships (they cannot move) and an empty name', async () => {
    const { prs, requests } = recordingClient();
    await expectRefused(
      () =>
        prs.legalEntities.update('le1', {
          attributes: { name: '' },
          relationships: { client: 'c2', accounts: ['acc9'] },
        } as never),
      [
        { path: 'attributes.name', message: 'must not be empty' },
        { path: 'relationships.client', message: 'cannot be changed by PATCH' },
        { path: 'relationships.accounts', message: 'cannot be changed by PATCH' },
      ],
    );
    await expectRefused(
      () => prs.legalEntities.update('le1', {} as never),
      [{ path: 'attributes', message: 'names nothing to change' }],
    );
    expect(requests).toHaveLength(0);
  });
});

describe('accounts', () => {
  it('create under a legal entity with the depository relationship and excludeFromReporting', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: account } });
    const created = await prs.legalEntities.accounts.create('le1', {
      attributes: { name: 'Current', externalIdentifier: 'CH93-0076', ccyCode: 'CHF', excludeFromReporting: true },
      relationships: { depository: 'dep1' },
    });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v2/legal-entities/le1/accounts' });
    expect(requests[0]?.body).toEqual({
      data: {
        type: 'account',
        attributes: { name: 'Current', externalIdentifier: 'CH93-0076', ccyCode: 'CHF', excludeFromReporting: true },
        relationships: { depository: { data: { type: 'depository', id: 'dep1' } } },
      },
    });
    // Both the deprecated `depository` and `depositories` are decoded.
    expect(created.relationships?.depository?.data).toEqual({ type: 'depository', id: 'dep1' });
    expect(created.relationships?.depositories?.data).toEqual([{ type: 'depository', id: 'dep1' }]);
  });

  it('create sends attributes zod read through a class’s getters or a prototype (they sent attributes: {})', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: account } });
    class Attributes {
      get externalIdentifier() {
        return 'CH93-0076';
      }
      get ccyCode() {
        return 'CHF';
      }
    }
    await prs.legalEntities.accounts.create('le1', { attributes: new Attributes() as never });
    await prs.legalEntities.accounts.create('le1', {
      attributes: Object.assign(Object.create({ externalIdentifier: 'CH93-0076' }), { ccyCode: 'CHF', name: 'Main' }),
    });
    expect(requests.map((r) => r.body)).toEqual([
      { data: { type: 'account', attributes: { externalIdentifier: 'CH93-0076', ccyCode: 'CHF' } } },
      { data: { type: 'account', attributes: { externalIdentifier: 'CH93-0076', ccyCode: 'CHF', name: 'Main' } } },
    ]);
  });

  it('create refuses a type other than the endpoint’s (it was sent as an account), and sends the same type given', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: account } });
    const attributes = { externalIdentifier: 'CH93-0076', ccyCode: 'CHF' };
    expect(
      await issuesOf(() =>
        prs.legalEntities.accounts.create('le1', { type: 'depository', attributes: { ccyCode: 'chf' } } as never),
      ),
    ).toEqual([
      { path: 'type', message: 'must be "account" (what this method creates), got "depository"' },
      { path: 'attributes.externalIdentifier', message: 'is required' },
      {
        path: 'attributes.ccyCode',
        message: 'must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "chf"',
      },
    ]);
    expect(await issuesOf(() => prs.legalEntities.accounts.create('le1', { type: 7, attributes } as never))).toEqual([
      { path: 'type', message: 'must be "account" (what this method creates), got number 7' },
    ]);
    expect(requests).toHaveLength(0);
    await prs.legalEntities.accounts.create('le1', { type: 'account', attributes } as never);
    expect(requests[0]?.body).toEqual({ data: { type: 'account', attributes } });
  });

  it('create refuses a bad currency, a missing identifier and the read-only relationships', async () => {
    const { prs, requests } = recordingClient();
    await expectRefused(
      () =>
        prs.legalEntities.accounts.create('le1', {
          attributes: { ccyCode: 'chf' },
          relationships: { depositories: ['dep1'], legalEntity: 'le2' },
        } as never),
      [
        { path: 'attributes.externalIdentifier', message: 'is required' },
        {
          path: 'attributes.ccyCode',
          message: 'must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "chf"',
        },
        { path: 'relationships.depositories', message: 'is set by the service and cannot be sent' },
        { path: 'relationships.legalEntity', message: 'is set by the service and cannot be sent' },
      ],
    );
    expect(requests).toHaveLength(0);
  });

  it('list, retrieve (no depository: relationships absent) and delete', async () => {
    const unlinked = {
      id: 'acc2',
      type: 'account',
      attributes: { externalIdentifier: 'X', ccyCode: 'EUR', excludeFromReporting: false },
    };
    const { prs, requests } = recordingClient((req) =>
      req.method === 'DELETE'
        ? { status: 204 }
        : { body: { data: req.path.endsWith('/accounts') ? [account, unlinked] : unlinked } },
    );
    expect((await prs.legalEntities.accounts.list('le1')).map((a) => a.id)).toEqual(['acc1', 'acc2']);
    const retrieved = await prs.accounts.retrieve('acc2');
    expect(retrieved).toEqual(unlinked);
    expect(retrieved.relationships).toBeUndefined();
    await prs.accounts.delete('acc2');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v2/legal-entities/le1/accounts',
      'GET /api/v2/accounts/acc2',
      'DELETE /api/v2/accounts/acc2',
    ]);
  });

  it('update sends only name, externalIdentifier and ccyCode', async () => {
    const { prs, requests } = recordingClient({ status: 204 });
    await prs.accounts.update('acc1', {
      attributes: { name: 'Main', externalIdentifier: 'CH93-0077', ccyCode: 'EUR' },
    });
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: '/api/v2/accounts/acc1' });
    expect(requests[0]?.body).toEqual({
      data: {
        id: 'acc1',
        type: 'account',
        attributes: { name: 'Main', externalIdentifier: 'CH93-0077', ccyCode: 'EUR' },
      },
    });
  });

  it('update refuses excludeFromReporting and every relationship, nothing sent', async () => {
    const { prs, requests } = recordingClient();
    await expectRefused(
      // @ts-expect-error excludeFromReporting is `?: never` in the update type
      () => prs.accounts.update('acc1', { attributes: { name: 'Main', excludeFromReporting: true } }),
      [
        {
          path: 'attributes.excludeFromReporting',
          message: 'cannot be changed after creation (changeable: name, externalIdentifier, ccyCode)',
        },
      ],
    );
    await expectRefused(
      () =>
        prs.accounts.update('acc1', { attributes: { name: 'Main' }, relationships: { depository: 'dep2' } } as never),
      [{ path: 'relationships.depository', message: 'cannot be changed by PATCH' }],
    );
    await expectRefused(
      () => prs.accounts.update('acc1', { attributes: { name: 'Main' }, relationships: { owner: 'x' } } as never),
      [{ path: 'relationships.owner', message: 'is not a known relationship here' }],
    );
    await expectRefused(
      () => prs.accounts.update('acc1', { attributes: { name: 'Main' }, extra: 1 } as never),
      [{ path: 'extra', message: 'is not a known field here (accepted: attributes, relationships)' }],
    );
    expect(requests).toHaveLength(0);
  });
});

describe('depositories', () => {
  it('are created linked to exactly one account', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: depository } });
    const created = await prs.legalEntities.depositories.create('le1', {
      attributes: { name: 'Custody', externalIdentifier: 'D-1001' },
      relationships: { accounts: ['acc1'] },
    });
    expect(created).toEqual(depository);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v2/legal-entities/le1/depositories' });
    expect(requests[0]?.body).toEqual({
      data: {
        type: 'depository',
        attributes: { name: 'Custody', externalIdentifier: 'D-1001' },
        relationships: { accounts: { data: [{ type: 'account', id: 'acc1' }] } },
      },
    });
  });

  it.each([
    [[], 'must hold exactly one account, got 0: link more accounts by creating them with the depository relationship'],
    [
      ['acc1', 'acc2'],
      'must hold exactly one account, got 2: link more accounts by creating them with the depository relationship',
    ],
  ])('refuses accounts %j', async (accounts, message) => {
    const { prs, requests } = recordingClient();
    await expectRefused(
      () =>
        prs.legalEntities.depositories.create('le1', {
          attributes: { externalIdentifier: 'D-1' },
          relationships: { accounts },
        } as never),
      [{ path: 'relationships.accounts', message }],
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses a missing accounts relationship together with attribute errors', async () => {
    const { prs } = recordingClient();
    await expectRefused(
      () => prs.legalEntities.depositories.create('le1', { attributes: {} } as never),
      [
        { path: 'attributes.externalIdentifier', message: 'is required' },
        { path: 'relationships.accounts', message: 'is required (an account id)' },
      ],
    );
  });

  it('list, retrieve, update (name, externalIdentifier) and delete', async () => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'GET'
        ? { body: { data: req.path.endsWith('/depositories') ? [depository] : depository } }
        : { status: 204 },
    );
    expect(await prs.legalEntities.depositories.list('le1')).toEqual([depository]);
    expect((await prs.depositories.retrieve('dep1')).relationships?.accounts?.data).toEqual([
      { type: 'account', id: 'acc1' },
    ]);
    await prs.depositories.update('dep1', { attributes: { name: 'Custody 2', externalIdentifier: 'D-1002' } });
    await prs.depositories.delete('dep1');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v2/legal-entities/le1/depositories',
      'GET /api/v2/depositories/dep1',
      'PATCH /api/v2/depositories/dep1',
      'DELETE /api/v2/depositories/dep1',
    ]);
    expect(requests[2]?.body).toEqual({
      data: { id: 'dep1', type: 'depository', attributes: { name: 'Custody 2', externalIdentifier: 'D-1002' } },
    });
  });

  it('update refuses relationships', async () => {
    const { prs, requests } = recordingClient();
    await expectRefused(
      () =>
        prs.depositories.update('dep1', { attributes: { name: 'x' }, relationships: { accounts: ['acc2'] } } as never),
      [{ path: 'relationships.accounts', message: 'cannot be changed by PATCH' }],
    );
    expect(requests).toHaveLength(0);
  });
});
