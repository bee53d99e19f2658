/**
 * Loads closing prices from a CSV file (`date,close`, `#` comments allowed) into an instrument, safely
 * re-runnable: a date without a price is created, a changed close is updated, an equal one left alone.
 *
 *   npx tsx examples/load-prices-from-csv.ts [file.csv]      default examples/data/prices.csv
 *
 * The instrument is found by creating it: a second create of the same security identifier and currency
 * answers the existing instrument (`created: false`). Against the embedded mock unless PRS_BASE_URL and
 * PRS_ACCESS_TOKEN are set.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { PortfolioReporting } from 'portfolio-reporting';
import { runExample } from './lib/connect.js';
import { heading, money, table } from './lib/table.js';

const FILE = process.argv[2] ?? new URL('./data/prices.csv', import.meta.url);
const INSTRUMENT = {
  type: 'stock-instrument',
  attributes: { name: 'SAP SE', securityIdentifier: 'DE0007164600', ccyCode: 'EUR', countryCode: 'DE' },
} as const;

interface Close {
  date: string;
  value: number;
}

/** The file's rows, each checked; a bad row stops the load with its line number. */
async function readCloses(file: string | URL): Promise<Close[]> {
  const records: { record: Record<string, string>; info: { lines: number } }[] = parse(await readFile(file, 'utf8'), {
    columns: true,
    comment: '#',
    skip_empty_lines: true,
    trim: true,
    info: true,
  });
  return records.map(({ record, info }) => {
    const value = Number(record.close);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(record.date ?? '') || record.close === '' || !Number.isFinite(value)) {
      throw new Error(
        `${file} line ${info.lines}: expected "YYYY-MM-DD,<number>", got "${record.date},${record.close}"`,
      );
    }
    return { date: record.date as string, value };
  });
}

/** Creates, updates or keeps each close; returns what it did per date. */
async function load(prs: PortfolioReporting, instrumentId: string, closes: readonly Close[]) {
  // Only the prices this caller provides are ours to change (the operator may provide its own).
  const existing = new Map(
    (await prs.instruments.prices.list(instrumentId))
      .filter((p) => p.attributes.provider === 'client')
      .map((p) => [p.attributes.date, p]),
  );
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const close of closes) {
    const price = existing.get(close.date);
    if (!price) {
      await prs.instruments.prices.create(instrumentId, { attributes: close });
      counts.created += 1;
    } else if (price.attributes.value !== close.value) {
      await prs.instruments.prices.update(price.id, { attributes: { value: close.value } });
      counts.updated += 1;
    } else counts.unchanged += 1;
  }
  return counts;
}

await runExample(async ({ prs }) => {
  const closes = await readCloses(FILE);
  const { data: instrument, created } = await prs.instruments.create(INSTRUMENT).withResponse();
  console.log(heading(`Prices for ${INSTRUMENT.attributes.name} (${INSTRUMENT.attributes.securityIdentifier})`));
  console.log(
    `  instrument ${instrument.id} (created: ${created}); ${closes.length} rows in ${FILE instanceof URL ? 'examples/data/prices.csv' : FILE}\n`,
  );

  const first = await load(prs, instrument.id, closes);
  const again = await load(prs, instrument.id, closes);
  console.log(
    table(
      ['run', 'created', 'updated', 'unchanged'],
      [
        ['first load', first.created, first.updated, first.unchanged],
        ['same file again', again.created, again.updated, again.unchanged],
      ],
    ),
  );

  const stored = (await prs.instruments.prices.list(instrument.id)).sort((a, b) =>
    a.attributes.date.localeCompare(b.attributes.date),
  );
  const values = stored.map((p) => p.attributes.value);
  console.log(
    `\n  Stored: ${stored.length} prices from ${stored[0]?.attributes.date} to ${stored.at(-1)?.attributes.date}; the last five:\n`,
  );
  console.log(
    table(
      ['date', 'close', 'provider'],
      stored.slice(-5).map((p) => [p.attributes.date, money(p.attributes.value), p.attributes.provider]),
    ),
  );
  console.log(`\n  Low ${money(Math.min(...values))}, high ${money(Math.max(...values))}.`);
});
