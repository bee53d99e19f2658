/**
 * Every form JSON:API 1.1 allows is read (issue 14, item 9): the specification's own example documents
 * (jsonapi.org/format/1.1, "Top Level", "Resource Objects", "Links", "Resource Linkage", "Extensions"), adapted
 * to this service's resource types, decode through real client methods with every member kept: link objects
 * `{ href, title, meta }` and null links, null and empty linkage, relationships with only `links` or `meta`,
 * `meta` and `links` on resources, top-level `jsonapi`, `meta` and extension members. `links.next` given as a
 * link object is followed; `null` ends the list.
 */
import { describe, expect, it } from 'vitest';
import { attributesOf } from '../../src/index.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const ACCOUNT = { externalIdentifier: 'CH93-0076', ccyCode: 'CHF', excludeFromReporting: false };

/** The spec's compound document ("Top Level"), with this service's types. */
const compound = {
  jsonapi: {
    version: '1.1',
    ext: ['https://jsonapi.org/ext/atomic'],
    profile: ['http://example.com/profiles/flexible-pagination'],
  },
  links: {
    self: 'https://prs.test/api/v2/legal-entities/le1/accounts',
    next: null,
    last: { href: 'https://prs.test/x?page=1', title: 'Last page' },
  },
  meta: { copyright: 'Copyright 2024 Example Corp.', authors: ['Erika Muster'] },
  'atomic:results': [],
  data: [
    {
      type: 'account',
      id: 'acc1',
      attributes: ACCOUNT,
      relationships: {
        legalEntity: {
          links: {
            self: 'https://prs.test/api/v2/accounts/acc1/relationships/legal-entity',
            related: 'https://prs.test/api/v2/accounts/acc1/legal-entity',
          },
          data: { type: 'legal-entity', id: 'le1' },
        },
        depository: { data: null },
        depositories: { data: [] },
        accountOwner: { meta: { note: 'a relationship with meta only' } },
      },
      links: { self: { href: 'https://prs.test/api/v2/accounts/acc1', title: 'Account', meta: { count: 1 } } },
      meta: { createdAt: '2024-01-02T10:00:00Z' },
    },
  ],
  included: [
    {
      type: 'legal-entity',
      id: 'le1',
      attributes: { name: 'Muster AG' },
      links: { self: 'https://prs.test/api/v2/legal-entities/le1' },
    },
  ],
};

describe('the specification’s example documents', () => {
  it('a compound document with links, link objects, null and empty linkage, meta and extension members decodes whole', async () => {
    const { prs } = recordingClient({ body: compound });
    const [account] = await prs.legalEntities.accounts.list('le1');
    expect(account).toEqual(compound.data[0]);
    expect(account?.relationships?.depository?.data).toBeNull();
    expect(account?.relationships?.depositories?.data).toEqual([]);
    expect((account as unknown as { meta: unknown }).meta).toEqual({ createdAt: '2024-01-02T10:00:00Z' });
    expect(attributesOf(account)).toEqual(ACCOUNT);
  });

  it('a single resource with a link object as self and a relationship with only links', async () => {
    const doc = {
      jsonapi: { version: '1.1' },
      data: {
        type: 'account',
        id: 'acc1',
        attributes: ACCOUNT,
        relationships: {
          legalEntity: {
            links: { related: { href: 'https://prs.test/api/v2/legal-entities/le1', meta: { count: 1 } } },
          },
        },
        links: {
          self: { href: 'https://prs.test/api/v2/accounts/acc1', describedby: 'https://prs.test/schemas/account' },
        },
      },
      links: { self: 'https://prs.test/api/v2/accounts/acc1' },
      meta: { 'version:id': 'v3' },
    };
    const { prs } = recordingClient({ body: doc });
    expect(await prs.accounts.retrieve('acc1')).toEqual(doc.data);
  });
});

describe('links.next in each form', () => {
  it('a link object `{ href }` is followed; `null` ends the list', async () => {
    const page2 = 'https://prs.test/api/v2/legal-entities/le1/accounts?page%5Bnumber%5D=2';
    const { prs, requests } = recordingClient((_req, i) => ({
      body: {
        data: [{ type: 'account', id: `acc${i + 1}`, attributes: ACCOUNT }],
        links: { next: i === 0 ? { href: page2, title: 'Next page', meta: { page: 2 } } : null },
      },
    }));
    const accounts = await prs.legalEntities.accounts.list('le1');
    expect(accounts.map((a) => a.id)).toEqual(['acc1', 'acc2']);
    expect(requests.map((r) => r.url)).toEqual(['https://prs.test/api/v2/legal-entities/le1/accounts', page2]);
  });
});
