import { expect } from 'vitest';
import { ValidationError } from '../../src/index.js';
import type { TestServer } from './http-server.js';

/**
 * Expects `call` to fail with a ValidationError whose issues are exactly `issues` (`[path, message]`, the
 * message as text or a pattern), whether it throws or rejects, and `server` to have received nothing.
 */
export async function expectRefused(
  server: TestServer,
  call: () => unknown,
  ...issues: [path: string, message: string | RegExp][]
): Promise<ValidationError> {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ValidationError);
  const got = (error as ValidationError).issues;
  expect(got.map((i) => i.path)).toEqual(issues.map(([p]) => p));
  for (const [i, [, message]] of issues.entries()) expect(got[i]?.message).toMatch(message);
  expect(server.requests).toHaveLength(0);
  return error as ValidationError;
}
