/**
 * Members named by a caller's data (a relationship, a query parameter, a CSV column) are written and read as own
 * members: `target[name] = value` with the name `__proto__` sets the object's prototype instead (the member is lost,
 * and a nested write reaches `Object.prototype`), and `target[name]` with `constructor` or `toString` reads a member
 * every object inherits.
 */

/** `target[key] = value` as an own, enumerable data member, also for `__proto__`. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** `target[key]` when it is an own member, else undefined (never an inherited one). */
export function getOwn(target: object, key: string): unknown {
  return Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined;
}
