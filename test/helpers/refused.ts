import { expect } from 'vitest';
import type { ValidationError } from '../../src/index.js';
import type { TestServer } from './http-server.js';
import { refusalOf } from './issues.js';

/**
 * Expects `call` to return a promise that rejects with a ValidationError whose issues are exactly `issues`
 * (`[path, message]`, the message as text or a pattern), and `server` to have received nothing.
 */
export async function expectRefused(
  server: TestServer,
  call: () => unknown,
  ...issues: [path: string, message: string | RegExp][]
): Promise<ValidationError> {
  const error = await refusalOf(call);
  const got = error.issues;
  expect(got.map((i) => i.path)).toEqual(issues.map(([p]) => p));
  for (const [i, [, message]] of issues.entries()) expect(got[i]?.message).toMatch(message);
  expect(server.requests).toHaveLength(0);
  return error;
}
