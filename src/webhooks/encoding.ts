/**
 * Byte helpers on the web platform only (`atob`, `btoa`, `TextEncoder`): the same code in Node 22+,
 * browsers, Deno, Bun and edge runtimes, with no `Buffer` and no `node:` import.
 */

// Either alphabet, character by character (one class: an alternation per character costs a verification ~0.3 µs).
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes base64 or base64url, padded or not; `undefined` for anything else (whitespace included). */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64.test(text)) return undefined;
  // The usual value (standard alphabet, padded) goes to atob as it is; base64url or unpadded is rewritten first,
  // without its padding: atob reads unpadded text, and refuses 4n+1 characters (no byte count encodes to them).
  let binary: string;
  try {
    binary = atob(
      text.length % 4 === 0 && !/[-_]/.test(text)
        ? text
        : text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'),
    );
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encodes as base64url without padding (the form a JWK's `x` and `y` take). */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text) as Uint8Array<ArrayBuffer>;
}

export function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
