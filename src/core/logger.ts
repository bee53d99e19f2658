import { redact, rememberSecret } from './secrets.js';

/** Levels in increasing severity; `off` silences the SDK. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Anything with console's four methods: `console`, pino, winston. */
export interface Logger {
  /** Writes a `debug` line: the SDK logs each request and its response status here. */
  debug(message: string, ...rest: unknown[]): void;
  /** Writes an `info` line. */
  info(message: string, ...rest: unknown[]): void;
  /** Writes a `warn` line: the SDK logs each retry and each use of a feature the service deprecates here. */
  warn(message: string, ...rest: unknown[]): void;
  /** Writes an `error` line. */
  error(message: string, ...rest: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };

/** Writes only at or above `level`, and redacts every secret the transport knows of from each line. */
export class LevelLogger {
  constructor(
    private readonly sink: Logger,
    private readonly level: LogLevel,
  ) {}

  /** Remember a credential so that no log line ever carries it. */
  addSecret(secret: string): void {
    rememberSecret(secret);
  }

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return RANK[level] >= RANK[this.level];
  }

  log(level: Exclude<LogLevel, 'off'>, message: string): void {
    if (!this.enabled(level)) return;
    this.sink[level](`[portfolio-reporting] ${this.redact(message)}`);
  }

  redact(text: string): string {
    return redact(text);
  }
}
