/**
 * The one check of every object argument's keys, and of the settings the client, the webhook verifier, the
 * bulk runner and the command line share (base URL, token, timeouts, retry counts): the same rules, the
 * same messages, wherever a setting is given. A JavaScript caller has no compiler to tell them a misspelled
 * or misplaced option went nowhere, so nothing unknown is ignored.
 */
import { describe, mustBe, tagOf } from './describe.js';
import { isObject } from './is-object.js';
import { ValidationError, type ValidationIssue } from './validation-error.js';

/**
 * Refuses `value` unless it is undefined or a plain object whose keys are all in `known` (`keyIssues`); the error
 * names each unknown key and lists the accepted ones. `name` is how the argument is called in the message; `note`
 * ends it (default `(nothing was sent)`; `''` for a constructor's options, which send nothing anyway).
 */
export function checkKeys(what: string, value: unknown, known: readonly string[], name: string, note?: string): void {
  checkObject(what, value, name, note);
  const issues = keyIssues(value as object | undefined, known, name);
  if (issues.length) throw new ValidationError(what, issues, note);
}

/**
 * The issue (`unknownKey`'s, below `name`) of each key of `value` not in `known`, none for undefined. Its enumerable
 * names, own and inherited (`for…in`): the SDK reads an option or a member by name, an inherited one too, so an
 * inherited name it does not know (`Object.create({ timeot: 5 })`) would be passed over unseen. Then its own
 * enumerable symbols: no option either (the SDK reads none and `known` holds none), named as `Symbol(description)`.
 * (`enumerableSymbols` written out: the webhooks entry has no room for the call.)
 */
export function keyIssues(value: object | undefined, known: readonly string[], name: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const key in value) if (!known.includes(key)) issues.push(unknownKey(key, known, name));
  for (const key of Object.getOwnPropertySymbols(value ?? {}))
    if (Object.prototype.propertyIsEnumerable.call(value, key)) issues.push(unknownKey(key, known, name));
  return issues;
}

/**
 * The issue of a key of the argument `name` that is not in `known`: a misspelled or misplaced name, or a symbol
 * (named as `Symbol(description)`), which JSON, a query and the SDK leave out. The one wording of a name nothing
 * takes, whatever holds it (options, attributes, a query: a `field`; relationships): `is not a known field here
 * (accepted: a, b)`, `none` in place of the list when there is none to give.
 */
export function unknownKey(
  key: string | symbol,
  known: readonly string[],
  name: string,
  what = 'field',
  none = '',
): ValidationIssue {
  return {
    path: name ? `${name}.${String(key)}` : String(key),
    message: `is not a known ${what} here${known.length ? ` (accepted: ${known.join(', ')})` : none}`,
  };
}

/** The symbol keys of `value`'s own enumerable members: those a spread copies and JSON leaves out. */
export function enumerableSymbols(value: object): symbol[] {
  return Object.getOwnPropertySymbols(value).filter((key) => Object.prototype.propertyIsEnumerable.call(value, key));
}

/**
 * The names of an object whose string names are all free (headers, query parameters, a generic resource's
 * relationships) that would not be sent: its symbol keys and its inherited names, which fetch, a query and JSON skip
 * (they read own keys).
 */
export function unsentNames(value: object, path: string): ValidationIssue[] {
  const issues = enumerableSymbols(value).map((key) => ({
    path: `${path}.${String(key)}`,
    message: 'must be named by a string',
  }));
  for (const key in value)
    if (!Object.hasOwn(value, key))
      issues.push({
        path: `${path}.${key}`,
        message: 'is inherited, not an own member, and would not be sent: give it as one',
      });
  return issues;
}

/**
 * Refuses a `value` that is neither undefined nor a plain object (an array, a string, null), and an object whose
 * entries its keys do not show (a `Map`, a `Headers`, a `Date`): read by its keys, it would be taken as empty.
 */
export function checkObject(what: string, value: unknown, name: string, note?: string): void {
  if (value === undefined) return;
  const object = isObject(value);
  if (!object || tagOf(value) !== 'Object')
    throw new ValidationError(
      what,
      [{ path: name, message: mustBe(object ? 'a plain object' : 'an object', value) }],
      note,
    );
}

/**
 * `checkObject` for an argument that must be given (a helper's or a builder's): undefined is refused too, as
 * `is required`.
 */
export function checkArgument(what: string, value: unknown, name: string, note?: string): void {
  if (value === undefined) throw new ValidationError(what, [{ path: name, message: 'is required' }], note);
  checkObject(what, value, name, note);
}

/** Timers take 32-bit signed milliseconds; a longer one would fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The settings shared by the client, the verifier, the bulk runner and the command line. */
export interface Settings {
  baseUrl?: unknown;
  accessToken?: unknown;
  /** Any number of millisecond durations, by name: `timeout`, `totalTimeout`, `keysTimeout`… */
  durations?: Record<string, unknown>;
  /** Any number of retry counts, by name: `maxRetries`. */
  counts?: Record<string, unknown>;
}

