/**
 * The `webhook-signature` header: a space-separated list of `version,signature` entries (Standard
 * Webhooks), plus `version,kid,signature` for asymmetric entries that name their key. Signatures are
 * decoded here; nothing here verifies.
 */
import { decodeBase64 } from './encoding.js';
import { WebhookVerificationError } from './errors.js';
import { SYMMETRIC_VERSION } from './options.js';

/** An asymmetric entry: the key it names (if any) and its signature as raw `r‖s` candidates. */
export interface AsymmetricEntry {
  kid: string | undefined;
  /** One candidate normally; two only for a 64-byte value that is also a valid DER encoding. */
  signatures: Uint8Array<ArrayBuffer>[];
}

export interface ParsedSignatures {
  /** Decoded HMAC-SHA256 values of `v1` entries (when symmetric entries are checked). */
  symmetric: Uint8Array<ArrayBuffer>[];
  asymmetric: AsymmetricEntry[];
  /** Entries of a checked version that could not be decoded. */
  malformed: number;
  /** Every version tag the header carried, for the error message when none is checked. */
  versions: Set<string>;
}

/**
 * The longest `webhook-signature` header read, in characters (8 KiB): a sender's header holds one or two
 * entries of under 100 characters each. Longer is refused (`signature_header_too_large`) before any entry
 * is decoded.
 */
export const MAX_SIGNATURE_HEADER_LENGTH = 8_192;
/**
 * The most entries of a `webhook-signature` header read, all versions counted, and the most ECDSA signatures
 * they may give: a sender signs with one key, two while it rotates. More is refused
 * (`signature_header_too_large`) before any signature is checked.
 */
export const MAX_SIGNATURE_ENTRIES = 32;

const HMAC_SHA256_BYTES = 32;
/** P-256: `r` and `s` are 32 bytes each. */
const P256_SCALAR_BYTES = 32;

/**
 * Splits and decodes the header. `checked` says which versions count: `v1` only with a secret, the
 * asymmetric tags as configured. Entries of other versions are skipped, as the specification asks; an entry
 * given twice is read once. A header over `MAX_SIGNATURE_HEADER_LENGTH` characters, with more than
 * `MAX_SIGNATURE_ENTRIES` entries or ECDSA signatures, is refused, so a hostile header costs no more than a long
 * valid one.
 */
export function parseSignatureHeader(
  header: string,
  checked: { symmetric: boolean; asymmetric: ReadonlySet<string> },
): ParsedSignatures {
  if (header.length > MAX_SIGNATURE_HEADER_LENGTH) {
    throw tooLarge(
      `is ${count(header.length)} characters long; at most ${count(MAX_SIGNATURE_HEADER_LENGTH)} are read`,
    );
  }
  // Duplicate headers arrive joined by ", " (Node and fetch alike): a trailing comma is a separator, not data.
  const entries = new Set<string>();
  let given = 0;
  // One entry (the usual header) is not split.
  for (const token of /\s/.test(header) ? header.split(/\s+/) : [header]) {
    const entry = token.endsWith(',') ? token.slice(0, -1) : token;
    if (entry === '') continue;
    given++;
    entries.add(entry);
  }
  if (given > MAX_SIGNATURE_ENTRIES) {
    throw tooLarge(`holds ${count(given)} entries; at most ${MAX_SIGNATURE_ENTRIES} are read`);
  }
  const parsed: ParsedSignatures = { symmetric: [], asymmetric: [], malformed: 0, versions: new Set() };
  // Signatures to check, not entries: a 64-byte entry that is also valid DER is read both ways, and the cap on
  // ECDSA checks (32 × keys) must hold for it too.
  let candidates = 0;
  for (const entry of entries) {
    const parts = entry.split(',');
    const version = parts[0] ?? '';
    parsed.versions.add(version);
    if (version === SYMMETRIC_VERSION && checked.symmetric) {
      const mac = parts.length === 2 ? decodeBase64(parts[1] ?? '') : undefined;
      if (mac?.length === HMAC_SHA256_BYTES) parsed.symmetric.push(mac);
      else parsed.malformed++;
    } else if (checked.asymmetric.has(version)) {
      const kid = parts.length === 3 ? parts[1] : undefined;
      const bytes = parts.length === 2 || (parts.length === 3 && kid) ? decodeBase64(parts.at(-1) ?? '') : undefined;
      const signatures = bytes ? ecdsaSignatureCandidates(bytes) : [];
      candidates += signatures.length;
      if (signatures.length) parsed.asymmetric.push({ kid, signatures });
      else parsed.malformed++;
    }
  }
  if (candidates > MAX_SIGNATURE_ENTRIES) {
    throw tooLarge(
      `holds ${candidates} ECDSA signatures (a 64-byte one valid as DER counts twice); at most ${MAX_SIGNATURE_ENTRIES} are read`,
    );
  }
  return parsed;
}

function tooLarge(what: string): WebhookVerificationError {
  return new WebhookVerificationError('signature_header_too_large', `the \`webhook-signature\` header ${what}`);
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Raw `r‖s` (IEEE P1363, what WebCrypto verifies) from either encoding a signer may use. */
export function ecdsaSignatureCandidates(bytes: Uint8Array): Uint8Array<ArrayBuffer>[] {
  const candidates: Uint8Array<ArrayBuffer>[] = [];
  if (bytes.length === 2 * P256_SCALAR_BYTES) candidates.push(bytes as Uint8Array<ArrayBuffer>);
  const fromDer = derToRaw(bytes);
  if (fromDer) candidates.push(fromDer);
  return candidates;
}

/**
 * Converts a DER `SEQUENCE { INTEGER r, INTEGER s }` to raw `r‖s`, strictly: short-form lengths only (a
 * P-256 signature is at most 72 bytes), positive minimal integers of at most 32 bytes after the sign byte,
 * and nothing after the sequence. Anything else is `undefined`, never a guess.
 */
export function derToRaw(der: Uint8Array): Uint8Array<ArrayBuffer> | undefined {
  // Shortest: 30 06 02 01 r 02 01 s. Longest: two 33-byte integers (a sign byte each).
  if (der.length < 8 || der.length > 2 + 2 * (2 + P256_SCALAR_BYTES + 1)) return undefined;
  if (der[0] !== 0x30 || der[1] !== der.length - 2) return undefined;
  const raw = new Uint8Array(2 * P256_SCALAR_BYTES);
  let offset = 2;
  for (const half of [0, 1]) {
    const length = der[offset + 1];
    if (der[offset] !== 0x02 || length === undefined || length < 1 || length > P256_SCALAR_BYTES + 1) return undefined;
    const start = offset + 2;
    const end = start + length;
    if (end > der.length) return undefined;
    let integer = der.subarray(start, end);
    const first = integer[0] ?? 0;
    const second = integer[1] ?? 0;
    if (first & 0x80) return undefined; // negative
    if (length > 1 && first === 0 && !(second & 0x80)) return undefined; // a leading zero that is not a sign byte
    if (length > 1 && first === 0) integer = integer.subarray(1);
    if (integer.length > P256_SCALAR_BYTES) return undefined;
    raw.set(integer, half * P256_SCALAR_BYTES + P256_SCALAR_BYTES - integer.length);
    offset = end;
  }
  return offset === der.length ? raw : undefined;
}
