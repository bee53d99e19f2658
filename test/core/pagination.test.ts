/**
 * Lists over several pages via `links.next` (absolute and relative), awaited whole or walked lazily.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError, PortfolioReportingError } from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { bond, client, stock, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();

const LIST = '/api/v3/instruments/re-1/private-instruments';

/** Three pages: the first links absolutely, the second relatively, the third has `next: null`. */
function threePages() {
  server.handle((req, res) => {
    const page = new URL(req.url, server.url).searchParams.get('page') ?? '1';
    if (page === '1')
      return json(res, 200, { data: [bond('b1'), stock('s1')], links: { next: `${server.url}${LIST}?page=2` } });
    if (page === '2')
      return json(res, 200, { data: [bond('b2')], links: { self: `${LIST}?page=2`, next: `${LIST}?page=3` } });
    json(res, 200, { data: [stock('s3'), bond('b3')], links: { next: null } }, { 'x-request-id': 'last-page' });
  });
}

describe('links.next', () => {
  it('await resolves to every item of every page, in order', async () => {
    threePages();
    const items = await client(server.url).instruments.listPrivate('re-1');
    expect(items.map((i) => i.id)).toEqual(['b1', 's1', 'b2', 's3', 'b3']);
    expect(items[1]).toEqual(stock('s1'));
    expect(server.requests.map((r) => r.url)).toEqual([LIST, `${LIST}?page=2`, `${LIST}?page=3`]);
    expect(server.requests.every((r) => r.headers.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it('.withResponse() gives every item and the last page’s response', async () => {
    threePages();
    const { data, response } = await client(server.url).instruments.listPrivate('re-1').withResponse();
    expect(data).toHaveLength(5);
    expect(response.headers.get('x-request-id')).toBe('last-page');
  });

  it('nothing is fetched until the list is awaited or iterated', async () => {
    threePages();
    const list = client(server.url).instruments.listPrivate('re-1');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.requests).toHaveLength(0);
    await list;
    expect(server.requests).toHaveLength(3);
  });

  it('for await yields item by item, fetching the next page only when the current one is consumed', async () => {
    threePages();
    const seen: [string, number][] = [];
    for await (const item of client(server.url).instruments.listPrivate('re-1'))
      seen.push([item.id, server.requests.length]);
    expect(seen).toEqual([
      ['b1', 1],
      ['s1', 1],
      ['b2', 2],
      ['s3', 3],
      ['b3', 3],
    ]);
  });

  it('breaking out of for await fetches no further page', async () => {
    threePages();
    for await (const item of client(server.url).instruments.listPrivate('re-1')) if (item.id === 's1') break;
    expect(server.requests).toHaveLength(1);
  });

  it('.pages() walks page by page with each response', async () => {
    threePages();
    const pages = [];
    for await (const page of client(server.url).instruments.listPrivate('re-1').pages())
      pages.push(page.items.map((i) => i.id));
    expect(pages).toEqual([['b1', 's1'], ['b2'], ['s3', 'b3']]);
  });

  it('an empty list is []', async () => {
    server.handle((_req, res) => json(res, 200, { data: [] }));
    await expect(client(server.url).instruments.listPrivate('re-1')).resolves.toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('an error on a later page rejects the list', async () => {
    server.handle((req, res) =>
      req.url.includes('page=2')
        ? json(res, 404, { errors: [{ status: 404, detail: 'page gone' }] })
        : json(res, 200, { data: [bond('b1')], links: { next: `${LIST}?page=2` } }),
    );
    await expect(client(server.url).instruments.listPrivate('re-1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a next link to another origin (the token is not sent there) and one that points to itself', async () => {
    server.handle((_req, res) =>
      json(res, 200, { data: [bond('b1')], links: { next: 'https://elsewhere.example/page2' } }),
    );
    await expect(client(server.url).instruments.listPrivate('re-1')).rejects.toThrow(
      `GET ${server.url}${LIST}: links.next points to another origin (https://elsewhere.example); the SDK does not send your token there.`,
    );
    server.handle((_req, res) => json(res, 200, { data: [bond('b1')], links: { next: LIST } }));
    await expect(client(server.url).instruments.listPrivate('re-1')).rejects.toBeInstanceOf(PortfolioReportingError);
    expect(server.requests).toHaveLength(2);
  });
});
