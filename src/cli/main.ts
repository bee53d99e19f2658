/**
 * `portfolio-reporting load`: read the file, check every row by the SDK's rules, skip what the journal
 * lists as done, send the rest through `Bulk` (`portfolio-reporting/bulk`), journal each outcome, and sum it up.
 */
import { statSync } from 'node:fs';
import { Bulk, type BulkResult } from '../bulk/index.js';
import { PortfolioReporting } from '../client.js';
import { APIConnectionError, APIUserAbortError, PortfolioReportingError, ValidationError } from '../core/errors.js';
import { checkSettings } from '../core/settings.js';
import { kindHelp } from './kind-help.js';
import { MOCK_HELP } from './mock.js';

/** The package's version, set by the build (tsup `define`); `dev` when run from the sources. */
declare const __PRS_VERSION__: string | undefined;
const VERSION = typeof __PRS_VERSION__ === 'string' ? __PRS_VERSION__ : 'dev';

import { HELP, type LoadArgs, NO_COMMAND, OPENAPI_HELP, parseCommand, UsageError } from './args.js';
import { count, formatNumber } from './count.js';
import { Journal, rowDigest } from './journal.js';
import { KINDS, type LoadKind, type RowInput } from './kinds.js';
import { usage } from './options.js';
import { type Output, progressOn } from './progress.js';
import { FileError, formatOf, type Row, readRows } from './rows.js';

export interface CliIO {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C: no row starts after it; the requests in flight finish and are journaled. */
  interrupt?: AbortSignal;
  /** The client's fetch (a test double); default the global one. */
  fetch?: typeof fetch;
  /**
   * Given by the command line, filled by a load: what a second Ctrl-C prints before the process quits at once, without
   * waiting for the requests in flight (the rows done this run, those sent without an answer, the journal, the re-run).
   */
  quitNote?: { text?: () => string };
}

/** What a load did; the text summary and `--json` both print it. */
export interface Summary {
  kind: string;
  file: string;
  /** The journal's path; absent (`undefined`) for a file of no rows, where none is written. */
  journal: string | undefined;
  /** Data rows in the file. */
  rows: number;
  created: number;
  /** Rows whose record was already there: 303 for instruments, found by a lookup for prices and NAVs. */
  existing: number;
  failed: number;
  /** Sent, and no answer came (5xx, timeout) where sending again could duplicate: check the service. */
  inDoubt: number;
  /**
   * Not done because the load was interrupted or stopped by itself (`stopped`): never sent, or stopped while waiting
   * to be sent again.
   */
  notDone: number;
  /** Rows sent in this run that got their outcome. */
  sent: number;
  /** Done in an earlier run, per the journal. */
  skippedJournal: number;
  /** Refused by the SDK's rules (loaded around with --skip-invalid). */
  invalid: number;
  interrupted: boolean;
  /**
   * Why the loader stopped by itself, leaving the rows not started to do (`stopped after 20 rows in a row failed with
   * 404`, `stopped after a 401: the service refused the access token`); absent when it did not.
   */
  stopped?: string;
  seconds: number;
  rowsPerSecond: number;
  /** Every row that failed or is in doubt. */
  problems: { line: number; status: 'failed' | 'in-doubt' | 'invalid'; error: string }[];
}

/**
 * Runs the command line; resolves to the exit status (0 done, 1 rows failed, 2 usage or file error, no command
 * included, 130 interrupted).
 * @example process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  try {
    if (argv[0] === 'help' && argv[1] === 'mock') {
      io.stdout.write(MOCK_HELP);
      return 0;
    }
    if (argv[0] === 'help' && argv[1] === 'openapi') {
      io.stdout.write(OPENAPI_HELP);
      return 0;
    }
    const args = parseCommand(argv);
    if (args === 'help') {
      io.stdout.write(HELP);
      return 0;
    }
    if (args === 'no-command') {
      io.stderr.write(`error: ${NO_COMMAND}\n\n${HELP}`);
      return 2;
    }
    if (args === 'version') {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (typeof args === 'object' && 'kindHelp' in args) {
      io.stdout.write(kindHelp(args.kindHelp));
      return 0;
    }
    return await load(args, io);
  } catch (error) {
    const known =
      error instanceof UsageError ||
      error instanceof FileError ||
      isFsError(error) ||
      (error instanceof PortfolioReportingError && !(error instanceof ValidationError));
    if (!known) throw error;
    const message = isFsError(error) ? fileMessage(error as FsError) : (error as Error).message;
    io.stderr.write(
      `error: ${message}\n${error instanceof UsageError ? 'Run portfolio-reporting --help for usage.\n' : ''}`,
    );
    return 2;
  }
}

type FsError = Error & { code?: string; path?: string; syscall?: string };

/** A file system error as one sentence: what could not be read, and why in words. */
function fileMessage(error: FsError): string {
  const why: Record<string, string> = {
    ENOENT: 'there is no such file',
    EISDIR: 'it is a directory, not a file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
  };
  const what = error.path ? `cannot read ${error.path}` : `cannot ${error.syscall ?? 'read'} a file`;
  return `${what}: ${why[error.code ?? ''] ?? error.message}`;
}

