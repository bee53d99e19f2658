/// <reference types="vite/client" />
/**
 * Endpoint coverage: every row of test/fixtures/endpoints.tsv (a copy of the service's endpoint list) has a
 * recipe in ./recipes/ (the contract is ./recipe.ts). For each row the SDK method named by `sdk_method`
 * must exist, be the method the recipe calls, and produce exactly the row's HTTP method and path.
 */
import { describe, expect, it } from 'vitest';
import { endpointRows, pathPattern, resolveMethod } from '../helpers/endpoints.js';
import { recordingClient } from '../helpers/recording-fetch.js';
import type { Recipe, Recipes } from './recipe.js';

const rows = endpointRows;

const files = import.meta.glob<{ recipes: Recipes }>('./recipes/*.ts', { eager: true });
const recipes = new Map<number, { recipe: Recipe; file: string }>();
const duplicates: string[] = [];
for (const [file, mod] of Object.entries(files)) {
  for (const [n, recipe] of Object.entries(mod.recipes)) {
    const seen = recipes.get(Number(n));
    if (seen) duplicates.push(`row ${n} in ${seen.file} and ${file}`);
    recipes.set(Number(n), { recipe, file });
  }
}

it('reads all 95 rows of the endpoint list', () => {
  expect(rows).toHaveLength(95);
  expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 95 }, (_, i) => i + 1));
});

it('every row has a recipe', () => {
  expect(rows.filter((r) => !recipes.has(r.n)).map((r) => r.n)).toEqual([]);
});

it('every recipe names a row of the list, and no row has two recipes', () => {
  expect([...recipes.keys()].filter((n) => !rows.some((r) => r.n === n))).toEqual([]);
  expect(duplicates).toEqual([]);
});

describe.each(rows.filter((r) => recipes.has(r.n)))('row $n: $method $path → $sdkMethod', (row) => {
  it('exists, is the method the recipe calls, and sends exactly that method and path', async () => {
    const { recipe } = recipes.get(row.n) as { recipe: Recipe };
    const reply = recipe.response ?? { status: 200, body: { data: [] } };
    const { prs, requests } = recordingClient(reply);

    const { owner, name } = resolveMethod(prs, row.sdkMethod);
    expect(typeof owner?.[name], `${row.sdkMethod} is a method of the client`).toBe('function');
    // Count calls of exactly this method, so a recipe cannot reach the path through another one.
    const original = owner[name] as (...args: unknown[]) => unknown;
    let calls = 0;
    owner[name] = function (this: unknown, ...args: unknown[]) {
      calls += 1;
      return original.apply(this, args);
    };

    await recipe.call(prs);
    expect(calls, `the recipe calls ${row.sdkMethod}`).toBeGreaterThan(0);
    expect(requests.length, 'a request was sent').toBeGreaterThan(0);
    const first = requests[0] as (typeof requests)[number];
    expect(first.method).toBe(row.method);
    expect(first.path).toMatch(pathPattern(row.path));
  });
});
