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

/** Price lookups for many dates: each instrument's prices sorted once, then a binary search per day. */
function priceIndex(store: MockStore): (instrumentId: string, date: string) => number | undefined {
  const sorted = new Map<string, { date: string; value: number }[]>();
  return (instrumentId, date) => {
    const prices = sorted.get(instrumentId) ?? store.prices.of(instrumentId);
    sorted.set(instrumentId, prices);
    let lo = 0;
    let hi = prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((prices[mid] as { date: string }).date <= date) lo = mid + 1;
      else hi = mid;
    }
    return prices[lo - 1]?.value;
  };
}

/** The positions held on each of `dates`, valued (one list per date). */
export function valueOver(
  store: MockStore,
  positions: readonly PositionRecord[],
  dates: readonly string[],
): Valued[][] {
  const priceOn = priceIndex(store);
  const held = positions
    .map((position) => ({ position, instrument: store.instruments.get(position.instrumentId) }))
    .filter((p): p is { position: PositionRecord; instrument: InstrumentRecord } => p.instrument !== undefined)
    .map((p) => ({ ...p, ccyCode: currencyOf(store, p.instrument) }));
  return dates.map((date) => {
    const out: Valued[] = [];
    for (const { position, instrument, ccyCode } of held) {
      if ((position.fromDate && date < position.fromDate) || (position.toDate && date > position.toDate)) continue;
      const price = priceOn(instrument.id, date);
      if (price !== undefined)
        out.push({ position, instrument, date, marketValue: roundCents(position.units * price), ccyCode });
    }
    return out;
  });
}

/** The positions held on `date`, valued. */
export const valueOn = (store: MockStore, positions: readonly PositionRecord[], date: string): Valued[] =>
  valueOver(store, positions, [date])[0] ?? [];

/** Every date from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Whole days between two dates. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
