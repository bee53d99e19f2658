/**
 * Pagination cannot loop (issue 14, item 4): a walk remembers every page URL it read, so a `links.next` back to
 * any of them — A → B → A, A → B → C → A — ends it with an error naming the URL, after exactly one request per
 * page; `maxPages` ends a longer list with an error, never a silently shortened one. Against a real node:http
 * server, through `await`, `for await`, `.pages()` and a compound list (holdings).
 */
import { describe, expect, it } from 'vitest';
import { PortfolioReportingError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { client, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();
const PATH = '/api/v2/legal-entities/le1/accounts';
const account = (id: string) => ({
  id,
  type: 'account',
  attributes: { externalIdentifier: id, ccyCode: 'CHF', excludeFromReporting: false },
});

/** Page `a` is the list's own URL (the first page); the others carry `?page=`. */
const urlOf = (page: string) => `${server.url}${PATH}${page === 'a' ? '' : `?page=${page}`}`;

/** Pages named by `?page=`: each answers one account and a next link to the page `next` names. */
function pages(next: Record<string, string | null>) {
  server.handle((req, res) => {
    const page = new URL(req.url, server.url).searchParams.get('page') ?? 'a';
    const to = next[page];
    json(res, 200, { data: [account(page)], links: { next: to ? urlOf(to) : null } });
  });
}

describe('a next link back to a page already read', () => {
  it.each([
    ['A → B → A', { a: 'b', b: 'a' }, 2, 'a'],
    ['A → B → C → A', { a: 'b', b: 'c', c: 'a' }, 3, 'a'],
    ['A → B → C → B', { a: 'b', b: 'c', c: 'b' }, 3, 'b'],
  ])(
    '%s ends the walk after one request per page, naming the repeated URL',
    async (_name, next, requests, repeated) => {
      pages(next);
      const error = await client(server.url)
        .legalEntities.accounts.list('le1')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortfolioReportingError);
      expect((error as Error).message).toContain(
        `points back to ${urlOf(repeated)}, read before; stopping a pagination cycle`,
      );
      expect(server.requests).toHaveLength(requests);
    },
  );

  it('ends `for await` too, after yielding the pages read', async () => {
    pages({ a: 'b', b: 'a' });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const a of client(server.url).legalEntities.accounts.list('le1')) seen.push(a.id);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['a', 'b']);
    expect((error as Error).message).toContain('stopping a pagination cycle');
    expect(server.requests).toHaveLength(2);
  });
});

describe('maxPages', () => {
  it('a list longer than maxPages is an error after exactly maxPages requests; a list that fits is whole', async () => {
    pages({ a: 'b', b: 'c', c: 'd', d: null });
    const prs = client(server.url);
    const error = await prs.legalEntities.accounts.list('le1', { maxPages: 2 }).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      `the list has more than maxPages (2) pages; stopped before ${server.url}${PATH}?page=c`,
    );
    expect(server.requests).toHaveLength(2);
    const whole = await prs.legalEntities.accounts.list('le1', { maxPages: 4 });
    expect(whole.map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('applies to a compound list (holdings)', async () => {
    server.handle((req, res) => {
      const page = Number(new URL(req.url, server.url).searchParams.get('p') ?? 1);
      json(res, 200, {
        data: [
          {
            id: `h${page}`,
            type: 'asset-holding',
            attributes: { ccyCode: 'CHF', date: '2024-01-02', marketValue: 1, unitsInHolding: 1 },
            relationships: {
              reportingEntity: { data: { type: 'reporting-entity', id: 're1' } },
              portfolio: { data: { type: 'portfolio', id: 'p1' } },
              asset: { data: { type: 'stock-asset', id: 'a1' } },
            },
          },
        ],
        links: { next: `${server.url}/api/v2/asset-holdings/reporting-entities/re1?p=${page + 1}` },
      });
    });
    const error = await client(server.url)
      .assetHoldings.list('re1', { fromDate: '2024-01-01', toDate: '2024-01-31' }, { maxPages: 3 })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('more than maxPages (3) pages');
    expect(server.requests).toHaveLength(3);
  });
});
