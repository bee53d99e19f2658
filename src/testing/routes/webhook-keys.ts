/** `GET /v2/webhooks/keys`: plain JSON, no token needed (the row is `public`), the keys of every signer registered with the mock. */
import { json } from '../http/respond.js';
import type { Route } from '../http/routes.js';

export const webhookKeyRoutes: Route[] = [
  {
    endpoint: 'webhooks.keys',
    handle: async (ctx) => json('application/json', { keys: await ctx.env.webhookKeys() }),
  },
];
