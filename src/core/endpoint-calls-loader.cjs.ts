/**
 * The CommonJS build's endpoint-calls-loader (tsup.config.ts resolves `./endpoint-calls-loader.js` here for the
 * `cjs` format): the same contract with a static import, for the reason verifier-loader.cjs.ts gives.
 */
import * as endpointCalls from './endpoint-calls.js';

export const loadEndpointCalls = (): Promise<typeof endpointCalls> => Promise.resolve(endpointCalls);
