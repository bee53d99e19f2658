/**
 * Rows 7–58 and 78–95: time series, classes, holdings, legal structure, users and invites, and the
 * generic resources (clients, reporting entities, portfolios, performance, custodian holdings).
 */
import type { Recipe, Recipes } from '../recipe.js';

const ok = (data: unknown): Recipe['response'] => ({ status: 200, body: { data } });
const created = (data: unknown): Recipe['response'] => ({ status: 201, body: { data } });
const noContent: Recipe['response'] = { status: 204 };

const dated = (type: string) => ({
  id: 'id1',
  type,
  attributes: { date: '2024-01-31', provider: 'client', value: 1.5 },
});
const nav = {
  id: 'id1',
  type: 'net-asset-value',
  attributes: { officialDate: '2024-03-31', effectiveDate: '2024-03-31', value: 10 },
};
const dateValue = { attributes: { date: '2024-01-31', value: 1.5 } };
const period = { fromDate: '2024-01-01', toDate: '2024-01-31' };
const legalEntity = { id: 'id1', type: 'legal-entity', attributes: { name: 'Muster AG' } };
const account = {
  id: 'id1',
  type: 'account',
  attributes: { externalIdentifier: 'X-1', ccyCode: 'CHF', excludeFromReporting: false },
};
const depository = { id: 'id1', type: 'depository', attributes: { externalIdentifier: 'D-1' } };
const user = {
  id: 'id1',
  type: 'user',
  attributes: { firstName: 'Erika', lastName: 'Muster', contactEmail: 'erika@example.com' },
  relationships: { client: { data: { type: 'client', id: 'c1' } } },
};
const invite = {
  id: 'id1',
  type: 'invite',
  attributes: { state: 'valid', link: 'https://app.example.com/-/invite/T' },
  relationships: { user: { data: { type: 'user', id: 'id1' } } },
};
const generic = (type: string) => ({ id: 'id1', type, attributes: { name: 'n' } });

/** list, create and delete (plus update for prices) of one series under one parent, from its first row. */
function series(
  first: number,
  parent: 'instruments' | 'assets',
  name: 'interestRates' | 'prices' | 'indexFactors',
  type: string,
): Recipes {
  const calls: Recipe[] = [
    { call: (prs) => prs[parent][name].list('id1') },
    { call: (prs) => prs[parent][name].create('id1', dateValue), response: created(dated(type)) },
  ];
  if (name === 'prices')
    calls.push({ call: (prs) => prs[parent].prices.update('id1', { attributes: { value: 2 } }), response: noContent });
  calls.push({ call: (prs) => prs[parent][name].delete('id1'), response: noContent });
  return Object.fromEntries(calls.map((recipe, i) => [first + i, recipe]));
}