function isFsError(error: unknown): boolean {
  return error instanceof Error && typeof (error as { syscall?: unknown }).syscall === 'string';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function load(args: LoadArgs, io: CliIO): Promise<number> {
  const kind = KINDS[args.kind];
  formatOf(args.file, args.format); // a usage error (an unknown --format) comes before a file error
  // Checked before reading: a stream over a directory fails later, outside any handler.
  if (statSync(args.file).isDirectory()) throw new FileError(`cannot read ${args.file}: it is a directory, not a file`);
  const rows = await checkedRows(args, kind);
  const invalid = rows.filter((r) => r.issues.length);
  for (const row of invalid) {
    for (const issue of row.issues)
      io.stdout.write(`line ${row.line}: ${issue.path ? `${issue.path}: ` : ''}${issue.message}\n`);
  }
  if (rows.length === 0) {
    // Nothing to send: said, exit 0, and no journal (a journal of a file of no rows records nothing but the run).
    io.stdout.write(
      args.json && !args.dryRun
        ? `${JSON.stringify(newSummary(args, 0, undefined))}\n`
        : `${args.kind} from ${args.file}: no rows; nothing was sent${args.dryRun ? ' (dry run)' : ', no journal written'}.\n`,
    );
    return 0;
  }
  if (args.dryRun) {
    io.stdout.write(
      `${count(rows.length, 'row')} checked, ${invalid.length ? `${formatNumber(invalid.length)} invalid` : 'all valid'}; nothing was sent (dry run).\n`,
    );
    return invalid.length ? 1 : 0;
  }
  if (invalid.length && !args.skipInvalid) {
    io.stdout.write(
      `${count(invalid.length, 'row')} of ${formatNumber(rows.length)} ${invalid.length === 1 ? 'is' : 'are'} invalid; nothing was sent (fix them, or pass --skip-invalid to load the others).\n`,
    );
    return 1;
  }
  const connection = { baseUrl: args.baseUrl ?? io.env.PRS_BASE_URL, accessToken: io.env.PRS_ACCESS_TOKEN };
  // The client's own check, worded for the command line: `--base-url` and the environment variables.
  const names = {
    baseUrl: args.baseUrl === undefined ? '--base-url (or PRS_BASE_URL)' : '--base-url',
    accessToken: 'PRS_ACCESS_TOKEN',
  };
  usage(() =>
    checkSettings('portfolio-reporting load', connection, {
      ...names,
      required: ['baseUrl', 'accessToken'],
      hints: {
        baseUrl: 'pass --base-url https://reporting.example.com or set the PRS_BASE_URL environment variable',
        accessToken: 'set the PRS_ACCESS_TOKEN environment variable to your access token',
      },
    }),
  );
  // The client refuses what fetch or the URL parser would change (a token ending in a space, a `..` in the base
  // URL): a usage error naming the variable or option, not an uncaught exception with a stack.
  const prs = usage(() => {
    try {
      return new PortfolioReporting({ ...connection, fetch: io.fetch });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const issues = error.issues.map((i) => ({ ...i, path: names[i.path as keyof typeof names] ?? i.path }));
      throw new ValidationError('portfolio-reporting load', issues, '');
    }
  });
  const journal = new Journal(args.journal, args.kind, args.file);
  for (const note of journal.notes) io.stderr.write(`note: ${note}\n`);
  if (journal.cut > 0) {
    io.stderr.write(
      `note: ${journal.path}: cut off the last entry, torn by an interrupted run (${count(journal.cut, 'byte')})\n`,
    );
  }
  let code: number;
  try {
    code = await send(args, io, kind, new Bulk(prs), journal, rows);
  } catch (error) {
    journal.close(true);
    throw error;
  }
  journal.close();
  return code;
}

/** Every row of the file with the problems the SDK's create rules find in it. */
async function checkedRows(args: LoadArgs, kind: LoadKind): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const row of readRows(args.file, formatOf(args.file, args.format), kind)) {
    if (row.unreadable) {
      rows.push(row);
      continue;
    }
    if (args.instrument !== undefined) {
      if (row.input.instrumentId !== undefined)
        row.issues.push({ path: 'instrumentId', message: 'is given both in the file and by --instrument' });
      else row.input.instrumentId = args.instrument;
    }
    try {
      kind.validate(row.input);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      row.issues.push(...error.issues);
    }
    rows.push(row);
  }
  // What every row needs missing from every row is one mistake of the file (a column left out, a flag forgotten),
  // told once, not once per row.
  const read = rows.filter((row) => !row.unreadable);
  const lacking = (member: 'instrumentId' | 'type') =>
    read.length > 0 && read.every((row) => row.input[member] === undefined);
  if (kind.perInstrument && args.instrument === undefined && lacking('instrumentId'))
    throw new FileError(
      `${args.file}: no row names its instrument: pass --instrument <id>, or give each row an instrumentId (a column in CSV, a member in JSON lines); nothing was sent`,
    );
  if (kind.typed && lacking('type'))
    throw new FileError(
      `${args.file}: no row has a type: give each row one (a type column in CSV, a member in JSON lines; portfolio-reporting load ${args.kind} --help lists them); nothing was sent`,
    );
  return rows;
}

