/**
 * An exception the caller's own code throws while the SDK reads their input (a getter, a Proxy trap) is theirs: it
 * reaches them as it is, as the rejection of the call, and nothing is sent. Only the engine's stack overflow is
 * the SDK's to word ("too deeply nested"): a Proxy whose `ownKeys` threw a `RangeError` of its own was reported
 * as "too large or too deeply nested to check".
 */
import { describe, expect, it } from 'vitest';
import { isStackOverflow } from '../../src/core/overflows.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const account = { type: 'account', id: 'a1', attributes: { externalIdentifier: 'X', ccyCode: 'CHF' } };

/** The rejection of `call()`'s promise (the test fails if it resolves or throws synchronously). */
async function rejectionOf(call: () => Promise<unknown>): Promise<unknown> {
  const returned = call();
  return returned.then(
    () => expect.unreachable('resolved'),
    (e: unknown) => e,
  );
}

describe("the caller's own exceptions", () => {
  it('a Proxy whose ownKeys throws a RangeError: that RangeError, not "too deeply nested"; nothing sent', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: account } });
    const mine = new RangeError('ownKeys refused by the caller');
    const attributes = new Proxy(
      { externalIdentifier: 'X', ccyCode: 'CHF' },
      {
        ownKeys() {
          throw mine;
        },
      },
    );
    // Twice: the first call waits for the endpoint table (its input is copied then), the second runs it loaded.
    for (let i = 0; i < 2; i++) {
      const e = await rejectionOf(() => prs.legalEntities.accounts.create('le1', { attributes } as never));
      expect(e).toBe(mine);
    }
    expect(requests).toHaveLength(0);
  });

  it('a getter that throws: its own error; nothing sent', async () => {
    const { prs, requests } = recordingClient({ status: 201, body: { data: account } });
    const mine = new TypeError('no ccyCode yet');
    const attributes = {
      externalIdentifier: 'X',
      get ccyCode(): string {
        throw mine;
      },
    };
    for (let i = 0; i < 2; i++) {
      const e = await rejectionOf(() => prs.legalEntities.accounts.create('le1', { attributes }));
      expect(e).toBe(mine);
    }
    expect(requests).toHaveLength(0);
  });

  it('the stack overflow is told from a RangeError of the caller by the engine’s words', () => {
    let overflow: unknown;
    const recurse = (n: number): number => recurse(n + 1) + 1;
    try {
      recurse(0);
    } catch (error) {
      overflow = error;
    }
    expect(isStackOverflow(overflow)).toBe(true);
    expect(isStackOverflow(new RangeError('Invalid array length'))).toBe(false);
    expect(isStackOverflow(new RangeError('ownKeys refused by the caller'))).toBe(false);
    // SpiderMonkey's name for it.
    expect(isStackOverflow(Object.assign(new Error('too much recursion'), { name: 'InternalError' }))).toBe(true);
  });
});
