/** The loader's command line (read by `parseOptions`, as `mock`'s and `openapi`'s) and its help. */
import { MAX_CONCURRENCY, MAX_RETRIES, wholeNumberFrom } from '../bulk/runner.js';
import { checkSettings } from '../core/settings.js';
import { DEMO_IDS } from '../testing/demo.js';
import { KIND_NAMES, type KindName } from './kinds.js';
import { parseOptions, quoted, UsageError, usage } from './options.js';

export { UsageError };

export const HELP = `Usage: portfolio-reporting load <instruments|prices|nav|transactions> <file> [options]
       portfolio-reporting mock [options]        the mock service over HTTP (portfolio-reporting mock --help)
       portfolio-reporting openapi               the service's OpenAPI 3.1 description, on stdout (help openapi)
       portfolio-reporting help [load|mock|openapi]  this help, or a command's
       portfolio-reporting load <kind> --help    the columns of a kind's file, with their types
       portfolio-reporting --version             the version (-v)

Loads a CSV or JSON-lines file into the Portfolio Reporting Service, row by row, through the SDK: every row
is checked by the SDK's create rules first; nothing is sent while a row is invalid.

Options:
  --format <csv|jsonl>   file format (default: by extension, .jsonl/.ndjson are JSON lines, else CSV)
  --instrument <id>      the instrument of every price or NAV row (instead of an instrumentId column)
  --dry-run              check every row and list each bad one (line and field); send nothing
  --journal <path>       the journal (default: <file>.journal.jsonl); a re-run skips rows it lists as done
  --concurrency <n>      most requests in flight, 1 to ${MAX_CONCURRENCY} (default 8); halved on 429, raised again on success
  --max-retries <n>      re-attempts per row after a 429 or a transient failure, 0 to ${MAX_RETRIES} (default 5)
  --base-url <url>       the service (default: env PRS_BASE_URL); the token comes from env PRS_ACCESS_TOKEN
  --skip-invalid         load the valid rows even when some are invalid (those count as failed)
  --resend-in-doubt      send transactions again whose earlier call got no answer (may duplicate them)
  --keep-going           do not stop after 20 rows in a row fail with the same status (a 401 or 403 stops always)
  --json                 print the summary as JSON
  -h, --help             this help

CSV columns: "type" (instruments, transactions: e.g. stock-instrument, dividend-transaction), one column per
attribute by its SDK name (nested ones with dots: fund.name, initialCommitment.value), "rel.<name>" for a
relationship id (rel.account, rel.asset, rel.depository), "instrumentId" for prices and NAVs. An empty cell
is a field not given. JSON lines: one SDK input per line, { "type", "attributes", "relationships" }, plus
"instrumentId" for prices and NAVs. Each kind's columns, with their types: portfolio-reporting load <kind> --help.

Exit status: 0 every row loaded (or valid, with --dry-run); 1 some row failed, is invalid or in doubt;
2 a usage or file error; 130 interrupted (Ctrl-C: the requests in flight finish and are journaled first).

Examples:
  export PRS_BASE_URL=https://reporting.example.com PRS_ACCESS_TOKEN=…
  portfolio-reporting load instruments instruments.csv --dry-run
  portfolio-reporting load instruments instruments.csv --concurrency 16
  portfolio-reporting load prices closes.csv --instrument ${DEMO_IDS.sap}
  portfolio-reporting load nav nav.jsonl --journal nav.journal.jsonl
  portfolio-reporting load transactions trades.csv --json > summary.json
`;

/** \`help openapi\` (and \`openapi --help\`, printed by src/cli.ts): what \`openapi\` prints, and where. */
export const OPENAPI_HELP = `Usage: portfolio-reporting openapi

Prints the OpenAPI 3.1 description of the Portfolio Reporting Service, as the SDK's schemas describe it: every
endpoint with its parameters, request and response bodies, as JSON on stdout (nothing else is written there; the
mock serves the same document at GET /openapi.json). Its one option is --help. Redirect it to a file:

  npx portfolio-reporting openapi > openapi.json
`;

/** The commands, as the usage errors list them. */
const COMMANDS = 'the commands are load, mock, openapi and help';

/** The loader's options (`-h` is `--help`, `-v` is `--version`). */
const LOAD_OPTIONS = {
  help: 'flag',
  version: 'flag',
  format: 'value',
  instrument: 'value',
  'dry-run': 'flag',
  journal: 'value',
  concurrency: 'value',
  'max-retries': 'value',
  'base-url': 'value',
  'skip-invalid': 'flag',
  'resend-in-doubt': 'flag',
  'keep-going': 'flag',
  json: 'flag',
} as const;

