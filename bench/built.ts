/**
 * Imported first by every benchmark of the SDK. tsconfig.json maps `portfolio-reporting` to src/ for the
 * tests, and tsx honours the mapping: a benchmark run with it would measure the sources through tsx's
 * transform, not the built package users install. bench/tsconfig.json has no mapping; run.ts uses it.
 */
if (!import.meta.resolve('portfolio-reporting').includes('/dist/'))
  throw new Error('run the benchmark as `npx tsx --tsconfig bench/tsconfig.json bench/<name>.ts` (after `npx tsup`)');
