import type { Recipes } from '../recipe.js';

/** Row 77: the webhook keys, plain JSON under `/v2` (no `/api` prefix). */
export const recipes: Recipes = {
  77: {
    call: (prs) => prs.webhooks.keys(),
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: {
        keys: [
          {
            kid: 'k1',
            kty: 'EC',
            crv: 'P-256',
            x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
            y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
          },
        ],
      },
    },
  },
};
