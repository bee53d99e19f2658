/**
 * Identifiers in the service's documented formats, from a seeded generator: the same calls after a
 * `reset()` give the same ids, so a test (or the demo's printed report) is reproducible.
 */

/** mulberry32's step: its state after n draws is the seed plus n steps, so any point of the sequence is one sum away. */
const STEP = 0x6d2b79f5;

/** mulberry32's output for a state (a 32-bit integer). */
function mix(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** A small, fast 32-bit generator (mulberry32); quality is ample for opaque ids. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + STEP) >>> 0;
    return mix(a);
  };
}

const DEFAULT_SEED = 0x5eed_0001;

/** The state after `drawn` numbers from the default seed. */
const stateAfter = (drawn: number) => (DEFAULT_SEED + Math.imul(drawn, STEP)) >>> 0;

export class IdGenerator {
  private draw: () => number = mulberry32(DEFAULT_SEED);
  /** Numbers drawn since the last restart: where the sequence stands, saved with a store's snapshot. */
  drawn = 0;

  /** Starts the sequence again (on `reset()`). */
  restart(seed = DEFAULT_SEED): void {
    this.draw = mulberry32(seed);
    this.drawn = 0;
  }

  /** Goes on from where a saved sequence stood (`drawn` numbers after a restart), so no id repeats; in constant time. */
  resume(drawn: number): void {
    this.restart(stateAfter(drawn));
    this.drawn = drawn;
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

/** The bytes of `n` numbers drawn from a state on, as `IdGenerator` lays them out (each number low byte first). */
function bytesFrom(state: number, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 4) {
    const v = mix((state + (i / 4 + 1) * STEP) >>> 0);
    for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (v >>> (j * 8)) & 0xff;
  }
  return out;
}

/** The id of each drawn format a string could be: the numbers it takes and how they are written. */
const FORMATS = [
  { pattern: /^[0-9a-f]{24}$/, draws: 3, write: (state: number) => hex(bytesFrom(state, 12)) },
  {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    draws: 4,
    write: (state: number) => {
      const b = bytesFrom(state, 16);
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const h = hex(b);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  },
];

/**
 * Of `ids`, the one the default sequence draws after its first `drawn` numbers (within the next `window` ones) that
 * ends latest: its index in `ids` and how many numbers are drawn once it is (`end`); `undefined` when none is. An id
 * the mock drew itself and a snapshot holds lies before `drawn`: one found after it would be drawn again, a
 * duplicate. Each hex and UUID id is found by its first number (the first 4 bytes, written as they are), through an
 * open-addressing table of those numbers: the cost is `window` steps of the generator and one look-up each.
 */
export function drawnAfter(
  ids: readonly string[],
  drawn: number,
  window: number,
): { index: number; end: number } | undefined {
  const candidates: { index: number; draws: number; write: (state: number) => string }[] = [];
  const firsts: number[] = [];
  ids.forEach((id, index) => {
    const format = FORMATS.find((f) => f.pattern.test(id));
    if (!format) return;
    candidates.push({ index, ...format });
    firsts.push(Number.parseInt(id.slice(6, 8) + id.slice(4, 6) + id.slice(2, 4) + id.slice(0, 2), 16) | 0);
  });
  if (!candidates.length) return undefined;
  let bits = 4;
  while (1 << bits < candidates.length * 2) bits++;
  const mask = (1 << bits) - 1;
  const slots = new Int32Array(1 << bits).fill(-1);
  const slot = (word: number) => Math.imul(word, 0x9e3779b1) >>> (32 - bits);
  firsts.forEach((word, i) => {
    let at = slot(word);
    while ((slots[at] as number) !== -1) at = (at + 1) & mask;
    slots[at] = i;
  });
  let found: { index: number; end: number } | undefined;
  // From a little before `drawn`: an id that starts before it and ends after it was drawn past it too.
  const from = Math.max(0, drawn - 3);
  let state = stateAfter(from);
  for (let n = from + 1; n <= drawn + window; n++) {
    const before = state;
    state = (state + STEP) | 0;
    const word = mix(state) | 0;
    for (let at = slot(word); (slots[at] as number) !== -1; at = (at + 1) & mask) {
      const i = slots[at] as number;
      const candidate = candidates[i];
      if (firsts[i] !== word || !candidate) continue;
      const end = n + candidate.draws - 1;
      if (end > drawn && end > (found?.end ?? 0) && candidate.write(before >>> 0) === ids[candidate.index])
        found = { index: candidate.index, end };
    }
  }
  return found;
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
