/**
 * Identifiers in the service's documented formats, from a seeded generator: the same calls after a
 * `reset()` give the same ids, so a test (or the demo's printed report) is reproducible.
 */

/** A small, fast 32-bit generator (mulberry32); quality is ample for opaque ids. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const DEFAULT_SEED = 0x5eed_0001;

export class IdGenerator {
  private draw: () => number = mulberry32(DEFAULT_SEED);
  /** Numbers drawn since the last restart: where the sequence stands, saved with a store's snapshot. */
  drawn = 0;

  /** Starts the sequence again (on `reset()`). */
  restart(seed = DEFAULT_SEED): void {
    this.draw = mulberry32(seed);
    this.drawn = 0;
  }

  /** Goes on from where a saved sequence stood (`drawn` numbers after a restart), so no id repeats. */
  resume(drawn: number): void {
    this.restart();
    for (let i = 0; i < drawn; i++) this.next();
  }

  private next(): number {
    this.drawn += 1;
    return this.draw();
  }

  private bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const v = this.next();
      for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (v >>> (j * 8)) & 0xff;
    }
    return out;
  }

  /** 24 hexadecimal characters: most resources. */
  hex24(): string {
    return hex(this.bytes(12));
  }

  /** A version-4-shaped UUID: users, invites, custodian authorities and their files, limits. */
  uuid(): string {
    const b = this.bytes(16);
    b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
    b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
    const h = hex(b);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  /** An opaque token (invite links). */
  token(): string {
    return base64url(this.bytes(24));
  }
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Base64URL without padding, of bytes or of a string's UTF-8 bytes (holding ids are derived, not random). */
export function base64url(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Standard Base64 with padding (webhook signatures). */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
