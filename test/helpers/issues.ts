import { expect } from 'vitest';
import { ValidationError, type ValidationIssue } from '../../src/index.js';

/**
 * Calls `call`, which must return a promise (not throw) that rejects with a `ValidationError`, and returns
 * that error; the test fails otherwise.
 */
export async function refusalOf(call: () => unknown): Promise<ValidationError> {
  let returned: unknown;
  try {
    returned = call();
  } catch (error) {
    return expect.unreachable(`threw synchronously instead of returning a rejected promise: ${String(error)}`);
  }
  expect(typeof (returned as PromiseLike<unknown> | undefined)?.then, 'the call returns a promise').toBe('function');
  const error = await (returned as PromiseLike<unknown>).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

/** The issues of the `ValidationError` that the promise returned by `call` rejects with (see `refusalOf`). */
export async function issuesOf(call: () => unknown): Promise<ValidationIssue[]> {
  return (await refusalOf(call)).issues;
}

/** Calls `call`, which must throw a `ValidationError` at once (a helper's or a constructor's), and returns it. */
export function thrownValidationError(call: () => unknown): ValidationError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  return expect.unreachable('nothing was thrown');
}
