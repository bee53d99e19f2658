import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Harness, seedStructure, UUID, useHarness } from './harness.js';

const NOW = new Date('2024-05-01T10:00:00.000Z');

function form(content: string, filename: string): FormData {
  const body = new FormData();
  body.set('file', new Blob([content], { type: 'application/pdf' }), filename);
  return body;
}

/** Creates an authority on the current Nordbank flow and uploads both of its files. */
async function readyForConsent(h: Harness, legalEntityId: string) {
  const authority = (
    await h.post(`/api/v2/legal-entities/${legalEntityId}/custodian-authorities`, undefined, {
      custodianAuthFlowId: 'nordbank-v2',
    })
  ).body.data;
  const files = [];
  for (const name of ['power-of-attorney', 'consent']) {
    files.push(
      (
        await h.call('POST', `/api/v2/custodian-authorities/${authority.id}/files`, {
          query: { name },
          body: form(`${name} of ${authority.id}`, `${name}.pdf`),
        })
      ).body.data,
    );
  }
  const consentFiles = files.map((f) => {
    const [hashAlgorithm, hashValue] = f.attributes.hash.split(':');
    return { name: f.attributes.name, hashAlgorithm, hashValue };
  });
  return { id: authority.id as string, consentFiles };
}

const consentBody = (files: unknown, extra: Record<string, unknown> = {}) => ({
  data: { legalEntityIdentifier: '556677-8899', custodianIdentifier: 'nordbank', consentType: 'all', files, ...extra },
});

