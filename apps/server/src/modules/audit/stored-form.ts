/**
 * What the database keeps of a value, computed before it is written, so that an audit row's hash covers
 * exactly what is stored and the row verifies when it is read back (issue 31). Two things change on the
 * way in: node-postgres sends text as UTF-8, where a lone surrogate cannot exist, so it arrives as
 * U+FFFD; and PostgreSQL refuses NUL in text and in jsonb (and a lone surrogate escape in jsonb), which
 * would fail the whole transaction. Both are settled here, the NUL written out as `\x00` like the other
 * control characters of an audit row.
 */
export function storedText(value: string): string {
  // Through UTF-8 as the driver sends it: each lone surrogate becomes U+FFFD, the rest is unchanged.
  return Buffer.from(value, 'utf8').toString('utf8').replaceAll('\u0000', '\\x00');
}

/** A JSON value as jsonb gives it back: every key and string in its stored form, nothing undefined. */
export function storedJson(value: unknown): unknown {
  if (typeof value === 'string') return storedText(value);
  if (Array.isArray(value)) return value.map(storedJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        storedText(key),
        storedJson(item),
      ]),
    );
  }
  return value;
}
