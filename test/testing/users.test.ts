import { describe, expect, it } from 'vitest';
import { UUID, useHarness } from './harness.js';

const NOW = new Date('2024-05-01T10:00:00.000Z');

describe('users and invites', () => {
  let now = NOW;
  const h = useHarness({ now: () => now, inviteBaseUrl: 'https://app.example.com' });

  function seed() {
    now = NOW;
    const client = h.mock.store.clients.add({ name: 'Berg' });
    const entity = h.mock.store.reportingEntities.add({ clientId: client.id });
    return { client, entity };
  }

  /** The seed plus a user, Ada Berg <ada@example.com>, of its client. */
  function seedUser() {
    const { client } = seed();
    const user = h.mock.store.users.add({
      clientId: client.id,
      firstName: 'Ada',
      lastName: 'Berg',
      contactEmail: 'ada@example.com',
    });
    return { client, user };
  }

  it('creates a user (201, UUID id) with its client and read access, and PATCH answers 200 with the whole user', async () => {
    const { client, entity } = seed();
    const res = await h.post(`/api/v2/clients/${client.id}/users`, {
      data: {
        type: 'user',
        attributes: { firstName: 'Ada', lastName: 'Berg', contactEmail: 'ada@example.com' },
        relationships: { readAccessToReportingEntities: { data: [{ type: 'reporting-entity', id: entity.id }] } },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(UUID);
    expect(res.body.data.relationships).toEqual({
      client: { data: { type: 'client', id: client.id } },
      readAccessToReportingEntities: { data: [{ type: 'reporting-entity', id: entity.id }] },
    });
    const patched = await h.patch(`/api/v2/users/${res.body.data.id}`, {
      data: {
        id: res.body.data.id,
        type: 'user',
        attributes: { lastName: 'Berg-Lind' },
        relationships: { readAccessToReportingEntities: { data: [] } },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toEqual({
      firstName: 'Ada',
      lastName: 'Berg-Lind',
      contactEmail: 'ada@example.com',
    });
    expect(patched.body.data.relationships.readAccessToReportingEntities).toEqual({ data: [] });
    expect((await h.get(`/api/v2/clients/${client.id}/users`)).body.data).toHaveLength(1);
    expect((await h.del(`/api/v2/users/${res.body.data.id}`)).status).toBe(204);
    expect((await h.get(`/api/v2/users/${res.body.data.id}`)).status).toBe(404);
  });

  it('refuses a user without the required fields, with every rule in the detail', async () => {
    const { client } = seed();
    const res = await h.post(`/api/v2/clients/${client.id}/users`, {
      data: { type: 'user', attributes: { firstName: 'Ada', contactEmail: 'not-an-email' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toBe(
      'data.attributes.lastName is required; data.attributes.contactEmail must be an e-mail address, got "not-an-email"',
    );
  });

  it('creates a valid invite with a link and a 60-day expiration, defaulting restrictedToEmail to the contact e-mail', async () => {
    const { user } = seedUser();
    const res = await h.post(`/api/v2/users/${user.id}/invites`, {
      data: { type: 'invite', attributes: { restrictedToIdentityProvider: 'google' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(UUID);
    expect(res.body.data.attributes).toEqual({
      state: 'valid',
      link: expect.stringMatching(/^https:\/\/app\.example\.com\/-\/invite\/[A-Za-z0-9_-]{32}$/),
      restrictedToIdentityProvider: 'google',
      restrictedToEmail: 'ada@example.com',
      expiration: '2024-06-30T10:00:00.000Z',
    });
    expect(res.body.data.relationships).toEqual({ user: { data: { type: 'user', id: user.id } } });
    const bad = await h.post(`/api/v2/users/${user.id}/invites`, {
      data: { type: 'invite', attributes: { restrictedToIdentityProvider: 'facebook' } },
    });
    expect(bad.status).toBe(400);
    // No body at all is an invite without restrictions.
    expect((await h.post(`/api/v2/users/${user.id}/invites`)).body.data.attributes.restrictedToIdentityProvider).toBe(
      '',
    );
  });

  it('cancels a valid invite (204 → cancelled); a second cancellation is a 409; another user is a 404', async () => {
    const { client, user } = seedUser();
    const other = h.mock.store.users.add({
      clientId: client.id,
      firstName: 'Bo',
      lastName: 'Berg',
      contactEmail: 'bo@example.com',
    });
    const invite = (await h.post(`/api/v2/users/${user.id}/invites`, { data: { type: 'invite' } })).body.data;
    expect(
      (
        await h.post(`/api/v2/users/${other.id}/invites/${invite.id}/cancellation`, {
          data: { type: 'invite-cancellation' },
        })
      ).status,
    ).toBe(404);
    const cancel = await h.post(`/api/v2/users/${user.id}/invites/${invite.id}/cancellation`, {
      data: { type: 'invite-cancellation' },
    });
    expect(cancel.status).toBe(204);
    expect(cancel.body).toBeUndefined();
    expect((await h.get(`/api/v2/users/${user.id}/invites`)).body.data[0].attributes.state).toBe('cancelled');
    const again = await h.post(`/api/v2/users/${user.id}/invites/${invite.id}/cancellation`, {
      data: { type: 'invite-cancellation' },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].detail).toBe(`invite ${invite.id} is cancelled; only a valid invite can be cancelled`);
  });

  it('lists invites in every state: used (store), expired (clock), valid', async () => {
    const { user } = seedUser();
    const used = h.mock.store.invites.add({ userId: user.id });
    h.mock.store.invites.setState(used.id, 'used');
    h.mock.store.invites.add({ userId: user.id });
    now = new Date('2024-06-15T00:00:00.000Z');
    h.mock.store.invites.add({ userId: user.id });
    now = new Date('2024-07-01T00:00:00.000Z');
    const states = (await h.get(`/api/v2/users/${user.id}/invites`)).body.data.map(
      (i: { attributes: { state: string } }) => i.attributes.state,
    );
    expect(states).toEqual(['used', 'expired', 'valid']);
  });
});
