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
      'instruments.prices.list: options.maxPages: must be a whole number, 1 or more, got number 0 (nothing was sent)',
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

describe('a request option given inside the input', () => {
  const hint = (key: string) => `\`${key}\` is a request option: give it in the last argument`;

  it('is told where it goes: a list, a create, a retrieve with a query, an update; nothing sent', async () => {
    const { prs, requests } = recordingClient({ body: {} });
    const list = await refusalOf(() =>
      prs.transactions.list({ accountId: 'a1', fromDate: '2024-01-01', toDate: '2024-03-31', timeout: 5000 } as never),
    );
    expect(list.message).toBe(
      'transactions.list: timeout: is not a known field here (accepted: accountId, depositoryId, fromDate, toDate); ' +
        `${hint('timeout')} (nothing was sent)`,
    );
    const create = await refusalOf(() =>
      prs.instruments.create({
        type: 'stock-instrument',
        attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
        maxRetries: 0,
      } as never),
    );
    expect(create.message).toBe(
      'instruments.create: maxRetries: is not a known field here (accepted: type, attributes, relationships); ' +
        `${hint('maxRetries')} (nothing was sent)`,
    );
    const status = await refusalOf(() =>
      prs.limits.status('l1', { date: '2024-01-01', headers: { 'x-a': '1' } } as never),
    );
    expect(status.message).toBe(
      `limits.status: headers: is not a known field here (accepted: date); ${hint('headers')} (nothing was sent)`,
    );
    const update = await refusalOf(() =>
      prs.accounts.update('a1', { attributes: { name: 'x' }, signal: null } as never),
    );
    expect(update.message).toBe(
      'accounts.update: signal: is not a known field here (accepted: attributes, relationships); ' +
        `${hint('signal')} (nothing was sent)`,
    );
    expect(requests).toHaveLength(0);
  });

  it('hints only at the top of the input, beside the other unknown keys, each in its place', async () => {
    const { prs, requests } = recordingClient({ body: {} });
    const e = await refusalOf(() =>
      prs.accounts.update('a1', { attributes: { name: 'x', timeout: 1 }, query: {}, colour: 'red' } as never),
    );
    expect(e.issues).toEqual([
      {
        path: 'query',
        message: `is not a known field here (accepted: attributes, relationships); ${hint('query')}`,
      },
      { path: 'colour', message: 'is not a known field here (accepted: attributes, relationships)' },
    ]);
    const nested = await refusalOf(() => prs.accounts.update('a1', { attributes: { name: 'x', timeout: 1 } } as never));
    expect(nested.issues).toEqual([
      { path: 'attributes.timeout', message: expect.stringMatching(/^is not a known field here \(accepted: /) },
    ]);
    expect(nested.message).not.toContain('request option');
    expect(requests).toHaveLength(0);
  });
});
