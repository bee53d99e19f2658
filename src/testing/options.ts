/**
 * The testing entry's arguments, checked as the client's are (src/core/settings.ts): an unknown or misspelled key
 * is refused, not ignored (`createMockService({ basUrl })` answered every origin), and a value of the wrong kind
 * is a `ValidationError` naming it, not a `TypeError` from deep inside (`baseUrl.replace is not a function`).
 */
import { mustBe } from '../core/describe.js';
import { jsonValueIssue } from '../core/json-value.js';
import { checkKeys, checkSettings } from '../core/settings.js';
import { ValidationError, type ValidationIssue } from '../core/validation-error.js';
import { decodeBase64 } from '../webhooks/encoding.js';

const MOCK_OPTION_KEYS = ['baseUrl', 'seed', 'pageSize', 'accessToken', 'now', 'inviteBaseUrl', 'signers'];
const LISTEN_OPTION_KEYS = ['port', 'host', 'onRequest'];
const SIGN_OPTION_KEYS = ['id', 'timestamp', 'kid'];
const NOTE = '';
/** The largest `webhook-timestamp` the SDK's verifier reads: 15 digits (src/webhooks/verifier.ts). */
const MAX_TIMESTAMP = 999_999_999_999_999;

/** `createMockService(options)`: every option by its rule; one error listing each broken one. */
export function checkMockOptions(options: unknown): void {
  const what = 'createMockService()';
  checkKeys(what, options, MOCK_OPTION_KEYS, 'options', NOTE);
  const given = (options ?? {}) as Record<string, unknown>;
  // The token by the client's rule too: one the client would refuse to send (a line break) could never match.
  const token = typeof given.accessToken === 'string' ? given.accessToken : undefined;
  checkSettings(what, { baseUrl: given.baseUrl, accessToken: token }, { note: NOTE });
  const issues: ValidationIssue[] = [];
  const rule = ruleOf(given, issues);
  rule('seed', typeof given.seed === 'function', 'a function (store) => void');
  rule('now', typeof given.now === 'function', 'a function returning a Date');
  rule('accessToken', typeof given.accessToken === 'string' && given.accessToken !== '', 'a non-empty string');
  rule('pageSize', Number.isInteger(given.pageSize) && (given.pageSize as number) >= 1, 'a whole number of 1 or more');
  rule(
    'inviteBaseUrl',
    typeof given.inviteBaseUrl === 'string' &&
      /^https?:\/\//i.test(given.inviteBaseUrl) &&
      URL.canParse(given.inviteBaseUrl),
    'an absolute http:// or https:// URL',
  );
  const signers = given.signers;
  rule('signers', Array.isArray(signers), 'an array of signers made by createWebhookSigner()');
  // By index, not forEach: a hole is no signer either (`GET /v2/webhooks/keys` answered 500 for it).
  if (Array.isArray(signers))
    for (let i = 0; i < signers.length; i++) {
      const issue = signerIssue(signers[i], `signers.${i}`);
      if (issue) issues.push(issue);
    }
  if (issues.length) throw new ValidationError(what, issues, NOTE);
}

/** `rule(path, ok, expected)`: when `given[path]` is set and not `ok`, the issue that it must be `expected`. */
function ruleOf(given: Record<string, unknown>, issues: ValidationIssue[]) {
  return (path: string, ok: boolean, expected: string): void => {
    if (given[path] !== undefined && !ok) issues.push({ path, message: mustBe(expected, given[path]) });
  };
}

/** The issue of a value that is not a signer (what the mock calls of one: `publicKeys` and `sign`), or undefined. */
function signerIssue(signer: unknown, path: string): ValidationIssue | undefined {
  const { publicKeys, sign } = (signer ?? {}) as Partial<Record<string, unknown>>;
  if (typeof publicKeys === 'function' && typeof sign === 'function') return undefined;
  return { path, message: mustBe('a signer made by createWebhookSigner()', signer) };
}

/** `mock.webhooks.addSigner(signer)`: a signer, as in `createMockService({ signers })`. */
export function checkSigner(signer: unknown): void {
  const issue = signerIssue(signer, 'signer');
  if (issue) throw new ValidationError('mock.webhooks.addSigner()', [issue], NOTE);
}

