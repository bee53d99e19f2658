/**
 * Endpoint coverage recipes for rows 59–76 of endpoints.tsv: custodians, custodian authorities,
 * transactions and limits. Each recipe calls the row's method with placeholder ids and gives a stub answer
 * that decodes.
 */
import type { Recipes } from '../recipe.js';

const authority = {
  id: 'id1',
  type: 'custodian-authority',
  attributes: { status: 'waiting-for-files', pendingFiles: ['consent'], linkedDepositories: [], linkedAccounts: [] },
};
const file = {
  id: 'id2',
  type: 'custodian-authority-file',
  attributes: {
    hash: `sha2-256:${'0'.repeat(64)}`,
    name: 'consent',
    uploadedAt: '2024-01-01T00:00:00Z',
    filename: 'consent.pdf',
  },
};
const dates = { tradeDate: '2024-01-01', valueDate: '2024-01-01' };
const limitAttributes = {
  name: 'Swiss',
  ccyCode: 'CHF',
  startDate: '2024-01-01',
  limitFilter: { type: 'condition', condition: { type: 'country-code-is', 'country-code': 'CH' } },
  limitType: { type: 'absolute', values: { min: null, max: 100 } },
} as const;
const limit = { id: 'id1', type: 'limit', attributes: limitAttributes };
const limitStatus = {
  id: 'id1',
  type: 'limit-status',
  attributes: { date: '2024-01-01', limitType: limitAttributes.limitType, isBreached: false, currentValue: 10 },
};
const noContent = { status: 204 };

export const recipes: Recipes = {
  59: { call: (prs) => prs.custodians.list() },
  60: { call: (prs) => prs.legalEntities.custodianAuthorities.list('id1') },
  61: {
    call: (prs) => prs.legalEntities.custodianAuthorities.create('id1', { custodianAuthFlowId: 'flow1' }),
    response: { status: 201, body: { data: authority } },
  },
  62: { call: (prs) => prs.custodianAuthorities.retrieve('id1'), response: { status: 200, body: { data: authority } } },
  63: {
    call: (prs) =>
      prs.custodianAuthorities.files.upload('id1', {
        name: 'consent',
        file: new Uint8Array([1, 2, 3]),
        filename: 'consent.pdf',
      }),
    response: { status: 201, body: { data: file } },
  },
  64: { call: (prs) => prs.custodianAuthorities.files.list('id1') },
  65: {
    call: (prs) =>
      prs.custodianAuthorities.consent('id1', {
        legalEntityIdentifier: 'CHE-1',
        custodianIdentifier: 'ubs',
        consentType: 'all',
        files: [{ name: 'consent', hashAlgorithm: 'sha2-256', hashValue: '0'.repeat(64) }],
      }),
    response: noContent,
  },
  66: {
    call: (prs) => prs.custodianAuthorities.link('id1', { type: 'account', resourceNumber: 'A-1' }),
    response: noContent,
  },
  67: {
    call: (prs) => prs.custodianAuthorities.revoke('id1'),
    response: { status: 200, body: { data: { custodianAuthorityId: 'id1', status: 'revoke-in-progress' } } },
  },
  68: { call: (prs) => prs.transactions.list({ accountId: 'id1', fromDate: '2024-01-01', toDate: '2024-01-31' }) },
  69: {
    call: (prs) =>
      prs.transactions.create({
        type: 'account-interest-transaction',
        attributes: { accountAmount: 1, ...dates },
        relationships: { account: 'id1' },
      }),
    response: {
      status: 201,
      body: { data: { id: 'id2', type: 'account-interest-transaction', attributes: { accountAmount: 1, ...dates } } },
    },
  },
  70: { call: (prs) => prs.transactions.delete('id1'), response: noContent },
  71: { call: (prs) => prs.limits.retrieve('id1'), response: { status: 200, body: { data: limit } } },
  72: {
    call: (prs) => prs.limits.create({ attributes: limitAttributes, relationships: { client: 'id1' } }),
    response: { status: 201, body: { data: limit } },
  },
  73: { call: (prs) => prs.clients.limits.list('id1') },
  74: { call: (prs) => prs.limits.delete('id1'), response: noContent },
  75: {
    call: (prs) => prs.limits.status('id1', { date: '2024-01-01' }),
    response: { status: 200, body: { data: limitStatus } },
  },
  76: { call: (prs) => prs.clients.limits.status('id1', { date: '2024-01-01' }) },
};
