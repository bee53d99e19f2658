/**
 * `GET /v2/webhooks/keys`: plain JSON (the row is `plainJson`), behind the token as every endpoint (the reference,
 * document 2, Authentication 1); the keys of every signer registered with the mock.
 */
import { json } from '../http/respond.js';
import type { Route } from '../http/routes.js';

export const webhookKeyRoutes: Route[] = [
  {
    endpoint: 'webhooks.keys',
    handle: async (ctx) => json('application/json', { keys: await ctx.env.webhookKeys() }),
  },
];
