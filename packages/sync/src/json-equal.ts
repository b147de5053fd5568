/**
 * Deep equality of JSON values (null, booleans, numbers, strings, arrays, plain objects). Rows and
 * patches come from JSON, so key order is not meaningful and an `undefined` property counts as absent,
 * the way JSON.stringify would drop it.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => jsonEqual(item, b[index]))
    );
  }
  const left = definedKeys(a);
  const right = definedKeys(b);
  const record = b as Record<string, unknown>;
  return (
    left.length === right.length &&
    left.every((key) => key in record && jsonEqual((a as Record<string, unknown>)[key], record[key]))
  );
}

function definedKeys(value: object): string[] {
  return Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .map(([key]) => key);
}
