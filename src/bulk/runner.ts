/**
 * The bulk runner: a pool whose size follows the service (AIMD on 429, `Retry-After` honoured), bounded
 * re-attempts, an abort that stops starting new items, and one result per input — never none, never two.
 */

import { mustBe } from '../core/describe.js';
import { APIError, ValidationError, type ValidationIssue } from '../core/errors.js';
import { retryAfterMs } from '../core/retry-policy.js';
import { checkKeys, checkSettings } from '../core/settings.js';
import type { RequestOptions } from '../core/transport.js';
import { ConcurrencyController } from './aimd.js';
import { backoffMs, failureOf, isIdempotentCall, isRepeatedDeleteOfGone } from './retry.js';

/** What the call of one item is given. */
export interface BulkCallContext {
  /** The run's `signal`. The runner does not cancel calls already sent; pass this to the call if an abort should. */
  signal: AbortSignal;
  /** `{ maxRetries: 0 }`: pass it as the SDK call's options so that every 429 reaches the runner, which paces the run. */
  options: RequestOptions;
  /** 1 for the first attempt of the item, 2 for the first re-attempt, … */
  attempt: number;
}

/** The item's call succeeded (perhaps after re-attempts). `created` is false when the record already existed. */
export interface BulkSuccess<T> {
  /** The item's position in the input. */
  index: number;
  /** Always `true`: narrows a `BulkResult`. */
  ok: true;
  /** What the item's call resolved to (the created or existing resource). */
  value: T;
  /** `false` when the service answered that the record already existed (303), `true` when it was created. */
  created?: boolean;
  /** Calls made for this item (a verification read is not counted). */
  attempts: number;
}

/**
 * The item failed. `skipped`: never sent, or only rate-limited, before the run was aborted (`error` is the
 * abort reason) or stopped by a refused token (`stopOnAuthError`: `error` is that 401 or 403). `uncertain`: an attempt failed in a way that leaves open whether the service applied it
 * (a 5xx, timeout or lost connection on a call that is not safe to repeat), so it was not sent again. A
 * connection never made (refused, no such host) is not uncertain: the request never left.
 */
export interface BulkFailure {
  /** The item's position in the input. */
  index: number;
  /** Always `false`: narrows a `BulkResult`. */
  ok: false;
  /** Why it failed: the SDK error of the last attempt, or the abort reason when `skipped`. */
  error: unknown;
  /** Calls made for this item. */
  attempts: number;
  /** Never sent (or only rate-limited) before the run was aborted or stopped by a refused token. */
  skipped?: true;
  /** Not sent again after a failure that leaves open whether the service applied it. */
  uncertain?: true;
}

/** Exactly one per input item: `{ ok: true, value }` or `{ ok: false, error }`, with its `index`. */
export type BulkResult<T> = BulkSuccess<T> | BulkFailure;

/** A snapshot for progress displays, sent after every finished item and every change of concurrency. */
export interface BulkProgress {
  /** Items with a result (`ok + failed`). */
  done: number;
  /** Items in the run. */
  total: number;
  /** Items finished successfully so far. */
  ok: number;
  /** Items finished with a failure so far. */
  failed: number;
  /** Items started and not finished: sending, waiting to be sent again, or being verified (`sending + waiting` and the lookups). */
  inFlight: number;
  /** Of `inFlight`, the calls sent and not answered: what `concurrency` bounds. */
  sending: number;
  /** Of `inFlight`, the items waiting to be sent again (a backoff, a `Retry-After`, or a free place in the pool). */
  waiting: number;
  /** Calls allowed in flight now (AIMD). */
  concurrency: number;
  /** Re-attempts so far, for any reason. */
  retries: number;
  /** 429 answers so far. */
  rateLimited: number;
}

/** The keys of `BulkOptions`; `bulk.run` also accepts `idempotent` and `verify`, `bulk.transactions` `verify`. */
const BULK_OPTION_KEYS = [
  'concurrency',
  'minConcurrency',
  'maxRetries',
  'retryDelay',
  'signal',
  'onProgress',
  'onStart',
  'onResult',
  'stopOnAuthError',
];

