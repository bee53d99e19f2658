/**
 * base64 as signatures and keys arrive: the standard alphabet or base64url, padded or not, decode to the same bytes
 * (Node's own codec is the oracle); anything else is undefined.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from '../../src/webhooks/encoding.js';

describe('decodeBase64', () => {
  it('decodes every form of the same bytes alike: standard or url alphabet, padded or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        const standard = buffer.toString('base64');
        const url = buffer.toString('base64url');
        for (const form of [standard, standard.replace(/=+$/, ''), url, url + '='.repeat((4 - (url.length % 4)) % 4)]) {
          expect(Array.from(decodeBase64(form) ?? [-1]), form).toEqual(Array.from(bytes));
        }
      }),
      { numRuns: 500 },
    );
  });

  it.each(['abcde', 'ab cd', 'ab=c', 'a===', '****', 'YQ==='])('refuses %j', (text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });
});
