/**
 * One definition per kind yields both its `-asset` (v2) and its `-instrument` (v3) member: same fields,
 * same relationships, same create rules; only the type string differs.
 */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { kindRules } from '../../src/core/jsonapi.js';
import { endpoints } from '../../src/endpoints.js';
import type { AssetOf, InstrumentCreateAttributes, InstrumentKind, InstrumentOf } from '../../src/index.js';
import {
  assetFamily,
  assetSchema,
  assetSchemas,
  createAttributeSchemas,
  INSTRUMENT_KINDS,
  instrumentFamily,
  instrumentSchema,
  instrumentSchemas,
} from '../../src/schemas/instruments.js';
import { bondAttributes } from '../helpers/instrument-fixtures.js';

const KINDS = Object.keys(INSTRUMENT_KINDS) as InstrumentKind[];

const equity = { ccyCode: 'USD', countryCode: 'US', name: 'ACME', securityIdentifier: 'US0000000001' };
const fxDates = { agreementDate: '2024-03-01', fixingDate: '2024-06-01', settlementDate: '2024-06-03' };
/** A documented, valid set of attributes for every kind (as the service returns them). */
const SAMPLES: Record<InstrumentKind, Record<string, unknown>> = {
  bond: bondAttributes,
  'index-linked-bond': { ...bondAttributes, name: 'Linker' },
  'zero-coupon-bond': {
    ccyCode: 'CHF',
    countryCode: 'CH',
    maturityDate: '2031-01-01',
    name: 'Zero',
    securityIdentifier: 'CH1',
  },
  stock: equity,
  'mutual-fund': { ...equity, name: 'Fund' },
  fee: { name: 'Custody fee', category: 'custody' },
  refund: { name: 'Tax refund' },
  loan: {
    agreementDate: '2024-01-15',
    dayCountConvention: '30/360',
    interestRateInPercent: 3.5,
    maturityDate: '2029-01-15',
    principalAmount: 1e5,
    securityIdentifier: 'L1',
  },
  'fx-forward-cash-settlement': {
    ...fxDates,
    notionalAmount: 1e6,
    primaryCcyCode: 'EUR',
    secondaryCcyCode: 'USD',
    securityIdentifier: 'FX1',
    settlementAmount: -1.08e6,
  },
  'fx-forward-physical-delivery': {
    ...fxDates,
    notionalAmount: 1e6,
    securityIdentifier: 'FX2',
    settlementAmount: -1.08e6,
  },
  'private-market-fund-commitment-based': {
    customIdentifier: null,
    exitDate: null,
    fund: {
      managerName: 'M',
      name: 'F',
      ccyCode: 'EUR',
      strategy: 'venture-capital',
      investmentRegion: 'global',
      vintageDate: '2020-01-01',
    },
  },
  other: { securityIdentifier: 'X1' },
};

/** A zod/mini object's shape keys. */
const keysOf = (schema: unknown) => Object.keys((schema as z.ZodMiniObject).shape).sort();
const attributesOf = (schema: unknown) => (schema as z.ZodMiniObject<{ attributes: z.ZodMiniObject }>).shape.attributes;