describe('custodians and custodian authorities', () => {
  const h = useHarness({ now: () => NOW });

  it('lists the seeded custodians', async () => {
    const res = await h.get('/api/v2/custodians');
    expect(res.body.data.map((c: { attributes: unknown }) => c.attributes)).toEqual([
      { identifier: 'nordbank', name: 'Nordbank', country: 'SE' },
      { identifier: 'alpen-privatbank', name: 'Alpen Privatbank', country: 'CH' },
    ]);
  });

  it('creates an authority in waiting-for-files with the flow’s expected files (201, UUID)', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const res = await h.post(`/api/v2/legal-entities/${legalEntity.id}/custodian-authorities`, undefined, {
      custodianAuthFlowId: 'nordbank-v2',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(UUID);
    expect(res.body.data.attributes).toEqual({
      status: 'waiting-for-files',
      pendingFiles: ['power-of-attorney', 'consent'],
      linkedDepositories: [],
      linkedAccounts: [],
    });
    expect(res.body.data.relationships).toEqual({
      custodian: { data: { type: 'custodian', id: h.mock.store.custodians.byIdentifier('nordbank')?.id } },
      custodianAuthFlow: { data: { type: 'custodian-auth-flow', id: 'nordbank-v2' } },
      legalEntity: { data: { type: 'legal-entity', id: legalEntity.id } },
    });
    expect((await h.get(`/api/v2/legal-entities/${legalEntity.id}/custodian-authorities`)).body.data).toHaveLength(1);
  });

  it('refuses an outdated flow (400), an unknown flow or legal entity (404)', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const outdated = await h.post(`/api/v2/legal-entities/${legalEntity.id}/custodian-authorities`, undefined, {
      custodianAuthFlowId: 'nordbank-v1',
    });
    expect(outdated.status).toBe(400);
    expect(outdated.body.errors[0].detail).toBe('custodian auth flow nordbank-v1 is outdated; use nordbank-v2');
    expect(
      (
        await h.post(`/api/v2/legal-entities/${legalEntity.id}/custodian-authorities`, undefined, {
          custodianAuthFlowId: 'nope',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.post('/api/v2/legal-entities/nope/custodian-authorities', undefined, {
          custodianAuthFlowId: 'nordbank-v2',
        })
      ).status,
    ).toBe(404);
  });

  it('stores an upload with the sha2-256 of its bytes and moves to waiting-for-consent when all files are in', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const id = (
      await h.post(`/api/v2/legal-entities/${legalEntity.id}/custodian-authorities`, undefined, {
        custodianAuthFlowId: 'nordbank-v2',
      })
    ).body.data.id;
    const wrongName = await h.call('POST', `/api/v2/custodian-authorities/${id}/files`, {
      query: { name: 'passport' },
      body: form('x', 'x.pdf'),
    });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.errors[0].detail).toBe(
      'query parameter name must be one of the flow\'s expected files (power-of-attorney, consent), got "passport"',
    );
    const up = await h.call('POST', `/api/v2/custodian-authorities/${id}/files`, {
      query: { name: 'power-of-attorney' },
      body: form('signed POA', 'poa-scan.pdf'),
    });
    expect(up.status).toBe(201);
    expect(up.body.data).toEqual({
      id: up.body.data.id,
      type: 'custodian-authority-file',
      attributes: {
        hash: `sha2-256:${createHash('sha256').update('signed POA').digest('hex')}`,
        name: 'power-of-attorney',
        uploadedAt: NOW.toISOString(),
        filename: 'poa-scan.pdf',
      },
    });
    expect(up.body.data.id).toMatch(UUID);
    expect((await h.get(`/api/v2/custodian-authorities/${id}`)).body.data.attributes.pendingFiles).toEqual(['consent']);
    const notMultipart = await h.call('POST', `/api/v2/custodian-authorities/${id}/files`, {
      query: { name: 'consent' },
      body: { data: {} },
    });
    expect(notMultipart.status).toBe(415);
    const twoParts = form('consent', 'c.pdf');
    twoParts.set('note', 'hello');
    const extra = await h.call('POST', `/api/v2/custodian-authorities/${id}/files`, {
      query: { name: 'consent' },
      body: twoParts,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].detail).toBe(
      'the body must have exactly one part, a file named "file"; got parts: file, note',
    );
    await h.call('POST', `/api/v2/custodian-authorities/${id}/files`, {
      query: { name: 'consent' },
      body: form('consent', 'c.pdf'),
    });
    const after = (await h.get(`/api/v2/custodian-authorities/${id}`)).body.data.attributes;
    expect(after.status).toBe('waiting-for-consent');
    expect(after.pendingFiles).toEqual([]);
    expect((await h.get(`/api/v2/custodian-authorities/${id}/files`)).body.data).toHaveLength(2);
    const late = await h.call('POST', `/api/v2/custodian-authorities/${id}/files`, {
      query: { name: 'consent' },
      body: form('again', 'c.pdf'),
    });
    expect(late.status).toBe(409);
  });

  it('accepts consent only while waiting-for-consent (409 before), then awaiting-operator (204)', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const early = (
      await h.post(`/api/v2/legal-entities/${legalEntity.id}/custodian-authorities`, undefined, {
        custodianAuthFlowId: 'nordbank-v2',
      })
    ).body.data.id;
    const tooEarly = await h.post(`/api/v2/custodian-authorities/${early}/consent`, consentBody([]));
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.errors[0].detail).toBe(
      `custodian authority ${early} is waiting-for-files; consent is accepted only while waiting-for-consent`,
    );
    const { id, consentFiles } = await readyForConsent(h, legalEntity.id);
    const ok = await h.post(`/api/v2/custodian-authorities/${id}/consent`, consentBody(consentFiles));
    expect(ok.status).toBe(204);
    expect((await h.get(`/api/v2/custodian-authorities/${id}`)).body.data.attributes.status).toBe('awaiting-operator');
  });

  it('checks the consent: file hashes, custodian, numbers with all, one all per legal entity and custodian', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const a = await readyForConsent(h, legalEntity.id);
    const badHash = a.consentFiles.map((f, i) => (i === 0 ? { ...f, hashValue: '00' } : f));
    const res = await h.post(
      `/api/v2/custodian-authorities/${a.id}/consent`,
      consentBody(badHash, { custodianIdentifier: 'alpen-privatbank', depositoryNumbers: ['1'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toBe(
      'data.custodianIdentifier must be "nordbank", the custodian of this authority; got "alpen-privatbank"; ' +
        'data.files[0] does not match an uploaded file: no file "power-of-attorney" with hash sha2-256:00; ' +
        'data.depositoryNumbers and data.accountNumbers must be omitted for consent type "all" (it covers every depository and account)',
    );
    expect((await h.post(`/api/v2/custodian-authorities/${a.id}/consent`, consentBody(a.consentFiles))).status).toBe(
      204,
    );
    const b = await readyForConsent(h, legalEntity.id);
    const second = await h.post(`/api/v2/custodian-authorities/${b.id}/consent`, consentBody(b.consentFiles));
    expect(second.status).toBe(400);
    expect(second.body.errors[0].detail).toBe(
      `legal entity ${legalEntity.id} already has an authority with consent type "all" for custodian nordbank (${a.id}); only one is allowed`,
    );
  });

  it('refuses specific consents whose numbers overlap; specific numbers start as in-progress links', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const a = await readyForConsent(h, legalEntity.id);
    expect(
      (
        await h.post(
          `/api/v2/custodian-authorities/${a.id}/consent`,
          consentBody(a.consentFiles, { consentType: 'specific', depositoryNumbers: ['D-1', 'D-2'] }),
        )
      ).status,
    ).toBe(204);
    expect((await h.get(`/api/v2/custodian-authorities/${a.id}`)).body.data.attributes.linkedDepositories).toEqual([
      { depositoryNumber: 'D-1', depositoryId: null, status: 'in-progress' },
      { depositoryNumber: 'D-2', depositoryId: null, status: 'in-progress' },
    ]);
    const b = await readyForConsent(h, legalEntity.id);
    const overlap = await h.post(
      `/api/v2/custodian-authorities/${b.id}/consent`,
      consentBody(b.consentFiles, {
        consentType: 'specific',
        depositoryNumbers: ['D-2', 'D-3'],
        accountNumbers: ['A-1'],
      }),
    );
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors[0].detail).toBe(
      'the numbers D-2 overlap an existing authority of this legal entity and custodian; specific authorities must not overlap',
    );
    expect(
      (
        await h.post(
          `/api/v2/custodian-authorities/${b.id}/consent`,
          consentBody(b.consentFiles, { consentType: 'specific', depositoryNumbers: ['D-3'] }),
        )
      ).status,
    ).toBe(204);
    // Links are for consent type all only.
    const link = await h.post(`/api/v2/custodian-authorities/${b.id}/link`, undefined, {
      type: 'account',
      resourceNumber: 'A-9',
    });
    expect(link.status).toBe(400);
    expect(link.body.errors[0].detail).toContain('linking is allowed only for authorities with consent type "all"');
  });

  it('links, then the operator and custodian move it to active: entries become active with ids', async () => {
    const { legalEntity, depository } = seedStructure(h.mock);
    const { id, consentFiles } = await readyForConsent(h, legalEntity.id);
    await h.post(`/api/v2/custodian-authorities/${id}/consent`, consentBody(consentFiles));
    expect(
      (
        await h.post(`/api/v2/custodian-authorities/${id}/link`, undefined, {
          type: 'depository',
          resourceNumber: 'SE-DEP-1',
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await h.post(`/api/v2/custodian-authorities/${id}/link`, undefined, {
          type: 'account',
          resourceNumber: 'NEW-ACC',
        })
      ).status,
    ).toBe(204);
    expect(
      (await h.post(`/api/v2/custodian-authorities/${id}/link`, undefined, { type: 'portfolio', resourceNumber: 'x' }))
        .status,
    ).toBe(400);
    const store = h.mock.store.custodianAuthorities;
    store.advance(id, 'awaiting-custodian');
    expect((await h.get(`/api/v2/custodian-authorities/${id}`)).body.data.attributes.status).toBe('awaiting-custodian');
    store.advance(id, 'awaiting-operator');
    store.advance(id, 'awaiting-custodian');
    store.advance(id, 'active', { ccyCode: 'SEK' });
    const attrs = (await h.get(`/api/v2/custodian-authorities/${id}`)).body.data.attributes;
    const created = h.mock.store.accounts.where((a) => a.externalIdentifier === 'NEW-ACC')[0];
    expect(attrs).toEqual({
      status: 'active',
      pendingFiles: [],
      linkedDepositories: [{ depositoryNumber: 'SE-DEP-1', depositoryId: depository.id, status: 'active' }],
      linkedAccounts: [{ accountNumber: 'NEW-ACC', accountId: created?.id, status: 'active' }],
    });
    expect(created).toMatchObject({ legalEntityId: legalEntity.id, ccyCode: 'SEK' });
    expect(() => store.advance(id, 'cancelled')).toThrow(
      'is active; it can move to cancelled only from waiting-for-files, waiting-for-consent, awaiting-operator, awaiting-custodian',
    );
  });

  it('revokes: 200 with the status, then revoked by the operator; revoking again is a 409', async () => {
    const { legalEntity } = seedStructure(h.mock);
    const { id, consentFiles } = await readyForConsent(h, legalEntity.id);
    await h.post(`/api/v2/custodian-authorities/${id}/consent`, consentBody(consentFiles));
    h.mock.store.custodianAuthorities.advance(id, 'active');
    const res = await h.post(`/api/v2/custodian-authorities/${id}/revoke`, { ignored: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { custodianAuthorityId: id, status: 'revoke-in-progress' } });
    h.mock.store.custodianAuthorities.advance(id, 'revoked');
    expect((await h.get(`/api/v2/custodian-authorities/${id}`)).body.data.attributes.status).toBe('revoked');
    const again = await h.post(`/api/v2/custodian-authorities/${id}/revoke`);
    expect(again.status).toBe(409);
    // A revoked authority no longer counts: a new "all" consent is allowed.
    const next = await readyForConsent(h, legalEntity.id);
    expect(
      (await h.post(`/api/v2/custodian-authorities/${next.id}/consent`, consentBody(next.consentFiles))).status,
    ).toBe(204);
  });
});
