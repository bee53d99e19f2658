/**
 * Complete instrument seeds for `mock.store.instruments.add`, whose attributes are typed per kind as the service
 * reports them: a test gives the fields it cares about and takes the rest from here.
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
