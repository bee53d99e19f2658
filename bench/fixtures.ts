/**
 * Realistic response documents for the benchmarks, shaped as the reference shows them: asset holdings with
 * their included assets of mixed kinds, an instrument, a price, and pages of transactions.
 */

const ref = (type: string, id: string) => ({ data: { type, id } });
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const day = (i: number) => `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
const CURRENCIES = ['CHF', 'EUR', 'USD', 'GBP'];

/** One asset of the kind `i` selects: bonds, stocks, funds, loans, FX forwards, private market funds. */
export function asset(i: number): Record<string, unknown> {
  const id = `asset-${i}`;
  const ccyCode = pick(CURRENCIES, i);
  const security = { securityIdentifier: `CH${String(1e9 + i)}`, ccyCode, countryCode: i % 7 ? 'CH' : null };
  switch (i % 6) {
    case 0:
      return {
        id,
        type: 'bond-asset',
        attributes: {
          ...security,
          name: `Confederation bond ${i}`,
          couponFrequency: 'annually',
          dayCountConvention: '30/360',
          maturityDate: day(i).replace('2024', '2031'),
        },
      };
    case 1:
      return { id, type: 'stock-asset', attributes: { ...security, name: `Stock ${i} AG` } };
    case 2:
      return { id, type: 'mutual-fund-asset', attributes: { ...security, name: `Fund ${i}` } };
    case 3:
      return {
        id,
        type: 'loan-asset',
        attributes: {
          agreementDate: day(i),
          dayCountConvention: 'actual/360',
          interestRateInPercent: 2.5,
          maturityDate: day(i).replace('2024', '2029'),
          principalAmount: 250_000,
          securityIdentifier: `LOAN-${i}`,
        },
        relationships: { account: ref('account', `account-${i % 40}`) },
      };
    case 4:
      return {
        id,
        type: 'fx-forward-cash-settlement-asset',
        attributes: {
          agreementDate: day(i),
          fixingDate: day(i + 1),
          notionalAmount: 1_000_000,
          primaryCcyCode: 'USD',
          secondaryCcyCode: 'CHF',
          securityIdentifier: `FXF-${i}`,
          settlementAmount: 905_000,
          settlementDate: day(i + 2),
        },
        relationships: { account: ref('account', `account-${i % 40}`) },
      };
    default:
      return {
        id,
        type: 'private-market-fund-commitment-based-asset',
        attributes: {
          customIdentifier: null,
          fund: {
            managerName: 'Alpine Partners',
            name: `Alpine Growth ${i}`,
            ccyCode,
            strategy: 'venture-capital',
            investmentRegion: 'europe',
            vintageDate: '2021-06-30',
          },
          exitDate: null,
        },
        relationships: {
          depository: ref('depository', `depository-${i % 12}`),
          commitments: { data: [{ type: 'commitment', id: `c-${i}` }] },
        },
      };
  }
}

/** `{ data: asset-holding[], included: asset[] }`: `holdings` holdings spread over `assets` assets. */
export function assetHoldingsDocument(holdings: number, assets: number): { data: unknown[]; included: unknown[] } {
  const data = [];
  for (let i = 0; i < holdings; i++) {
    data.push({
      id: `ah-${i}`,
      type: 'asset-holding',
      attributes: {
        ccyCode: pick(CURRENCIES, i),
        date: day(i),
        marketValue: Math.round(((i * 7919) % 1_000_000) * 100) / 100 + 0.37,
        unitsInHolding: (i * 31) % 5000,
      },
      relationships: {
        reportingEntity: ref('reporting-entity', 're-1'),
        portfolio: ref('portfolio', `portfolio-${i % 25}`),
        asset: ref(
          [
            'bond-asset',
            'stock-asset',
            'mutual-fund-asset',
            'loan-asset',
            'fx-forward-cash-settlement-asset',
            'private-market-fund-commitment-based-asset',
          ][(i % assets) % 6] as string,
          `asset-${i % assets}`,
        ),
        depository: ref('depository', `depository-${i % 12}`),
      },
    });
  }
  const included = Array.from({ length: assets }, (_, i) => asset(i));
  return { data, included };
}

export const instrumentDocument = {
  data: {
    id: 'instrument-1',
    type: 'stock-instrument',
    attributes: { name: 'ACME Holding AG', securityIdentifier: 'CH0012345678', ccyCode: 'CHF', countryCode: 'CH' },
  },
};

export function priceDocument(id: string, date: string, value: number): unknown {
  return { data: { id, type: 'price', attributes: { date, value, provider: 'client' } } };
}

/** One transaction of the kinds a portfolio sees most (trades, dividends, fees, interest). */
export function transaction(i: number): Record<string, unknown> {
  const base = { accountAmount: -1000 - (i % 997), tradeDate: day(i), valueDate: day(i + 2) };
  const account = ref('account', `account-${i % 40}`);
  const held = {
    account,
    asset: ref('stock-asset', `asset-${i % 1000}`),
    depository: ref('depository', `depository-${i % 12}`),
  };
  switch (i % 4) {
    case 0:
      return {
        id: `tx-${i}`,
        type: 'equity-trade-transaction',
        attributes: { ...base, commission: 9.5, unitPrice: 101.25, units: 10 + (i % 90) },
        relationships: held,
      };
    case 1:
      return {
        id: `tx-${i}`,
        type: 'dividend-transaction',
        attributes: { ...base, accountAmount: 120.5, grossAmount: 185.4, tax: 64.9 },
        relationships: held,
      };
    case 2:
      return {
        id: `tx-${i}`,
        type: 'fee-transaction',
        attributes: { ...base, category: 'custody', comment: 'Quarterly custody fee' },
        relationships: { account },
      };
    default:
      return {
        id: `tx-${i}`,
        type: 'account-interest-transaction',
        attributes: { ...base, accountAmount: 12.75 },
        relationships: { account },
      };
  }
}
