/**
 * The CommonJS build's msw-loader (tsup.config.ts resolves `./msw-loader.js` here for the `cjs` format): the
 * same contract without a top-level await, which CommonJS cannot have.
 */
import type * as Msw from 'msw';
import { MISSING } from './msw-missing.js';

let loaded: typeof Msw | undefined;
try {
  loaded = require('msw') as typeof Msw;
} catch {
  loaded = undefined;
}

/** The msw module, or an error naming the install command. */
export function msw(): typeof Msw {
  if (!loaded) throw new Error(MISSING);
  return loaded;
}

export { MISSING };