/** A summary of nothing done yet: what a load starts from, and all of a file of no rows. */
function newSummary(args: LoadArgs, rows: number, journal: string | undefined): Summary {
  return {
    kind: args.kind,
    file: args.file,
    journal,
    rows,
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
  };
}

interface Keyed {
  row: Row;
  key: string;
}

async function send(
  args: LoadArgs,
  io: CliIO,
  kind: LoadKind,
  bulk: Bulk,
  journal: Journal,
  rows: Row[],
): Promise<number> {
  const summary = newSummary(args, rows.length, journal.path);
  const todo: Keyed[] = [];
  const occurrences = new Map<string, number>();
  for (const row of rows) {
    if (row.issues.length) {
      summary.invalid += 1;
      summary.problems.push({
        line: row.line,
        status: 'invalid',
        error: row.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
      });
      continue;
    }
    // Identical rows are told apart by their order: the second of two equal transactions is a second transaction.
    const digest = rowDigest(args.kind, row.input);
    const n = (occurrences.get(digest) ?? 0) + 1;
    occurrences.set(digest, n);
    const key = `${digest}#${n}`;
    const state = journal.stateOf(key);
    if (state?.state === 'done') summary.skippedJournal += 1;
    else if (state?.state === 'in-doubt' && !kind.resendSafe && !args.resendInDoubt) {
      summary.inDoubt += 1;
      summary.problems.push({
        line: row.line,
        status: 'in-doubt',
        error:
          'an earlier run sent this row and got no answer; check the service, then re-run with --resend-in-doubt or remove the row',
      });
    } else todo.push({ row, key });
  }

  const progress = progressOn(io.stderr, () => ({
    ok: summary.created + summary.existing,
    failed: summary.failed + summary.inDoubt,
    notDone: summary.notDone,
  }));
  const started = performance.now();
  let sent = 0;
  /** The rows whose call went out and whose outcome has not come yet (by index in `todo`). */
  const unanswered = new Set<number>();
  if (io.quitNote)
    io.quitNote.text = () =>
      quitText(summary.created + summary.existing, unanswered.size, kind.resendSafe, args.journal);
  // A systemic failure stops starting rows (those in flight finish and are journaled; the rest stay to do).
  const halt = new AbortController();
  const signal = io.interrupt ? AbortSignal.any([io.interrupt, halt.signal]) : halt.signal;
  let stopped: string | undefined;
  /** Why the rows not started were not done: the first of Ctrl-C (`interrupted`) and the loader's own stop. */
  let notDoneBecause = 'interrupted';
  let streak: { status: unknown; count: number } = { status: 0, count: 0 };
  const watch = (result: BulkResult<{ id: string }>) => {
    if (result.ok || result.skipped || stopped) {
      if (result.ok) streak = { status: 0, count: 0 };
      return;
    }
    const error = result.error;
    // No answer at all (refused, no such host, reset, timeout): a wrong --base-url fails every row the same way.
    const status =
      error instanceof APIConnectionError && !(error instanceof APIUserAbortError)
        ? 'connection'
        : (error as { status?: unknown } | undefined)?.status;
    // `why` ends the summary's "not done" row and is the JSON's `stopped`; `message` is the error line on stderr.
    let stop: { why: string; message: string } | undefined;
    if (status === 401)
      stop = {
        why: 'stopped after a 401: the service refused the access token',
        message: 'the service refused the access token (401): check PRS_ACCESS_TOKEN; rows not started stay to do',
      };
    else if (status === 403)
      stop = {
        why: 'stopped after a 403: the access token lacks permission',
        message: 'the access token lacks permission for this (403); rows not started stay to do',
      };
    else if ((typeof status === 'number' || status === 'connection') && !args.keepGoing) {
      streak = streak.status === status ? { status, count: streak.count + 1 } : { status, count: 1 };
      if (streak.count >= SAME_FAILURE_STREAK)
        stop =
          status === 'connection'
            ? {
                why: `stopped after ${SAME_FAILURE_STREAK} rows in a row got no answer`,
                // Not the error again: the summary above has it (and `--json` each row's).
                message: `the first ${SAME_FAILURE_STREAK} rows in a row got no answer from the service; stopped: check --base-url (or PRS_BASE_URL) and the network, or pass --keep-going; rows not started stay to do`,
              }
            : {
                why: `stopped after ${SAME_FAILURE_STREAK} rows in a row failed with ${status}`,
                message: `the first ${SAME_FAILURE_STREAK} rows in a row failed with ${status}; stopped (fix the cause, or pass --keep-going); rows not started stay to do`,
              };
    }
    if (!stop) return;
    stopped = stop.message;
    summary.stopped = stop.why;
    if (!io.interrupt?.aborted) notDoneBecause = stop.why;
    halt.abort(new Error(stop.message));
  };
  const entryOf = (result: BulkResult<{ id: string }>, { row, key }: Keyed) => {
    if (result.ok || !result.skipped) sent += 1;
    if (result.ok) {
      const status = result.created === false ? 'existing' : 'created';
      summary[status] += 1;
      return { key, line: row.line, status, id: result.value.id } as const;
    }
    if (result.skipped) {
      // Interrupted: sent again on the next run (after a look, if an attempt may have been applied).
      summary.notDone += 1;
      if (result.attempts === 0) return undefined;
      return { key, line: row.line, status: result.uncertain ? 'uncertain' : 'skipped' } as const;
    }
    const status = result.uncertain ? 'uncertain' : 'failed';
    summary[result.uncertain ? 'inDoubt' : 'failed'] += 1;
    summary.problems.push({
      line: row.line,
      status: result.uncertain ? 'in-doubt' : 'failed',
      error: messageOf(result.error),
    });
    return { key, line: row.line, status, error: messageOf(result.error) } as const;
  };
  await kind.load(
    bulk,
    todo.map((t) => t.row.input as RowInput),
    {
      concurrency: args.concurrency,
      maxRetries: args.maxRetries,
      signal,
      onStart: (index) => {
        unanswered.add(index);
        const { row, key } = todo[index] as Keyed;
        journal.append({ key, line: row.line, status: 'sending' });
      },
      onResult: (result) => {
        unanswered.delete(result.index);
        const entry = entryOf(result, todo[result.index] as Keyed);
        if (entry) journal.append(entry);
        watch(result);
      },
      onProgress: (p) => progress.update(p),
    },
  );
  progress.end();
  summary.seconds = (performance.now() - started) / 1000;
  summary.sent = sent;
  summary.rowsPerSecond = summary.seconds > 0 ? sent / summary.seconds : 0;
  summary.interrupted = io.interrupt?.aborted ?? false;
  summary.problems.sort((a, b) => a.line - b.line);
  io.stdout.write(args.json ? `${JSON.stringify(summary)}\n` : text(summary, kind, notDoneBecause));
  if (stopped) {
    io.stderr.write(`error: ${stopped}\n`);
    return 1;
  }
  if (summary.interrupted) return 130;
  return summary.failed + summary.inDoubt + summary.invalid > 0 ? 1 : 0;
}