/** Options of every bulk helper. */
export interface BulkOptions<I = unknown, T = unknown> {
  /** Most calls in flight, and the start; a 429 halves it, successes raise it again by one per round. Default 8. */
  concurrency?: number;
  /** Fewest calls in flight however many 429s come. Default 1. */
  minConcurrency?: number;
  /** Re-attempts per item (after a 429, or a transient failure where sending again is safe). Default 5. */
  maxRetries?: number;
  /** Backoff before a re-attempt without `Retry-After`: full jitter over `initial × 2^n` ms, capped at `max`. Default 300 / 10 000. */
  retryDelay?: { initial?: number; max?: number };
  /** Stops starting items: those not started end as `skipped`; calls already sent finish. */
  signal?: AbortSignal;
  /** Called after every finished item and every change of concurrency. */
  onProgress?: (progress: BulkProgress) => void;
  /** Just before the first call of an item (a journal writes its "sending" entry here). A throw stops the run. */
  onStart?: (index: number, item: I) => void;
  /** As each item gets its result, in completion order. A throw stops the run. */
  onResult?: (result: BulkResult<T>, item: I) => void;
  /**
   * A 401 (the token refused) or 403 (no permission) stops starting items: those not started end `skipped` with that
   * error, requests in flight finish. Default `true`: every other item would be refused the same way. `false` goes on
   * (a 403 that concerns one record only).
   */
  stopOnAuthError?: boolean;
}

/** What the runner is told about the calls themselves. */
export interface CallPolicy<I, T> {
  /**
   * The call may be repeated after a transient failure whatever the service did with it (a create with a
   * natural key that answers 303 for a duplicate). Otherwise only calls whose error names GET, PUT, PATCH
   * or DELETE are repeated, and a POST's transient failure is `uncertain` — unless `verify` says more.
   */
  idempotent?: boolean;
  /**
   * Looks the item's record up after a transient failure or a 409: found, it is the result
   * (`created: false`); not found after a transient failure, the item is sent again.
   */
  verify?: (item: I, index: number, ctx: BulkCallContext) => Promise<T | undefined>;
}

/** What a call resolves to: the value, and whether it created the record when the call can tell. */
export interface CallOutcome<T> {
  value: T;
  created?: boolean;
}

interface Task<I> {
  index: number;
  item: I;
  attempts: number;
  retries: number;
  /** An earlier attempt may have been applied. */
  uncertain: boolean;
  /** The last failure was transient (a retried DELETE that then finds 404 counts as done). */
  afterTransient: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/** The most calls in flight a run allows (`concurrency`, `minConcurrency`); the command line's `--concurrency` too. */
export const MAX_CONCURRENCY = 64;
/** The most re-attempts per item a run allows (`maxRetries`); the command line's `--max-retries` too. */
export const MAX_RETRIES = 100;
/** The rule of a bounded count, worded once for the runner and the command line: `a whole number from 1 to 64`. */
export const wholeNumberFrom = (min: number, max: number): string => `a whole number from ${min} to ${max}`;

const NEVER = new AbortController().signal;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The bulk run was aborted', 'AbortError');
}

/**
 * Runs `call` for every item; resolves, once every item has its result, to the results in input order.
 * It rejects only when a hook (`onStart`, `onResult`, `onProgress`) throws, or at once when its input breaks a
 * rule: `what` names the method called in that error (`bulk.prices`).
 */
export function runBulk<I, T>(
  what: string,
  items: readonly I[],
  call: (item: I, index: number, ctx: BulkCallContext) => Promise<CallOutcome<T>>,
  options: BulkOptions<I, T> = {},
  policy: CallPolicy<I, T> = {},
  accepted: readonly string[] = [],
): Promise<BulkResult<T>[]> {
  try {
    return new Run(what, items, call, options, policy, accepted).start();
  } catch (error) {
    return Promise.reject(error);
  }
}

class Run<I, T> {
  private readonly results: (BulkResult<T> | undefined)[];
  private readonly controller: ConcurrencyController;
  private readonly signal: AbortSignal;
  private readonly maxRetries: number;
  private readonly delay: { initial: number; max: number };
  /** Re-attempts whose wait is over, sent before new items so that started work finishes first. */
  private readonly ready: Task<I>[] = [];
  private readonly waiting = new Set<Task<I>>();
  private next = 0;
  private active = 0;
  private verifying = 0;
  private pausedUntil = 0;
  private pauseTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly counts = { ok: 0, failed: 0, retries: 0, rateLimited: 0 };
  private fatal: { error: unknown } | undefined;
  /** The 401 or 403 that stopped the run (`stopOnAuthError`): the error of the items it left unstarted. */
  private refused: { error: unknown } | undefined;
  private settle!: { resolve: (r: BulkResult<T>[]) => void; reject: (e: unknown) => void };
  private settled = false;

