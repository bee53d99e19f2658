/** A non-null object that is not an array: what a JSON object is once parsed (its prototype is not asked). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
