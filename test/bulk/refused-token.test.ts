/**
 * A refused token stops a bulk run (`stopOnAuthError`, default on): after a 401 or 403 no more items start, the
 * requests in flight finish, the items not started end `skipped` with that error. It went on sending every item,
 * each refused alike (100,000 rows with an expired token were 100,000 refused attempts).
 */
import { describe, expect, it } from 'vitest';
import { Bulk } from '../../src/bulk/index.js';
import { runBulk } from '../../src/bulk/runner.js';
import { AuthenticationError, makeAPIError, PermissionDeniedError } from '../../src/core/errors.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const POST = { method: 'POST', url: 'http://127.0.0.1/api/v3/instruments' };
const refusal = (status: 401 | 403) =>
  makeAPIError(
    POST,
    status,
    new Headers(),
    `{"errors":[{"status":${status},"detail":"the access token is not valid"}]}`,
  );
const items = Array.from({ length: 200 }, (_, i) => i);

describe('a bulk run after a refused token', () => {
  it.each([
    [401, AuthenticationError],
    [403, PermissionDeniedError],
  ] as const)(
    'a %i stops starting items: those in flight finish, the rest end skipped with that error',
    async (status, kind) => {
      let calls = 0;
      const refused: unknown[] = [];
      const results = await runBulk(
        'bulk.run',
        items,
        async () => {
          calls += 1;
          const error = refusal(status);
          refused.push(error);
          throw error;
        },
        { concurrency: 4 },
      );
      // The four started together; none after the first refusal.
      expect(calls).toBe(4);
      expect(results).toHaveLength(200);
      const sent = results.filter((r) => !r.ok && !r.skipped);
      expect(sent.map((r) => [r.index, r.attempts])).toEqual([
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 1],
      ]);
      const skipped = results.filter((r) => !r.ok && r.skipped);
      expect(skipped).toHaveLength(196);
      expect(skipped[0]).toEqual({ index: 4, ok: false, skipped: true, attempts: 0, error: refused[0] });
      expect(refused[0]).toBeInstanceOf(kind);
      expect(skipped.every((r) => !r.ok && r.error === refused[0])).toBe(true);
    },
  );

  it('through the client: new Bulk(prs).instruments sends as many requests as were in flight, then stops', async () => {
    const { prs, requests } = recordingClient({
      status: 401,
      body: { errors: [{ status: '401', detail: 'the access token is not valid' }] },
    });
    const rows = items.map((i) => ({
      type: 'stock-instrument' as const,
      attributes: {
        name: `Stock ${i}`,
        securityIdentifier: `DE${String(i).padStart(10, '0')}`,
        ccyCode: 'EUR',
        countryCode: 'DE',
      },
    }));
    const results = await new Bulk(prs).instruments(rows, { concurrency: 8 });
    expect(requests).toHaveLength(8);
    expect(results.filter((r) => !r.ok && r.skipped)).toHaveLength(192);
    const first = results[0];
    expect(first?.ok === false && first.error).toBeInstanceOf(AuthenticationError);
    expect((first as { error: Error }).error.message).toBe(
      'POST https://prs.test/api/v3/instruments failed with 401: the access token is not valid',
    );
  });

  it('stopOnAuthError: false goes on (a 403 that concerns one record)', async () => {
    let calls = 0;
    const results = await runBulk(
      'bulk.run',
      items,
      async (i) => {
        calls += 1;
        if (i % 2) throw refusal(403);
        return { value: i };
      },
      { concurrency: 4, stopOnAuthError: false },
    );
    expect(calls).toBe(200);
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(results.some((r) => !r.ok && r.skipped)).toBe(false);
  });

  it('stopOnAuthError must be a boolean, before anything is called', async () => {
    let calls = 0;
    const run = runBulk(
      'bulk.run',
      items,
      async () => {
        calls += 1;
        return { value: 1 };
      },
      { stopOnAuthError: 'no' as never },
    );
    await expect(run).rejects.toThrow('bulk.run: stopOnAuthError: must be true or false, got "no" (nothing was sent)');
    expect(calls).toBe(0);
  });
});
