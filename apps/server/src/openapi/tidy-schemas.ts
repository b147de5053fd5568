type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Two shapes zod writes that are valid JSON Schema but that OpenAPI tools read badly, rewritten in place
 * without changing what they accept:
 * - a record with enum keys (`z.record(z.enum([...]), v)`) lists its keys in `required` and
 *   `propertyNames` only: each key also gets its `properties` entry, so generated clients type them;
 * - `anyOf` with an empty branch (`z.unknown().nullable()`) accepts anything: it becomes `{}`.
 */
export function tidySchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidySchemas(item);
    return;
  }
  if (!isObject(node)) return;
  for (const value of Object.values(node)) tidySchemas(value);
  const keys = isObject(node.propertyNames) ? node.propertyNames.enum : undefined;
  if (
    Array.isArray(keys) &&
    Array.isArray(node.required) &&
    !node.properties &&
    isObject(node.additionalProperties)
  ) {
    node.properties = Object.fromEntries(keys.map((key) => [String(key), node.additionalProperties]));
  }
  if (
    Array.isArray(node.anyOf) &&
    node.anyOf.some((branch) => isObject(branch) && Object.keys(branch).length === 0)
  ) {
    delete node.anyOf;
  }
}
