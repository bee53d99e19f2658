/**
 * The transaction kinds of the reference: their fields beyond the common ones and their relationships.
 * FX forward and loan transactions are created by the service only.
 */

/** `?` marks an optional field; `any` accepts a string or a number (indexFactor of index-linked bond trades). */
export type Check = 'number' | 'string' | 'date' | 'boolean' | 'any';
export type Spec = Record<string, Check | `${Check}?`>;

/** Relationship name → what it points to; `?` marks an optional one. */
export type Target = 'account' | 'asset' | 'depository' | 'instrument' | 'transaction';
export interface KindRule {
  fields: Spec;
  relationships: Record<string, Target | `${Target}?`>;
  /** Closed value sets, with the default filled in when absent. */
  enums?: Record<string, { values: readonly string[]; default?: string }>;
}

const COMMON: Spec = { accountAmount: 'number', comment: 'string?', tradeDate: 'date', valueDate: 'date' };
const TRADE: Spec = { ...COMMON, commission: 'number', unitPrice: 'number', units: 'number' };
const SECURITY = { account: 'account', asset: 'asset', depository: 'depository' } as const;
const AFFECTS: Spec = {
  affectsEstimatedNav: 'boolean',
  affectsMultiples: 'boolean',
  affectsIrr: 'boolean',
  affectsCostBase: 'boolean',
};

export const TRANSACTION_KINDS: Record<string, KindRule> = {
  'account-interest-transaction': { fields: COMMON, relationships: { account: 'account' } },
  'bond-coupon-transaction': { fields: { ...COMMON, grossAmount: 'number' }, relationships: SECURITY },
  'bond-redemption-transaction': {
    fields: { ...COMMON, unitPrice: 'number', units: 'number' },
    relationships: SECURITY,
  },
  'bond-trade-transaction': { fields: { ...TRADE, accruedInterest: 'number' }, relationships: SECURITY },
  'cash-transfer-transaction': {
    fields: COMMON,
    relationships: { account: 'account', counterpartyTransaction: 'transaction?' },
  },
  'dividend-transaction': {
    fields: { ...COMMON, commission: 'number?', grossAmount: 'number', tax: 'number' },
    relationships: SECURITY,
  },
  'equity-trade-transaction': { fields: TRADE, relationships: SECURITY },
  'fee-transaction': {
    fields: COMMON,
    relationships: { account: 'account' },
    enums: { category: { values: ['custody', 'management', 'other'], default: 'other' } },
  },
  'futures-trade-transaction': { fields: TRADE, relationships: SECURITY },
  'futures-execution-transaction': { fields: TRADE, relationships: { ...SECURITY, openingTransaction: 'transaction' } },
  'fx-spot-transaction': {
    fields: {
      comment: 'string?',
      inflowAccountAmount: 'number',
      outflowAccountAmount: 'number',
      tradeDate: 'date',
      valueDate: 'date',
    },
    relationships: { inflowAccount: 'account', outflowAccount: 'account' },
  },
  'index-linked-bond-coupon-transaction': {
    fields: { ...COMMON, grossAmount: 'number', indexFactor: 'number' },
    relationships: SECURITY,
  },
  'index-linked-bond-redemption-transaction': {
    fields: { ...COMMON, indexFactor: 'number', unitPrice: 'number', units: 'number' },
    relationships: SECURITY,
  },
  'index-linked-bond-trade-transaction': {
    fields: { ...TRADE, accruedInterest: 'number', indexFactor: 'any?' },
    relationships: SECURITY,
  },
  'private-market-fund-distribution-transaction': {
    fields: { ...COMMON, amount: 'number', recallableAmount: 'number', ...AFFECTS },
    relationships: { account: 'account', instrument: 'instrument' },
    enums: {
      category: {
        values: [
          'distribution',
          'capital-gain',
          'dividend',
          'return-of-capital',
          'interest-received',
          'carried-interest',
          'withholding-tax',
        ],
      },
    },
  },
  'private-market-fund-drawdown-transaction': {
    fields: { ...COMMON, amount: 'number', effectOnUnfundedCommitment: 'number', ...AFFECTS },
    relationships: { account: 'account', instrument: 'instrument' },
    enums: { category: { values: ['capital-call', 'management-fee', 'interest-paid', 'other-fee'] } },
  },
  'refund-transaction': { fields: COMMON, relationships: { account: 'account' } },
  'zero-coupon-bond-trade-transaction': { fields: TRADE, relationships: SECURITY },
};

export const SERVICE_CREATED: Record<string, string> = {
  'fx-forward-cash-settlement-transaction':
    'FX forward cash settlement transactions are created by the service when the forward settles',
  'fx-forward-physical-delivery-transaction':
    'FX forward physical delivery transactions are created by the service when the forward settles',
  'loan-transaction': 'loan transactions are created by the service when a loan is created',
};

/** Kinds refused on an account with `excludeFromReporting`, and the relationships naming its accounts. */
export const BARRED_WHEN_EXCLUDED: Record<string, readonly string[]> = {
  'account-interest-transaction': ['account'],
  'cash-transfer-transaction': ['account'],
  'fee-transaction': ['account'],
  'fx-spot-transaction': ['inflowAccount', 'outflowAccount'],
  'refund-transaction': ['account'],
};

/** Relationships that name an account, for `GET /transactions?accountId=`. */
export const ACCOUNT_RELATIONSHIPS = [
  'account',
  'primaryAccount',
  'secondaryAccount',
  'inflowAccount',
  'outflowAccount',
];
