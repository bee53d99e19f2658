/**
 * A request option is refused where it would do nothing, and its errors name the SDK method that was called:
 * `maxPages` on a call that reads one answer was accepted and ignored, `maxPages: 0` read the first page and then
 * failed ("more than maxPages (0) pages"), and an option's error began with the path (`/api/v2/limits/l1/status:`).
 */
import { describe, expect, it } from 'vitest';
import { issuesOf, refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const price = (id: string) => ({ type: 'price', id, attributes: { date: '2024-01-01', value: 1, provider: 'x' } });

describe('request options', () => {
  it('maxPages on a call that reads one answer is refused, naming the method; nothing sent', async () => {
    const { prs, requests } = recordingClient({ body: { data: price('p1') } });
    // As plain JavaScript calls it: the types refuse it too (RequestOptions has no maxPages; lists take ListRequestOptions).
    // @ts-expect-error maxPages is for a list only
    const e = await refusalOf(() => prs.instruments.retrieve('i1', { maxPages: 2 }));
    expect(e.message).toBe(
      'instruments.retrieve: options.maxPages: is for a list only: this call reads one answer (nothing was sent)',
    );
    // prs.request sends one request and reads one answer, whatever its path: it takes RequestOptions.
    // @ts-expect-error maxPages is for a list only
    expect(await issuesOf(() => prs.request({ method: 'GET', path: '/api/v2/clients' }, { maxPages: 1 }))).toEqual([
      {
        path: 'options.maxPages',
        message: 'is for a list only: this call reads one answer',
      },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('maxPages 0 is refused before the first page; 1 reads one page', async () => {
    const { prs, requests } = recordingClient(() => ({
      body: { data: [price('p1')], links: { next: 'https://prs.test/api/v3/instruments/i1/prices?page[offset]=1' } },
    }));
    const e = await refusalOf(() => prs.instruments.prices.list('i1', { maxPages: 0 }));
    expect(e.message).toBe(
      'instruments.prices.list: options.maxPages: must be a whole number, 1 or more, got 0 (nothing was sent)',
    );
    expect(requests).toHaveLength(0);
    // One page read; the next link makes a second, which maxPages 1 refuses with an error (never a shortened list).
    const walked = await prs.instruments.prices.list('i1', { maxPages: 1 }).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    expect(walked).toMatch(/the list has more than maxPages \(1\) pages; stopped before /);
    expect(requests).toHaveLength(1);
  });

  it("an option's error names the method called, not the path", async () => {
    const { prs, requests } = recordingClient({ body: {} });
    const e = await refusalOf(() => prs.limits.status('l1', { date: '2024-01-01' }, { query: { date: '2024-02-01' } }));
    expect(e.message).toBe(
      "limits.status: options.query.date: is set by the method's own parameters; give it there (nothing was sent)",
    );
    const unknown = await refusalOf(() => prs.accounts.retrieve('a1', { maxRetry: 1 } as never));
    expect(unknown.message).toMatch(/^accounts\.retrieve: options\.maxRetry: is not a known field here \(accepted: /);
    expect(requests).toHaveLength(0);
  });
});
