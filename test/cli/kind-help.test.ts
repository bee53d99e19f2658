/**
 * `load <kind> --help` and `help load <kind>` (issue 19, item 2): a kind's columns, required and optional, with what
 * a cell holds, read from the schemas the loader checks rows with. The expectations below are derived from those
 * schemas too, so a field added to a kind shows in its help without a second list to keep.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { kindRules } from '../../src/core/jsonapi.js';
import { endpoints } from '../../src/endpoints.js';
import { priceSeries } from '../../src/schemas/time-series.js';

async function cli(args: string[]) {
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
  const code = await main(args, { stdout, stderr, env: { PRS_ACCESS_TOKEN: 'cli-token' } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** `name  required|optional  type` lines of one section of the help (after `title:`, or the first). */
function section(help: string, title?: string): string[][] {
  const lines = help.split('\n');
  let i = title ? lines.indexOf(`${title}:`) + 1 : lines.findIndex((l) => /^ {2}\S+ +(required|optional) /.test(l));
  const rows: string[][] = [];
  for (; i > 0 && i < lines.length && lines[i]?.startsWith('  '); i++) {
    const m = /^ {2}(\S+) +(required|optional) {2}(.+)$/.exec(lines[i] as string);
    if (m) rows.push([m[1] as string, m[2] as string, m[3] as string]);
  }
  return rows;
}

describe('portfolio-reporting load <kind> --help', () => {
  it('prices: the instrument id, then the create attributes of a price with their types', async () => {
    const out = await cli(['load', 'prices', '--help']);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(/^Usage: portfolio-reporting load prices <file> \[options\]\n/);
    expect(section(out.stdout)).toEqual([
      ['instrumentId', 'required', 'instrument id (or --instrument <id> for every row)'],
      ['date', 'required', 'date YYYY-MM-DD'],
      ['value', 'required', 'number'],
    ]);
    // `provider` is in the schema but refused on input (the service sets it): no column.
    const shape = (priceSeries.create as unknown as { _zod: { def: { shape: object } } })._zod.def.shape;
    expect(Object.keys(shape).sort()).toEqual(['date', 'provider', 'value']);
  });

  it('instruments: a section per creatable type with its required and optional columns, the refused types with why', async () => {
    const out = await cli(['load', 'instruments', '--help']);
    expect(out.code).toBe(0);
    const rules = kindRules(endpoints['instruments.create'].body);
    for (const [type, rule] of Object.entries(rules)) {
      if ('refused' in rule) expect(out.stdout).toContain(`  ${type}: ${rule.refused}\n`);
      else expect(section(out.stdout, type).length, type).toBeGreaterThan(0);
    }
    expect(section(out.stdout, 'bond-instrument')).toEqual([
      ['ccyCode', 'required', 'currency code (ISO 4217), e.g. EUR'],
      ['countryCode', 'required', 'country code (ISO 3166-1), e.g. CH'],
      ['couponFrequency', 'required', 'one of quarterly, semiannually, annually'],
      ['dayCountConvention', 'required', 'one of actual/actual, 30/360, actual/360'],
      ['name', 'required', 'text'],
      ['securityIdentifier', 'required', 'text'],
      ['datedDate', 'optional', 'date YYYY-MM-DD'],
      ['firstCouponDate', 'optional', 'date YYYY-MM-DD'],
      ['maturityDate', 'optional', 'date YYYY-MM-DD'],
    ]);
  });

  it('transactions: relationships as rel.<name> columns with their target', async () => {
    const out = await cli(['help', 'load', 'transactions']);
    expect(out.code).toBe(0);
    const trade = section(out.stdout, 'equity-trade-transaction');
    expect(trade).toContainEqual(['rel.account', 'required', 'account id']);
    expect(trade).toContainEqual(['rel.asset', 'required', 'asset id']);
    expect(trade.findIndex((c) => c[1] === 'optional')).toBeGreaterThan(
      trade.findLastIndex((c) => c[1] === 'required'),
    );
  });

  it('an unknown kind is one sentence with the help hint, exit 2', async () => {
    expect(await cli(['load', 'bonds', '--help'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: what to load must be one of instruments, prices, nav, transactions, got "bonds"\nRun portfolio-reporting --help for usage.\n',
    });
  });
});
