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
