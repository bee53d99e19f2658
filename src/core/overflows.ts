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
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
