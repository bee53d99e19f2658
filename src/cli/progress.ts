/**
 * Progress of a load: a bar redrawn in place on a terminal, plain lines (at most one a second) otherwise,
 * so a log file or CI output stays readable. The counts are the summary's own categories (done, failed, not done),
 * so the last line after Ctrl-C agrees with the summary; on a narrow terminal the bar goes first, then the 429s, the
 * requests sending and waiting, then the rate and time left — never the counts.
 */
import type { BulkProgress } from '../bulk/index.js';
import { formatNumber } from './count.js';

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  update(progress: BulkProgress): void;
  /** Draws the final state and ends the bar's line. */
  end(): void;
}

/** The rows by the summary's categories: loaded (created or existing), failed (or in doubt), not done (interrupted or stopped). */
export interface Tally {
  ok: number;
  failed: number;
  notDone: number;
}

/** A terminal whose width is not known is taken to be this wide. */
const DEFAULT_COLUMNS = 80;
const BAR = 24;

/** `1m 05s`, `42s`, `2h 03m`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * Rows done before a time left is shown: four rounds of the pool, and 20 at least. The first rows' rate is mostly the
 * start (connections, the first call's chunk): `3m 47s left` after one row was noise.
 */
export const estimateAfter = (concurrency: number): number => Math.max(20, 4 * concurrency);

/** Rows done (loaded or failed): the runner's `done` also counts the rows ended not done by Ctrl-C or a stop. */
const doneOf = (p: BulkProgress, tally: Tally) => p.done - tally.notDone;

/**
 * One progress line within `width` characters: the counts always; then, while they fit, the rate and time left (once
 * `estimateAfter` rows are done), the requests sending (and those waiting to retry, or being looked up) and the 429s; and the bar in front when everything fits with it (on a terminal: `width` given).
 * The rows done, the percentage and the bar count only rows loaded or failed, never those not done.
 * @example progressLine({ done: 50, total: 200, ... }, { ok: 48, failed: 2, notDone: 0 }, 25, 80)
 */
export function progressLine(p: BulkProgress, tally: Tally, rowsPerSecond: number, width: number | undefined): string {
  const done = doneOf(p, tally);
  // Rows still to have an outcome in this run (the rows not done have theirs): what the time left is for.
  const left = p.total - p.done;
  const counts = [
    `${formatNumber(done)}/${formatNumber(p.total)} ${p.total ? Math.floor((100 * done) / p.total) : 100}%`,
    `ok ${formatNumber(tally.ok)}`,
    `failed ${formatNumber(tally.failed)}`,
    ...(tally.notDone ? [`not done ${formatNumber(tally.notDone)}`] : []),
  ];
  // What the requests in flight are: the limit bounds those sending; rows waiting to be sent again (after a 429 or a
  // connection refused) and lookups after a failure are told apart (`in flight 60 (limit 8)` read as a broken limit).
  const lookups = p.inFlight - p.sending - p.waiting;
  const estimate = left > 0 && rowsPerSecond > 0 && done >= estimateAfter(p.concurrency);
  const extras = [
    `${formatNumber(Math.round(rowsPerSecond))} rows/s${estimate ? `, ${duration(left / rowsPerSecond)} left` : ''}`,
    `sending ${p.sending} (limit ${p.concurrency})${p.waiting ? `, ${formatNumber(p.waiting)} waiting to retry` : ''}${lookups ? `, ${lookups} being looked up` : ''}`,
    ...(p.rateLimited ? [`429s ${formatNumber(p.rateLimited)}`] : []),
  ];
  const max = width === undefined ? Number.POSITIVE_INFINITY : width;
  const join = (parts: string[]) => parts.join(' · ');
  let kept = extras.length;
  while (kept > 0 && join([...counts, ...extras.slice(0, kept)]).length > max) kept--;
  const line = join([...counts, ...extras.slice(0, kept)]);
  const filled = p.total ? Math.round((BAR * done) / p.total) : BAR;
  const withBar = `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${line}`;
  // A log (no width) gets no bar: it is for a terminal's line redrawn in place.
  return width !== undefined && kept === extras.length && withBar.length <= max ? withBar : line;
}

/**
 * Draws the progress of a load on `out`; `tally` gives the counts by the summary's categories.
 * @example const progress = progressOn(process.stderr, () => ({ ok, failed, notDone }));
 */
export function progressOn(out: Output, tally: () => Tally, started = performance.now()): Progress {
  let last: BulkProgress | undefined;
  let shownState: string | undefined;
  // The first update draws, however soon after the process started (performance.now() counts from then).
  let drawnAt = Number.NEGATIVE_INFINITY;
  const rate = () => {
    const seconds = (performance.now() - started) / 1000;
    return seconds > 0 && last ? doneOf(last, tally()) / seconds : 0;
  };
  const draw = (final: boolean) => {
    if (!last) return;
    if (out.isTTY) {
      // One column short of the width: writing the last column wraps on many terminals.
      const line = progressLine(last, tally(), rate(), (out.columns ?? DEFAULT_COLUMNS) - 1);
      out.write(`\r\x1b[K${line}${final ? '\n' : ''}`);
    } else {
      // A plain log gets the last state unless that state is the one already written (the rate alone moves on).
      const counts = tally();
      const state = `${last.done}/${last.total} ${counts.ok} ${counts.failed} ${counts.notDone}`;
      if (final && state === shownState) return;
      shownState = state;
      out.write(`progress: ${progressLine(last, counts, rate(), undefined)}\n`);
    }
  };
  let ended = false;
  return {
    update(progress) {
      last = progress;
      const now = performance.now();
      if (now - drawnAt >= (out.isTTY ? 100 : 1000)) {
        drawnAt = now;
        // Drawn once the runner's synchronous burst is over: a stop ends every row not started at once, one result
        // at a time, and a line drawn at the first of them said `not done 1` where 92 were.
        queueMicrotask(() => {
          if (!ended) draw(false);
        });
      }
    },
    end() {
      ended = true;
      draw(true);
    },
  };
}