  constructor(
    what: string,
    private readonly items: readonly I[],
    private readonly call: (item: I, index: number, ctx: BulkCallContext) => Promise<CallOutcome<T>>,
    private readonly options: BulkOptions<I, T>,
    private readonly policy: CallPolicy<I, T>,
    accepted: readonly string[],
  ) {
    checkKeys(what, options, [...BULK_OPTION_KEYS, ...accepted], 'options');
    checkRunArguments(what, items, options);
    this.results = new Array(items.length);
    checkSettings(
      what,
      {
        counts: { maxRetries: options.maxRetries },
        durations: { 'retryDelay.initial': options.retryDelay?.initial, 'retryDelay.max': options.retryDelay?.max },
      },
      { note: '(nothing was sent)' },
    );
    checkKeys(what, options.retryDelay, ['initial', 'max'], 'retryDelay');
    this.maxRetries = bounded(what, 'maxRetries', options.maxRetries ?? 5, 0, MAX_RETRIES);
    const max = bounded(what, 'concurrency', options.concurrency ?? 8, 1, MAX_CONCURRENCY);
    const min = bounded(what, 'minConcurrency', options.minConcurrency ?? 1, 1, MAX_CONCURRENCY);
    const { initial, max: maxDelay = 10_000 } = options.retryDelay ?? {};
    // A floor above the most, or a first delay above the cap, was lowered without a word: refused, naming both.
    const issues: ValidationIssue[] = [];
    if (min > max) issues.push(above('minConcurrency', min, 'concurrency', max, options.concurrency));
    if (initial !== undefined && initial > maxDelay)
      issues.push(above('retryDelay.initial', initial, 'retryDelay.max', maxDelay, options.retryDelay?.max));
    if (issues.length) throw new ValidationError(what, issues);
    this.controller = new ConcurrencyController(max, min);
    // Without a first delay of its own, a cap below the default one (300) is every delay's bound, as asked.
    this.delay = { initial: initial ?? 300, max: maxDelay };
    this.signal = options.signal ?? NEVER;
  }

  start(): Promise<BulkResult<T>[]> {
    const done = new Promise<BulkResult<T>[]>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.signal.addEventListener('abort', this.onAbort, { once: true });
    if (this.signal.aborted) this.onAbort();
    else this.pump();
    return done;
  }

  private get stopping(): boolean {
    return this.signal.aborted || this.fatal !== undefined || this.refused !== undefined;
  }

  private readonly onAbort = (): void => {
    // Waits end now: an item waiting to be sent again ends skipped (uncertain if an earlier attempt may have been applied).
    for (const task of [...this.waiting, ...this.ready.splice(0)]) {
      clearTimeout(task.timer);
      this.waiting.delete(task);
      this.markSkipped(task);
    }
    clearTimeout(this.pauseTimer);
    this.pump();
  };

  /** Starts what may start now; resolves the run when nothing is left. */
  private pump(): void {
    if (this.settled) return;
    if (this.stopping) {
      // Every item never started gets its result at once.
      while (this.next < this.items.length) this.markSkipped(this.newTask(this.next++));
    } else {
      const now = Date.now();
      if (now < this.pausedUntil) {
        clearTimeout(this.pauseTimer);
        this.pauseTimer = setTimeout(() => this.pump(), this.pausedUntil - now);
      } else {
        while (this.active < this.controller.limit && !this.stopping) {
          const task = this.ready.shift() ?? (this.next < this.items.length ? this.newTask(this.next++) : undefined);
          if (!task) break;
          this.attempt(task);
        }
      }
    }
    if (
      this.active === 0 &&
      this.verifying === 0 &&
      this.waiting.size === 0 &&
      this.ready.length === 0 &&
      this.next >= this.items.length
    ) {
      this.settled = true;
      clearTimeout(this.pauseTimer);
      this.signal.removeEventListener('abort', this.onAbort);
      if (this.fatal) this.settle.reject(this.fatal.error);
      else this.settle.resolve(this.results as BulkResult<T>[]);
    }
  }

