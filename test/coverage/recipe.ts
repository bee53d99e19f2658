/**
 * The contract of the endpoint coverage test (test/coverage/endpoints.test.ts): for each row of
 * test/fixtures/endpoints.tsv, a recipe file in test/coverage/recipes/ says how to call its SDK method and
 * what the stub service answers. The test asserts the method exists under the row's `sdk_method` name and
 * that the call produces exactly the row's HTTP method and path (version prefix included).
 */
import type { PortfolioReporting } from '../../src/index.js';

export interface Recipe {
  /** Calls the row's SDK method (use ids like 'id1'; every path placeholder must be filled). */
  call: (prs: PortfolioReporting) => PromiseLike<unknown>;
  /** What the stub answers (default: 200 with `{ data: [] }`). Give a body that decodes for the method. */
  response?: { status: number; body?: unknown; headers?: Record<string, string> };
}

/** A recipe file exports `recipes`, keyed by the row number (`#`) of endpoints.tsv. */
export type Recipes = Record<number, Recipe>;
