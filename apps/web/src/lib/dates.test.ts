import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayFieldError,
  endOfDayIso,
  formatClock,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatDayShort,
  formatMonth,
  formatTime,
  localDayKey,
} from './dates.ts';

// The patterns are written out by hand (decision 0041); each must read exactly as Intl's fr-FR formatter
// writes it, for any instant from 1970 to 2200.
const intl = (options: Intl.DateTimeFormatOptions) => {
  const formatter = new Intl.DateTimeFormat('fr-FR', options);
  return (date: Date) => formatter.format(date);
};
const instants = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2200-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('dates (TZ=UTC)', () => {
  it('sends a picked day as the end of that day', () => {
    expect(endOfDayIso('2030-02-28')).toBe('2030-02-28T23:59:59.999Z');
    expect(endOfDayIso('')).toBeNull();
    expect(endOfDayIso('28/02/2030')).toBeNull();
  });

  it('refuses a day outside the years 1900 to 9999 instead of moving it into them', () => {
    expect(endOfDayIso('0001-01-01')).toBeNull();
    expect(endOfDayIso('1899-12-31')).toBeNull();
    expect(endOfDayIso('1900-01-01')).toBe('1900-01-01T23:59:59.999Z');
    expect(endOfDayIso('9999-12-31')).toBe('9999-12-31T23:59:59.999Z');
    expect(endOfDayIso('2030-02-30')).toBeNull();
    expect(dayFieldError('0001-01-01')).toBe('La date doit être comprise entre les années 1900 et 9999.');
    expect(dayFieldError('')).toBeNull();
    expect(dayFieldError('2030-02-28')).toBeNull();
  });

  it('formats days, months and moments in French', () => {
    expect(formatDay('2030-01-15T10:00:00.000Z')).toBe('15 janvier 2030');
    expect(formatDay('not a date')).toBe('');
    expect(formatDayShort(new Date('2030-02-01T10:00:00Z'))).toBe('1 févr.');
    expect(formatMonth(new Date('2030-03-01T00:00:00Z'))).toBe('mars 2030');
    expect(formatClock(Date.parse('2030-03-01T07:05:09Z'))).toBe('07:05');
    expect(formatTime(Date.parse('2030-03-01T07:05:09Z'))).toBe('07:05:09');
    expect(formatDateTime('2030-03-01T07:05:09Z')).toBe('01/03/2030 07:05');
    expect(formatDateTimeSeconds('2030-03-01T17:05:09Z')).toBe('01/03/2030 17:05:09');
    expect(localDayKey(new Date('2030-03-09T23:00:00Z'))).toBe('2030-03-09');
  });

  it('shows a stored value that is not an instant as it is', () => {
    expect(formatDateTime('bientôt')).toBe('bientôt');
    expect(formatDateTimeSeconds('')).toBe('');
  });

  it('writes every instant exactly as Intl fr-FR does', () => {
    const expected = {
      day: intl({ day: 'numeric', month: 'long', year: 'numeric' }),
      dayShort: intl({ day: 'numeric', month: 'short' }),
      month: intl({ month: 'long', year: 'numeric' }),
      clock: intl({ hour: '2-digit', minute: '2-digit' }),
      time: intl({ hour: '2-digit', minute: '2-digit', second: '2-digit' }),
      dateTime: intl({ dateStyle: 'short', timeStyle: 'short' }),
      dateTimeSeconds: intl({ dateStyle: 'short', timeStyle: 'medium' }),
    };
    fc.assert(
      fc.property(instants, (date) => {
        const iso = date.toISOString();
        expect(formatDay(iso)).toBe(expected.day(date));
        expect(formatDayShort(date)).toBe(expected.dayShort(date));
        expect(formatMonth(date)).toBe(expected.month(date));
        expect(formatClock(date.getTime())).toBe(expected.clock(date));
        expect(formatTime(date.getTime())).toBe(expected.time(date));
        expect(formatDateTime(iso)).toBe(expected.dateTime(date));
        expect(formatDateTimeSeconds(iso)).toBe(expected.dateTimeSeconds(date));
      }),
      { numRuns: 2000 },
    );
  });

  it('names every month as Intl fr-FR does', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2030, month, 1, 12));
      expect(formatMonth(date)).toBe(intl({ month: 'long', year: 'numeric' })(date));
      expect(formatDayShort(date)).toBe(intl({ day: 'numeric', month: 'short' })(date));
    }
  });
});
