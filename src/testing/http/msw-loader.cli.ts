/**
 * The command line's msw-loader (tsup.config.ts resolves `./msw-loader.js` here for `cli.js`): its mock serves over
 * HTTP and never builds msw handlers, so msw is not imported. With msw installed (a project's dev dependency), the
 * ESM loader's top-level import cost every command, `load` included, ~0.2 s of CPU before it began. Same exports.
 */
import type * as Msw from 'msw';
import { MISSING } from './msw-missing.js';

/** Never called by the command line; it would say what `mock.handlers` needs, as the loader does. */
export function msw(): typeof Msw {
  throw new Error(MISSING);
}

export { MISSING };
