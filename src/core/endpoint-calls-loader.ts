/**
 * Loads what a call does with its row (`endpoint-calls.ts`: the endpoint table, the schemas, the codec, zod) on the
 * first call: a dynamic `import()`, which bundlers put in a chunk of its own and which Node evaluates only then, so
 * that importing the package and constructing a client stay cheap. The CommonJS build uses
 * endpoint-calls-loader.cjs.ts instead (tsup.config.ts).
 */
export const loadEndpointCalls = (): Promise<typeof import('./endpoint-calls.js')> => import('./endpoint-calls.js');
