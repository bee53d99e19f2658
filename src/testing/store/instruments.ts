/** Instruments, their time series, classes, commitments and the positions holdings are computed from. */

import { addedRecord, type TableName } from './record-schemas.js';
import type {
  ClassRecord,
  CommitmentRecord,
  DetailedClassRecord,
  InstrumentKind,
  InstrumentRecord,
  NetAssetValueRecord,
  PositionRecord,
  Provider,
  SeriesRecord,
} from './records.js';
import type { CheckedInstrumentInput, InstrumentInput } from './seeds.js';
import type { MockStore } from './store.js';
import { Table } from './table.js';

/** The seeded detailed class each kind falls in unless a test says otherwise (see `seedDefaults`). */
export const DETAILED_CLASS_BY_KIND: Record<InstrumentKind, string> = {
  stock: 'Listed equities',
  'mutual-fund': 'Equity funds',
  bond: 'Bonds',
  'zero-coupon-bond': 'Bonds',
  'index-linked-bond': 'Inflation-linked bonds',
  loan: 'Loans',
  'fx-forward-cash-settlement': 'Currency forwards',
  'fx-forward-physical-delivery': 'Currency forwards',
  'private-market-fund-commitment-based': 'Private equity',
  fee: 'Fees and refunds',
  refund: 'Fees and refunds',
  other: 'Other instruments',
};

export class Instruments extends Table<InstrumentRecord> {
  constructor(private readonly store: MockStore) {
    super('instrument');
  }
  /**
   * Adds an instrument of any kind, `fee`, `refund` and `other` included (no create rule is checked).
   * @example
   * const acme = mock.store.instruments.add({ kind: 'stock', attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' } });
   */
  add(input: InstrumentInput): InstrumentRecord {
    addedRecord(this.store, 'instruments', 'add', input, (i) => ({ ...i, relationships: i.relationships ?? {} }));
    return this.addChecked(input);
  }

  /**
   * Adds an instrument whose attributes a route has checked by the service's rules (a request body has no static
   * type); tests seed with `add`, whose types catch a misspelled or missing field.
   * @example
   * mock.store.instruments.addChecked({ kind: 'stock', attributes: body.attributes });
   */
  addChecked(input: CheckedInstrumentInput): InstrumentRecord {
    addedRecord(this.store, 'instruments', 'addChecked', input, (i) => ({
      ...i,
      relationships: i.relationships ?? {},
    }));
    const detailed = input.detailedInstrumentClassId
      ? this.store.detailedInstrumentClasses.expect(input.detailedInstrumentClassId)
      : this.store.detailedInstrumentClasses.where((c) => c.name === DETAILED_CLASS_BY_KIND[input.kind])[0];
    return this.insert({
      id: this.store.ids.hex24(),
      kind: input.kind,
      attributes: input.attributes,
      relationships: input.relationships ?? {},
      instrumentClassId: input.instrumentClassId ?? detailed?.instrumentClassId,
      detailedInstrumentClassId: detailed?.id,
      reportingEntityId: input.reportingEntityId,
    });
  }
  /** The instrument with this `securityIdentifier` and `ccyCode`, if any (the duplicate rule). */
  findByIdentifier(securityIdentifier: unknown, ccyCode: unknown): InstrumentRecord | undefined {
    return this.all().find(
      (i) => i.attributes.securityIdentifier === securityIdentifier && i.attributes.ccyCode === ccyCode,
    );
  }
}

/** The store's table of each series. */
const SERIES_TABLES = { price: 'prices', 'interest-rate': 'interestRates', 'index-factor': 'indexFactors' } as const;

/** One time series (prices, interest rates or index factors); values sorted by date on read. */
export class Series extends Table<SeriesRecord> {
  constructor(
    private readonly store: MockStore,
    label: 'price' | 'interest-rate' | 'index-factor',
  ) {
    super(label);
    this.name = SERIES_TABLES[label];
  }
  private readonly name: TableName;
  /** @example mock.store.prices.add({ instrumentId: acme.id, date: '2024-03-28', value: 101.5 }); */
  add(input: { instrumentId: string; date: string; value: number; provider?: Provider }): SeriesRecord {
    const record = addedRecord(this.store, this.name, 'add', input, (i) => ({
      ...i,
      provider: input.provider ?? 'client',
    }));
    return this.insert({ ...record, id: this.store.ids.hex24() });
  }
  /** The values of one instrument, oldest first. @example mock.store.prices.of(acme.id) */
  of(instrumentId: string): SeriesRecord[] {
    return this.where((s) => s.instrumentId === instrumentId).sort((a, b) => a.date.localeCompare(b.date));
  }
  /** The latest value dated on or before `date` (prices are end-of-day). @example mock.store.prices.latest(acme.id, '2024-03-31') */
  latest(instrumentId: string, date: string): SeriesRecord | undefined {
    return this.of(instrumentId)
      .filter((s) => s.date <= date)
      .at(-1);
  }
}

