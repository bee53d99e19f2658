/**
 * Timing helpers shared by the benchmarks: medians, and SDK/baseline runs interleaved (A B A B …) so that a
 * drift of the machine (another process, thermal state, GC pressure) falls on both sides alike.
 */
import { cpus, totalmem } from 'node:os';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The first and third quartiles (each the median of its half; the middle value, if any, left out of both). */
export function quartiles(values: readonly number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return [median(sorted.slice(0, half)), median(sorted.slice(sorted.length - half))];
}

/** Runs each variant `runs` times, interleaved, after one untimed warm-up each; returns every timing in ms. */
export async function interleave<K extends string>(
  runs: number,
  variants: Record<K, () => Promise<unknown> | unknown>,
): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const times = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (const name of names) await variants[name]();
  for (let i = 0; i < runs; i++) {
    // Alternate the order too, so neither side always runs right after the other's garbage.
    for (const name of i % 2 ? [...names].reverse() : names) {
      // Each run starts from a collected heap, so that none pays for the garbage of the one before.
      (globalThis as { gc?: () => void }).gc?.();
      const start = performance.now();
      await variants[name]();
      times[name].push(performance.now() - start);
    }
  }
  return times;
}

/**
 * An order of the sides in which each one runs right after every other one equally often: one circuit through
 * every ordered pair (A then B, A ≠ B) of the sides, `n(n - 1)` steps, each side `n - 1` times; repeated, the
 * circuit closes on itself, so the pairs stay balanced across repetitions. A rotating order (A B C, B C A, C A B)
 * is not: there B follows A in two rounds of three, so B runs with A's code warm in the processor's caches (ky's
 * code, after the SDK's request) more often than A runs with B's. Hierholzer's algorithm on the complete directed graph.
 */
export function everyPairOrder<K>(sides: readonly K[]): K[] {
  if (sides.length < 2) return [...sides];
  const unused = sides.map((_, from) => sides.map((_, to) => to).filter((to) => to !== from));
  const stack = [0];
  const circuit: number[] = [];
  while (stack.length) {
    const at = stack[stack.length - 1] as number;
    const to = unused[at]?.pop();
    if (to === undefined) circuit.push(stack.pop() as number);
    else stack.push(to);
  }
  circuit.reverse().pop(); // the circuit ends where it began
  return circuit.map((i) => sides[i] as K);
}

/** `concurrency` workers, each taking the next index until `count` calls of `call` are done. */
export async function pool(count: number, concurrency: number, call: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await call(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  date: string;
}

export function machine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString().slice(0, 10),
  };
}
