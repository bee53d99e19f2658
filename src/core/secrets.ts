/**
 * The credentials the SDK has seen, and their masking in any text that leaves it: error messages (and so
 * `toString()`, stacks and JSON), kept bodies and log lines. A credential can reach such text in more than
 * one encoding — raw, percent-encoded in a URL, escaped in a JSON body — so each is masked in each.
 *
 * The set is bounded: the most recently used `MAX_SECRETS`, each client touching its own on every request,
 * so an `accessToken` function returning a new token per request costs constant memory.
 */
import { overflows } from './overflows.js';

/** Shorter values are no credential worth hiding, and would mask every matching letter of every line. */
const MIN_SECRET_LENGTH = 6;
const MAX_SECRETS = 32;
const MASK = '***';

/** Secret → the forms it takes in text, most recently used last. */
const remembered = new Map<string, string[]>();

/** The secret remembered or marked used last: marking it again changes nothing (a client's token, on every request). */
let newest: string | undefined;

/** Remembers a credential (or marks it used again), so that no text the SDK produces carries it. */
export function rememberSecret(secret: string): void {
  if (secret === newest || typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) return;
  newest = secret;
  const forms = remembered.get(secret);
  if (forms) {
    remembered.delete(secret);
    remembered.set(secret, forms);
    return;
  }
  const encoded = new Set([
    secret,
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    new URLSearchParams([['', secret]]).toString().slice(1),
  ]);
  remembered.set(
    secret,
    [...encoded].sort((a, b) => b.length - a.length),
  );
  if (remembered.size > MAX_SECRETS) remembered.delete(remembered.keys().next().value as string);
}

/** How many credentials are remembered (for tests of the bound). */
export function rememberedSecrets(): number {
  return remembered.size;
}

/**
 * Whether a header or query parameter of this name carries a credential: one with token, secret, password, session
 * or cookie in it (`x-session-id`, `access_token`), or whose last word is key, auth, authorization, signature, sig or
 * credentials (`x-api-key`, `apikey`, `Authorization`, `oauth`). A name that only mentions one of those before its last word
 * names something else (`custodianAuthFlowId`, `keyId`): its value is shown.
 */
export function isCredentialName(name: string): boolean {
  if (/token|secret|password|session|cookie/i.test(name)) return true;
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  return /(key|auth|authorization|signature|sig|credentials?)$/i.test(words.at(-1) ?? '');
}

/** `Bearer <anything>`; a backslash ends it too (`\"Bearer x\"` in JSON text). */
const BEARER = /(bearer\s+)[^\s"',\\]+/gi;
/**
 * A query parameter's name and value in a URL's text: `?api_key=…`, `&access_token=…`, `&sig=…`. A colon ending the
 * value is the sentence's (`…?sig=abc: could not reach…`), not the value's. A name ends at the next separator: one
 * that ran on over them made a text of n `?a` (a hostile body, which is redacted) cost n² steps.
 */
const QUERY_PARAM = /([?&;])([^=&#?;\s"']+)=([^&#\s"'<>]*[^&#\s"'<>:])/g;

/** `text` with every remembered credential (in each of its forms), bearer value and credential parameter masked. */
export function redact(text: string): string {
  // Known credentials first, whole: a pattern stopping at a quote inside one would leave its tail.
  let out = text;
  for (const forms of remembered.values()) {
    for (const form of forms) out = out.replaceAll(form, MASK);
  }
  return out
    .replace(BEARER, `$1${MASK}`)
    .replace(QUERY_PARAM, (param, sep: string, name: string) =>
      isCredentialName(name) ? `${sep}${name}=${MASK}` : param,
    );
}

/**
 * A kept body, masked: text as text, parsed JSON through its JSON text (only when something was masked). A body
 * nested too deeply to write as JSON cannot be searched for credentials, so it is not kept: `undefined`.
 */
export function redactBody<T>(body: T): T | undefined {
  if (typeof body === 'string') return redact(body) as T;
  if (body === null || typeof body !== 'object') return body;
  const text = overflows(() => JSON.stringify(body));
  if (text === undefined) return undefined;
  const masked = redact(text);
  return masked === text ? body : (JSON.parse(masked) as T);
}

// Redirects and credentials: the SDK follows a redirect itself, on the base URL's origin only, wherever the platform
// lets a redirect be read, so that a token never goes with one to another origin whatever the fetch in use does.

/**
 * Whether fetch here hands a redirect back to be read (`redirect: 'manual'`): Node, Deno, Bun and edge workers
 * do; a browser page or worker answers with an unreadable opaque redirect, so there fetch follows (and a browser
 * drops `Authorization` on a redirect to another origin) and the final URL's origin is checked instead.
 */
export const MANUAL_REDIRECTS =
  typeof (globalThis as { document?: unknown }).document === 'undefined' &&
  typeof (globalThis as { importScripts?: unknown }).importScripts !== 'function';

/** Redirects followed in a row before a call gives up. */
export const MAX_REDIRECTS = 5;
