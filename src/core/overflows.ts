/**
 * Work that recurses once per level of a value the caller or the service gave (zod's checks, the generated
 * response checks, issue collection, `JSON.stringify`) runs out of stack on a value nested deeply enough: JSON.parse
 * reads any depth. Such work runs through here, so that the depth becomes an answer, never a `RangeError`.
 */

/** `run()`, or `undefined` when it overflowed the stack. */
export function overflows<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (isStackOverflow(error)) return undefined;
    throw error;
  }
}

/**
 * Whether `error` is the engine's stack overflow (V8's and JavaScriptCore's `RangeError: Maximum call stack size
 * exceeded`, SpiderMonkey's `InternalError: too much recursion`), not a `RangeError` the caller's own code threw
 * while its input was read (a getter, a Proxy trap, `toJSON`): that one is theirs and reaches them as it is.
 */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof Error && /call stack|too much recursion/i.test(error.message);
}