/** What the loader takes from elsewhere, said when it is tried as an option (the mock takes `--token`). */
const TOKEN_HINT = 'the token is read from the PRS_ACCESS_TOKEN environment variable: export PRS_ACCESS_TOKEN=…';
const LOAD_HINTS = { '--token': TOKEN_HINT, '--access-token': TOKEN_HINT };

export interface LoadArgs {
  kind: KindName;
  file: string;
  format: string | undefined;
  instrument: string | undefined;
  dryRun: boolean;
  journal: string;
  concurrency: number;
  maxRetries: number;
  baseUrl: string | undefined;
  skipInvalid: boolean;
  resendInDoubt: boolean;
  keepGoing: boolean;
  json: boolean;
}

/** `load <kind> --help` or `help load <kind>`: the kind whose columns to print. */
export interface KindHelp {
  kindHelp: KindName;
}

/** What `portfolio-reporting` with no command says (on stderr, before the usage; exit 2). */
export const NO_COMMAND = `no command given; ${COMMANDS}`;

/**
 * The parsed command, `help`, `version`, a kind's help, `no-command` (options at most: a usage error), or a
 * `UsageError` saying what is wrong.
 */
export function parseCommand(argv: string[]): LoadArgs | KindHelp | 'help' | 'version' | 'no-command' {
  const { values, positionals } = parseOptions(argv, LOAD_OPTIONS, LOAD_HINTS);
  if (values.version) return 'version';
  const [command, kind, file, ...rest] = positionals;
  if (values.help && command === 'load' && kind !== undefined) return { kindHelp: kindName(kind) };
  if (values.help) return 'help';
  if (positionals.length === 0) return 'no-command';
  if (command === 'help') {
    if (kind === 'load' && file !== undefined) return { kindHelp: kindName(file) };
    if (kind === undefined || kind === 'load') return 'help';
    throw new UsageError(`help takes load, mock or openapi, got "${kind}"`);
  }
  if (command !== 'load') throw new UsageError(`unknown command "${command}"; ${COMMANDS}`);
  kindName(kind);
  if (file === undefined) throw new UsageError('no file given: portfolio-reporting load <kind> <file>');
  if (rest.length) throw new UsageError(`unexpected arguments after the file: ${quoted(rest)}`);
  if (values.format !== undefined && values.format !== 'csv' && values.format !== 'jsonl')
    throw new UsageError(`--format must be csv or jsonl, got "${values.format}"`);
  if (values.instrument !== undefined && kind !== 'prices' && kind !== 'nav')
    throw new UsageError('--instrument applies to prices and nav only');
  return {
    kind: kind as KindName,
    file,
    format: values.format,
    instrument: values.instrument,
    dryRun: values['dry-run'] ?? false,
    journal: values.journal ?? `${file}.journal.jsonl`,
    concurrency:
      values.concurrency === undefined ? 8 : bounded('--concurrency', values.concurrency, 1, MAX_CONCURRENCY),
    maxRetries: retries('--max-retries', values['max-retries'], 5),
    baseUrl: values['base-url'],
    skipInvalid: values['skip-invalid'] ?? false,
    resendInDoubt: values['resend-in-doubt'] ?? false,
    keepGoing: values['keep-going'] ?? false,
    json: values.json ?? false,
  };
}

/** A kind of the loader, or a `UsageError` listing them (and naming the one meant, for a near miss). */
function kindName(kind: string | undefined): KindName {
  if (KIND_NAMES.includes(kind as KindName)) return kind as KindName;
  // A near miss is the singular or plural, or another case: `instrument`, `Prices`, `navs`.
  const stem = (name: string) => name.toLowerCase().replace(/s$/, '');
  const meant = kind === undefined ? undefined : KIND_NAMES.find((name) => stem(name) === stem(kind));
  throw new UsageError(
    `what to load must be one of ${KIND_NAMES.join(', ')}, got ${kind === undefined ? 'nothing' : `"${kind}"`}${meant ? `: did you mean ${meant}?` : ''}`,
  );
}

/** A retry count: the rule the client and the bulk runner apply to `maxRetries`, and the runner's bound. */
function retries(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : value;
  usage(() => checkSettings('portfolio-reporting load', { counts: { [name]: n } }));
  return bounded(name, value, 0, MAX_RETRIES);
}

/** A count on the command line, by the bulk runner's rule and bounds (`wholeNumberFrom`). */
function bounded(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`${name} must be ${wholeNumberFrom(min, max)}, got "${value}"`);
  return n;
}