export const recipes: Recipes = {
  ...series(7, 'instruments', 'interestRates', 'interest-rate'),
  ...series(10, 'instruments', 'prices', 'price'),
  ...series(14, 'instruments', 'indexFactors', 'index-factor'),
  17: { call: (prs) => prs.instruments.netAssetValues.list('id1') },
  18: {
    call: (prs) =>
      prs.instruments.netAssetValues.create('id1', {
        attributes: { officialDate: '2024-03-31', effectiveDate: null, value: 10 },
      }),
    response: created(nav),
  },
  19: { call: (prs) => prs.instruments.netAssetValues.delete('id1'), response: noContent },
  ...series(20, 'assets', 'interestRates', 'interest-rate'),
  ...series(23, 'assets', 'prices', 'price'),
  ...series(27, 'assets', 'indexFactors', 'index-factor'),
  30: {
    call: (prs) => prs.instrumentClasses.retrieve('id1'),
    response: ok({ id: 'id1', type: 'instrument-class', attributes: { name: 'Bonds' } }),
  },
  31: {
    call: (prs) => prs.instrumentClasses.retrieveDetailed('id1'),
    response: ok({
      id: 'id1',
      type: 'instrument-class-detailed',
      attributes: { name: 'Govt bonds' },
      relationships: { instrumentClass: { data: { type: 'instrument-class', id: 'c' } } },
    }),
  },
  32: {
    call: (prs) => prs.assetClasses.retrieve('id1'),
    response: ok({ id: 'id1', type: 'asset-class', attributes: { name: 'Bonds' } }),
  },
  33: {
    call: (prs) => prs.assetClasses.retrieveDetailed('id1'),
    response: ok({
      id: 'id1',
      type: 'asset-class-detailed',
      attributes: { name: 'Govt bonds' },
      relationships: { assetClass: { data: { type: 'asset-class', id: 'c' } } },
    }),
  },
  34: { call: (prs) => prs.holdings.list('id1', { ...period, expand: ['portfolios'], include: ['asset'] }) },
  35: { call: (prs) => prs.assetHoldings.list('id1', period) },
  36: { call: (prs) => prs.clients.legalEntities.list('id1') },
  37: {
    call: (prs) => prs.clients.legalEntities.create('id1', { attributes: { name: 'Muster AG' } }),
    response: created(legalEntity),
  },
  38: { call: (prs) => prs.legalEntities.retrieve('id1'), response: ok(legalEntity) },
  39: {
    call: (prs) => prs.legalEntities.update('id1', { attributes: { name: 'Muster Holding AG' } }),
    response: noContent,
  },
  40: { call: (prs) => prs.legalEntities.delete('id1'), response: noContent },
  41: { call: (prs) => prs.legalEntities.accounts.list('id1') },
  42: {
    call: (prs) =>
      prs.legalEntities.accounts.create('id1', { attributes: { externalIdentifier: 'X-1', ccyCode: 'CHF' } }),
    response: created(account),
  },
  43: { call: (prs) => prs.legalEntities.depositories.list('id1') },
  44: {
    call: (prs) =>
      prs.legalEntities.depositories.create('id1', {
        attributes: { externalIdentifier: 'D-1' },
        relationships: { accounts: ['acc1'] },
      }),
    response: created(depository),
  },
  45: { call: (prs) => prs.accounts.retrieve('id1'), response: ok(account) },
  46: { call: (prs) => prs.accounts.update('id1', { attributes: { name: 'Main' } }), response: noContent },
  47: { call: (prs) => prs.accounts.delete('id1'), response: noContent },
  48: { call: (prs) => prs.depositories.retrieve('id1'), response: ok(depository) },
  49: { call: (prs) => prs.depositories.update('id1', { attributes: { name: 'Custody' } }), response: noContent },
  50: { call: (prs) => prs.depositories.delete('id1'), response: noContent },
  51: { call: (prs) => prs.clients.users.create('id1', { attributes: user.attributes }), response: created(user) },
  52: { call: (prs) => prs.clients.users.list('id1') },
  53: { call: (prs) => prs.users.retrieve('id1'), response: ok(user) },
  54: { call: (prs) => prs.users.update('id1', { attributes: { lastName: 'Mustermann' } }), response: ok(user) },
  55: { call: (prs) => prs.users.delete('id1'), response: noContent },
  56: {
    call: (prs) => prs.users.invites.create('id1', { attributes: { restrictedToIdentityProvider: 'google' } }),
    response: created(invite),
  },
  57: { call: (prs) => prs.users.invites.list('id1') },
  58: { call: (prs) => prs.users.invites.cancel('id1', 'id2'), response: noContent },
  78: { call: (prs) => prs.clients.list() },
  79: { call: (prs) => prs.clients.retrieve('id1'), response: ok(generic('client')) },
  80: { call: (prs) => prs.clients.create({ attributes: { name: 'n' } }), response: created(generic('client')) },
  81: { call: (prs) => prs.clients.update('id1', { attributes: { name: 'n' } }), response: noContent },
  82: { call: (prs) => prs.clients.delete('id1'), response: noContent },
  83: { call: (prs) => prs.clients.reportingEntities.list('id1') },
  84: {
    call: (prs) => prs.clients.reportingEntities.create('id1', { attributes: { name: 'n' } }),
    response: created(generic('reporting-entity')),
  },
  85: { call: (prs) => prs.reportingEntities.retrieve('id1'), response: ok(generic('reporting-entity')) },
  86: { call: (prs) => prs.reportingEntities.update('id1', { attributes: { name: 'n' } }), response: noContent },
  87: { call: (prs) => prs.reportingEntities.delete('id1'), response: noContent },
  88: { call: (prs) => prs.reportingEntities.portfolios.list('id1') },
  89: {
    call: (prs) => prs.reportingEntities.portfolios.create('id1', { attributes: { name: 'n' } }),
    response: created(generic('portfolio')),
  },
  90: { call: (prs) => prs.portfolios.retrieve('id1'), response: ok(generic('portfolio')) },
  91: { call: (prs) => prs.portfolios.update('id1', { attributes: { name: 'n' } }), response: noContent },
  92: { call: (prs) => prs.portfolios.delete('id1'), response: noContent },
  93: { call: (prs) => prs.performance.retrieve('id1'), response: ok(generic('performance')) },
  94: { call: (prs) => prs.custodianHoldings.list('id1') },
  95: { call: (prs) => prs.clients.portfolios.list('id1') },
};
