/**
 * How many calls a bulk run keeps in flight: additive increase, multiplicative decrease (as TCP does).
 * Each success adds `1 / limit` (one more call per round of `limit` successes); a 429 halves the limit,
 * at most once per round — the 429s of calls sent before the last halving were caused by the old limit
 * and do not halve it again, so one burst of 429s is one decrease, not a collapse to 1.
 */
export class ConcurrencyController {
  /** Fractional, so that additive increase can count successes. */
  private value: number;
  private round = 0;

  /**
   * @param max the most calls in flight (also the starting point)
   * @param min the fewest calls in flight, however many 429s come
   */
  constructor(
    readonly max: number,
    readonly min = 1,
  ) {
    this.value = max;
  }

  /** The calls that may be in flight now. */
  get limit(): number {
    return Math.max(this.min, Math.floor(this.value));
  }

  /** The round a call starts in; pass it back to `rateLimited` for that call's 429. */
  get current(): number {
    return this.round;
  }

  /** A call succeeded: one step towards `max`. Returns true when `limit` changed. */
  success(): boolean {
    if (this.value >= this.max) return false;
    const before = this.limit;
    this.value = Math.min(this.max, this.value + 1 / this.limit);
    return this.limit !== before;
  }

  /** A call started in round `startedIn` got a 429: halve, unless this round already did. Returns true when `limit` changed. */
  rateLimited(startedIn: number): boolean {
    if (startedIn !== this.round) return false;
    this.round += 1;
    const before = this.limit;
    this.value = Math.max(this.min, Math.floor(this.limit / 2));
    return this.limit !== before;
  }
}
