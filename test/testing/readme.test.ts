import { describe, expect, it, vi } from 'vitest';
import { PortfolioReporting } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';

/** The README's seeding example, as written there, read back through the SDK over HTTP. */
describe('the README seeding example', () => {
  it('seeds a structure whose holdings the service computes', async () => {
    const mock = createMockService({
      seed: (store) => {
        const client = store.clients.add({ name: 'Berg Family Office' });
        const le = store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' });
        const account = store.accounts.add({ legalEntityId: le.id, externalIdentifier: 'SE-1', ccyCode: 'EUR' });
        const depository = store.depositories.add({
          legalEntityId: le.id,
          externalIdentifier: 'D-1',
          accountIds: [account.id],
        });
        const entity = store.reportingEntities.add({
          clientId: client.id,
          attributes: { name: 'Berg', ccyCode: 'EUR' },
        });
        const portfolio = store.portfolios.add({ reportingEntityId: entity.id, attributes: { name: 'Core' } });
        const acme = store.instruments.add({
          kind: 'stock',
          attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
        });
        store.prices.add({ instrumentId: acme.id, date: '2024-03-28', value: 101.5, provider: 'operator' });
        store.positions.add({
          portfolioId: portfolio.id,
          depositoryId: depository.id,
          instrumentId: acme.id,
          units: 100,
        });
      },
    });
    const http = await mock.listen({ port: 0 });
    try {
      const prs = new PortfolioReporting({ baseUrl: http.url, accessToken: 'test' });
      const entity = mock.store.reportingEntities.all()[0];
      const holdings = (await prs.request({
        method: 'GET',
        path: `/api/v2/holdings/reporting-entities/${entity?.id}`,
        query: { fromDate: '2024-03-28', toDate: '2024-03-29' },
      })) as {
        data: { attributes: { date: string; marketValue: number } }[];
      };
      expect(holdings.data.map((x) => [x.attributes.date, x.attributes.marketValue])).toEqual([
        ['2024-03-28', 10150],
        ['2024-03-29', 10150],
      ]);
    } finally {
      await http.close();
    }
  });
});

/**
 * The README's mock-service example runs msw and `mock.listen()` in one process: msw sees the requests over HTTP
 * too and warns of each one its handlers do not answer, unless it is started with `onUnhandledFrame: 'bypass'` (msw 3's name),
 * as README says.
 */
describe('the README mock-service example: msw beside mock.listen()', () => {
  it.each([
    [undefined, 1],
    ['bypass' as const, 0],
  ])('onUnhandledFrame %s: %i warning(s) for one call over HTTP', async (onUnhandledFrame, warnings) => {
    const { setupServer } = await import('msw/node');
    const mock = createMockService({ baseUrl: 'https://reporting.test' });
    const server = setupServer(...mock.handlers);
    server.listen(onUnhandledFrame ? { onUnhandledFrame } : undefined);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const http = await mock.listen({ port: 0 });
    try {
      const overHttp = new PortfolioReporting({ baseUrl: http.url, accessToken: 'test' });
      await overHttp.custodians.list();
      expect(warned.mock.calls.filter(([line]) => String(line).includes('[MSW]'))).toHaveLength(warnings);
    } finally {
      warned.mockRestore();
      server.close();
      await http.close();
    }
  });
});
