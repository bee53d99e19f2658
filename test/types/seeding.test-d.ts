/**
 * Typed seeding (issue 19, item 7): `mock.store.instruments.add` and `mock.store.transactions.add` take each kind's
 * attributes as the service reports them, so a misspelled field or a missing required one is a compile error, not a
 * failure on read. Every `@ts-expect-error` below must be a real error: an unused directive fails `tsc --noEmit`
 * (part of `npm test`).
 */
import { createMockService, type InstrumentSeedLinks } from '../../src/testing/index.js';
import { bondSeed } from '../helpers/seeds.js';

const { store } = createMockService();
const bond = bondSeed();

// Valid seeds compile.
store.instruments.add({ kind: 'bond', attributes: bond });
store.instruments.add({ kind: 'fee', attributes: { name: 'Custody fee', category: 'custody' } });
store.transactions.add({
  type: 'dividend-transaction',
  attributes: { accountAmount: 12.5, grossAmount: 15, tax: 2.5, tradeDate: '2024-05-02', valueDate: '2024-05-03' },
  relationships: { account: { data: { type: 'account', id: 'a1' } } },
});

store.instruments.add({
  kind: 'stock',
  // @ts-expect-error a misspelled attribute (`nmae`)
  attributes: { nmae: 'ACME', securityIdentifier: 'US1', ccyCode: 'USD', countryCode: 'US' },
});

// @ts-expect-error a bond without its couponFrequency
store.instruments.add({ kind: 'bond', attributes: { ...bond, couponFrequency: undefined } });

const { dayCountConvention: _dropped, ...withoutDayCount } = bond;
// @ts-expect-error a bond without its dayCountConvention
store.instruments.add({ kind: 'bond', attributes: withoutDayCount });

// @ts-expect-error a number where the service reports a currency code
store.instruments.add({ kind: 'bond', attributes: { ...bond, ccyCode: 978 } });

// @ts-expect-error an unknown kind
store.instruments.add({ kind: 'bonds', attributes: bond });

store.instruments.add({
  kind: 'loan',
  // @ts-expect-error the attributes of another kind (a stock's for a loan)
  attributes: { name: 'ACME', securityIdentifier: 'US1', ccyCode: 'USD', countryCode: 'US' },
});

store.transactions.add({
  type: 'dividend-transaction',
  // @ts-expect-error a misspelled transaction attribute (`acountAmount`)
  attributes: { acountAmount: 12.5, tradeDate: '2024-05-02', valueDate: '2024-05-03' },
});

// @ts-expect-error a transaction type the service does not have
store.transactions.add({ type: 'dividends-transaction', attributes: {} });

// What a seeded instrument carries besides its kind and attributes is a type the testing entry exports (a
// misspelled member's error names it: test/types/seed-errors.test.ts).
const links: InstrumentSeedLinks = { instrumentClassId: 'ic1', reportingEntityId: 're1' };
store.instruments.add({ kind: 'bond', attributes: bond, ...links });
store.instruments.add({
  kind: 'bond',
  attributes: bond,
  // @ts-expect-error a misspelled link (`instrumentClassID`)
  instrumentClassID: 'ic1',
});
