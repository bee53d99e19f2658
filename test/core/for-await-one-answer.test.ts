/**
 * `for await` over a call that resolves to one answer (an `APIPromise`, not a `ListPromise`). TypeScript refuses it
 * (TS2504); plain JavaScript got the engine's `TypeError: … is not async iterable`, and the request, already sent,
 * then rejected unhandled: a 404 ended the process. The loop now throws a `ValidationError` naming the method, and
 * the call's own outcome is handled.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APIPromise, ListPromise, ValidationError } from '../../src/index.js';
import { recordingClient } from '../helpers/recording-fetch.js';
import { compileProbe } from '../helpers/ts-probe.js';

const NOT_FOUND = { status: 404, body: { errors: [{ status: '404', title: 'Not Found' }] } };
const ONE_ANSWER = 'resolves to one answer, not a list: await it (for await walks lists only)';

/** What `for await` over `value` throws, as plain JavaScript runs it (no type to stop it). */
async function forAwaitError(value: unknown): Promise<unknown> {
  try {
    for await (const _ of value as AsyncIterable<unknown>) return 'iterated';
    return 'no error';
  } catch (error) {
    return error;
  }
}

/** Waits until `requests` holds `count` requests, then for their answers to settle (several macrotask turns). */
async function settled(requests: readonly unknown[], count: number): Promise<void> {
  for (let i = 0; i < 200 && requests.length < count; i++) await new Promise((r) => setTimeout(r, 5));
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('for await over a call that resolves to one answer', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it('throws a ValidationError naming the method (holdings.list, a 404), and the 404 is not left unhandled', async () => {
    const { prs, requests } = recordingClient(NOT_FOUND);
    const call = prs.holdings.list('re-1', { fromDate: '2024-01-01', toDate: '2024-12-31' });
    expect(call).toBeInstanceOf(APIPromise);
    expect(call).not.toBeInstanceOf(ListPromise);
    const error = await forAwaitError(call);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(`holdings.list: ${ONE_ANSWER}`);
    expect((error as ValidationError).issues).toEqual([{ path: '', message: ONE_ANSWER }]);
    await settled(requests, 1);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/holdings/reporting-entities/re-1']);
    expect(unhandled).toEqual([]);
  });

  it('names any method so called (accounts.retrieve, prs.request; each a 404); awaited, a call answers as before', async () => {
    const { prs, requests } = recordingClient(NOT_FOUND);
    expect(((await forAwaitError(prs.accounts.retrieve('a1'))) as Error).message).toBe(
      `accounts.retrieve: ${ONE_ANSWER}`,
    );
    expect(((await forAwaitError(prs.request({ method: 'GET', path: '/api/v2/accounts/a1' }))) as Error).message).toBe(
      `prs.request: ${ONE_ANSWER}`,
    );
    await settled(requests, 2);
    expect(requests).toHaveLength(2);
    expect(unhandled).toEqual([]);
    // Awaited as it should be, the call still answers as before.
    const ok = recordingClient({ body: { data: [] } });
    await expect(ok.prs.request({ method: 'GET', path: '/api/v2/custodians' })).resolves.toEqual({ data: [] });
  });

  it('a call refused before sending is handled too (its ValidationError is not left unhandled)', async () => {
    const { prs, requests } = recordingClient();
    expect(((await forAwaitError(prs.accounts.retrieve(''))) as Error).message).toBe(
      `accounts.retrieve: ${ONE_ANSWER}`,
    );
    await settled(requests, 0);
    expect(requests).toHaveLength(0);
    expect(unhandled).toEqual([]);
  });

  it('a list keeps its own iterator: for await walks its items', async () => {
    expect(ListPromise.prototype[Symbol.asyncIterator]).not.toBe(
      (APIPromise.prototype as unknown as AsyncIterable<unknown>)[Symbol.asyncIterator],
    );
    const attributes = { identifier: 'C', name: 'Custodian', country: 'DE' };
    const { prs, requests } = recordingClient({ body: { data: [{ type: 'custodian', id: 'c1', attributes }] } });
    const ids: string[] = [];
    for await (const custodian of prs.custodians.list()) ids.push(custodian.id);
    expect(ids).toEqual(['c1']);
    expect(requests).toHaveLength(1);
  });
});

describe('the type of an APIPromise', () => {
  it('is still refused by for await at compile time (TS2504): the guard is run time only', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const path = join(root, 'test', 'core', '__for_await_probe__.ts');
    const probe = `
import type { PortfolioReporting } from '../../src/index.js';
declare const prs: PortfolioReporting;
export async function walk() {
  for await (const h of prs.holdings.list('re-1', { fromDate: '2024-01-01', toDate: '2024-12-31' })) void h;
  for await (const a of prs.accounts.retrieve('a1')) void a;
  for await (const c of prs.custodians.list()) void c;
}
`;
    const { program, source } = compileProbe(root, path, probe);
    const errors = program
      .getSemanticDiagnostics(source)
      .map((d) => [source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1, d.code]);
    // Lines 5 and 6 (one answer each) are refused; line 7 (a list) compiles.
    expect(errors).toEqual([
      [5, 2504],
      [6, 2504],
    ]);
  }, 120_000);
});