/**
 * `mock.listen(options)`: a port from 0 to 65535, a host, an `onRequest` function; checked before listening (an
 * `onRequest` of another kind threw from the server at the first request, ending the process).
 */
export function checkListenOptions(options: unknown): void {
  const what = 'mock.listen()';
  checkKeys(what, options, LISTEN_OPTION_KEYS, 'options', NOTE);
  const given = (options ?? {}) as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const rule = ruleOf(given, issues);
  const port = given.port as number;
  rule(
    'port',
    Number.isInteger(port) && port >= 0 && port <= 65_535,
    'a whole number from 0 to 65535 (0: any free port)',
  );
  rule('host', typeof given.host === 'string' && given.host !== '', 'a non-empty string (a name or an IP address)');
  rule('onRequest', typeof given.onRequest === 'function', 'a function (entry) => void');
  if (issues.length) throw new ValidationError(what, issues, NOTE);
}

/**
 * `createWebhookSigner(options)`: `kid`, a non-empty string, and `secret`, read by the verifier's rule (`whsec_`, then
 * base64 of at least one byte; the prefix may be left out). Returns the secret's bytes, when given.
 */
export function checkSignerOptions(options: unknown): Uint8Array<ArrayBuffer> | undefined {
  const what = 'createWebhookSigner()';
  checkKeys(what, options, ['kid', 'secret'], 'options', NOTE);
  const { kid, secret } = (options ?? {}) as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  if (kid !== undefined && (typeof kid !== 'string' || kid === ''))
    issues.push({ path: 'kid', message: mustBe('a non-empty string', kid) });
  const key = typeof secret === 'string' ? decodeBase64(secret.replace(/^whsec_/, '')) : undefined;
  // Never echoed, as the verifier does not echo it: only its kind.
  if (secret !== undefined && !key?.length)
    issues.push({
      path: 'secret',
      message: `must be a \`whsec_…\` signing secret (base64 after the prefix), got ${typeof secret === 'string' ? 'other text (not shown)' : typeof secret}`,
    });
  if (issues.length) throw new ValidationError(what, issues, NOTE);
  return key;
}

/**
 * `signer.sign(event, options)`: an event JSON writes as it is (or a raw body string), and options by their rules.
 * A value JSON would drop or rewrite (a function, NaN, a Map) would be signed changed: refused, as the client does.
 * `what` names the call in messages (the standalone mock's delivery route checks its body by the same rules).
 */
export function checkSignArguments(event: unknown, options: unknown, what = 'signer.sign()'): void {
  checkKeys(what, options, SIGN_OPTION_KEYS, 'options', NOTE);
  const issues: ValidationIssue[] = [];
  if (event === undefined)
    issues.push({ path: 'event', message: 'is required (an event object or a raw body string)' });
  else if (typeof event !== 'string') {
    const unwritable = jsonValueIssue(event, 'event');
    if (unwritable) issues.push(unwritable);
  }
  const { id, timestamp, kid } = (options ?? {}) as Record<string, unknown>;
  if (id !== undefined && (typeof id !== 'string' || id === ''))
    issues.push({ path: 'id', message: mustBe('a non-empty string', id) });
  // As the header will carry it: a Date's whole seconds (NaN for an invalid one).
  const seconds = timestamp instanceof Date ? Math.floor(timestamp.getTime() / 1000) : timestamp;
  // `String()` writes 1e21 as `1e+21` and a negative Date as `-…`: only what the verifier reads as whole seconds.
  if (
    timestamp !== undefined &&
    !(Number.isSafeInteger(seconds) && (seconds as number) >= 0 && (seconds as number) <= MAX_TIMESTAMP)
  )
    issues.push({
      path: 'timestamp',
      message: mustBe(`whole seconds since the epoch (0 to ${MAX_TIMESTAMP}) or a valid Date from 1970 on`, timestamp),
    });
  if (kid !== undefined && typeof kid !== 'string') issues.push({ path: 'kid', message: mustBe('a string', kid) });
  if (issues.length) throw new ValidationError(what, issues, NOTE);
}
