/**
 * How the mock values holdings: a seeded position of `units` is held on the dates between its
 * `fromDate` and `toDate` (inclusive, open when unset) and is worth units × the latest price dated on or
 * before that day (prices are end-of-day), rounded to the cent. A position without such a price is left
 * out. No currency is converted.
 */
import type { InstrumentRecord, PositionRecord } from './store/records.js';
import type { MockStore } from './store/store.js';

export interface Valued {
  position: PositionRecord;
  instrument: InstrumentRecord;
  date: string;
  marketValue: number;
  ccyCode: string;
}

export const roundCents = (n: number): number => Math.round(n * 100) / 100;

/** The currency an instrument is valued in: its `ccyCode`, its fund's, or the currency of its account. */
export function currencyOf(store: MockStore, instrument: InstrumentRecord): string {
  const a = instrument.attributes as { ccyCode?: unknown; primaryCcyCode?: unknown; fund?: { ccyCode?: unknown } };
  const code = a.ccyCode ?? a.fund?.ccyCode ?? a.primaryCcyCode;
  if (typeof code === 'string') return code;
  const account = instrument.relationships.account?.data;
  return (account && !Array.isArray(account) && store.accounts.get(account.id)?.ccyCode) || 'EUR';
}

/** The positions held on `date`, valued. */
export function valueOn(store: MockStore, positions: readonly PositionRecord[], date: string): Valued[] {
  const out: Valued[] = [];
  for (const position of positions) {
    if ((position.fromDate && date < position.fromDate) || (position.toDate && date > position.toDate)) continue;
    const instrument = store.instruments.get(position.instrumentId);
    const price = instrument && store.prices.latest(instrument.id, date);
    if (!instrument || !price) continue;
    out.push({ position, instrument, date, marketValue: roundCents(position.units * price.value), ccyCode: currencyOf(store, instrument) });
  }
  return out;
}

/** Every date from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Whole days between two dates. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
