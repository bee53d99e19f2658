/**
 * The README's "Testing your integration" examples, as written there (imports made relative): msw
 * handlers in-process, seeding, advancing an authority, signing a delivery for a handler, and listen().
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PortfolioReporting } from '../../src/index.js';
import { createMockService, createWebhookSigner } from '../../src/testing/index.js';
import { WebhookVerificationError, WebhookVerifier } from '../../src/webhooks/index.js';

// The code under test: a valuation, an onboarding step, a webhook handler.
async function dailyValues(
  prs: PortfolioReporting,
  reportingEntityId: string,
  fromDate: string,
  toDate: string,
): Promise<number[]> {
  const { data } = await prs.holdings.list(reportingEntityId, { fromDate, toDate });
  return data.map((h) => h.attributes.marketValue);
}
async function awaitCustodianAccess(prs: PortfolioReporting, authorityId: string): Promise<string[]> {
  const active = await prs.custodianAuthorities.waitForStatus(authorityId, 'active', { interval: 10, timeout: 2_000 });
  return active.attributes.linkedAccounts.map((a) => `${a.accountNumber}: ${a.status}`);
}
const verifier = new WebhookVerifier({ baseUrl: 'https://reporting.test', accessToken: 'test' });
async function handle(request: Request): Promise<Response> {
  try {
    const event = await verifier.verify(await request.text(), request.headers);
    return new Response(event.type, { status: 200 });
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return new Response(error.reason, { status: 400 });
  }
}

describe('README: testing your integration', () => {
  // --- as in the README ---
  const signer = createWebhookSigner();
  const mock = createMockService({ baseUrl: 'https://reporting.test', signers: [signer] });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => mock.reset()); // back to the seed; the signer stays
  afterAll(() => server.close());

  const prs = new PortfolioReporting({ baseUrl: 'https://reporting.test', accessToken: 'test', maxRetries: 0 });

  it('values the positions the test seeded', async () => {
    const client = mock.store.clients.add({ name: 'Berg' });
    const entity = mock.store.reportingEntities.add({ clientId: client.id, attributes: { ccyCode: 'EUR' } });
    const portfolio = mock.store.portfolios.add({ reportingEntityId: entity.id, attributes: { name: 'Core' } });
    const acme = mock.store.instruments.add({
      kind: 'stock',
      attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'EUR', countryCode: 'US' },
    });
    mock.store.prices.add({ instrumentId: acme.id, date: '2024-03-28', value: 101.5 });
    mock.store.positions.add({ portfolioId: portfolio.id, instrumentId: acme.id, units: 100 });

    expect(await dailyValues(prs, entity.id, '2024-03-27', '2024-03-29')).toEqual([0, 10_150, 10_150]);
  });

  it('waits for custodian access while the test plays the operator and the custodian', async () => {
    const client = mock.store.clients.add({ name: 'Berg' });
    const le = mock.store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' });
    const authority = mock.store.custodianAuthorities.add({ legalEntityId: le.id, custodianAuthFlowId: 'nordbank-v2' });
    authority.status = 'awaiting-operator'; // as if files and consent were in
    authority.linkedAccounts.push({ accountNumber: 'SE-1', accountId: null, status: 'in-progress' });

    setTimeout(() => mock.store.custodianAuthorities.advance(authority.id, 'active'), 50);
    expect(await awaitCustodianAccess(prs, authority.id)).toEqual(['SE-1: active']);
    expect(mock.store.accounts.where((a) => a.legalEntityId === le.id).map((a) => a.externalIdentifier)).toEqual([
      'SE-1',
    ]);
  });

  it('hands the webhook handler a signed delivery, and a tampered one', async () => {
    const event = { type: 'calculated_data.created', timestamp: '2024-05-01T08:00:00', data: { clientId: 'c1' } };
    const { body, headers } = await signer.sign(event);
    const ok = await handle(new Request('https://app.test/hooks', { method: 'POST', headers, body }));
    expect([ok.status, await ok.text()]).toEqual([200, 'calculated_data.created']);
    const bad = await handle(
      new Request('https://app.test/hooks', { method: 'POST', headers, body: body.replace('c1', 'c2') }),
    );
    expect([bad.status, await bad.text()]).toEqual([400, 'no_matching_signature']);
  });
  // --- end ---
});

describe('README: testing your integration over real HTTP', () => {
  it('listen(): the same service on 127.0.0.1, for code that does not use this process’s fetch', async () => {
    // --- as in the README ---
    const mock = createMockService();
    const http = await mock.listen({ port: 0 }); // { url: 'http://127.0.0.1:<port>', close }
    const prs = new PortfolioReporting({ baseUrl: http.url, accessToken: 'test' });
    // --- end ---
    try {
      const created = await prs.clients.create({ attributes: { name: 'Over HTTP' } });
      expect(mock.store.clients.get(created.id)?.attributes).toEqual({ name: 'Over HTTP' });
    } finally {
      await http.close();
    }
  });
});
