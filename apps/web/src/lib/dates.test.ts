import { describe, expect, it } from 'vitest';
import { endOfDayIso, formatDay, formatMonth, localDayKey } from './dates.ts';

describe('dates (TZ=UTC)', () => {
  it('sends a picked day as the end of that day', () => {
    expect(endOfDayIso('2030-02-28')).toBe('2030-02-28T23:59:59.999Z');
    expect(endOfDayIso('')).toBeNull();
    expect(endOfDayIso('28/02/2030')).toBeNull();
  });

  it('formats days and months in French', () => {
    expect(formatDay('2030-01-15T10:00:00.000Z')).toBe('15 janvier 2030');
    expect(formatDay('not a date')).toBe('');
    expect(formatMonth(new Date('2030-03-01T00:00:00Z'))).toBe('mars 2030');
    expect(localDayKey(new Date('2030-03-09T23:00:00Z'))).toBe('2030-03-09');
  });
});