  private newTask(index: number): Task<I> {
    return { index, item: this.items[index] as I, attempts: 0, retries: 0, uncertain: false, afterTransient: false };
  }

  private context(task: Task<I>): BulkCallContext {
    return { signal: this.signal, options: { maxRetries: 0 }, attempt: task.attempts };
  }

  private attempt(task: Task<I>): void {
    if (task.attempts === 0 && !this.hook(() => this.options.onStart?.(task.index, task.item))) {
      this.markSkipped(task);
      return;
    }
    task.attempts += 1;
    this.active += 1;
    const round = this.controller.current;
    const ctx = this.context(task);
    // `then` on a fresh promise: a call that throws synchronously (a ValidationError) fails like one that rejects.
    Promise.resolve()
      .then(() => this.call(task.item, task.index, ctx))
      .then(
        (outcome) => {
          this.active -= 1;
          if (this.controller.success()) this.progress();
          this.finish({
            index: task.index,
            ok: true,
            value: outcome.value,
            ...(outcome.created !== undefined && { created: outcome.created }),
            attempts: task.attempts,
          });
        },
        (error: unknown) => {
          this.active -= 1;
          this.failed(task, error, round, ctx);
        },
      )
      .finally(() => this.pump());
  }

  private failed(task: Task<I>, error: unknown, round: number, ctx: BulkCallContext): void {
    const failure = failureOf(error);
    if (failure === 'rate-limited') {
      this.counts.rateLimited += 1;
      if (this.controller.rateLimited(round)) this.progress();
      const wait = error instanceof APIError ? retryAfterMs(error.headers) : undefined;
      // `Retry-After` speaks for the service, not for one call: nothing is sent before it has passed.
      if (wait !== undefined) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
      this.again(task, error, wait ?? this.backoff(task));
    } else if (failure === 'not-sent') {
      // The request never left (no connection): sending it again cannot duplicate it.
      this.again(task, error, this.backoff(task));
    } else if (failure === 'transient') {
      task.afterTransient = true;
      const repeatable = isIdempotentCall(error);
      if (!repeatable) task.uncertain = true;
      if (repeatable || this.policy.idempotent) this.again(task, error, this.backoff(task));
      else if (this.policy.verify) this.verify(task, error, ctx, true);
      else this.fail(task, error);
    } else if (failure === 'conflict' && this.policy.verify) {
      this.verify(task, error, ctx, false);
    } else if (task.afterTransient && isRepeatedDeleteOfGone(error)) {
      this.finish({ index: task.index, ok: true, value: undefined as T, attempts: task.attempts });
    } else {
      this.fail(task, error);
      // The token is refused for every item alike: starting the others sends it again for nothing (a lockout risk).
      if (
        this.options.stopOnAuthError !== false &&
        error instanceof APIError &&
        (error.status === 401 || error.status === 403)
      ) {
        this.refused ??= { error };
        this.onAbort();
      }
    }
  }

  /** Looks the record up; found, the item is done; not found after a transient failure, it is sent again. */
  private verify(task: Task<I>, error: unknown, ctx: BulkCallContext, sendAgainIfAbsent: boolean): void {
    const verify = this.policy.verify as NonNullable<CallPolicy<I, T>['verify']>;
    this.verifying += 1;
    Promise.resolve()
      .then(() => verify(task.item, task.index, ctx))
      .then(
        (found) => {
          this.verifying -= 1;
          if (found !== undefined) {
            this.finish({ index: task.index, ok: true, value: found, created: false, attempts: task.attempts });
          } else if (sendAgainIfAbsent) {
            // Not there: the failed attempt was not applied, so sending again cannot duplicate it.
            task.uncertain = false;
            this.again(task, error, this.backoff(task));
          } else {
            this.fail(task, error);
          }
        },
        () => {
          this.verifying -= 1;
          this.fail(task, error);
        },
      )
      .finally(() => this.pump());
  }

  /** Schedules a re-attempt after `wait` ms, or ends the item when its re-attempts are spent or the run stops. */
  private again(task: Task<I>, error: unknown, wait: number): void {
    if (this.stopping) {
      this.markSkipped(task);
      return;
    }
    if (task.retries >= this.maxRetries) {
      this.fail(task, error);
      return;
    }
    task.retries += 1;
    this.counts.retries += 1;
    this.waiting.add(task);
    task.timer = setTimeout(() => {
      this.waiting.delete(task);
      this.ready.push(task);
      this.pump();
    }, wait);
    this.progress();
  }

