/**
 * Schemas made on first use rather than at import (a cold start builds only what a call needs): one mechanism,
 * a value made once, and the same as an object's enumerable property.
 */

/** `make()` called on the first call only; every call returns that value. */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/** Defines `key` on `target` as an enumerable property whose value `make()` gives on its first read. */
export function defineLazy<T extends object>(target: T, key: string, make: () => unknown): T {
  Object.defineProperty(target, key, { enumerable: true, get: once(make) });
  return target;
}
