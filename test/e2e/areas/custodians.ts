/** Rows 59–67: custodians and custodian authorities, with the 400s the reference documents. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  consentFiles,
  NotFoundError,
  type PortfolioReporting,
  WaitForStatusError,
} from '../../../src/index.js';
import { type E2E, failure, UUID } from '../harness.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A legal entity and an authority of flow nordbank-v2 with both files uploaded, ready for consent. */
async function readyForConsent(prs: PortfolioReporting, name: string) {
  const client = await prs.clients.create({ attributes: { name } });
  const le = await prs.clients.legalEntities.create(client.id, { attributes: { name: `${name} AB` } });
  const authority = await prs.legalEntities.custodianAuthorities.create(le.id, { custodianAuthFlowId: 'nordbank-v2' });
  for (const file of authority.attributes.pendingFiles)
    await prs.custodianAuthorities.files.upload(authority.id, {
      name: file,
      file: new TextEncoder().encode(`${name} ${file}`),
      filename: `${file}.pdf`,
    });
  return { le, authority };
}

const consentOf = (
  files: Parameters<typeof consentFiles>[0],
  more: { consentType: 'all' } | { consentType: 'specific'; depositoryNumbers?: string[]; accountNumbers?: string[] },
) => ({
  legalEntityIdentifier: '5299000J2N45DDNE4Y28',
  custodianIdentifier: 'nordbank',
  files: consentFiles(files),
  ...more,
});