describe('each kind yields an -asset and an -instrument member from one definition', () => {
  it('the families hold exactly the twelve kinds, each under both type strings', () => {
    expect(KINDS).toHaveLength(12);
    expect(Object.keys(assetSchemas).sort()).toEqual(KINDS.map((k) => `${k}-asset`).sort());
    expect(Object.keys(instrumentSchemas).sort()).toEqual(KINDS.map((k) => `${k}-instrument`).sort());
  });

  it.each(KINDS)('%s: both members are built from the same field and relationship objects', (kind) => {
    const asset = assetFamily.defs[`${kind}-asset`];
    const instrument = instrumentFamily.defs[`${kind}-instrument`];
    expect(asset.fields).toBe(INSTRUMENT_KINDS[kind].fields);
    expect(instrument.fields).toBe(INSTRUMENT_KINDS[kind].fields);
    expect(asset.relationships).toBe(instrument.relationships);
    expect(asset.type).toBe(`${kind}-asset`);
    expect(instrument.type).toBe(`${kind}-instrument`);
  });

  it.each(KINDS)('%s: identical attribute keys and relationship keys in both response schemas', (kind) => {
    const asset = assetSchemas[`${kind}-asset`];
    const instrument = instrumentSchemas[`${kind}-instrument`];
    expect(keysOf(attributesOf(asset))).toEqual(keysOf(attributesOf(instrument)));
    expect(keysOf(attributesOf(asset)).length).toBeGreaterThan(0);
    expect(keysOf(asset)).toEqual(['attributes', 'id', 'relationships', 'type']);
  });

  it.each(KINDS)(
    '%s: both accept the same attributes, and refuse the same wrong ones, under their own type only',
    (kind) => {
      const attributes = SAMPLES[kind];
      const asset = { id: 'a1', type: `${kind}-asset`, attributes };
      const instrument = { id: 'i1', type: `${kind}-instrument`, attributes };
      expect(z.safeParse(assetSchemas[`${kind}-asset`], asset).success).toBe(true);
      expect(z.safeParse(instrumentSchemas[`${kind}-instrument`], instrument).success).toBe(true);
      expect(z.safeParse(assetSchema, asset).success).toBe(true);
      expect(z.safeParse(instrumentSchema, instrument).success).toBe(true);
      // The type string selects the family: an -instrument is not an -asset member.
      expect(z.safeParse(assetSchemas[`${kind}-asset`], instrument).success).toBe(false);
      // The same documented field with a wrong JSON type fails in both, on the same path.
      const [field] = Object.keys(attributes) as [string];
      const wrong = { ...attributes, [field]: true };
      const issuePaths = (schema: unknown, type: string) =>
        z
          .safeParse(schema as z.ZodMiniType, { id: 'x', type, attributes: wrong })
          .error?.issues.map((i) => i.path.join('.'));
      expect(issuePaths(assetSchemas[`${kind}-asset`], `${kind}-asset`)).toEqual([`attributes.${field}`]);
      expect(issuePaths(instrumentSchemas[`${kind}-instrument`], `${kind}-instrument`)).toEqual([
        `attributes.${field}`,
      ]);
    },
  );

  it.each(KINDS)('%s: both families share one create rule', (kind) => {
    const asset = kindRules(endpoints['assets.create'].body)[`${kind}-asset`];
    const instrument = kindRules(endpoints['instruments.create'].body)[`${kind}-instrument`];
    if (INSTRUMENT_KINDS[kind].creatable) {
      expect(asset).toEqual({
        attributes: createAttributeSchemas[kind as keyof typeof createAttributeSchemas],
        relationships: INSTRUMENT_KINDS[kind].relationships,
      });
      expect(instrument).toEqual(asset);
      expect(asset && 'attributes' in asset && asset.attributes).toBe(
        instrument && 'attributes' in instrument && instrument.attributes,
      );
    } else {
      expect(asset).toEqual(instrument);
      expect(asset).toHaveProperty('refused');
    }
  });

  it('the inferred types agree: AssetOf<K> and InstrumentOf<K> have the same attributes for every K', () => {
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    type All = { [K in InstrumentKind]: Same<AssetOf<K>['attributes'], InstrumentOf<K>['attributes']> }[InstrumentKind];
    expectTypeOf<All>().toEqualTypeOf<true>();
    expectTypeOf<AssetOf<'loan'>['type']>().toEqualTypeOf<'loan-asset'>();
    expectTypeOf<InstrumentOf<'loan'>['type']>().toEqualTypeOf<'loan-instrument'>();
  });

  it('create inputs are typed from the same fields: strings are strings, value sets are closed', () => {
    expectTypeOf<InstrumentCreateAttributes<'bond'>['ccyCode']>().toEqualTypeOf<string>();
    expectTypeOf<InstrumentCreateAttributes<'bond'>['maturityDate']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<InstrumentCreateAttributes<'bond'>['couponFrequency']>().toEqualTypeOf<
      'quarterly' | 'semiannually' | 'annually'
    >();
    expectTypeOf<
      InstrumentCreateAttributes<'private-market-fund-commitment-based'>['exitDate']
    >().toEqualTypeOf<undefined>();
  });
});

describe('value sets: open on responses, closed on requests', () => {
  it('any string passes as couponFrequency in a response of either family; only the three known values on create', () => {
    const known = ['quarterly', 'semiannually', 'annually'];
    fc.assert(
      fc.property(fc.string(), (value) => {
        const attributes = { ...bondAttributes, couponFrequency: value };
        expect(z.safeParse(assetSchema, { id: 'a', type: 'bond-asset', attributes }).success).toBe(true);
        expect(z.safeParse(instrumentSchema, { id: 'i', type: 'bond-instrument', attributes }).success).toBe(true);
        expect(z.safeParse(createAttributeSchemas.bond, attributes).success).toBe(known.includes(value));
      }),
    );
  });
});
