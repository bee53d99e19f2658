/// <reference types="vite/client" />
/**
 * Every argument of every one of the 95 methods, given a value no parameter of the SDK takes, as untyped
 * JavaScript can pass it: each row's recipe (./recipes/) is run once to learn its arguments, then run again with
 * one argument at a time replaced. A symbol, a function, a BigInt, a `Map` and `NaN` must each be a
 * `ValidationError` naming the argument, with nothing sent: never a `TypeError` from deeper in, never a request
 * carrying the value as text, never the value silently read as something else (a `Map` as an empty object).
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { endpointRows, resolveMethod } from '../helpers/endpoints.js';
import { recordingClient } from '../helpers/recording-fetch.js';
import type { Recipe, Recipes } from './recipe.js';

const files = import.meta.glob<{ recipes: Recipes }>('./recipes/*.ts', { eager: true });
const recipes = new Map<number, Recipe>();
for (const mod of Object.values(files))
  for (const [n, recipe] of Object.entries(mod.recipes)) recipes.set(Number(n), recipe);

const HOSTILE: [string, unknown][] = [
  ['a symbol', Symbol('hostile')],
  ['a function', () => 'hostile'],
  ['a BigInt', 10n],
  ['a Map', new Map([['id', 'hostile']])],
  ['NaN', Number.NaN],
];

/** The paths of an object's members, one and two levels down (`attributes`, `attributes.name`). */
function memberPaths(value: unknown): string[][] {
  const paths: string[][] = [];
  if (!isPlain(value)) return paths;
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) continue;
    paths.push([key]);
    if (isPlain(member))
      for (const [inner, deep] of Object.entries(member)) if (deep !== undefined) paths.push([key, inner]);
  }
  return paths;
}
const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** A copy of `value` with the member at `path` replaced by `replacement`. */
function replaced(value: Record<string, unknown>, [key, ...rest]: string[], replacement: unknown): unknown {
  return {
    ...value,
    [key as string]: rest.length
      ? replaced(value[key as string] as Record<string, unknown>, rest, replacement)
      : replacement,
  };
}

/**
 * Runs the row's recipe with its argument `index` replaced by `value` (none when `index` is undefined), and
 * `appended` given after the arguments the method takes (none when it is empty).
 */
async function callWith(row: (typeof endpointRows)[number], index?: number, value?: unknown, appended: unknown[] = []) {
  const { prs, requests } = recordingClient({ status: 429, body: { errors: [{ status: '429' }] } }, { maxRetries: 0 });
  const { owner, name } = resolveMethod(prs, row.sdkMethod);
  const original = owner[name] as (...args: unknown[]) => unknown;
  // The method as declared (the client's own wrapper, which refuses extra arguments, takes any number).
  const declared = (Object.getPrototypeOf(owner)[name] as (...args: unknown[]) => unknown).length;
  let given: unknown[] = [];
  owner[name] = function (this: unknown, ...args: unknown[]) {
    given = args;
    const changed = index === undefined ? args : args.map((arg, i) => (i === index ? value : arg));
    if (appended.length) changed.push(...Array(declared - changed.length).fill(undefined), ...appended);
    return original.apply(this, changed);
  };
  const recipe = recipes.get(row.n) as Recipe;
  let error: unknown;
  try {
    await recipe.call(prs);
  } catch (e) {
    error = e;
  }
  return { error, requests, given, declared };
}

describe.each(endpointRows)('row $n: $sdkMethod', (row) => {
  it('refuses a symbol, a function, a BigInt, a Map and NaN in each argument, with nothing sent', async () => {
    const { given } = await callWith(row);
    const outcomes: string[] = [];
    for (let index = 0; index < given.length; index++) {
      for (const [what, value] of HOSTILE) {
        const { error, requests } = await callWith(row, index, value);
        const refused = error instanceof ValidationError && requests.length === 0;
        if (!refused)
          outcomes.push(
            `argument ${index} as ${what}: ${requests.length} sent, ${error instanceof Error ? `${error.name}: ${error.message}` : 'no error'}`,
          );
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('refuses a defined argument past the last it takes, with nothing sent; a trailing undefined is not one', async () => {
    const plain = await callWith(row);
    const { declared } = plain;
    const extra = await callWith(row, undefined, undefined, [{ timeout: 5 }]);
    expect(extra.requests).toEqual([]);
    expect(extra.error).toBeInstanceOf(ValidationError);
    expect((extra.error as ValidationError).message).toBe(
      `${row.sdkMethod}: arguments[${declared}]: is past the ${declared} argument${declared === 1 ? '' : 's'} this takes: it would not be read (nothing was sent)`,
    );
    const trailing = await callWith(row, undefined, undefined, [undefined]);
    expect(trailing.requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      plain.requests.map((r) => `${r.method} ${r.url}`),
    );
    expect(String(trailing.error)).toBe(String(plain.error));
  });

  it('refuses them in each member of an object argument, two levels down, with nothing sent', async () => {
    const { given } = await callWith(row);
    const outcomes: string[] = [];
    for (let index = 0; index < given.length; index++) {
      const argument = given[index];
      for (const path of memberPaths(argument)) {
        for (const [what, value] of HOSTILE) {
          const changed = replaced(argument as Record<string, unknown>, path, value);
          const { error, requests } = await callWith(row, index, changed);
          if (!(error instanceof ValidationError && requests.length === 0))
            outcomes.push(
              `argument ${index}, ${path.join('.')} as ${what}: ${requests.length} sent, ${error instanceof Error ? `${error.name}: ${error.message}` : 'no error'}`,
            );
        }
      }
    }
    expect(outcomes).toEqual([]);
  });
});
