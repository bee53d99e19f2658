/**
 * The load journal: append-only JSON lines, one entry per event of a row — `sending` before its first call,
 * then `created`, `existing`, `failed`, `uncertain` or `skipped`. Each entry is written to the file as it
 * happens (a crash of the loader loses none); the file is fsync'd when the run ends. A re-run reads it:
 * rows whose last entry is `created` or `existing` are done; `sending` with no outcome, or `uncertain`,
 * means a call went out and its answer never came.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
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

  /** Opens (or creates) the journal of a load of `kind`; refuses one written by a load of another kind. */
  constructor(
    readonly path: string,
    kind: string,
    file: string,
  ) {
    let text = '';
    if (existsSync(path)) text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        // A crash can tear only the last entry; a torn one elsewhere means this is not a journal.
        if (i === lines.length - 1) break;
        throw new FileError(`${path} line ${i + 1} is not a journal entry; pass another --journal path`);
      }
      if (entry.journal === HEADER) {
        if (entry.kind !== kind)
          throw new FileError(
            `${path} is the journal of a load of ${String(entry.kind)}, not ${kind}; pass another --journal path`,
          );
      } else if (typeof entry.key === 'string') this.last.set(entry.key, entry as unknown as JournalEntry);
    }
    this.fd = openSync(path, 'a');
    // After a torn last entry, start on a line of our own.
    if (text !== '' && !text.endsWith('\n')) writeSync(this.fd, '\n');
    this.write({ journal: HEADER, version: 1, kind, file, startedAt: new Date().toISOString() });
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
