import { createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derToRaw, ecdsaSignatureCandidates, parseSignatureHeader } from '../../src/webhooks/signature.js';
import { makeKey } from './signer.js';

const key = makeKey('k');
const publicKey = createPublicKey(key.privateKey);
const hex = (h: string) => Uint8Array.from(Buffer.from(h.replace(/\s/g, ''), 'hex'));
const scalar = (h: string) => h.padStart(64, '0');

describe('derToRaw', () => {
  it('agrees with node:crypto on 300 signatures, with and without sign bytes', () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const message = Buffer.from(`message ${i}`);
      const der = sign('sha256', message, { key: key.privateKey, dsaEncoding: 'der' });
      const raw = sign('sha256', message, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
      // ECDSA is randomised (two different signatures): node itself must accept the converted DER one as P1363.
      const converted = derToRaw(der);
      expect(converted).toHaveLength(64);
      expect(
        verify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, converted ?? new Uint8Array()),
      ).toBe(true);
      lengths.add(der.length);
      // The same signature in both encodings: re-encode node's raw one as DER and convert back.
      expect(Buffer.from(derToRaw(rawToDer(raw)) ?? [])).toEqual(raw);
    }
    expect([70, 71, 72].every((n) => lengths.has(n))).toBe(true); // no, one or two sign bytes
  });

  it('converts a minimal sequence and left-pads short integers', () => {
    expect(Buffer.from(derToRaw(hex('30 06 02 01 01 02 01 02')) ?? []).toString('hex')).toBe(
      scalar('01') + scalar('02'),
    );
    const r = `00ff${'11'.repeat(31)}`; // 33 bytes: a sign byte before a high bit
    const s = `7f${'22'.repeat(30)}`; // 31 bytes
    const der = hex(`30 ${(4 + 33 + 31).toString(16)} 02 21 ${r} 02 1f ${s}`);
    expect(Buffer.from(derToRaw(der) ?? []).toString('hex')).toBe(r.slice(2) + scalar(s));
  });

  it.each([
    ['too short', '30 05 02 01 01 02 00'],
    ['not a sequence', '31 06 02 01 01 02 01 02'],
    ['a length that overstates the content', '30 07 02 01 01 02 01 02'],
    ['a trailing byte after the sequence', '30 06 02 01 01 02 01 02 00'],
    ['a long-form length', '30 81 06 02 01 01 02 01 02'],
    ['an integer with the wrong tag', '30 06 03 01 01 02 01 02'],
    ['an integer running past the end', '30 06 02 01 01 02 05 02'],
    ['a zero-length integer', '30 06 02 00 02 02 01 02'],
    ['a negative integer', '30 06 02 01 81 02 01 02'],
    ['a non-minimal leading zero', '30 07 02 02 00 01 02 01 02'],
    ['an integer of 33 bytes without a sign byte', `30 46 02 21 01${'11'.repeat(32)} 02 21 00${'ff'.repeat(32)}`],
    ['an integer of 34 bytes', `30 47 02 22 0000${'ff'.repeat(32)} 02 21 00${'ff'.repeat(32)}`],
    ['a third integer', '30 09 02 01 01 02 01 02 02 01 03'],
  ])('refuses %s', (_what, bytes) => {
    expect(derToRaw(hex(bytes))).toBeUndefined();
  });
});

describe('ecdsaSignatureCandidates', () => {
  it('takes 64 bytes as raw r‖s, and also as DER when they happen to form a valid sequence', () => {
    const raw = new Uint8Array(64).fill(7);
    expect(ecdsaSignatureCandidates(raw)).toEqual([raw]);
    const der64 = hex(`30 3e 02 1d ${'11'.repeat(29)} 02 1d ${'22'.repeat(29)}`);
    expect(der64).toHaveLength(64);
    expect(ecdsaSignatureCandidates(der64).map((c) => Buffer.from(c).toString('hex'))).toEqual([
      Buffer.from(der64).toString('hex'),
      scalar('11'.repeat(29)) + scalar('22'.repeat(29)),
    ]);
    expect(ecdsaSignatureCandidates(new Uint8Array(63))).toEqual([]);
  });
});

describe('parseSignatureHeader', () => {
  const sig = Buffer.alloc(64, 1).toString('base64');
  const mac = Buffer.alloc(32, 2).toString('base64');
  const checked = { symmetric: true, asymmetric: new Set(['v1a']) };

  it('splits entries on any whitespace, strips joining commas, reads kids, counts malformed entries', () => {
    const parsed = parseSignatureHeader(
      `  v1a,${sig},\tv1a,kid-1,${Buffer.alloc(64, 1).toString('base64url')}\nv1,${mac}, v1,short v9,x v1a,kid,`,
      checked,
    );
    expect(parsed.asymmetric).toEqual([
      { kid: undefined, signatures: [new Uint8Array(64).fill(1)] },
      { kid: 'kid-1', signatures: [new Uint8Array(64).fill(1)] },
    ]);
    expect(parsed.symmetric).toEqual([new Uint8Array(32).fill(2)]);
    expect(parsed.malformed).toBe(2); // `v1,short` and `v1a,kid,` (no signature)
    expect([...parsed.versions]).toEqual(['v1a', 'v1', 'v9']);
  });

  it('skips v1 entries when no secret is configured', () => {
    const parsed = parseSignatureHeader(`v1,${mac}`, { symmetric: false, asymmetric: new Set(['v1a']) });
    expect(parsed).toEqual({ symmetric: [], asymmetric: [], malformed: 0, versions: new Set(['v1']) });
  });
});

/** Test-side DER encoder (independent of the SDK's decoder) for node's raw signatures. */
function rawToDer(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const body = Buffer.from(bytes.subarray(i));
    const signed = (body[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body;
    return Buffer.concat([Buffer.from([0x02, signed.length]), signed]);
  };
  const content = Buffer.concat([integer(raw.subarray(0, 32)), integer(raw.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, content.length]), content]);
}
