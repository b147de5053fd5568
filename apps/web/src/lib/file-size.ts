const UNITS = ['Ko', 'Mo', 'Go'] as const;

/**
 * A file's size as French readers write it (decision 0041: written out, not asked of Intl): '512 octets',
 * '1,5 Ko', '25 Mo', base 1024, one decimal when there is one, a no-break space before the unit.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}\u00a0${bytes < 2 ? 'octet' : 'octets'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const tenths = Math.round(value * 10);
  const text = tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)},${tenths % 10}`;
  return `${text}\u00a0${UNITS[unit]}`;
}
