/** Rows 51–58: users and their invites. */
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../src/index.js';
import { type E2E, failure, UUID } from '../harness.js';

export function usersArea(e: E2E): void {
  describe('users and invites', () => {
    it('create with read access → retrieve → listed → update (the full user back) → delete → 404', async () => {
      const client = await e.prs.clients.create({ attributes: { name: 'Users' } });
      const entity = await e.prs.clients.reportingEntities.create(client.id, { attributes: { name: 'Users family' } });
      const erika = await e.prs.clients.users.create(client.id, {
        attributes: { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' },
        relationships: { readAccessToReportingEntities: [entity.id] },
      });
      expect(erika).toEqual({
        id: expect.stringMatching(UUID),
        type: 'user',
        attributes: { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' },
        relationships: {
          client: { data: { type: 'client', id: client.id } },
          readAccessToReportingEntities: { data: [{ type: 'reporting-entity', id: entity.id }] },
        },
      });
      const others = [];
      for (const firstName of ['Hans', 'Lena'])
        others.push(
          await e.prs.clients.users.create(client.id, {
            attributes: { firstName, lastName: 'Muster', contactEmail: `${firstName.toLowerCase()}@example.com` },
          }),
        );
      expect(await e.prs.users.retrieve(erika.id)).toEqual(erika);
      expect((await e.prs.clients.users.list(client.id)).map((u) => u.attributes.firstName)).toEqual([
        'Erika',
        'Hans',
        'Lena',
      ]);

      const updated = await e.prs.users.update(erika.id, { attributes: { lastName: 'Mustermann' } });
      expect(updated).toEqual({ ...erika, attributes: { ...erika.attributes, lastName: 'Mustermann' } });
      expect(await e.prs.users.retrieve(erika.id)).toEqual(updated);

      const hans = others[0]?.id as string;
      await e.prs.users.delete(hans);
      await failure(() => e.prs.users.retrieve(hans), NotFoundError);
      expect((await e.prs.clients.users.list(client.id)).map((u) => u.attributes.firstName)).toEqual(['Erika', 'Lena']);
    });

    it('invites: create (valid, with a link) → listed in every state → cancel (204) → cancelled; cancelling again → 409', async () => {
      const client = await e.prs.clients.create({ attributes: { name: 'Invites' } });
      const user = await e.prs.clients.users.create(client.id, {
        attributes: { firstName: 'Ola', lastName: 'Nordmann', contactEmail: 'ola@example.com' },
      });
      const invite = await e.prs.users.invites.create(user.id, {
        attributes: { restrictedToIdentityProvider: 'microsoft' },
      });
      expect(invite.id).toMatch(UUID);
      expect(invite.attributes).toEqual({
        state: 'valid',
        link: expect.stringMatching(/^https:\/\/app\.reporting\.test\/-\/invite\/[A-Za-z0-9_-]+$/),
        restrictedToIdentityProvider: 'microsoft',
        restrictedToEmail: 'ola@example.com', // the user's contact e-mail by default
        expiration: expect.any(String),
      });
      const plain = await e.prs.users.invites.create(user.id);
      const third = await e.prs.users.invites.create(user.id, {
        attributes: { restrictedToEmail: 'ola.private@example.com' },
      });
      expect([plain.attributes.restrictedToEmail, third.attributes.restrictedToEmail]).toEqual([
        'ola@example.com',
        'ola.private@example.com',
      ]);
      await e.prs.users.invites.cancel(user.id, invite.id);
      const listed = await e.prs.users.invites.list(user.id);
      expect(listed.map((i) => [i.id, i.attributes.state])).toEqual([
        [invite.id, 'cancelled'],
        [plain.id, 'valid'],
        [third.id, 'valid'],
      ]);
      const again = await failure(() => e.prs.users.invites.cancel(user.id, invite.id), ConflictError);
      expect(again.errors[0]?.detail).toBe(`invite ${invite.id} is cancelled; only a valid invite can be cancelled`);
    });
  });
}
