/** Starting the bench server process and handing results back to `run.ts` (each benchmark is its own process). */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const TSX = ['--import', 'tsx'];

/** tsx's configuration for the benchmarks: `portfolio-reporting` is the built package (bench/built.ts). */
export const BENCH_TSCONFIG = fileURLToPath(new URL('./tsconfig.json', import.meta.url));

export async function startServer(env: Record<string, string> = {}): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    execArgv: TSX,
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { url, stop: () => child.disconnect() };
}

/** Sends a benchmark's result to the parent (`run.ts`), or prints it when run alone. */
export function report(result: unknown): void {
  if (process.send) process.send(result);
  else console.log(JSON.stringify(result, null, 2));
}
