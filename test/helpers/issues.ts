import { expect } from 'vitest';
import { ValidationError, type ValidationIssue } from '../../src/index.js';

/** Calls `fn`, which must throw a `ValidationError`, and returns its issues (the test fails otherwise). */
export function issuesOf(fn: () => unknown): ValidationIssue[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues;
  }
  return expect.unreachable('expected a ValidationError');
}
