/**
 * `portfolio-reporting load`, run in-process through `main()` against the mock over real HTTP: help and
 * usage errors, the dry run (every bad row by line and field, nothing sent), columns to SDK inputs, the
 * journal across runs, rows in doubt, and the progress output.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli/args.js';
import { main, type Summary } from '../../src/cli/main.js';
import { createMockService } from '../../src/testing/index.js';
import { type Fault, type FaultyMock, placedFaults, serveWithFaults } from '../helpers/faulty-mock.js';
import { addAccount, addStock } from '../helpers/mock-seeds.js';

const mock = createMockService();
let server: FaultyMock;
let faults: Record<string, Fault> = {};
const dir = mkdtempSync(join(tmpdir(), 'prs-cli-'));

beforeAll(async () => {
  server = await serveWithFaults(
    mock,
    placedFaults(() => faults),
  );
});
afterEach(() => {
  mock.reset();
  server.reset();
  faults = {};
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
/** Writes a file in the test's directory; the name keeps its extension (the format follows it). */
function file(name: string, text: string): string {
  const path = join(dir, `${++files}-${name}`);
  writeFileSync(path, text);
  return path;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(
  args: string[],
  options: { env?: Record<string, string>; interrupt?: AbortSignal; tty?: boolean } = {},
): Promise<Run> {
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const stderr = { text: '', isTTY: options.tty ?? false, columns: 200, write: (s: string) => (stderr.text += s) };
  const env = options.env ?? { PRS_ACCESS_TOKEN: 'cli-test-token' };
  const code = await main(args, { stdout, stderr, env, interrupt: options.interrupt });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const summaryOf = (run: Run) => JSON.parse(run.stdout) as Summary;

describe('help and usage', () => {
  it('prints the usage with examples for --help', async () => {
    for (const args of [['--help'], ['-h']]) {
      const run = await cli(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        'Usage: portfolio-reporting load <instruments|prices|nav|transactions> <file> [options]',
      );
      expect(run.stdout).toContain('Examples:\n  export PRS_BASE_URL=');
      expect(run.stdout).toContain('portfolio-reporting load instruments instruments.csv --dry-run');
    }
  });

  it('no command is a usage error: the usage on stderr, exit 2 (it was printed on stdout, exit 0)', async () => {
    for (const args of [[], ['--json']])
      expect(await cli(args)).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: no command given; the commands are load, mock, openapi and help\n\n${HELP}`,
      });
  });

  it.each([
    [
      ['load', 'stocks', 'x.csv'],
      'error: what to load must be one of instruments, prices, nav, transactions, got "stocks"',
    ],
    [
      ['upload', 'instruments', 'x.csv'],
      'error: unknown command "upload"; the commands are load, mock, openapi and help',
    ],
    [['load', 'instruments'], 'error: no file given: portfolio-reporting load <kind> <file>'],
    [['load', 'instruments', 'x.csv', 'y.csv'], 'error: unexpected arguments after the file: "y.csv"'],
    [
      ['load', 'instruments', 'x.csv', '--concurrency', '0'],
      'error: --concurrency must be a whole number from 1 to 64, got "0"',
    ],
    [
      ['load', 'instruments', 'x.csv', '--concurrency', '-1'],
      'error: --concurrency must be a whole number from 1 to 64, got "-1"',
    ],
    [
      ['load', 'instruments', 'x.csv', '--concurrency', '99999999999999999999'],
      'error: --concurrency must be a whole number from 1 to 64, got "99999999999999999999"',
    ],
    [
      ['load', 'instruments', 'x.csv', '--max-retries', '99999999999'],
      'error: --max-retries must be a whole number from 0 to 100, got "99999999999"',
    ],
    [
      ['load', 'instruments', 'x.csv', '--max-retries', '-1'],
      'error: portfolio-reporting load: --max-retries: must be a whole number, 0 or more, got "-1"',
    ],
    [
      ['load', 'instruments', 'x.csv', '--format', 'csv', '--format', 'jsonl'],
      'error: --format is given twice ("csv", then "jsonl"); give it once',
    ],
    [
      ['load', 'instruments', 'x.csv', '--concurrency', '4', '--concurrency=16'],
      'error: --concurrency is given twice ("4", then "16"); give it once',
    ],
    [['load', 'instruments', 'x.csv', '--instrument', 'abc'], 'error: --instrument applies to prices and nav only'],
    [['load', 'instruments', 'x.csv', '--colour'], 'error: unknown option --colour'],
    [['load', 'instruments', 'x.csv', '--format', 'xml'], 'error: --format must be csv or jsonl, got "xml"'],
  ])('refuses %j with exit 2', async (args, message) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toContain(message);
  });

  it('names the kind meant for a near miss: the singular or plural, another case', async () => {
    for (const [given, meant] of [
      ['instrument', 'instruments'],
      ['Prices', 'prices'],
      ['navs', 'nav'],
      ['transaction', 'transactions'],
    ])
      expect(await cli(['load', given as string, 'x.csv'])).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: what to load must be one of instruments, prices, nav, transactions, got "${given}": did you mean ${meant}?\nRun portfolio-reporting --help for usage.\n`,
      });
  });

  it('--token (the mock takes one) says where the loader reads the token', async () => {
    for (const args of [['--token', 'x'], ['--token=x'], ['--access-token', 'x']]) {
      const run = await cli(['load', 'instruments', 'x.csv', ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr.split('\n')[0]).toBe(
        `error: unknown option --${args[0]?.startsWith('--access') ? 'access-token' : 'token'} (the token is read from the PRS_ACCESS_TOKEN environment variable: export PRS_ACCESS_TOKEN=…); the options are --help, --version, --format, --instrument, --dry-run, --journal, --concurrency, --max-retries, --base-url, --skip-invalid, --resend-in-doubt, --keep-going and --json`,
      );
    }
  });

  it('says which file cannot be read, and refuses a header naming a column twice', async () => {
    const missing = await cli(['load', 'instruments', join(dir, 'nope.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: cannot read ${join(dir, 'nope.csv')}: there is no such file\n`);
    const twice = await cli(['load', 'instruments', file('twice.csv', 'type,name,name\n')]);
    expect(twice).toMatchObject({ code: 2, stderr: 'error: line 1: the header names the column "name" twice\n' });
  });

  it('a file whose rows all lack their instrument or their type is one error, exit 2 (it was one per row)', async () => {
    const prices = file('prices.csv', 'date,value\n2024-01-02,1\n2024-01-03,2\n2024-01-04,3\n');
    const noInstrument = await cli(['load', 'prices', prices, '--base-url', server.url]);
    expect(noInstrument).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: ${prices}: no row names its instrument: pass --instrument <id>, or give each row an instrumentId (a column in CSV, a member in JSON lines); nothing was sent\n`,
    });
    const nav = file('nav.jsonl', '{"attributes":{"officialDate":"2024-03-31","value":1}}\n');
    expect((await cli(['load', 'nav', nav, '--dry-run'])).stderr).toBe(
      `error: ${nav}: no row names its instrument: pass --instrument <id>, or give each row an instrumentId (a column in CSV, a member in JSON lines); nothing was sent\n`,
    );
    const trades = file('trades.csv', 'accountAmount,transactionDate\n100,2024-01-02\n200,2024-01-03\n');
    expect(await cli(['load', 'transactions', trades, '--dry-run'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: ${trades}: no row has a type: give each row one (a type column in CSV, a member in JSON lines; portfolio-reporting load transactions --help lists them); nothing was sent\n`,
    });
    // One row with its instrument is enough for the others to be told one by one.
    const mixed = file('mixed.csv', 'instrumentId,date,value\n65f1c0ffee0000000000010a,2024-01-02,1\n,2024-01-03,2\n');
    expect((await cli(['load', 'prices', mixed, '--dry-run'])).stdout.split('\n')[0]).toBe(
      'line 3: instrumentId: must be a non-empty string id other than "." and "..", got undefined',
    );
    expect(server.log.requests).toBe(0);
  });

  it('needs a base URL and a token to send, not to check', async () => {
    const rows = file(
      'one.csv',
      'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,ACME,US0000000001,USD,US\n',
    );
    const noToken = await cli(['load', 'instruments', rows, '--base-url', server.url], { env: {} });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toBe(
      'error: portfolio-reporting load: PRS_ACCESS_TOKEN: is required (set the PRS_ACCESS_TOKEN environment variable to your access token)\nRun portfolio-reporting --help for usage.\n',
    );
    expect((await cli(['load', 'instruments', rows, '--dry-run'], { env: {} })).code).toBe(0);
    expect(server.log.requests).toBe(0);
  });
});

describe('--dry-run', () => {
  it('lists every bad row with its line and field, and sends nothing', async () => {
    const csv = file(
      'instruments.csv',
      [
        'type,name,securityIdentifier,ccyCode,countryCode,couponFrequency,dayCountConvention,maturityDate,colour',
        'stock-instrument,ACME,US0000000001,USD,US,,,,', // 2: fine
        'stock-instrument,Lower,US0000000002,usd,US,,,,', // 3: currency
        'bond-instrument,Bund,DE0001102507,EUR,DE,monthly,actual/actual,2030-02-30,', // 4: enum and date
        'stock-instrument,,US0000000003,USD,US,,,,', // 5: missing name
        'fee-instrument,Custody fee,,,,,,,', // 6: refused kind
        'stock-instrument,ACME,US0000000004,USD,US,,,,blue', // 7: unknown column
        'stock-instrument,ACME,US0000000005,USD', // 8: too few fields
        '"mutual-fund-instrument","Fund, with a comma","LU0000000001","EUR","LU",,,,', // 9: fine, quoted
        'loan-instrument,,LN1,,,,actual/360,2030-01-01,', // 10: loan without its fields
      ].join('\n'),
    );
    const run = await cli(['load', 'instruments', csv, '--dry-run', '--base-url', server.url]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')).toEqual([
      'line 3: attributes.ccyCode: must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "usd"',
      'line 4: attributes.couponFrequency: must be one of "quarterly", "semiannually", "annually", got "monthly"',
      'line 4: attributes.maturityDate: must be a calendar date in the form YYYY-MM-DD: 2030-02-30 is no day of the calendar',
      'line 5: attributes.name: is required',
      'line 6: type: fee instruments cannot be created: the service keeps them for reporting only',
      'line 7: attributes.colour: is not a known field here (accepted: ccyCode, countryCode, name, securityIdentifier)',
      'line 8: has 4 fields, the header (line 1) has 9',
      'line 8: attributes.countryCode: is required',
      'line 10: attributes.agreementDate: is required',
      'line 10: attributes.interestRateInPercent: is required',
      'line 10: attributes.principalAmount: is required',
      'line 10: relationships.account: is required (an account id)',
      '9 rows checked, 7 invalid; nothing was sent (dry run).',
      '',
    ]);
    expect(server.log.requests).toBe(0);
    expect(existsSync(`${csv}.journal.jsonl`)).toBe(false);
  });

  it('a CSV syntax error is one sentence naming the line, exit 2, nothing sent (it was a CsvError stack trace)', async () => {
    const stray = file('stray-quote.csv', 'instrumentId,date,value\nX,2024-01-02,1"5\n');
    const unclosed = file('unclosed.csv', 'instrumentId,date,value\nX,2024-01-02,1\n"Y,2024-01-03,2\nZ,2024-01-04,3\n');
    for (const [csv, reason] of [
      [stray, 'line 2: a quote inside an unquoted field: quote the whole field and double the quote in it ("1""5")'],
      [unclosed, 'a quoted field starting after line 2 is never closed (a missing closing quote)'],
    ] as const) {
      const run = await cli(['load', 'prices', csv, '--base-url', server.url]);
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toBe(`error: ${csv}: ${reason}; nothing was loaded\n`);
    }
    expect(server.log.requests).toBe(0);
  });

  it('names the line the header is on when a row has another number of fields (it said "line above")', async () => {
    const extra = file('extra-field.csv', 'date,value,a,b,c\n2024-01-01,1,,,\n2024-01-02,2,,,\n2024-01-03,3,,,,\n');
    const run = await cli(['load', 'prices', extra, '--dry-run', '--instrument', '65f1c0ffee0000000000010a']);
    expect(run).toEqual({
      code: 1,
      stdout:
        'line 4: has 6 fields, the header (line 1) has 5\n3 rows checked, 1 invalid; nothing was sent (dry run).\n',
      stderr: '',
    });
    // After comments and a blank line the header is on line 3.
    const later = file('header-later.csv', '# closes\n\ndate,value\n2024-01-01,1\n2024-01-02,2,9\n');
    const after = await cli(['load', 'prices', later, '--dry-run', '--instrument', '65f1c0ffee0000000000010a']);
    expect(after.stdout.split('\n')[0]).toBe('line 5: has 3 fields, the header (line 3) has 2');
  });

  it('counts lines by \\n: a quoted cell with \\r\\n or a lone \\r does not shift the rows after it', async () => {
    const csv = file(
      'crlf-cells.csv',
      'instrumentId,date,value\r\n"a\r\nb",2024-01-02,x\r\nc,2024-01-02,y\r\n"d\re",2024-01-02,z\r\nf,2024-01-02,w\r\n',
    );
    const run = await cli(['load', 'prices', csv, '--dry-run', '--base-url', server.url]);
    // An id with a line break is refused as well: it would be sent as %0D%0A.
    const control = (id: string) =>
      `instrumentId: must not hold a control character (sent as %00 to %1F or %7F), got ${JSON.stringify(id)}`;
    expect(run.stdout.split('\n')).toEqual([
      `line 2: ${control('a\r\nb')}`,
      'line 2: attributes.value: must be a number, got "x"',
      'line 4: attributes.value: must be a number, got "y"',
      `line 5: ${control('d\re')}`,
      'line 5: attributes.value: must be a number, got "z"',
      'line 6: attributes.value: must be a number, got "w"',
      '4 rows checked, 4 invalid; nothing was sent (dry run).',
      '',
    ]);
  });

  it('reads a JSON-lines file that starts with a byte order mark (it was "not valid JSON" on line 1)', async () => {
    const jsonl = file('bom.jsonl', '\uFEFF{"instrumentId":"X","attributes":{"date":"2024-01-02","value":"x"}}\n');
    const run = await cli(['load', 'prices', jsonl, '--dry-run', '--base-url', server.url]);
    expect(run.stdout.split('\n')[0]).toBe('line 1: attributes.value: must be a number, got "x"');
  });

  it('refuses a JSON line that names a member twice (JSON.parse kept the last value without a word)', async () => {
    const jsonl = file(
      'twice.jsonl',
      [
        '{"instrumentId":"X","attributes":{"date":"2024-01-02","value":1,"value":2}}',
        '{"instrumentId":"X","attributes":{"date":"2024-01-03","value":3}}',
        '{"instrumentId":"X","instrumentId":"Y","attributes":{"date":"2024-01-04","value":4}}',
      ].join('\n'),
    );
    const run = await cli(['load', 'prices', jsonl, '--dry-run', '--base-url', server.url]);
    expect(run.stdout.split('\n')).toEqual([
      'line 1: attributes.value: is given twice in this line (JSON would keep only the last value)',
      'line 3: instrumentId: is given twice in this line (JSON would keep only the last value)',
      '3 rows checked, 2 invalid; nothing was sent (dry run).',
      '',
    ]);
    expect(run.code).toBe(1);
  });

  it('reads a column named like an inherited member as that column: no prototype is reached or changed', async () => {
    const csv = file(
      'inherited.csv',
      [
        'type,name,securityIdentifier,ccyCode,countryCode,__proto__.polluted,constructor,toString.x,rel.constructor,rel.__proto__',
        'stock-instrument,ACME,US0000000001,USD,US,yes,c,t,r,p',
      ].join('\n'),
    );
    try {
      const run = await cli(['load', 'instruments', csv, '--dry-run', '--base-url', server.url]);
      expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
      expect(run.code).toBe(1);
      expect(run.stdout.split('\n')).toEqual([
        'line 2: attributes.__proto__: is not a known field here (accepted: ccyCode, countryCode, name, securityIdentifier)',
        'line 2: attributes.constructor: is not a known field here (accepted: ccyCode, countryCode, name, securityIdentifier)',
        'line 2: attributes.toString: is not a known field here (accepted: ccyCode, countryCode, name, securityIdentifier)',
        'line 2: relationships.constructor: is not a known relationship here',
        'line 2: relationships.__proto__: is not a known relationship here',
        '1 row checked, 1 invalid; nothing was sent (dry run).',
        '',
      ]);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('checks JSON lines too: syntax, shape, members, and the instrument of each value', async () => {
    const jsonl = file(
      'nav.jsonl',
      [
        '{"instrumentId":"65f1c0ffee0000000000a001","attributes":{"officialDate":"2024-03-31","value":1250000}}',
        '',
        '{"instrumentId":"65f1c0ffee0000000000a001","attributes":{"officialDate":"2024-06-31","value":"1.3m"}}',
        '{"attributes":{"officialDate":"2024-09-30","value":1}', // torn
        '[1,2]',
        '{"instrumentId":"65f1c0ffee0000000000a001","type":"net-asset-value","attributes":{"officialDate":"2024-12-31","value":1}}',
        '{"attributes":{"officialDate":"2024-12-31","value":1}}',
      ].join('\n'),
    );
    const run = await cli(['load', 'nav', jsonl, '--dry-run']);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    // The JSON parser's own words, whatever the Node version says.
    expect(lines[2]).toMatch(/^line 4: is not valid JSON \(.+\)$/);
    lines[2] = 'line 4: is not valid JSON (…)';
    expect(lines).toEqual([
      'line 3: attributes.officialDate: must be a calendar date in the form YYYY-MM-DD: 2024-06-31 is no day of the calendar',
      'line 3: attributes.value: must be a number, got "1.3m"',
      'line 4: is not valid JSON (…)',
      'line 5: must be a JSON object { type?, attributes, relationships? }',
      'line 6: type: is not a known field here (accepted: attributes, relationships, instrumentId)',
      'line 7: instrumentId: must be a non-empty string id other than "." and "..", got undefined',
      '6 rows checked, 5 invalid; nothing was sent (dry run).',
      '',
    ]);
    const both = await cli(['load', 'nav', jsonl, '--dry-run', '--instrument', '65f1c0ffee0000000000a002']);
    expect(both.stdout).toContain('line 1: instrumentId: is given both in the file and by --instrument');
    expect(both.stdout).not.toContain('line 7: instrumentId');
  });
});

describe('loading', () => {
  it('a file of no rows: says so, sends nothing, exit 0, and writes no journal', async () => {
    for (const [name, text] of [
      ['header.csv', 'type,name,ccyCode,countryCode\n'],
      ['comment.csv', 'type,name,ccyCode,countryCode\n# none yet\n'],
      ['blank.jsonl', '\n'],
    ] as const) {
      const path = file(name, text);
      const base = ['load', 'instruments', path, '--base-url', server.url];
      expect(await cli(base)).toEqual({
        code: 0,
        stdout: `instruments from ${path}: no rows; nothing was sent, no journal written.\n`,
        stderr: '',
      });
      expect(await cli([...base, '--dry-run'])).toEqual({
        code: 0,
        stdout: `instruments from ${path}: no rows; nothing was sent (dry run).\n`,
        stderr: '',
      });
      const json = await cli([...base, '--json']);
      expect(json.code).toBe(0);
      expect(summaryOf(json)).toEqual({
        kind: 'instruments',
        file: path,
        rows: 0,
        created: 0,
        existing: 0,
        failed: 0,
        inDoubt: 0,
        notDone: 0,
        sent: 0,
        skippedJournal: 0,
        invalid: 0,
        interrupted: false,
        seconds: 0,
        rowsPerSecond: 0,
        problems: [],
      });
      expect(existsSync(`${path}.journal.jsonl`)).toBe(false);
    }
    expect(server.log.requests).toBe(0);
  });

  it('turns columns into SDK inputs: nested attributes, relationships, numbers where the schema has numbers', async () => {
    const { account, depository } = addAccount(mock.store);
    const csv = file(
      'instruments.csv',
      [
        'type,name,securityIdentifier,customIdentifier,fund.name,fund.managerName,fund.ccyCode,fund.strategy,fund.investmentRegion,fund.vintageDate,initialCommitment.date,initialCommitment.value,agreementDate,dayCountConvention,interestRateInPercent,maturityDate,principalAmount,rel.account,rel.depository',
        `private-market-fund-commitment-based-instrument,,,PE-0007,Nordic Ventures III,Nordic Capital,EUR,venture-capital,europe,2021-01-01,2021-02-15,5000000,,,,,,,${depository.id}`,
        `loan-instrument,,LOAN-0001,,,,,,,,,,2024-01-15,actual/360,-0.25,2026-01-15,1e6,${account.id},`,
      ].join('\n'),
    );
    const run = await cli(['load', 'instruments', csv, '--base-url', server.url, '--json']);
    expect(run.code).toBe(0);
    expect(summaryOf(run)).toMatchObject({ rows: 2, created: 2, existing: 0, failed: 0 });
    const [fund, loan] = mock.store.instruments.all().filter((i) => i.kind !== 'stock');
    expect(fund?.attributes).toEqual({
      customIdentifier: 'PE-0007',
      fund: {
        name: 'Nordic Ventures III',
        managerName: 'Nordic Capital',
        ccyCode: 'EUR',
        strategy: 'venture-capital',
        investmentRegion: 'europe',
        vintageDate: '2021-01-01',
      },
      exitDate: null,
    });
    expect(mock.store.commitments.all().map((c) => [c.date, c.value])).toEqual([['2021-02-15', 5_000_000]]);
    expect(fund?.relationships).toEqual({ depository: { data: { type: 'depository', id: depository.id } } });
    expect(loan?.attributes).toEqual({
      securityIdentifier: 'LOAN-0001',
      agreementDate: '2024-01-15',
      dayCountConvention: 'actual/360',
      interestRateInPercent: -0.25,
      maturityDate: '2026-01-15',
      principalAmount: 1_000_000,
    });
    expect(loan?.relationships).toEqual({ account: { data: { type: 'account', id: account.id } } });
  });

  it('keeps a cell as text where the schema has no number, so an identifier keeps its zeros', async () => {
    const csv = file(
      'zeros.csv',
      'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,007,0000123,USD,US\n',
    );
    expect((await cli(['load', 'instruments', csv, '--base-url', server.url])).code).toBe(0);
    expect(mock.store.instruments.findByIdentifier('0000123', 'USD')?.attributes.name).toBe('007');
  });

  it('loads prices for --instrument: the same price already there is existing, another value fails the row', async () => {
    const acme = addStock(mock.store, 'US0000000001');
    mock.store.prices.add({ instrumentId: acme.id, date: '2024-01-03', value: 139.7 });
    mock.store.prices.add({ instrumentId: acme.id, date: '2024-01-04', value: 1 });
    const csv = file(
      'prices.csv',
      '# ACME closes\ndate,value\n2024-01-02,140.79\n2024-01-03,139.70\n2024-01-04,140.57\n',
    );
    const run = await cli(['load', 'prices', csv, '--instrument', acme.id, '--base-url', server.url]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^prices from .*prices\.csv: 3 rows; 3 sent in \d+\.\d s \([\d,]+ rows\/s\)$/);
    expect(lines[1]).toMatch(
      `  line 5: POST ${server.url}/api/v3/instruments/${acme.id}/prices failed with 409: a price dated 2024-01-04 already exists for this instrument (id ${mock.store.prices.of(acme.id)[2]?.id}); delete it first or PATCH its value (request id `,
    );
    expect(lines.slice(2)).toEqual([
      '  created                                 1',
      '  already existing (same date and value)  1',
      '  failed                                  1',
      '  in doubt                                0',
      '  done before (journal)                   0',
      `Journal: ${csv}.journal.jsonl`,
      '',
    ]);
    expect(mock.store.prices.of(acme.id).map((p) => [p.date, p.value])).toEqual([
      ['2024-01-02', 140.79],
      ['2024-01-03', 139.7],
      ['2024-01-04', 1],
    ]);
  });

  it('skips rows the journal lists as done, and sends the failed ones again', async () => {
    const csv = file(
      'stocks.csv',
      'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,A,XS0000000001,EUR,DE\nstock-instrument,B,XS0000000002,EUR,DE\n',
    );
    faults = { XS0000000002: 'rate-limited' };
    const first = await cli(['load', 'instruments', csv, '--base-url', server.url, '--json', '--max-retries', '0']);
    expect(first.code).toBe(1);
    expect(summaryOf(first)).toMatchObject({
      created: 1,
      failed: 1,
      problems: [{ line: 3, status: 'failed', error: expect.stringContaining('failed with 429: slow down') }],
    });
    server.reset();
    faults = {};
    const second = await cli(['load', 'instruments', csv, '--base-url', server.url, '--json']);
    expect(second.code).toBe(0);
    expect(summaryOf(second)).toMatchObject({ rows: 2, created: 1, failed: 0, skippedJournal: 1, sent: 1 });
    expect(server.log.requests).toBe(1);
    const entries = readFileSync(`${csv}.journal.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(entries.map((e) => e.status ?? 'run')).toEqual([
      'run',
      'sending',
      'sending',
      'created',
      'failed',
      'run',
      'sending',
      'created',
    ]);
    expect(entries[4]).toMatchObject({ line: 3, status: 'failed', error: expect.stringContaining('429') });
  });

  it('reports a transaction whose answer was lost as in doubt, and does not send it again unless asked', async () => {
    const { account } = addAccount(mock.store);
    const csv = file(
      'transactions.csv',
      `type,accountAmount,tradeDate,valueDate,comment,rel.account\naccount-interest-transaction,12.5,2024-03-31,2024-03-31,Q1 interest,${account.id}\n`,
    );
    faults = { 'Q1 interest': 'fail-after' };
    const first = await cli(['load', 'transactions', csv, '--base-url', server.url, '--json']);
    expect(first.code).toBe(1);
    expect(summaryOf(first)).toMatchObject({
      created: 0,
      inDoubt: 1,
      problems: [{ line: 2, status: 'in-doubt', error: expect.stringContaining('failed with 500') }],
    });
    expect(mock.store.transactions.size).toBe(1);

    server.reset();
    const again = await cli(['load', 'transactions', csv, '--base-url', server.url]);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(
      'line 2: in-doubt: an earlier run sent this row and got no answer; check the service, then re-run with --resend-in-doubt or remove the row',
    );
    expect(server.log.requests).toBe(0);
    expect(mock.store.transactions.size).toBe(1);

    // Asked to, it sends it again: here the mock had applied the first one, so there are now two.
    faults = {};
    const resent = await cli(['load', 'transactions', csv, '--base-url', server.url, '--resend-in-doubt', '--json']);
    expect(summaryOf(resent)).toMatchObject({ created: 1, inDoubt: 0 });
    expect(mock.store.transactions.size).toBe(2);
  });

  it('stops before sending when interrupted: exit 130, every row not done, only the run header journaled', async () => {
    const csv = file(
      'interrupted.csv',
      'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,A,XS0000000001,EUR,DE\nstock-instrument,B,XS0000000002,EUR,DE\n',
    );
    const interrupt = new AbortController();
    interrupt.abort();
    const run = await cli(['load', 'instruments', csv, '--base-url', server.url, '--json'], {
      interrupt: interrupt.signal,
    });
    expect(run.code).toBe(130);
    expect(summaryOf(run)).toMatchObject({ rows: 2, created: 0, notDone: 2, sent: 0, interrupted: true });
    expect(readFileSync(`${csv}.journal.jsonl`, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(server.log.requests).toBe(0);
  });

  it('refuses the journal of another kind, and cuts off an entry torn by a crash', async () => {
    const csv = file(
      'torn.csv',
      'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,A,XS0000000001,EUR,DE\n',
    );
    const journal = `${csv}.journal.jsonl`;
    writeFileSync(journal, '{"journal":"portfolio-reporting load","version":1,"kind":"prices"}\n');
    const other = await cli(['load', 'instruments', csv, '--base-url', server.url]);
    expect(other).toMatchObject({
      code: 2,
      stderr: `error: ${journal} is the journal of a load of prices, not instruments; pass another --journal path\n`,
    });
    writeFileSync(
      journal,
      '{"journal":"portfolio-reporting load","version":1,"kind":"instruments"}\n{"key":"abc#1","line":2,"sta',
    );
    const torn = await cli(['load', 'instruments', csv, '--base-url', server.url, '--json']);
    expect(torn.code).toBe(0);
    expect(torn.stderr).toContain(`note: ${journal}: cut off the last entry, torn by an interrupted run (28 bytes)\n`);
    // The torn text is gone (it used to stay, mid-file, and stop the run after this one).
    const lines = readFileSync(journal, 'utf8').split('\n');
    expect(lines[0]).toBe('{"journal":"portfolio-reporting load","version":1,"kind":"instruments"}');
    expect(JSON.parse(lines[1] as string)).toMatchObject({ journal: 'portfolio-reporting load', kind: 'instruments' });
    expect(JSON.parse(lines[3] as string)).toMatchObject({ line: 2, status: 'created' });
    expect(lines.slice(4)).toEqual(['']);
  });

  it('counts 1 in the singular: 1 row, 1 byte (it said "1 rows")', async () => {
    const one = 'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,A,XS0000000001,EUR,DE\n';
    const csv = file('one.csv', one);
    writeFileSync(`${csv}.journal.jsonl`, '{"journal":"portfolio-reporting load","version":1,"kind":"instruments"}\n{');
    const run = await cli(['load', 'instruments', csv, '--base-url', server.url]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `note: ${csv}.journal.jsonl: cut off the last entry, torn by an interrupted run (1 byte)\n`,
    );
    expect(run.stdout.split('\n')[0]).toMatch(
      /^instruments from .*one\.csv: 1 row; 1 sent in \d+\.\d s \([\d,]+ rows\/s\)$/,
    );
    const dry = await cli(['load', 'instruments', file('dry.csv', one), '--dry-run']);
    expect(dry).toEqual({ code: 0, stdout: '1 row checked, all valid; nothing was sent (dry run).\n', stderr: '' });
    const bad = file('bad.csv', `${one}stock-instrument,B,XS0000000002,usd,DE\n`);
    expect((await cli(['load', 'instruments', bad, '--base-url', server.url])).stdout.split('\n').slice(1)).toEqual([
      '1 row of 2 is invalid; nothing was sent (fix them, or pass --skip-invalid to load the others).',
      '',
    ]);
    const two = file('two-bad.csv', `${one.replace('EUR', 'eur')}stock-instrument,B,XS0000000002,usd,DE\n`);
    expect((await cli(['load', 'instruments', two, '--base-url', server.url])).stdout.split('\n').slice(2)).toEqual([
      '2 rows of 2 are invalid; nothing was sent (fix them, or pass --skip-invalid to load the others).',
      '',
    ]);
  });

  it('draws a bar on a terminal and plain lines otherwise', async () => {
    const csv = file(
      'bar.csv',
      'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,A,XS0000000001,EUR,DE\n',
    );
    const plain = await cli([
      'load',
      'instruments',
      csv,
      '--base-url',
      server.url,
      '--journal',
      join(dir, 'bar-1.jsonl'),
    ]);
    expect(plain.stderr).toMatch(/^progress: 1\/1 100% · ok 1 · failed 0 · [\d,]+ rows\/s · sending 0 \(limit 8\)\n$/);
    const tty = await cli(
      ['load', 'instruments', csv, '--base-url', server.url, '--journal', join(dir, 'bar-2.jsonl')],
      { tty: true },
    );
    // Each frame returns to the line's start and clears it (ESC [K) before drawing.
    expect(tty.stderr.startsWith('\r\u001b[K[')).toBe(true);
    expect(tty.stderr.split('\u001b[K').at(-1)).toMatch(
      /^\[#{24}\] 1\/1 100% · ok 1 · failed 0 · [\d,]+ rows\/s · sending 0 \(limit 8\)\n$/,
    );
  });
});
