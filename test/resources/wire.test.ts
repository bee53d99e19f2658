/**
 * The bytes as a real server receives them (node:http on 127.0.0.1), for the bodies whose exact form is a
 * documented rule: the invite cancellation, a NAV with a null effectiveDate, a price PATCH.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PortfolioReporting } from '../../src/index.js';
import { json, startServer, type TestServer } from '../helpers/http-server.js';

let server: TestServer;
let prs: PortfolioReporting;
beforeAll(async () => {
  server = await startServer();
  prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'wire-token', maxRetries: 0 });
});
afterAll(() => server.close());

it('invite cancellation: POST with exactly {"data":{"type":"invite-cancellation"}}, 204 → undefined', async () => {
  server.handle((_req, res) => {
    res.statusCode = 204;
    res.end();
  });
  await expect(prs.users.invites.cancel('u-1', 'i-1')).resolves.toBeUndefined();
  const req = server.requests.at(-1);
  expect(req?.method).toBe('POST');
  expect(req?.url).toBe('/api/v2/users/u-1/invites/i-1/cancellation');
  expect(req?.body).toBe('{"data":{"type":"invite-cancellation"}}');
  expect(req?.headers['content-type']).toBe('application/vnd.api+json');
  expect(req?.headers.authorization).toBe('Bearer wire-token');
});

it('NAV create: effectiveDate null is on the wire, and the answer decodes', async () => {
  server.handle((_req, res) =>
    json(res, 201, {
      data: {
        id: 'n1',
        type: 'net-asset-value',
        attributes: { officialDate: '2024-03-31', effectiveDate: '2024-03-31', value: 5 },
      },
    }),
  );
  const nav = await prs.instruments.netAssetValues.create('f1', {
    attributes: { officialDate: '2024-03-31', effectiveDate: null, value: 5 },
  });
  expect(server.requests.at(-1)?.body).toBe(
    '{"data":{"type":"net-asset-value","attributes":{"officialDate":"2024-03-31","effectiveDate":null,"value":5}}}',
  );
  expect(nav.attributes.effectiveDate).toBe('2024-03-31');
});

it('price PATCH: id, type and value on the wire', async () => {
  server.handle((_req, res) => {
    res.statusCode = 204;
    res.end();
  });
  await prs.assets.prices.update('p1', { attributes: { value: 99.5 } });
  const req = server.requests.at(-1);
  expect([req?.method, req?.url, req?.body]).toEqual([
    'PATCH',
    '/api/v2/prices/p1',
    '{"data":{"type":"price","id":"p1","attributes":{"value":99.5}}}',
  ]);
});
