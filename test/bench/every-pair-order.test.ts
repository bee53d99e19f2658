/**
 * The interleaving order of the benchmarks: each side runs right after every other side equally often, across
 * repetitions of the order too, and never right after itself (a rotating order did not: see bench/stats.ts).
 */
import { describe, expect, it } from 'vitest';
import { everyPairOrder } from '../../bench/stats.js';

/** How often each `a>b` follows in the order repeated `times` times. */
function followers(order: string[], times: number): Map<string, number> {
  const sequence = Array.from({ length: times }, () => order).flat();
  const counts = new Map<string, number>();
  for (let i = 1; i < sequence.length; i++) {
    const pair = `${sequence[i - 1]}>${sequence[i]}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

describe('everyPairOrder', () => {
  it('orders three sides so that each follows each other exactly once per circuit', () => {
    const order = everyPairOrder(['sdk', 'ky', 'fetch']);
    expect(order).toHaveLength(6);
    for (const side of ['sdk', 'ky', 'fetch']) expect(order.filter((s) => s === side)).toHaveLength(2);
    // Repeated 10 times: 59 transitions, each of the 6 ordered pairs 9 or 10 times (the circuit closes on itself).
    const counts = followers(order, 10);
    expect([...counts.keys()].sort()).toEqual(
      ['fetch>ky', 'fetch>sdk', 'ky>fetch', 'ky>sdk', 'sdk>fetch', 'sdk>ky'].sort(),
    );
    expect(Math.max(...counts.values()) - Math.min(...counts.values())).toBeLessThanOrEqual(1);
  });

  it.each([2, 4, 5])('covers every ordered pair of %i sides once, none after itself', (n) => {
    const sides = Array.from({ length: n }, (_, i) => `s${i}`);
    const order = everyPairOrder(sides);
    expect(order).toHaveLength(n * (n - 1));
    const counts = followers(order, 2);
    expect(counts.size).toBe(n * (n - 1));
    for (const [pair, count] of counts) {
      const [a, b] = pair.split('>');
      expect(a).not.toBe(b);
      expect(count === 1 || count === 2).toBe(true);
    }
    // One full circuit plus its closing step: each pair exactly once.
    const closed = followers([...order, order[0] as string], 1);
    expect([...closed.values()].every((c) => c === 1)).toBe(true);
  });

  it('orders a single side as itself', () => {
    expect(everyPairOrder(['only'])).toEqual(['only']);
  });
});
