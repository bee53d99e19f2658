/** `GET /v2/webhooks/keys`: plain JSON, no token needed, the keys of every signer registered with the mock. */
import { json } from '../http/respond.js';
import type { Route } from '../http/routes.js';

export const webhookKeyRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/webhooks/keys',
    public: true,
    handle: async (ctx) => json('application/json', { keys: await ctx.env.webhookKeys() }),
  },
];
