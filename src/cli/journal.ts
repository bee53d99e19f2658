/**
 * The load journal: append-only JSON lines, one entry per event of a row — `sending` before its first call,
 * then `created`, `existing`, `failed`, `uncertain` or `skipped`. Each entry is written to the file as it
 * happens (a crash of the loader loses none); the file is fsync'd when the run ends. A re-run reads it:
 * rows whose last entry is `created` or `existing` are done; `sending` with no outcome, or `uncertain`,
 * means a call went out and its answer never came.
 *
 * An entry counts once its newline is on the disk. A crash can tear the last one (a line without its newline,
 * or one that does not parse): when the journal is opened, that tail is cut off, back to the end of the last
 * complete entry, so a re-run and every later one read a clean journal. A bad line anywhere else means the
 * file is not a journal (or was damaged otherwise): it is refused and left as it is.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { isObject } from '../core/is-object.js';
import { FileError } from './rows.js';

export type EntryStatus = 'sending' | 'created' | 'existing' | 'failed' | 'uncertain' | 'skipped';

export interface JournalEntry {
  /** The row's key: a digest of its content and the number of identical rows before it. */
  key: string;
  line: number;
  status: EntryStatus;
  /** The record's id, for `created` and `existing`. */
  id?: string;
  error?: string;
}

/** What the journal says about a row. */
export type RowState =
  | { state: 'done'; status: 'created' | 'existing'; id?: string }
  | { state: 'in-doubt' }
  | { state: 'redo' };

const HEADER = 'portfolio-reporting load';

export class Journal {
  private fd: number | undefined;
  private readonly last = new Map<string, JournalEntry>();
  /** Bytes of a torn last entry cut off when the journal was opened (0 when it ended cleanly). */
  readonly cut: number;

  /** Opens (or creates) the journal of a load of `kind`; refuses one written by a load of another kind. */
  constructor(
    readonly path: string,
    kind: string,
    file: string,
  ) {
    const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
    const end = this.read(bytes, kind);
    this.cut = bytes.length - end;
    if (this.cut > 0) {
      const fd = openSync(path, 'r+');
      try {
        ftruncateSync(fd, end);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    this.fd = openSync(path, 'a');
    this.write({ journal: HEADER, version: 1, kind, file, startedAt: new Date().toISOString() });
  }

  /**
   * Reads the entries of `bytes`; returns where the complete ones end: a torn last entry after that point
   * is cut off. Throws when the file is not a journal, is one of another kind, or has a bad line elsewhere.
   */
  private read(bytes: Buffer, kind: string): number {
    const notJournal = (line: number) =>
      new FileError(`${this.path} line ${line} is not a journal entry; pass another --journal path`);
    let journal = false; // the first entry was a run header
    let start = 0;
    for (let line = 1; start < bytes.length; line++) {
      // A line is complete with its newline (a byte no multi-byte UTF-8 character contains).
      const newline = bytes.indexOf(0x0a, start);
      const text = bytes.toString('utf8', start, newline < 0 ? bytes.length : newline);
      if (newline < 0) {
        // The entry being written when a crash came: cut off, if this is a journal (or the start of one).
        if (journal || tornHeader(text)) return start;
        throw notJournal(line);
      }
      const next = newline + 1;
      if (text.trim() !== '') {
        const entry = parseEntry(text);
        if (!entry) {
          // Unreadable: torn, if it is the last line of a journal; damage anywhere else.
          if (journal && next === bytes.length) return start;
          throw notJournal(line);
        }
        if (!journal && entry.journal !== HEADER) throw notJournal(line);
        journal = true;
        if (entry.journal === HEADER) {
          if (entry.kind !== kind)
            throw new FileError(
              `${this.path} is the journal of a load of ${String(entry.kind)}, not ${kind}; pass another --journal path`,
            );
        } else if (typeof entry.key === 'string') this.last.set(entry.key, entry as unknown as JournalEntry);
      }
      start = next;
    }
    return bytes.length;
  }

  /** Rows the journal knows. */
  get size(): number {
    return this.last.size;
  }

  stateOf(key: string): RowState | undefined {
    const entry = this.last.get(key);
    if (!entry) return undefined;
    switch (entry.status) {
      case 'created':
      case 'existing':
        return { state: 'done', status: entry.status, ...(entry.id !== undefined && { id: entry.id }) };
      case 'sending':
      case 'uncertain':
        return { state: 'in-doubt' };
      default:
        return { state: 'redo' };
    }
  }

  append(entry: JournalEntry): void {
    this.last.set(entry.key, entry);
    this.write(entry);
  }

  /** Flushes the journal to the disk and closes it. */
  close(): void {
    if (this.fd === undefined) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = undefined;
  }

  private write(value: object): void {
    if (this.fd === undefined) throw new Error(`the journal ${this.path} is closed`);
    // One write per entry, with its newline: an entry is never interleaved with another.
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
  }
}

function parseEntry(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `text`, the first line of a file and without its newline, is the start of a torn run header. */
function tornHeader(text: string): boolean {
  const start = `{"journal":${JSON.stringify(HEADER)}`;
  return text.length <= start.length ? start.startsWith(text) : text.startsWith(start);
}

/** A stable digest of a row's content (keys sorted), so the same row has the same key in every run. */
export function rowDigest(kind: string, input: unknown): string {
  return createHash('sha256')
    .update(`${kind}\n${stableJson(input)}`)
    .digest('hex')
    .slice(0, 24);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
