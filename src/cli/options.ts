/**
 * The one reader of the command line's options (`load`, `mock`, `openapi`): each error one sentence naming the option
 * and the rule, an option given twice refused (the last was kept without a word), `-h` for `--help` and `-v` for
 * `--version` where the command has them.
 */
import { ValidationError } from '../core/validation-error.js';

/** A command line the program cannot run: printed as one sentence with the usage hint, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Runs a shared settings check; its `ValidationError` becomes a usage error (exit 2, the help hint). */
export function usage<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ValidationError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Arguments as a message shows them, each in quotes: `"extra" "more"`.
 * @example quoted(['extra']) // '"extra"'
 */
export const quoted = (args: readonly string[]): string => args.map((arg) => `"${arg}"`).join(' ');

/** The options a command takes: `value` ones take the next argument (or `--name=value`), `flag` ones none. */
export type OptionSpec = Readonly<Record<string, 'value' | 'flag'>>;

/** What `parseOptions` found: each option given (a flag as `true`) and the other arguments. */
export interface ParsedOptions<S extends OptionSpec> {
  values: { [K in keyof S]?: S[K] extends 'flag' ? true : string };
  positionals: string[];
}

/**
 * A command's arguments by `spec`; `-h` is `--help` and `-v` `--version` where `spec` has them, and `--` ends the options. An unknown option, one given twice,
 * a value option without its value and a flag given a value are each a `UsageError` naming the option and the rule.
 * `hints` add a word to an unknown option a caller may well try (`--token`: where the token comes from instead).
 * A value may start with one dash (`--port -1` is then refused by the port's own rule); one starting with two dashes
 * is taken as the next option, so `--token --state x` says --token needs a value (`--token=--x` passes it).
 * @example parseOptions(['--port', '0'], { port: 'value', help: 'flag' }) // { values: { port: '0' }, positionals: [] }
 */
export function parseOptions<S extends OptionSpec>(
  argv: readonly string[],
  spec: S,
  hints: Readonly<Record<string, string>> = {},
): ParsedOptions<S> {
  const values: Record<string, string | true> = {};
  const positionals: string[] = [];
  const names = Object.keys(spec).map((name) => `--${name}`);
  const known = `${names.slice(0, -1).join(', ')}${names.length > 1 ? ' and ' : ''}${names.at(-1) ?? ''}`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const option = equals === -1 ? arg : arg.slice(0, equals);
    const short = option === '-h' ? 'help' : option === '-v' ? 'version' : undefined;
    const name = short && spec[short] === 'flag' ? short : option.startsWith('--') ? option.slice(2) : '';
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!kind)
      throw new UsageError(
        `unknown option ${option}${Object.hasOwn(hints, option) ? ` (${hints[option]})` : ''}; ${names.length > 1 ? `the options are ${known}` : `the only option is ${known}`}`,
      );
    if (Object.hasOwn(values, name)) {
      const first = values[name];
      const again = kind === 'flag' ? undefined : equals !== -1 ? arg.slice(equals + 1) : argv[i + 1];
      const both = typeof first === 'string' && again !== undefined ? ` ("${first}", then "${again}")` : '';
      throw new UsageError(`--${name} is given twice${both}; give it once`);
    }
    if (kind === 'flag') {
      if (equals !== -1) throw new UsageError(`option --${name} takes no value, got "${arg.slice(equals + 1)}"`);
      values[name] = true;
    } else if (equals !== -1) values[name] = arg.slice(equals + 1);
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`option --${name} needs a value`);
      values[name] = value;
      i++;
    }
  }
  return { values: values as ParsedOptions<S>['values'], positionals };
}
