/**
 * The create rules of the twelve instrument kinds, from the reference: fields with their checks and the
 * relationships each kind takes. `fee`, `refund` and `other` cannot be created.
 */
import type { Fields } from '../http/check.js';
import type { InstrumentKind } from '../store/records.js';

export const COUPON_FREQUENCIES = ['quarterly', 'semiannually', 'annually'] as const;
export const DAY_COUNT_CONVENTIONS = ['actual/actual', '30/360', 'actual/360'] as const;
const STRATEGIES = ['leveraged-buyout', 'private-debt', 'venture-capital', 'other'] as const;
const REGIONS = ['global', 'north-america', 'europe', 'other'] as const;

/** `?` marks an optional field. */
type Check = 'string' | 'currency' | 'date' | 'number' | 'coupon' | 'dayCount';
type Spec = Record<string, Check | `${Check}?`>;

interface KindRule {
  fields: Spec;
  /** Relationship name → target type; all required on create. */
  relationships: Record<string, 'account' | 'depository'>;
}

const bond: KindRule = {
  fields: {
    ccyCode: 'currency',
    countryCode: 'string',
    couponFrequency: 'coupon',
    datedDate: 'date?',
    dayCountConvention: 'dayCount',
    firstCouponDate: 'date?',
    maturityDate: 'date?',
    name: 'string',
    securityIdentifier: 'string',
  },
  relationships: {},
};
const equity: KindRule = {
  fields: { ccyCode: 'currency', countryCode: 'string', name: 'string', securityIdentifier: 'string' },
  relationships: {},
};

export const CREATABLE: Partial<Record<InstrumentKind, KindRule>> = {
  bond,
  'index-linked-bond': bond,
  'zero-coupon-bond': {
    fields: {
      ccyCode: 'currency',
      countryCode: 'string',
      maturityDate: 'date?',
      name: 'string',
      securityIdentifier: 'string',
    },
    relationships: {},
  },
  stock: equity,
  'mutual-fund': equity,
  loan: {
    fields: {
      agreementDate: 'date',
      dayCountConvention: 'dayCount',
      interestRateInPercent: 'number',
      maturityDate: 'date',
      principalAmount: 'number',
      securityIdentifier: 'string',
    },
    relationships: { account: 'account' },
  },
  'fx-forward-cash-settlement': {
    fields: {
      agreementDate: 'date',
      fixingDate: 'date',
      notionalAmount: 'number',
      primaryCcyCode: 'currency',
      secondaryCcyCode: 'currency',
      securityIdentifier: 'string',
      settlementAmount: 'number',
      settlementDate: 'date',
    },
    relationships: { account: 'account' },
  },
  'fx-forward-physical-delivery': {
    fields: {
      agreementDate: 'date',
      fixingDate: 'date',
      settlementDate: 'date',
      notionalAmount: 'number',
      settlementAmount: 'number',
      securityIdentifier: 'string',
    },
    relationships: { primaryAccount: 'account', secondaryAccount: 'account' },
  },
  'private-market-fund-commitment-based': { fields: {}, relationships: { depository: 'depository' } },
};

export const NOT_CREATABLE: Record<string, string> = {
  fee: 'fee instruments cannot be created: they exist only for reporting',
  refund: 'refund instruments cannot be created: they exist only for reporting',
  other: '"other" instruments can only be retrieved, not created',
};

export const KINDS: readonly InstrumentKind[] = [
  'bond',
  'fee',
  'fx-forward-cash-settlement',
  'fx-forward-physical-delivery',
  'index-linked-bond',
  'loan',
  'mutual-fund',
  'private-market-fund-commitment-based',
  'refund',
  'stock',
  'zero-coupon-bond',
  'other',
];

/** Checks the attributes of a creatable kind; every broken rule is collected in `f`. */
export function checkAttributes(kind: InstrumentKind, f: Fields): void {
  const rule = CREATABLE[kind];
  if (!rule) return;
  for (const [name, spec] of Object.entries(rule.fields)) {
    const optional = spec.endsWith('?');
    const check = spec.replace('?', '') as Check;
    const opt = { optional };
    if (check === 'coupon' || check === 'dayCount') {
      const allowed = check === 'coupon' ? COUPON_FREQUENCIES : DAY_COUNT_CONVENTIONS;
      if (f.values[name] === 'other')
        f.fail(name, `cannot be "other" on a new instrument (allowed: ${allowed.join(', ')})`);
      else f.oneOf(name, allowed, opt);
    } else f[check](name, opt);
  }
  if (kind === 'private-market-fund-commitment-based') checkFund(f);
}

function checkFund(f: Fields): void {
  f.string('customIdentifier', { optional: true });
  if (f.values.exitDate !== undefined && f.values.exitDate !== null)
    f.fail('exitDate', 'is set by the service when the position closes; it cannot be sent');
  const fund = f.object('fund');
  fund?.string('managerName');
  fund?.string('name');
  fund?.currency('ccyCode');
  fund?.oneOf('strategy', STRATEGIES);
  fund?.oneOf('investmentRegion', REGIONS);
  fund?.date('vintageDate');
  fund?.date('expectedExitDate', { optional: true });
  const commitment = f.object('initialCommitment');
  commitment?.date('date');
  commitment?.number('value');
}
