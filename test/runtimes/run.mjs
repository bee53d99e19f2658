/**
 * Runs scenario.mjs in a runtime started as a child process (Node, Bun, Deno):
 *
 *   <runtime> test/runtimes/run.mjs '<input JSON>'
 *
 * The input names the SDK's entry points to import (file URLs of the built dist/index.js and dist/webhooks.js)
 * and the scenario's input. The result is printed as one line, `SCENARIO_RESULT <JSON>`, which the test reads.
 */
import { scenario } from './scenario.mjs';

const args = globalThis.Deno ? globalThis.Deno.args : globalThis.process.argv.slice(2);
const input = JSON.parse(args[0] ?? '{}');
const [sdk, webhooks] = await Promise.all([import(input.sdk), import(input.webhooks)]);
const result = await scenario({ sdk, webhooks }, input);
console.log(`SCENARIO_RESULT ${JSON.stringify(result)}`);