const SHOWN_PROBLEMS = 20;
/** Rows in a row failing with the same status (a wrong `--instrument`: 404 on every row) that stop a load. */
export const SAME_FAILURE_STREAK = 20;

/** The summary in words; `notDoneBecause` says why the rows not done were not (`interrupted`, `stopped: …`). */
/**
 * What a second Ctrl-C leaves, said before the process quits at once: the journal has every entry written so far, and
 * a row sent without an answer is `sending` there, which a re-run sends again only where that cannot duplicate it.
 * @example quitText(40, 8, true, 'prices.csv.journal.jsonl')
 */
export function quitText(done: number, unanswered: number, resendSafe: boolean, journal: string): string {
  const them = `the ${formatNumber(unanswered)}`;
  const rerun = !unanswered
    ? 'it skips the rows done'
    : resendSafe
      ? `it skips the rows done and sends ${them} again (one already stored is reported as existing)`
      : `it skips the rows done and reports ${them} in doubt (an earlier call may have stored them): check the service, then re-run with --resend-in-doubt or remove those rows`;
  return `\nQuit at once: ${count(done, 'row')} done this run; ${formatNumber(unanswered)} sent without an answer.\nJournal: ${journal} (every entry written so far)\nRun the same command to go on: ${rerun}.\n`;
}

