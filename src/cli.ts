#!/usr/bin/env node
/**
 * `portfolio-reporting` on the command line: `npx portfolio-reporting load <kind> <file>`. The first Ctrl-C
 * (or SIGTERM) stops starting rows and lets the requests in flight finish and be journaled (exit 130); a
 * second one quits at once (the journal has every entry written so far).
 */
import { main } from './cli/main.js';

const interrupt = new AbortController();
const stop = () => {
  if (interrupt.signal.aborted) process.exit(130);
  process.stderr.write('\nInterrupted: finishing the requests in flight (Ctrl-C again to quit at once)…\n');
  interrupt.abort();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  interrupt: interrupt.signal,
});
