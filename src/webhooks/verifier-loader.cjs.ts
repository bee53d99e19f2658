/**
 * The CommonJS build's verifier-loader (tsup.config.ts resolves `./verifier-loader.js` here for the `cjs` format):
 * the same contract with a static import. A dynamic one makes esbuild wrap the modules it reaches in lazy
 * initialisers, and Node's CommonJS export detection (cjs-module-lexer) then no longer finds the entry's names.
 */
import * as verifier from './verifier.js';

export const loadVerifier = (): Promise<typeof verifier> => Promise.resolve(verifier);
