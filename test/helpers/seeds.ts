/**
 * Complete instrument seeds for `mock.store.instruments.add`, whose attributes are typed per kind as the service
 * reports them, and an equity trade's attributes: a test gives the fields it cares about and takes the rest from here.
 */
import type { InstrumentSeedAttributes } from '../../src/testing/index.js';

export const stockSeed = (
  over: Partial<InstrumentSeedAttributes<'stock'>> = {},
): InstrumentSeedAttributes<'stock'> => ({
  name: 'ACME',
  securityIdentifier: 'US0000000001',
  ccyCode: 'USD',
  countryCode: 'US',
  ...over,
});

export const bondSeed = (over: Partial<InstrumentSeedAttributes<'bond'>> = {}): InstrumentSeedAttributes<'bond'> => ({
  name: 'Bund',
  securityIdentifier: 'DE0001102507',
  ccyCode: 'EUR',
  countryCode: 'DE',
  couponFrequency: 'annually',
  dayCountConvention: 'actual/actual',
  ...over,
});

export const loanSeed = (over: Partial<InstrumentSeedAttributes<'loan'>> = {}): InstrumentSeedAttributes<'loan'> => ({
  securityIdentifier: 'LOAN-1',
  agreementDate: '2024-01-02',
  maturityDate: '2026-01-02',
  dayCountConvention: '30/360',
  interestRateInPercent: 3.5,
  principalAmount: 100_000,
  ...over,
});

export const fundSeed = (
  fund: Partial<InstrumentSeedAttributes<'private-market-fund-commitment-based'>['fund']> = {},
): InstrumentSeedAttributes<'private-market-fund-commitment-based'> => ({
  fund: {
    name: 'Fund I',
    managerName: 'Alpine Partners',
    ccyCode: 'EUR',
    strategy: 'venture-capital',
    investmentRegion: 'europe',
    vintageDate: '2020-01-01',
    ...fund,
  },
});

/** An equity trade's attributes: 10 units at 99.50, 5 commission, traded 2 and settled 4 January 2024. */
export const equityTradeSeed = (over: { tradeDate?: string; valueDate?: string } = {}) => ({
  accountAmount: -1000,
  commission: 5,
  unitPrice: 99.5,
  units: 10,
  tradeDate: '2024-01-02',
  valueDate: '2024-01-04',
  ...over,
});
