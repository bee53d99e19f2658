/**
 * The mock the built-package suites run against (test/browser on Chromium, test/runtimes on Bun, Deno, edge
 * runtimes): one stock with five prices, two to a page, and a webhook signer it publishes the keys of.
 */
import { createMockService, type MockService, type WebhookSigner } from '../../src/testing/index.js';

export const SECURITY_ID = 'DE0007164600';
export const STOCK = { name: 'SAP SE', securityIdentifier: SECURITY_ID, ccyCode: 'EUR', countryCode: 'DE' } as const;
export const PRICES = [
  ['2024-01-02', 101.25],
  ['2024-01-03', 102.5],
  ['2024-01-04', 99.75],
  ['2024-01-05', 100],
  ['2024-01-08', 103.125],
] as const;

/** The mock with the stock seeded; `stockId` is its id. */
export function scenarioMock(signer: WebhookSigner): { mock: MockService; stockId: string } {
  let stockId = '';
  const mock = createMockService({
    pageSize: 2,
    signers: [signer],
    seed: (store) => {
      const stock = store.instruments.add({ kind: 'stock', attributes: { ...STOCK } });
      for (const [date, value] of PRICES) store.prices.add({ instrumentId: stock.id, date, value });
      stockId = stock.id;
    },
  });
  return { mock, stockId };
}
