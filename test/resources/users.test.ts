import { describe, expect, it } from 'vitest';
import { issuesOf, refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

type PRS = ReturnType<typeof recordingClient>['prs'];

const user = {
  id: '3f0c1a52-8d4e-4a53-9d1b-0b6f2c1e7a10',
  type: 'user',
  attributes: { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' },
  relationships: {
    client: { data: { type: 'client', id: 'c1' } },
    readAccessToReportingEntities: { data: [{ type: 'reporting-entity', id: 're1' }] },
  },
};
const invite = (state: string, provider = '') => ({
  id: `inv-${state}`,
  type: 'invite',
  attributes: {
    state,
    link: 'https://app.example.com/-/invite/TOKEN',
    restrictedToIdentityProvider: provider,
    restrictedToEmail: 'erika@example.com',
    expiration: '2024-03-31T12:00:00Z',
  },
  relationships: { user: { data: { type: 'user', id: user.id } } },
});

describe('users', () => {
  it('refuses a user without its client and an invite without its user: the reference says they are required', async () => {
    const noClient = recordingClient({ body: { data: { ...user, relationships: {} } } });
    await expect(noClient.prs.users.retrieve(user.id)).rejects.toMatchObject({
      name: 'ResponseValidationError',
      message: expect.stringContaining('data.relationships.client: is required'),
    });
    const noRelationships = recordingClient({ body: { data: [{ ...invite('valid'), relationships: undefined }] } });
    await expect(noRelationships.prs.users.invites.list(user.id)).rejects.toThrow('data.0.relationships: is required');
    const ok = recordingClient({ body: { data: [invite('valid')] } });
    const [decoded] = await ok.prs.users.invites.list(user.id);
    // Typed as always there: no `?.` on the way to the user's id.
    expect(decoded?.relationships.user.data.id).toBe(user.id);
  });

  it('clients.users.create sends attributes and readable reporting entities', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: user } });
    const created = await prs.clients.users.create('c1', {
      attributes: { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' },
      relationships: { readAccessToReportingEntities: ['re1'] },
    });
    expect(created).toEqual(user);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v2/clients/c1/users' });
    expect(requests[0]?.body).toEqual({
      data: {
        type: 'user',
        attributes: { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' },
        relationships: { readAccessToReportingEntities: { data: [{ type: 'reporting-entity', id: 're1' }] } },
      },
    });
  });

  it('clients.users.create refuses the client relationship (it comes from the path) and missing names', async () => {
    const { prs, requests } = recordingClient();
    expect(
      await issuesOf(() =>
        prs.clients.users.create('c1', {
          attributes: { contactEmail: 'e@example.com' },
          relationships: { client: 'c2' },
        } as never),
      ),
    ).toEqual([
      { path: 'attributes.firstName', message: 'is required' },
      { path: 'attributes.lastName', message: 'is required' },
      { path: 'relationships.client', message: 'is set by the service and cannot be sent' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('refuses relationships that are not a plain object, and a symbol-keyed relationship, on create and update', async () => {
    const { prs, requests } = recordingClient();
    const attributes = { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' };
    const create = (relationships: unknown) =>
      issuesOf(() => prs.clients.users.create('c1', { attributes, relationships } as never));
    const update = (relationships: unknown) =>
      issuesOf(() => prs.users.update(user.id, { attributes: { firstName: 'X' }, relationships } as never));
    // A Map and a symbol key were sent as a user without relationships; a string as the names 0, 1, 2…
    const map = new Map([['readAccessToReportingEntities', ['re1']]]);
    expect(await create(map)).toEqual([{ path: 'relationships', message: 'must be a plain object, got a Map' }]);
    expect(await create('re1')).toEqual([{ path: 'relationships', message: 'must be an object, got "re1"' }]);
    expect(await create({ [Symbol('readAccessToReportingEntities')]: ['re1'] })).toEqual([
      {
        path: 'relationships.Symbol(readAccessToReportingEntities)',
        message: 'is not a known relationship here (accepted: client, readAccessToReportingEntities)',
      },
    ]);
    expect(await update(map)).toEqual([{ path: 'relationships', message: 'must be a plain object, got a Map' }]);
    expect(await update([['re1']])).toEqual([{ path: 'relationships', message: 'must be an object, got an array' }]);
    expect(await update({ [Symbol('readAccessToReportingEntities')]: ['re1'] })).toEqual([
      {
        path: 'relationships.Symbol(readAccessToReportingEntities)',
        message: 'is not a known relationship here (accepted: readAccessToReportingEntities)',
      },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a hole in readAccessToReportingEntities (it was left out), naming its position, on create and update', async () => {
    const { prs, requests } = recordingClient();
    const attributes = { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' };
    // biome-ignore lint/suspicious/noSparseArray: the holes are the input under test
    const relationships = { readAccessToReportingEntities: ['re1', , 're2', , 're3'] } as never;
    const hole = {
      path: 'relationships.readAccessToReportingEntities.1',
      message: 'must be a relationship, got a hole in the array, which would be left out',
    };
    expect(await issuesOf(() => prs.clients.users.create('c1', { attributes, relationships }))).toEqual([hole]);
    expect(await issuesOf(() => prs.users.update(user.id, { relationships }))).toEqual([hole]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a named member of readAccessToReportingEntities (it was left out), after a hole too, on create and update', async () => {
    const { prs, requests } = recordingClient();
    const attributes = { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' };
    const named = { readAccessToReportingEntities: Object.assign(['re1'], { extra: 're2' }) };
    const member = {
      path: 'relationships.readAccessToReportingEntities.extra',
      message: 'must be a JSON value, got a named member of an array, which JSON would leave out',
    };
    expect(await issuesOf(() => prs.clients.users.create('c1', { attributes, relationships: named }))).toEqual([
      member,
    ]);
    expect(await issuesOf(() => prs.users.update(user.id, { relationships: named }))).toEqual([member]);
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    const holed = { readAccessToReportingEntities: Object.assign(['re1', , 're3'], { extra: 're2' }) } as never;
    expect(await issuesOf(() => prs.users.update(user.id, { relationships: holed }))).toEqual([
      {
        path: 'relationships.readAccessToReportingEntities.1',
        message: 'must be a relationship, got a hole in the array, which would be left out',
      },
      member,
    ]);
    expect(requests).toHaveLength(0);
  });

  it('list, retrieve and delete', async () => {
    const { prs, requests } = recordingClient((req) =>
      req.method === 'DELETE' ? { status: 204 } : { body: { data: req.path.endsWith('/users') ? [user] : user } },
    );
    expect(await prs.clients.users.list('c1')).toEqual([user]);
    expect(await prs.users.retrieve(user.id)).toEqual(user);
    await expect(prs.users.delete(user.id)).resolves.toBeUndefined();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v2/clients/c1/users',
      `GET /api/v2/users/${user.id}`,
      `DELETE /api/v2/users/${user.id}`,
    ]);
  });

  it('update PATCHes the changed fields and resolves to the full user the service answers with (200)', async () => {
    const updated = { ...user, attributes: { ...user.attributes, lastName: 'Mustermann' } };
    const { prs, requests } = recordingClient({ status: 200, body: { data: updated } });
    const result = await prs.users.update(user.id, { attributes: { lastName: 'Mustermann' } });
    expect(result).toEqual(updated);
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: `/api/v2/users/${user.id}` });
    expect(requests[0]?.body).toEqual({ data: { id: user.id, type: 'user', attributes: { lastName: 'Mustermann' } } });
  });

  it('update may change only the readable reporting entities (no empty attributes sent)', async () => {
    const { prs, requests } = recordingClient({ body: { data: user } });
    await prs.users.update(user.id, {
      relationships: { readAccessToReportingEntities: ['re1', { type: 'reporting-entity', id: 're2' }] },
    });
    expect(requests[0]?.body).toEqual({
      data: {
        id: user.id,
        type: 'user',
        relationships: {
          readAccessToReportingEntities: {
            data: [
              { type: 'reporting-entity', id: 're1' },
              { type: 'reporting-entity', id: 're2' },
            ],
          },
        },
      },
    });
  });

  it('update refuses the client relationship, a wrong target type, and an empty change', async () => {
    const { prs, requests } = recordingClient();
    const refused = (input: unknown) => issuesOf(() => prs.users.update(user.id, input as never));
    expect(await refused({ relationships: { client: 'c2' } })).toEqual([
      {
        path: 'relationships.client',
        message: 'cannot be changed by PATCH (changeable: readAccessToReportingEntities)',
      },
    ]);
    expect(
      await refused({ relationships: { readAccessToReportingEntities: [{ type: 'portfolio', id: 'p1' }] } }),
    ).toEqual([
      {
        path: 'relationships.readAccessToReportingEntities.0.type',
        message: 'must be "reporting-entity", got "portfolio"',
      },
    ]);
    expect(await refused({})).toEqual([{ path: 'attributes', message: 'names nothing to change' }]);
    // Undefined values are left out by JSON: nothing would be changed.
    expect(await refused({ relationships: { readAccessToReportingEntities: undefined } })).toEqual([
      { path: 'attributes', message: 'names nothing to change' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('update refuses a key it does not know, as a create does: a misspelled relationships, a type, an id', async () => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() =>
      prs.users.update(user.id, {
        attributes: { firstName: 'X' },
        relationship: { readAccessToReportingEntities: ['re1'] },
      } as never),
    );
    expect(e.message).toBe(
      'users.update: relationship: is not a known field here (accepted: attributes, relationships) (nothing was sent)',
    );
    // The PATCH's type and id are the resource's: a caller's other ones were replaced without a word.
    expect(
      await issuesOf(() =>
        prs.users.update(user.id, { attributes: { firstName: 'X' }, type: 'client', id: 'u2' } as never),
      ),
    ).toEqual([
      { path: 'type', message: 'is not a known field here (accepted: attributes, relationships)' },
      { path: 'id', message: 'is not a known field here (accepted: attributes, relationships)' },
    ]);
    expect(requests).toHaveLength(0);
  });
});

describe('invites', () => {
  it('create with no input sends an invite document without restrictions', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: invite('valid') } });
    const created = await prs.users.invites.create(user.id);
    expect(created.attributes.state).toBe('valid');
    expect(created.attributes.link).toBe('https://app.example.com/-/invite/TOKEN');
    expect(requests[0]).toMatchObject({ method: 'POST', path: `/api/v2/users/${user.id}/invites` });
    expect(requests[0]?.body).toEqual({ data: { type: 'invite', attributes: {} } });
  });

  it.each([
    ['users.invites.create', (prs: PRS) => prs.users.invites.create(user.id, null as never)],
    ['clients.users.create', (prs: PRS) => prs.clients.users.create('c1', null as never)],
  ])(
    '%s refuses a null input as any input that is not an object (invites sent it as {}), nothing sent',
    async (what, create) => {
      const { prs, requests } = recordingClient({ status: 201, body: { data: invite('valid') } });
      const error = await refusalOf(() => create(prs));
      expect(error.message).toBe(`${what}: expected an object { attributes, relationships? } (nothing was sent)`);
      expect(requests).toHaveLength(0);
    },
  );

  it.each(['apple', 'google', 'microsoft', ''] as const)(
    'create accepts restrictedToIdentityProvider %j',
    async (provider) => {
      const { prs, requests } = recordingClient({ status: 201, body: { data: invite('valid', provider) } });
      const created = await prs.users.invites.create(user.id, {
        attributes: { restrictedToIdentityProvider: provider, restrictedToEmail: 'erika@example.com' },
      });
      expect(created.attributes.restrictedToIdentityProvider).toBe(provider);
      expect(requests[0]?.body).toEqual({
        data: {
          type: 'invite',
          attributes: { restrictedToIdentityProvider: provider, restrictedToEmail: 'erika@example.com' },
        },
      });
    },
  );

  it('create refuses an unknown identity provider and the service-set fields, nothing sent', async () => {
    const { prs, requests } = recordingClient();
    await expect(
      // @ts-expect-error 'facebook' is not an identity provider
      prs.users.invites.create(user.id, { attributes: { restrictedToIdentityProvider: 'facebook' } }),
    ).rejects.toThrow(
      'users.invites.create: attributes.restrictedToIdentityProvider: must be one of "apple", "google", "microsoft", "", got "facebook" (nothing was sent)',
    );
    await expect(
      prs.users.invites.create(user.id, { attributes: { state: 'used', expiration: '2030-01-01T00:00:00Z' } } as never),
    ).rejects.toThrow(
      'users.invites.create: attributes.state: is set by the service and cannot be sent; attributes.expiration: is set by the service and cannot be sent (nothing was sent)',
    );
    expect(requests).toHaveLength(0);
  });

  it('list returns invites in every state, a state this SDK does not know included', async () => {
    const states = ['valid', 'used', 'expired', 'cancelled', 'suspended'];
    const { prs, requests } = recordingClient({ body: { data: states.map((s) => invite(s)) } });
    const invites = await prs.users.invites.list(user.id);
    expect(invites.map((i) => i.attributes.state)).toEqual(states);
    expect(requests[0]).toMatchObject({ method: 'GET', path: `/api/v2/users/${user.id}/invites` });
  });

  it('cancel POSTs exactly { data: { type: "invite-cancellation" } } and resolves to undefined on 204', async () => {
    const { prs, requests } = recordingClient({ status: 204 });
    await expect(prs.users.invites.cancel(user.id, 'inv-1')).resolves.toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: `/api/v2/users/${user.id}/invites/inv-1/cancellation` });
    expect(requests[0]?.body).toEqual({ data: { type: 'invite-cancellation' } });
    expect(requests[0]?.headers.get('content-type')).toBe('application/vnd.api+json');
  });

  it('cancel refuses an empty invite id', async () => {
    const { prs, requests } = recordingClient();
    await expect(prs.users.invites.cancel(user.id, '')).rejects.toThrow(
      'users.invites.cancel: inviteId: must be a non-empty string id other than "." and "..", got an empty string',
    );
    expect(requests).toHaveLength(0);
  });
});
