/**
 * What a receiver hands to `verify`: the raw body and the headers, in whichever form its framework has
 * them. Normalised here to bytes and a case-insensitive header lookup.
 */
import { describe, mustBe, tagOf } from '../core/describe.js';
import { ValidationError } from '../core/validation-error.js';
import { WebhookVerificationError } from './errors.js';

/** The raw body exactly as received. */
export type WebhookBody = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * Headers as a fetch `Headers`, a fetch `Request` (or anything with `headers: Headers`), a plain object
 * with names in any case and `string` or `string[]` values (Node's `req.headers`), or `[name, value]` pairs
 * (a `HeadersInit` array, read as `new Headers(pairs)` reads it).
 */
export type WebhookHeaders =
  | Headers
  | { readonly headers: Headers }
  | Readonly<Record<string, string | readonly string[] | undefined>>
  | readonly (readonly [string, string])[];

/** The Standard Webhooks headers, plus the optional key id (see README, Webhooks). */
export interface DeliveryHeaders {
  id: string;
  timestamp: string;
  signature: string;
  keyId: string | undefined;
}

/** The body as text when it came as text (it is parsed as such), else as bytes; refuses anything else. */
export function readBody(body: unknown): string | Uint8Array {
  if (typeof body === 'string') return body;
  if (tagOf(body as object) === 'ArrayBuffer') return new Uint8Array(body as ArrayBuffer);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  const kind = body === undefined ? 'undefined (was the body read?)' : describe(body);
  const got = /^an (object|array)$/.test(kind) ? `${kind} (parsed JSON?)` : kind;
  throw new WebhookVerificationError(
    'invalid_body_type',
    `verify() needs the raw body (a string, Uint8Array, Buffer or ArrayBuffer), got ${got}: the signature covers the ` +
      "bytes sent (express.raw({ type: 'application/json' }), `await request.arrayBuffer()`, a node:http request's chunks)",
  );
}

export function readHeaders(headers: WebhookHeaders): DeliveryHeaders {
  const get = headerLookup(headers);
  const read = (name: DeliveryHeaderName, optional?: boolean): string | undefined => {
    const value = get(name);
    // Only a plain object from plain JavaScript can hold a value that is not text: named, not taken for an absent header.
    if (value !== undefined && typeof value !== 'string')
      throw new WebhookVerificationError('missing_header', `the \`${name}\` header ${mustBe('a string', value)}`);
    if (!value && !optional)
      throw new WebhookVerificationError('missing_header', `the \`${name}\` header is missing or empty`);
    return value || undefined;
  };
  return {
    id: read('webhook-id') as string,
    timestamp: read('webhook-timestamp') as string,
    signature: read('webhook-signature') as string,
    keyId: read('webhook-key-id', true),
  };
}

/** The headers a delivery is read from (lower case). */
type DeliveryHeaderName = 'webhook-id' | 'webhook-timestamp' | 'webhook-signature' | 'webhook-key-id';

/**
 * Leading and trailing HTTP white space, which `Headers` trims from a value. The trailing run is matched from its
 * start only (the look-behind): tried at every space of a run, as it was, a header of n inner spaces cost n² steps
 * (16,000 spaces, what Node's header limit lets through, took seconds of CPU per delivery).
 */
const HTTP_SPACE = /^[\t\n\r ]+|(?<![\t\n\r ])[\t\n\r ]+$/g;

function headerLookup(headers: WebhookHeaders): (name: DeliveryHeaderName) => unknown {
  // A programming error of the receiver, as a verifier's options are: no delivery was read.
  const refuse = (message: string): never => {
    throw new ValidationError('verify()', [{ path: 'headers', message }], '');
  };
  if (typeof headers !== 'object' || headers === null)
    refuse(mustBe('Headers, a Request, a plain object or pairs', headers));
  if (isHeaders(headers)) return (name) => headers.get(name) ?? undefined;
  const nested = (headers as { headers?: unknown }).headers;
  if (isHeaders(nested)) return (name) => nested.get(name) ?? undefined;
  if (Array.isArray(headers)) {
    // A `HeadersInit` array (read as an object, its keys are indexes: every header was missing), read as `new
    // Headers(pairs)` reads it, once each pair is two strings (it would read other values as text); a name or value
    // it refuses (a line break, a hole) is refused alike.
    try {
      if (headers.every((pair) => pair?.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string')) {
        const read = new Headers(headers as [string, string][]);
        return (name) => read.get(name) ?? undefined;
      }
    } catch {
      // Refused below.
    }
    return refuse('must be [name, value] string pairs Headers accepts');
  }
  // One pass that keeps the `webhook-` headers only: a request's other headers (a dozen or more) are not
  // copied (2 of the ~15 µs a verification spends outside the crypto, with a Node request's headers).
  const found: Record<string, unknown> = {};
  const record = headers as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    const key = name.toLowerCase();
    const value = record[name];
    if (!key.startsWith('webhook-') || value === undefined) continue;
    // As `Headers` has them: each value trimmed of HTTP whitespace, repeated ones joined by ", " (`string[]` is how
    // Node hands some over). The first value that is not text is kept as it is, for the message. (No array methods:
    // flat/filter/map here cost ~4 µs a verification.)
    let text = found[key];
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || (text !== undefined && typeof text !== 'string')) continue;
      const trimmed = typeof v === 'string' ? v.replace(HTTP_SPACE, '') : v;
      text = text === undefined || typeof trimmed !== 'string' ? trimmed : `${text}, ${trimmed}`;
    }
    found[key] = text;
  }
  return (name) => found[name];
}

function isHeaders(value: unknown): value is Headers {
  return typeof value === 'object' && value !== null && typeof (value as Headers).get === 'function';
}
