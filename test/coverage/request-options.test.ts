/// <reference types="vite/client" />
/**
 * Request options reach the wire for all 95 endpoints, or are refused. Each row's recipe (./recipes/) calls
 * its SDK method; here the method is wrapped so that the request options go in as its last declared
 * argument, as untyped JavaScript would pass them: a header and `maxRetries: 0` must arrive (one attempt
 * against a 429, which the client would otherwise retry twice), an aborted signal must stop the call before
 * anything is sent, and an unknown key must be a `ValidationError` naming it, with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { APIUserAbortError, RateLimitError, ValidationError } from '../../src/index.js';
import { endpointRows, resolveMethod } from '../helpers/endpoints.js';
import { recordingClient } from '../helpers/recording-fetch.js';
import type { Recipe, Recipes } from './recipe.js';

const files = import.meta.glob<{ recipes: Recipes }>('./recipes/*.ts', { eager: true });
const recipes = new Map<number, Recipe>();
for (const mod of Object.values(files))
  for (const [n, recipe] of Object.entries(mod.recipes)) recipes.set(Number(n), recipe);

/** Runs the row's recipe with `options` appended as the method's last declared argument; returns its outcome. */
async function callWith(row: (typeof endpointRows)[number], options: unknown, reply: { status: number }) {
  const { prs, requests } = recordingClient(
    { ...reply, body: { errors: [{ status: '429', detail: 'slow down' }] } },
    {
      maxRetries: 2,
    },
  );
  const { owner, name } = resolveMethod(prs, row.sdkMethod);
  const original = owner[name] as (...args: unknown[]) => unknown;
  let given: number | undefined;
  owner[name] = function (this: unknown, ...args: unknown[]) {
    given = args.length;
    // The recipe passes every argument before the options; the options are the last declared parameter.
    return original.apply(this, [...args, options]);
  };
  const outcome = await (recipes.get(row.n) as Recipe).call(prs).then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...outcome, requests, given, declared: original.length };
}

it('has a recipe for every one of the 95 rows', () => {
  expect(endpointRows).toHaveLength(95);
  expect(endpointRows.filter((row) => !recipes.has(row.n))).toEqual([]);
});

describe.each(endpointRows)('row $n: $sdkMethod', (row) => {
  it('sends the header and makes one attempt with maxRetries: 0, options as the last argument', async () => {
    const { error, requests, given, declared } = await callWith(
      row,
      { headers: { 'X-Trace': `row-${row.n}` }, maxRetries: 0 },
      { status: 429 },
    );
    expect(given, 'the recipe fills every argument before the options').toBe(declared - 1);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe(row.method);
    expect(requests[0]?.headers.get('x-trace')).toBe(`row-${row.n}`);
    expect(error).toBeInstanceOf(RateLimitError);
  });

  it('stops before sending when the signal is already aborted', async () => {
    const { error, requests } = await callWith(row, { signal: AbortSignal.abort() }, { status: 429 });
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(requests).toHaveLength(0);
  });

  it('refuses an unknown option, naming it and the accepted ones (maxPages for a list only), with nothing sent', async () => {
    const { error, requests } = await callWith(row, { bogus: 1, headers: {} }, { status: 429 });
    expect(error).toBeInstanceOf(ValidationError);
    const list = 'pagination' in row.endpoint && row.endpoint.pagination !== undefined;
    expect((error as ValidationError).issues).toEqual([
      {
        path: 'options.bogus',
        message: `is not a known field here (accepted: signal, timeout, totalTimeout, maxRetries, headers, query${list ? ', maxPages' : ''})`,
      },
    ]);
    expect(requests).toHaveLength(0);
  });
});
