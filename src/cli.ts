#!/usr/bin/env node
/**
 * `portfolio-reporting` on the command line: `npx portfolio-reporting load <kind> <file>`, and
 * `npx portfolio-reporting mock` (the mock service over HTTP), and `npx portfolio-reporting openapi` (the
 * OpenAPI 3.1 description of the service, printed to stdout). For `load`, the first Ctrl-C (or SIGTERM) stops
 * starting rows and lets the requests in flight finish and be journaled (exit 130); a second one quits at once,
 * saying what it leaves (the journal has every entry written so far). For `mock`, Ctrl-C closes the server (and saves `--state`).
 * `openapi --help` prints that command's usage.
 */
import { OPENAPI_HELP, UsageError } from './cli/args.js';
import { main } from './cli/main.js';
import { runMock } from './cli/mock.js';
import { parseOptions, quoted } from './cli/options.js';

const [command, ...rest] = process.argv.slice(2);
const interrupt = new AbortController();
const serving = command === 'mock';
/** What the load leaves, printed by a second Ctrl-C (filled by `main`). */
const quitNote: { text?: () => string } = {};
const stop = () => {
  if (interrupt.signal.aborted) {
    process.stderr.write(quitNote.text?.() ?? '');
    process.exit(130);
  }
  if (!serving)
    process.stderr.write('\nInterrupted: finishing the requests in flight (Ctrl-C again to quit at once)…\n');
  interrupt.abort();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** `openapi`: the description on stdout (loaded only here: it is generated from the schemas on demand). */
async function printOpenAPI(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseOptions(argv, { help: 'flag' });
    if (values.help) {
      process.stdout.write(OPENAPI_HELP);
      return 0;
    }
    if (positionals.length) throw new UsageError(`openapi takes no arguments, got ${quoted(positionals)}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message}\nRun portfolio-reporting openapi --help for usage.\n`);
    return 2;
  }
  const { openapiDocument } = await import('./openapi.js');
  process.stdout.write(`${JSON.stringify(openapiDocument(), null, 2)}\n`);
  return 0;
}

process.exitCode =
  command === 'openapi'
    ? await printOpenAPI(rest)
    : serving
      ? await runMock(rest, { stdout: process.stdout, stderr: process.stderr, stop: interrupt.signal })
      : await main(process.argv.slice(2), {
          stdout: process.stdout,
          stderr: process.stderr,
          env: process.env,
          interrupt: interrupt.signal,
          quitNote,
        });