  /** Ends an item with its error (`uncertain` when an attempt may have been applied). */
  private fail(task: Task<I>, error: unknown): void {
    this.finish({
      index: task.index,
      ok: false,
      error,
      attempts: task.attempts,
      ...(task.uncertain && { uncertain: true as const }),
    });
  }

  private backoff(task: Task<I>): number {
    return backoffMs(task.retries + 1, this.delay.initial, this.delay.max);
  }

  /** Ends an item the run stopped before it was done: the abort reason, `skipped`, and `uncertain` when it may have been applied. */
  private markSkipped(task: Task<I>): void {
    const reason = (this.fatal ?? this.refused)?.error ?? abortReason(this.signal);
    this.finish({
      index: task.index,
      ok: false,
      error: reason,
      attempts: task.attempts,
      skipped: true,
      ...(task.uncertain && { uncertain: true as const }),
    });
  }

  private finish(result: BulkResult<T>): void {
    if (this.results[result.index] !== undefined)
      throw new Error(`bulk: item ${result.index} finished twice (a bug in the runner)`);
    this.results[result.index] = result;
    if (result.ok) this.counts.ok += 1;
    else this.counts.failed += 1;
    this.hook(() => this.options.onResult?.(result, this.items[result.index] as I));
    this.progress();
  }

  private progress(): void {
    const { ok, failed, retries, rateLimited } = this.counts;
    const waiting = this.waiting.size + this.ready.length;
    this.hook(() =>
      this.options.onProgress?.({
        done: ok + failed,
        total: this.items.length,
        ok,
        failed,
        inFlight: this.active + this.verifying + waiting,
        sending: this.active,
        waiting,
        concurrency: this.controller.limit,
        retries,
        rateLimited,
      }),
    );
  }

  /** Runs a caller's hook; a throw stops the run (started calls finish) and becomes its rejection. */
  private hook(fn: () => void): boolean {
    try {
      fn();
      return true;
    } catch (error) {
      this.fatal ??= { error };
      return false;
    }
  }
}

/** The issue of `name` set above `other`, naming both (`other`'s value, and whether it is its default). */
function above(name: string, value: number, other: string, limit: number, given: unknown): ValidationIssue {
  return {
    path: name,
    message: `must not exceed ${other} (${limit}${given === undefined ? ', its default' : ''}), got ${value}`,
  };
}

function bounded(what: string, name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ValidationError(what, [{ path: name, message: mustBe(wholeNumberFrom(min, max), value) }]);
  return value;
}

/**
 * The items must be an array (anything else was read by its `length`: a Map or a Set never settled, a string
 * ran once per character), and the callbacks functions, before the first call: a JavaScript caller's mistake
 * is one `ValidationError`, not a `TypeError` halfway through the load.
 */
function checkRunArguments(
  what: string,
  items: unknown,
  options: BulkOptions<never, never> & CallPolicy<never, never>,
): void {
  const issues: ValidationIssue[] = [];
  if (!Array.isArray(items)) {
    const iterable = typeof (items as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] === 'function';
    const hint = iterable && typeof items !== 'string' ? ' (Array.from makes one of any iterable)' : '';
    issues.push({ path: 'items', message: `${mustBe('an array', items)}${hint}` });
  } else {
    // A hole would run as an `undefined` item and be reported done: refused, the first one named.
    for (let i = 0; i < items.length; i++)
      if (!(i in items)) {
        issues.push({ path: `items.${i}`, message: 'is a hole in the array: give an item at every index' });
        break;
      }
  }
  for (const name of ['onProgress', 'onStart', 'onResult', 'verify'] as const) {
    const value = options[name];
    if (value !== undefined && typeof value !== 'function')
      issues.push({ path: name, message: mustBe('a function', value) });
  }
  for (const name of ['idempotent', 'stopOnAuthError'] as const) {
    const value = options[name];
    if (value !== undefined && typeof value !== 'boolean')
      issues.push({ path: name, message: mustBe('true or false', value) });
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
    issues.push({ path: 'signal', message: mustBe('an AbortSignal', options.signal) });
  if (issues.length) throw new ValidationError(what, issues);
}
