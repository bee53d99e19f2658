/**
 * Loads the webhook verifier on first use: a dynamic `import()`, which bundlers put in a chunk of its own, so that
 * a client that never verifies a delivery never loads it. The CommonJS build uses verifier-loader.cjs.ts instead
 * (tsup.config.ts): Node only, where size does not count, and a static import keeps its exports readable.
 */
export const loadVerifier = (): Promise<typeof import('./verifier.js')> => import('./verifier.js');