function text(s: Summary, kind: LoadKind, notDoneBecause: string): string {
  // Invalid rows were listed field by field before the load.
  const groups = problemGroups(s.problems.filter((p) => p.status !== 'invalid'));
  const shown = groups.slice(0, SHOWN_PROBLEMS);
  const hidden = groups.slice(SHOWN_PROBLEMS).reduce((n, g) => n + g.rows, 0);
  const lines = [
    `${s.kind} from ${s.file}: ${count(s.rows, 'row')}; ${formatNumber(s.sent)} sent in ${s.seconds.toFixed(1)} s (${formatNumber(Math.round(s.rowsPerSecond))} rows/s)${s.interrupted ? ', interrupted' : ''}`,
    ...shown.map((g) => `  ${g.text}`),
    ...(hidden ? [`  … and ${count(hidden, 'more row')} (run with --json for all of them)`] : []),
    ...table([
      ['created', s.created],
      [`already existing (${kind.existing})`, s.existing],
      ['failed', s.failed],
      ['in doubt', s.inDoubt],
      ...(s.invalid ? [['invalid (skipped)', s.invalid] as const] : []),
      ...(s.notDone ? [[`not done (${notDoneBecause})`, s.notDone] as const] : []),
      ['done before (journal)', s.skippedJournal],
    ]),
    `Journal: ${s.journal}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A request id is each response's own: rows that failed alike differ by it alone. */
const REQUEST_ID = / \(request id [^)]*\)/g;
/** The most runs of lines a group lists; the rest are `…` (`--json` and the journal have every row). */
const SHOWN_RUNS = 6;

/**
 * The summary's problems, rows that failed the same way (the same status and message, request ids left out) as one
 * line each, in the order of their first line: `lines 2–9 (8 rows): POST …: failed with 401: …`. A row alone keeps
 * its message whole, request id included. Runs of consecutive lines are written `2–9`; past six runs, `…`.
 * @example problemGroups([{ line: 2, status: 'failed', error: 'e' }]) // [{ rows: 1, text: 'line 2: e' }]
 */
export function problemGroups(problems: Summary['problems']): { rows: number; text: string }[] {
  const groups = new Map<string, { lines: number[]; first: Summary['problems'][number] }>();
  for (const p of problems) {
    const key = `${p.status} ${p.error.replace(REQUEST_ID, '')}`;
    const group = groups.get(key);
    if (group) group.lines.push(p.line);
    else groups.set(key, { lines: [p.line], first: p });
  }
  return [...groups.values()].map(({ lines, first }) => {
    const what = `${first.status === 'failed' ? '' : `${first.status}: `}${lines.length === 1 ? first.error : first.error.replace(REQUEST_ID, '')}`;
    if (lines.length === 1) return { rows: 1, text: `line ${first.line}: ${what}` };
    const runs: string[] = [];
    for (let i = 0; i < lines.length; ) {
      let j = i;
      while (j + 1 < lines.length && (lines[j + 1] as number) === (lines[j] as number) + 1) j++;
      runs.push(j > i ? `${lines[i]}–${lines[j]}` : `${lines[i]}`);
      i = j + 1;
    }
    const listed = runs.length > SHOWN_RUNS ? [...runs.slice(0, SHOWN_RUNS), '…'] : runs;
    return { rows: lines.length, text: `lines ${listed.join(', ')} (${count(lines.length, 'row')}): ${what}` };
  });
}

function table(rows: readonly (readonly [string, number])[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length));
  const digits = Math.max(...rows.map(([, n]) => formatNumber(n).length));
  return rows.map(([label, n]) => `  ${label.padEnd(width)}  ${formatNumber(n).padStart(digits)}`);
}