/** How a setting is named in messages (`--base-url` on the command line) and what to do when it is missing. */
export interface SettingLabels {
  baseUrl?: string;
  accessToken?: string;
  /** Settings that must be present: `baseUrl`, `accessToken`. */
  required?: readonly ('baseUrl' | 'accessToken')[];
  /** Ends the message: `(nothing was sent)` for a call's options; nothing for a constructor's (the default). */
  note?: string;
  /** Appended to the "is required" message of a missing setting, e.g. `or set PRS_BASE_URL`. */
  hints?: { baseUrl?: string; accessToken?: string };
}

/**
 * Checks the shared settings and returns the base URL parsed (its trailing slashes dropped), throwing one
 * `ValidationError` with every broken rule. Undefined settings are skipped unless `required`.
 */
export function checkSettings(what: string, settings: Settings, labels: SettingLabels = {}): { baseUrl?: URL } {
  const issues: ValidationIssue[] = [];
  // A base URL or token is named as the caller knows it (`--base-url`); a duration or count by its own name.
  const add = (path: string, message: string) =>
    issues.push({ path: labels[path as 'baseUrl' | 'accessToken'] ?? path, message });
  const absent = (key: 'baseUrl' | 'accessToken'): boolean => {
    const none = settings[key] === undefined || settings[key] === '';
    if (none && labels.required?.includes(key))
      add(key, `is required${labels.hints?.[key] ? ` (${labels.hints[key]})` : ''}`);
    return none;
  };
  const baseUrl = absent('baseUrl') ? undefined : parseBaseUrl(settings.baseUrl);
  if (typeof baseUrl === 'string') add('baseUrl', baseUrl);
  const token = settings.accessToken;
  if (absent('accessToken')) {
    // Left out: checked above as required or not.
  } else if (typeof token === 'string') {
    // A value fetch would refuse (a line break, say) reads as a network failure later: refused here, never shown.
    if (headerProblem('authorization', `Bearer ${token}`))
      add('accessToken', 'holds a character a header cannot carry (a control character or one past U+00FF)');
  } else if (typeof token !== 'function') {
    add('accessToken', `must be a string or a function returning one, got ${typeof token}`);
  }
  // `Number.isFinite` and `Number.isInteger` are false for anything but a number (a numeric string too).
  for (const [name, value] of Object.entries(settings.durations ?? {})) {
    if (value === undefined) continue;
    if (!Number.isFinite(value) || (value as number) < 0)
      add(name, `must be a finite number of milliseconds, 0 or more, got ${describe(value)}`);
    else if ((value as number) > MAX_TIMEOUT_MS)
      add(name, `must be at most ${MAX_TIMEOUT_MS} ms (about 24 days), got ${value}`);
  }
  for (const [name, value] of Object.entries(settings.counts ?? {}))
    if (value !== undefined && (!Number.isInteger(value) || (value as number) < 0))
      add(name, `must be a whole number, 0 or more, got ${describe(value)}`);
  if (issues.length) throw new ValidationError(what, issues, labels.note ?? '');
  return baseUrl ? { baseUrl: baseUrl as URL } : {};
}

/** The base URL as a URL, or why it is not one: http(s), absolute, no credentials, query or fragment. */
function parseBaseUrl(value: unknown): URL | string {
  const example = '(e.g. https://reporting.example.com)';
  if (typeof value !== 'string') return `must be a string ${example}, got ${describe(value)}`;
  // Checked first and shown with its fragment masked (a query's credential parameters are masked in every message):
  // either may hold a token (`#access_token=…`), which no other message below may show then.
  if (/[?#]/.test(value))
    return `must not carry a query or fragment ${example}, got ${describe(value.replace(/#.+/s, '#***'))}`;
  // `new URL('localhost:3000')` parses (scheme `localhost:`), so the scheme is checked too.
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // Before the scheme's message, which shows the value: not with a `user:password@`.
  if (url?.username || url?.password)
    return 'must not carry credentials (user:password@); pass the token as `accessToken`';
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    return `must be an absolute http:// or https:// URL ${example}, got ${describe(value)}`;
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** Why fetch would refuse the header `name: value` (never showing the value: it may be a credential), or undefined. */
export function headerProblem(name: string, value: string): string | undefined {
  try {
    new Headers([[name, value]]);
    return undefined;
  } catch {
    return 'cannot be sent (an invalid name, or a control character or one past U+00FF in the value)';
  }
}

/**
 * What is wrong with what an `accessToken` function returned, or undefined: the rule the client and the webhook
 * verifier both hold it to, a non-empty string a header can carry after `Bearer ` (never shown).
 */
export function tokenResultProblem(token: unknown): string | undefined {
  if (typeof token !== 'string' || token === '')
    return `must return a non-empty string, got ${token === '' ? 'an empty string' : typeof token}`;
  if (headerProblem('authorization', `Bearer ${token}`))
    return 'must return a value a header can carry, got one with a control character or one past U+00FF';
  return undefined;
}