export class NetAssetValues extends Table<NetAssetValueRecord> {
  constructor(private readonly store: MockStore) {
    super('net-asset-value');
  }
  /**
   * Adds a NAV and its paired price (dated `effectiveDate`, which defaults to `officialDate`); a price already
   * dated so is taken over (its value set to the NAV's), not created.
   * @example mock.store.netAssetValues.add({ instrumentId: fund.id, officialDate: '2024-03-31', value: 1_250_000 });
   */
  add(input: {
    instrumentId: string;
    officialDate: string;
    effectiveDate?: string | null;
    value: number;
  }): NetAssetValueRecord {
    const record = addedRecord(
      this.store,
      'netAssetValues',
      'add',
      input,
      (i) => ({ ...i, effectiveDate: input.effectiveDate ?? input.officialDate }),
      ['id', 'priceId'],
    );
    const effectiveDate = record.effectiveDate as string;
    const existing = this.store.prices.of(input.instrumentId).find((p) => p.date === effectiveDate);
    // The NAV is the instrument's value on that day: it takes over a price already there.
    const price =
      existing ?? this.store.prices.add({ instrumentId: input.instrumentId, date: effectiveDate, value: input.value });
    price.value = input.value;
    return this.insert({
      id: this.store.ids.hex24(),
      instrumentId: input.instrumentId,
      officialDate: input.officialDate,
      effectiveDate,
      value: input.value,
      priceId: price.id,
    });
  }

  /**
   * Removes a NAV and the price paired with it, as the reference says ("removes the NAV and the price entry paired
   * with it"), whether the NAV created that price or took over one dated so: the price holds the NAV's value. A
   * price another NAV still sets (two NAVs with one `effectiveDate`) stays with that NAV, which then removes it.
   * @example mock.store.netAssetValues.remove(nav.id)
   */
  remove(id: string): boolean {
    const nav = this.get(id);
    if (!nav) return false;
    this.delete(id);
    if (!this.where((n) => n.priceId === nav.priceId).length) this.store.prices.delete(nav.priceId);
    return true;
  }
}

export class Commitments extends Table<CommitmentRecord> {
  constructor(private readonly store: MockStore) {
    super('commitment');
  }
  /** @example mock.store.commitments.add({ instrumentId: fund.id, date: '2024-01-15', value: 5_000_000 }); */
  add(input: Omit<CommitmentRecord, 'id'>): CommitmentRecord {
    const record = addedRecord(this.store, 'commitments', 'add', input, (i) => ({ ...i }));
    return this.insert({ ...record, id: this.store.ids.hex24() });
  }
}

export class InstrumentClasses extends Table<ClassRecord> {
  constructor(private readonly store: MockStore) {
    super('instrument-class');
  }
  /** @example const cls = mock.store.instrumentClasses.add({ name: 'Commodities' }); */
  add(input: { name: string }): ClassRecord {
    const record = addedRecord(this.store, 'instrumentClasses', 'add', input, (i) => ({ ...i }));
    return this.insert({ id: this.store.ids.hex24(), ...record });
  }
}

export class DetailedInstrumentClasses extends Table<DetailedClassRecord> {
  constructor(private readonly store: MockStore) {
    super('instrument-class-detailed');
  }
  /** @example mock.store.detailedInstrumentClasses.add({ name: 'Gold', instrumentClassId: cls.id }); */
  add(input: { name: string; instrumentClassId: string }): DetailedClassRecord {
    const record = addedRecord(this.store, 'detailedInstrumentClasses', 'add', input, (i) => ({ ...i }));
    return this.insert({ id: this.store.ids.hex24(), ...record });
  }
}

export class Positions extends Table<PositionRecord> {
  constructor(private readonly store: MockStore) {
    super('position');
  }
  /**
   * Seeds a position the holdings and limit statuses are computed from.
   * The reporting entity is the portfolio's.
   * @example mock.store.positions.add({ portfolioId: p.id, depositoryId: d.id, instrumentId: acme.id, units: 100 });
   */
  add(input: Omit<PositionRecord, 'id' | 'reportingEntityId'>): PositionRecord {
    const record = addedRecord(this.store, 'positions', 'add', input, (i) => ({ ...i }), ['id', 'reportingEntityId']);
    // Found: the check above refuses an id of no portfolio.
    const portfolio = this.store.portfolios.expect(input.portfolioId);
    return this.insert({ ...record, reportingEntityId: portfolio.reportingEntityId, id: this.store.ids.hex24() });
  }
}
