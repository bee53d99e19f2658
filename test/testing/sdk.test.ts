import { describe, expect, it } from 'vitest';
import { NotFoundError, PortfolioReporting } from '../../src/index.js';
import { seedStructure, useHarness } from './harness.js';

/** The SDK's existing resources against the mock over real HTTP (fetch follows the 303 itself). */
describe('the SDK against listen()', () => {
  const h = useHarness({ pageSize: 3 });
  const client = () => new PortfolioReporting({ baseUrl: h.url, accessToken: 'token', maxRetries: 0 });
  const stock = {
    type: 'stock-asset' as const,
    attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
  };

  it('assets.create: created, then the existing one through 303 (created: false)', async () => {
    const prs = client();
    const first = await prs.assets.create(stock).withResponse();
    const again = await prs.assets.create(stock).withResponse();
    expect([first.created, again.created]).toEqual([true, false]);
    expect(again.data).toEqual(first.data);
    expect(again.response.url).toBe(`${h.url}/api/v2/assets/${first.data.id}`);
  });

  it('instruments.listPrivate follows links.next over every page', async () => {
    const s = seedStructure(h.mock);
    const ids = Array.from(
      { length: 7 },
      (_, i) =>
        h.mock.store.instruments.add({
          kind: 'other',
          attributes: { securityIdentifier: `P${i}` },
          reportingEntityId: s.reportingEntity.id,
        }).id,
    );
    const all = await client().instruments.listPrivate(s.reportingEntity.id);
    expect(all.map((i) => i.id)).toEqual(ids);
  });

  it('maps the mock’s 404 to NotFoundError with the service’s detail', async () => {
    const prs = client();
    const error = await prs.instruments.retrieve('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).errors).toEqual([{ status: 404, detail: 'instrument nope not found' }]);
  });

  it('prs.request reaches any endpoint: a client created and read back', async () => {
    const prs = client();
    const created = (await prs.request({
      method: 'POST',
      path: '/api/v2/clients',
      body: { data: { type: 'client', attributes: { name: 'Berg' } } },
    })) as { data: { id: string } };
    const read = await prs.request({ method: 'GET', path: `/api/v2/clients/${created.data.id}` });
    expect(read).toEqual({ data: { id: created.data.id, type: 'client', attributes: { name: 'Berg' } } });
  });
});
