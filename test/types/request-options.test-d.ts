/**
 * `maxPages` is offered where it bounds something: a list's method takes `ListRequestOptions` (`RequestOptions` and
 * `maxPages`), every other call `RequestOptions`, which has none, as the run time refuses it there
 * (`accounts.retrieve: options.maxPages: is for a list only`). test/types/method-docs.test.ts holds the rule for
 * every method; these are examples of it. Checked by `tsc --noEmit`.
 */
import { expectTypeOf } from 'vitest';
import type { ListRequestOptions, PortfolioReporting, RequestOptions } from '../../src/index.js';

declare const prs: PortfolioReporting;
const period = { fromDate: '2024-01-01', toDate: '2024-03-31' } as const;

expectTypeOf<ListRequestOptions>().toExtend<RequestOptions>();
expectTypeOf<ListRequestOptions['maxPages']>().toEqualTypeOf<number | undefined>();
expectTypeOf<RequestOptions>().not.toHaveProperty('maxPages');

// Lists, a namespace's own (named interfaces, generic classes) and the compound holdings lists, take maxPages.
prs.transactions.list({ accountId: 'a1', ...period }, { maxPages: 50 });
prs.legalEntities.accounts.list('le1', { maxPages: 2 });
prs.instruments.prices.list('i1', { maxPages: 2, timeout: 5_000 });
prs.clients.list({ maxPages: 1 });
prs.clients.limits.status('c1', { date: '2024-01-01' }, { maxPages: 3 });
prs.holdings.list('re1', period, { maxPages: 3 });
prs.assetHoldings.list('re1', period, { maxPages: 3 });
expectTypeOf(prs.custodians.list).parameter(0).toEqualTypeOf<ListRequestOptions | undefined>();

// A call that reads one answer does not.
// @ts-expect-error maxPages bounds nothing here
prs.accounts.retrieve('a1', { maxPages: 2 });
// @ts-expect-error maxPages bounds nothing here
prs.depositories.delete('d1', { maxPages: 2 });
// @ts-expect-error maxPages bounds nothing here
prs.webhooks.keys({ maxPages: 1 });
// prs.request sends one request and reads one answer, whatever the path: RequestOptions.
// @ts-expect-error maxPages bounds nothing here
prs.request({ method: 'GET', path: '/api/v2/clients' }, { maxPages: 1 });
expectTypeOf(prs.request).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
expectTypeOf(prs.limits.retrieve).parameter(1).toEqualTypeOf<RequestOptions | undefined>();

// Options built ahead for a list are typed ListRequestOptions; RequestOptions refuses maxPages.
const walk: ListRequestOptions = { maxPages: 10, maxRetries: 1 };
prs.users.invites.list('u1', walk);
// @ts-expect-error RequestOptions has no maxPages (it was there before ListRequestOptions)
const before: RequestOptions = { maxPages: 10 };
void before;
