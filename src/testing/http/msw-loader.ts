/**
 * msw, the optional peer dependency, loaded once when the testing entry is imported (a top-level await in the
 * ESM build; the CommonJS build swaps this file for msw-loader.cjs.ts, which requires it). Without msw the
 * mock still works over real HTTP (`mock.listen()`); only `mock.handlers` needs it, and says how to get it.
 */
import type * as Msw from 'msw';
import { MISSING } from './msw-missing.js';

let loaded: typeof Msw | undefined;
try {
  loaded = await import('msw');
} catch {
  loaded = undefined;
}

/** The msw module, or an error naming the install command. */
export function msw(): typeof Msw {
  if (!loaded) throw new Error(MISSING);
  return loaded;
}

export { MISSING };
