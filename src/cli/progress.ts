/**
 * Progress of a load: a bar redrawn in place on a terminal, plain lines (at most one a second) otherwise,
 * so a log file or CI output stays readable.
 */
import type { BulkProgress } from '../bulk/index.js';

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

const number = (n: number) => n.toLocaleString('en-US');

export function progressOn(out: Output, started = performance.now()): Progress {
  let last: BulkProgress | undefined;
  let shown: BulkProgress | undefined;
  let drawnAt = 0;
  const rate = () => {
    const seconds = (performance.now() - started) / 1000;
    return seconds > 0 && last ? Math.round(last.done / seconds) : 0;
  };
  const text = (p: BulkProgress) =>
    `${number(p.done)}/${number(p.total)} ${p.total ? Math.floor((100 * p.done) / p.total) : 100}% · ${number(rate())} rows/s · ok ${number(p.ok)} · failed ${number(p.failed)} · in flight ${p.inFlight} (limit ${p.concurrency})` +
    (p.rateLimited ? ` · 429s ${number(p.rateLimited)}` : '');
  const draw = (final: boolean) => {
    if (!last) return;
    shown = last;
    if (out.isTTY) {
      const width = 24;
      const filled = last.total ? Math.round((width * last.done) / last.total) : width;
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text(last)}`;
      out.write(`\r\x1b[K${line.slice(0, Math.max(20, (out.columns ?? 120) - 1))}${final ? '\n' : ''}`);
    } else out.write(`progress: ${text(last)}\n`);
  };
  return {
    update(progress) {
      last = progress;
      const now = performance.now();
      if (now - drawnAt >= (out.isTTY ? 100 : 1000)) {
        drawnAt = now;
        draw(false);
      }
    },
    end() {
      // A terminal's bar ends its line; a plain log gets the last state unless it is the line already written.
      if (out.isTTY || shown !== last) draw(true);
    },
  };
}
