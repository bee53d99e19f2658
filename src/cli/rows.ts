/**
 * Reads a CSV (csv-parse, streaming) or JSON-lines file into rows, each with its line number: the input
 * for the SDK, or the problems that keep the row from being one.
 */
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { CsvError, parse } from 'csv-parse';
import type { ValidationIssue } from '../core/errors.js';
import { repeatedMember } from '../core/json-text.js';
import { unknownKey } from '../core/settings.js';
import { recordToInput } from './columns.js';
import type { LoadKind, RowInput } from './kinds.js';

export type Format = 'csv' | 'jsonl';

/** One data row of the file. */
export interface Row {
  /** 1-based line in the file where the row starts. */
  line: number;
  input: RowInput;
  /** Problems found while reading (field count, JSON syntax, column clashes); the SDK's checks come later. */
  issues: ValidationIssue[];
  /** Not an input at all (not JSON, not an object): the SDK's checks would only repeat that. */
  unreadable?: true;
}

/** A problem with the file as a whole (its header): nothing can be loaded. */
export class FileError extends Error {
  override name = 'FileError';
}

/** `.jsonl` / `.ndjson` are JSON lines; anything else is CSV unless `--format` says otherwise. */
export function formatOf(file: string, given: string | undefined): Format {
  if (given === 'csv' || given === 'jsonl') return given;
  if (given !== undefined) throw new FileError(`--format must be csv or jsonl, got "${given}"`);
  return /\.(jsonl|ndjson)$/i.test(file) ? 'jsonl' : 'csv';
}

export function readRows(file: string, format: Format, kind: LoadKind): AsyncGenerator<Row> {
  return format === 'csv' ? csvRows(file, kind) : jsonRows(file, kind);
}

async function* csvRows(file: string, kind: LoadKind): AsyncGenerator<Row> {
  // Records as arrays, not objects: a row with too many or too few fields is reported, not cut or padded.
  // Opened first, so that a missing or unreadable file is an error here rather than a stream that never ends.
  const input = (await open(file)).createReadStream();
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      comment: '#',
      comment_no_infix: true,
    }),
  );
  let header: string[] | undefined;
  /** The line the header starts on: after comments and blank lines, not always line 1. */
  let headerLine = 0;
  // A line ends at `\n` (`\r\n` once), as `grep -n` and editors count: csv-parse also counts each `\r` inside a
  // quoted field as a line, so those seen so far are taken off its count.
  let carriageReturns = 0;
  let lastLine = 0;
  const records = parser as AsyncIterable<{ record: string[]; info: { lines: number } }>;
  const at = () => ({ after: lastLine, drift: carriageReturns });
  for await (const { record, info } of csvErrorsAsFileErrors(records, at, file)) {
    carriageReturns += record.reduce((n, cell) => n + (cell.match(/\r/g)?.length ?? 0), 0);
    lastLine = info.lines - carriageReturns;
    // `lastLine` is the line the record ends on; a quoted field may span lines.
    const line = lastLine - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    if (!header) {
      headerLine = line;
      header = checkHeader(
        record.map((name) => name.trim()),
        line,
      );
      continue;
    }
    const { input, issues } = recordToInput(kind, header, record);
    if (record.length !== header.length) {
      issues.unshift({
        path: '',
        message: `has ${record.length} fields, the header (line ${headerLine}) has ${header.length}`,
      });
    }
    yield { line, input, issues };
  }
  if (!header) throw new FileError(`${file} is empty: expected a header line naming the columns`);
}

/**
 * The records, with csv-parse's syntax errors (a stray or unclosed quote) made a `FileError` of one sentence naming
 * the line: nothing is loaded from a file that is not CSV. `at`: where the last good record ended, and the `\r`s
 * csv-parse counted as lines so far.
 */
async function* csvErrorsAsFileErrors<T>(
  records: AsyncIterable<T>,
  at: () => { after: number; drift: number },
  file: string,
): AsyncGenerator<T> {
  try {
    yield* records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { after, drift } = at();
    const line = (error as { lines?: number }).lines ?? after + 1;
    const reason =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `a quoted field starting after line ${after} is never closed (a missing closing quote)`
        : `line ${line - drift}: ${
            error.code === 'INVALID_OPENING_QUOTE'
              ? 'a quote inside an unquoted field: quote the whole field and double the quote in it ("1""5")'
              : `not valid CSV (${error.message})`
          }`;
    throw new FileError(`${file}: ${reason}; nothing was loaded`);
  }
}

function checkHeader(names: string[], line: number): string[] {
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') throw new FileError(`line ${line}: the header has an empty column name`);
    if (seen.has(name)) throw new FileError(`line ${line}: the header names the column "${name}" twice`);
    seen.add(name);
  }
  return names;
}

async function* jsonRows(file: string, kind: LoadKind): AsyncGenerator<Row> {
  // Members a JSON row may have: the SDK input's, and the instrument of a time-series value.
  const members = [
    ...(kind.typed ? ['type'] : []),
    'attributes',
    'relationships',
    ...(kind.perInstrument ? ['instrumentId'] : []),
  ];
  const lines = createInterface({ input: (await open(file)).createReadStream(), crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const given of lines) {
    line += 1;
    // A byte order mark (a file saved by some Windows editors) is no part of the first line's JSON.
    const text = line === 1 ? given.replace(/^\uFEFF/, '') : given;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      yield {
        line,
        input: {},
        issues: [{ path: '', message: `is not valid JSON (${(error as Error).message})` }],
        unreadable: true,
      };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield {
        line,
        input: {},
        issues: [{ path: '', message: 'must be a JSON object { type?, attributes, relationships? }' }],
        unreadable: true,
      };
      continue;
    }
    const issues: ValidationIssue[] = [];
    const repeated = repeatedMember(text);
    if (repeated !== undefined)
      issues.push({ path: repeated, message: 'is given twice in this line (JSON would keep only the last value)' });
    for (const name of Object.keys(value)) if (!members.includes(name)) issues.push(unknownKey(name, members, ''));
    yield { line, input: value as RowInput, issues };
  }
}
