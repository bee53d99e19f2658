/** Rows 1–6: assets and instruments (the foundation). */
import type { Recipes } from '../recipe.js';

const attributes = {
  name: 'Bund 2030',
  securityIdentifier: 'DE0001102507',
  ccyCode: 'EUR',
  countryCode: 'DE',
  couponFrequency: 'annually',
  dayCountConvention: 'actual/actual',
} as const;
const bond = (suffix: 'asset' | 'instrument') => ({ data: { id: 'id1', type: `bond-${suffix}`, attributes } });

export const recipes: Recipes = {
  1: { call: (prs) => prs.assets.retrieve('id1'), response: { status: 200, body: bond('asset') } },
  2: {
    call: (prs) => prs.assets.create({ type: 'bond-asset', attributes }),
    response: { status: 201, body: bond('asset') },
  },
  3: { call: (prs) => prs.assets.delete('id1'), response: { status: 204 } },
  4: { call: (prs) => prs.instruments.retrieve('id1'), response: { status: 200, body: bond('instrument') } },
  5: { call: (prs) => prs.instruments.listPrivate('id1') },
  6: {
    call: (prs) => prs.instruments.create({ type: 'bond-instrument', attributes }),
    response: { status: 201, body: bond('instrument') },
  },
};