export function custodiansArea(e: E2E): void {
  describe('custodians and custodian authorities', () => {
    it('custodians: the seeded ones, identifier, name and country', async () => {
      expect((await e.prs.custodians.list()).map((c) => c.attributes)).toEqual([
        { identifier: 'nordbank', name: 'Nordbank', country: 'SE' },
        { identifier: 'alpen-privatbank', name: 'Alpen Privatbank', country: 'CH' },
      ]);
    });

    it('create → upload files (hashes) → consent (all) → operator and custodian → link → active → revoke → revoked', async () => {
      const client = await e.prs.clients.create({ attributes: { name: 'Authority' } });
      const le = await e.prs.clients.legalEntities.create(client.id, { attributes: { name: 'Authority AB' } });
      const answer = await e.prs.legalEntities.custodianAuthorities
        .create(le.id, { custodianAuthFlowId: 'nordbank-v2' })
        .withResponse();
      expect([answer.response.status, answer.created]).toEqual([201, true]);
      const authority = answer.data;
      expect(authority.id).toMatch(UUID);
      expect(authority.attributes).toEqual({
        status: 'waiting-for-files',
        pendingFiles: ['power-of-attorney', 'consent'],
        linkedDepositories: [],
        linkedAccounts: [],
      });
      expect(authority.relationships?.custodianAuthFlow?.data).toEqual({
        type: 'custodian-auth-flow',
        id: 'nordbank-v2',
      });

      const poa = await e.prs.custodianAuthorities.files.upload(authority.id, {
        name: 'power-of-attorney',
        file: new Blob(['signed power of attorney']),
        filename: 'poa.pdf',
      });
      expect(poa.attributes).toEqual({
        name: 'power-of-attorney',
        filename: 'poa.pdf',
        hash: `sha2-256:${sha256('signed power of attorney')}`,
        uploadedAt: expect.any(String),
      });
      expect((await e.prs.custodianAuthorities.retrieve(authority.id)).attributes.pendingFiles).toEqual(['consent']);
      await e.prs.custodianAuthorities.files.upload(authority.id, {
        name: 'consent',
        file: new TextEncoder().encode('consent form'),
        filename: 'consent.pdf',
      });
      const files = await e.prs.custodianAuthorities.files.list(authority.id);
      expect(files.map((f) => [f.attributes.name, f.attributes.hash])).toEqual([
        ['power-of-attorney', `sha2-256:${sha256('signed power of attorney')}`],
        ['consent', `sha2-256:${sha256('consent form')}`],
      ]);
      await e.prs.custodianAuthorities.waitForStatus(authority.id, 'waiting-for-consent', {
        interval: 10,
        timeout: 1000,
      });

      await e.prs.custodianAuthorities.consent(authority.id, consentOf(files, { consentType: 'all' }));
      expect((await e.prs.custodianAuthorities.retrieve(authority.id)).attributes.status).toBe('awaiting-operator');
      e.mock.store.custodianAuthorities.advance(authority.id, 'awaiting-custodian');
      await e.prs.custodianAuthorities.link(authority.id, { type: 'account', resourceNumber: 'SE-ACC-77' });
      await e.prs.custodianAuthorities.link(authority.id, { type: 'depository', resourceNumber: 'SE-DEP-77' });
      const waiting = await e.prs.custodianAuthorities.retrieve(authority.id);
      expect([waiting.attributes.linkedAccounts, waiting.attributes.linkedDepositories]).toEqual([
        [{ accountNumber: 'SE-ACC-77', accountId: null, status: 'in-progress' }],
        [{ depositoryNumber: 'SE-DEP-77', depositoryId: null, status: 'in-progress' }],
      ]);
      setTimeout(() => e.mock.store.custodianAuthorities.advance(authority.id, 'active'), 30);
      const active = await e.prs.custodianAuthorities.waitForStatus(authority.id, 'active', {
        interval: 10,
        timeout: 2000,
      });
      const [account] = await e.prs.legalEntities.accounts.list(le.id);
      expect(active.attributes.linkedAccounts).toEqual([
        { accountNumber: 'SE-ACC-77', accountId: account?.id, status: 'active' },
      ]);
      expect(account?.attributes.externalIdentifier).toBe('SE-ACC-77');
      expect(
        (await e.prs.legalEntities.custodianAuthorities.list(le.id)).map((a) => [a.id, a.attributes.status]),
      ).toEqual([[authority.id, 'active']]);

      expect(await e.prs.custodianAuthorities.revoke(authority.id)).toEqual({
        custodianAuthorityId: authority.id,
        status: 'revoke-in-progress',
      });
      e.mock.store.custodianAuthorities.advance(authority.id, 'revoked');
      const revoked = await e.prs.custodianAuthorities.waitForStatus(authority.id, 'revoked', {
        interval: 10,
        timeout: 1000,
      });
      expect(revoked.attributes).toEqual({
        status: 'revoked',
        pendingFiles: [],
        linkedDepositories: [],
        linkedAccounts: [],
      });
      const again = await failure(() => e.prs.custodianAuthorities.revoke(authority.id), ConflictError);
      expect(again.errors[0]?.detail).toContain('is revoked; it can be revoked only while');
    });

    it('the documented 400s: an outdated flow, a second "all", overlapping "specific" numbers, linking a "specific" one; and 404s', async () => {
      const first = await readyForConsent(e.prs, 'Refusals');
      const outdated = await failure(
        () => e.prs.legalEntities.custodianAuthorities.create(first.le.id, { custodianAuthFlowId: 'nordbank-v1' }),
        BadRequestError,
      );
      expect(outdated.errors).toEqual([
        { status: 400, detail: 'custodian auth flow nordbank-v1 is outdated; use nordbank-v2' },
      ]);
      await failure(
        () => e.prs.legalEntities.custodianAuthorities.create(first.le.id, { custodianAuthFlowId: 'no-such-flow' }),
        NotFoundError,
      );
      await failure(
        () =>
          e.prs.legalEntities.custodianAuthorities.create('000000000000000000000000', {
            custodianAuthFlowId: 'nordbank-v2',
          }),
        NotFoundError,
      );

      await e.prs.custodianAuthorities.consent(
        first.authority.id,
        consentOf(await e.prs.custodianAuthorities.files.list(first.authority.id), { consentType: 'all' }),
      );
      const second = await e.prs.legalEntities.custodianAuthorities.create(first.le.id, {
        custodianAuthFlowId: 'nordbank-v2',
      });
      for (const file of second.attributes.pendingFiles)
        await e.prs.custodianAuthorities.files.upload(second.id, {
          name: file,
          file: new TextEncoder().encode(file),
          filename: `${file}.pdf`,
        });
      const secondFiles = await e.prs.custodianAuthorities.files.list(second.id);
      const twice = await failure(
        () => e.prs.custodianAuthorities.consent(second.id, consentOf(secondFiles, { consentType: 'all' })),
        BadRequestError,
      );
      expect(twice.errors[0]?.detail).toBe(
        `legal entity ${first.le.id} already has an authority with consent type "all" for custodian nordbank (${first.authority.id}); only one is allowed`,
      );

      const specific = await readyForConsent(e.prs, 'Specific');
      await e.prs.custodianAuthorities.consent(
        specific.authority.id,
        consentOf(await e.prs.custodianAuthorities.files.list(specific.authority.id), {
          consentType: 'specific',
          depositoryNumbers: ['D-1'],
          accountNumbers: ['A-1'],
        }),
      );
      const overlapping = await e.prs.legalEntities.custodianAuthorities.create(specific.le.id, {
        custodianAuthFlowId: 'nordbank-v2',
      });
      for (const file of overlapping.attributes.pendingFiles)
        await e.prs.custodianAuthorities.files.upload(overlapping.id, {
          name: file,
          file: new TextEncoder().encode(file),
          filename: `${file}.pdf`,
        });
      const overlapped = await failure(
        async () =>
          e.prs.custodianAuthorities.consent(
            overlapping.id,
            consentOf(await e.prs.custodianAuthorities.files.list(overlapping.id), {
              consentType: 'specific',
              accountNumbers: ['A-1', 'A-2'],
            }),
          ),
        BadRequestError,
      );
      expect(overlapped.errors[0]?.detail).toBe(
        'the numbers A-1 overlap an existing authority of this legal entity and custodian; specific authorities must not overlap',
      );
      const link = await failure(
        () => e.prs.custodianAuthorities.link(specific.authority.id, { type: 'account', resourceNumber: 'A-3' }),
        BadRequestError,
      );
      expect(link.errors[0]?.detail).toMatch(/^linking is allowed only for authorities with consent type "all"/);

      // Nobody moves it: waitForStatus gives up with the last status it saw.
      const stuck = await failure(
        () => e.prs.custodianAuthorities.waitForStatus(overlapping.id, 'active', { interval: 10, timeout: 50 }),
        WaitForStatusError,
      );
      expect([stuck.reason, stuck.lastStatus]).toEqual(['timeout', 'waiting-for-consent']);
    });
  });
}
