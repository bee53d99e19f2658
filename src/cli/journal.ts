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
 *
 * One load at a time: `<journal>.lock`, created exclusively and holding the loader's process id, is removed when
 * the load ends; a second load on the same journal is refused. A lock whose process is gone (a crash, a kill) is
 * taken over, with a note, by one load only (see `lock`). Every byte of an entry is written before the load goes on (a short write is
 * finished); a write that fails cuts the partial entry off again and stops the load before the row is sent.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
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

  /** The lock file, while this load holds it. */
  private lockPath: string | undefined;
  /** Bytes in the file: a failed write is cut back to here. */
  private written = 0;
  /** What the caller should be told: a torn entry cut off, a stale lock taken over, another input file. */
  readonly notes: string[] = [];
  private readonly release = () => this.unlock();

  /** Opens (or creates) the journal of a load of `kind`; refuses one written by a load of another kind. */
  constructor(
    readonly path: string,
    kind: string,
    file: string,
  ) {
    try {
      if (existsSync(path) && statSync(path).isDirectory())
        throw new FileError(`cannot use ${path} as the journal: it is a directory; pass --journal <file>`);
      this.lock();
      const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
      const end = this.read(bytes, kind, file);
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
      this.written = end;
      this.fd = openSync(path, 'a');
      this.write({ journal: HEADER, version: 1, kind, file, startedAt: new Date().toISOString() });
    } catch (error) {
      this.unlock();
      throw journalError(path, error);
    }
  }

  /**
   * Takes `<journal>.lock`, or refuses: another load holds it. The lock appears with its process id in it (written
   * to a file of this process, then linked: no other load reads it empty). A lock of a process that is gone is taken
   * over under `<journal>.lock.takeover`, held by one load at a time, after reading the lock again: of two loads
   * that found the same dead process's lock at the same instant, one takes it and the other is refused.
   */
  private lock(): void {
    const lockPath = `${this.path}.lock`;
    const inUse = (pid: number | undefined, held = lockPath) =>
      new FileError(
        `${this.path} is in use by another load (${pid === undefined ? 'its lock' : `process ${pid}, lock`} ${held}): wait for it to end, or pass another --journal path; if no load is running, delete ${held}`,
      );
    let pid: number | null | undefined;
    // Twice at most: a lock that is gone by the time it is read was released; take it as any free lock.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (createHolding(lockPath)) {
        this.hold(lockPath);
        return;
      }
      pid = lockHolder(lockPath);
      if (pid !== null) break;
    }
    if (pid === undefined || pid === null || running(pid)) throw inUse(pid ?? undefined);
    const takeover = `${lockPath}.takeover`;
    if (!createHolding(takeover)) throw inUse(lockHolder(takeover) ?? undefined, takeover);
    try {
      // Read again under the takeover lock: another load may have taken it over since.
      if (lockHolder(lockPath) !== pid) throw inUse(lockHolder(lockPath) ?? undefined);
      unlinkSync(lockPath);
      // A load that started just now may have created a lock of its own in between: it holds the journal.
      if (!createHolding(lockPath)) throw inUse(lockHolder(lockPath) ?? undefined);
      this.hold(lockPath);
      this.notes.push(`${lockPath}: taken over from process ${pid}, which is no longer running (a crash or a kill)`);
    } finally {
      unlinkSync(takeover);
    }
  }

  /** Marks `lockPath` as this load's, released when the load ends or the process exits. */
  private hold(lockPath: string): void {
    this.lockPath = lockPath;
    process.on('exit', this.release);
  }

  private unlock(): void {
    if (this.lockPath === undefined) return;
    process.off('exit', this.release);
    try {
      unlinkSync(this.lockPath);
    } catch {
      // Already gone: nothing to release.
    }
    this.lockPath = undefined;
  }

  /**
   * Reads the entries of `bytes`; returns where the complete ones end: a torn last entry after that point
   * is cut off. Throws when the file is not a journal, is one of another kind, or has a bad line elsewhere.
   */
  private read(bytes: Buffer, kind: string, file: string): number {
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
          const other = `${this.path}: written for ${String(entry.file)}, now used for ${file}: rows are known by their content, so those done there are skipped here`;
          if (typeof entry.file === 'string' && entry.file !== file && !this.notes.includes(other))
            this.notes.push(other);
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

  /** Flushes the journal to the disk, closes it and releases the lock (`quiet`: after an error, which it must not hide). */
  close(quiet = false): void {
    try {
      if (this.fd === undefined) return;
      const fd = this.fd;
      this.fd = undefined;
      try {
        fsyncSync(fd);
      } catch (error) {
        if (!quiet) throw journalError(this.path, error);
      } finally {
        closeSync(fd);
      }
    } finally {
      this.unlock();
    }
  }

  private write(value: object): void {
    if (this.fd === undefined) throw new Error(`the journal ${this.path} is closed`);
    // Every byte of the entry, with its newline, before the caller goes on (a row is sent after its entry).
    const bytes = Buffer.from(`${JSON.stringify(value)}\n`);
    try {
      writeAll(this.fd, bytes);
      this.written += bytes.length;
    } catch (error) {
      // A partial entry is cut off again (that needs no space), so later entries follow a clean line.
      try {
        ftruncateSync(this.fd, this.written);
      } catch {
        // The cut failed too: the next run cuts the torn tail off when it opens the journal.
      }
      throw journalError(this.path, error);
    }
  }
}

/** Writes all of `bytes` (`writeSync` may write fewer than asked: a disk nearly full). */
function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) {
    const n = writeSync(fd, bytes, done, bytes.length - done);
    if (n <= 0) throw Object.assign(new Error('no byte was written'), { code: 'ENOSPC' });
    done += n;
  }
}

/**
 * Creates `path` holding this process's id, unless it exists (false). The id is written to a file of this process
 * first and linked to `path`, so `path` never exists empty.
 */
function createHolding(path: string): boolean {
  const own = `${path}.${process.pid}`;
  const fd = openSync(own, 'w');
  try {
    writeAll(fd, Buffer.from(`${process.pid}\n`));
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(own);
  }
}

/** The process id a lock file holds; `undefined` when it holds something else, `null` when it is gone. */
function lockHolder(path: string): number | undefined | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

const WHY: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'its directory does not exist',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EIO: 'an I/O error',
};

/** A file system error of the journal as one sentence naming it and `--journal`; a `FileError` passes through. */
function journalError(path: string, error: unknown): Error {
  if (error instanceof FileError || !(error instanceof Error)) return error as Error;
  const code = (error as { code?: string }).code ?? '';
  return new FileError(
    `cannot write the journal ${path} (${WHY[code] ?? error.message}${code && WHY[code] ? `, ${code}` : ''}); the load stopped before sending another row: fix that, or pass --journal <path> elsewhere, then run again`,
  );
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
