// List responses have come in several shapes; read them tolerantly rather than failing.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Items in `data.data.items`, `data.items`, `data.data` or `data` as an array, or the body itself. */
export function readList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  const data = body.data;
  if (Array.isArray(data)) return data;
  if (!isRecord(data)) return [];
  if (Array.isArray(data.items)) return data.items;
  if (Array.isArray(data.data)) return data.data;
  if (isRecord(data.data) && Array.isArray(data.data.items)) return data.data.items;
  return [];
}
