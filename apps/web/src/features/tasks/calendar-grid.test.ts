import { describe, expect, it } from 'vitest';
import { localDayKey } from '../../lib/dates.ts';
import { monthGrid } from './calendar-grid.ts';

describe('month grid', () => {
  it('starts on Monday and covers the whole month', () => {
    // January 2030 starts on a Tuesday and has 31 days: five weeks, from Monday 31 December.
    const weeks = monthGrid(2030, 0);
    expect(weeks).toHaveLength(5);
    expect(localDayKey(weeks[0]![0]!.date)).toBe('2029-12-31');
    expect(weeks[0]![0]!.inMonth).toBe(false);
    expect(localDayKey(weeks[0]![1]!.date)).toBe('2030-01-01');
    expect(localDayKey(weeks[4]![6]!.date)).toBe('2030-02-03');
    expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(31);
  });

  it('needs six weeks for a month that starts on Sunday', () => {
    // September 2030 starts on a Sunday.
    expect(monthGrid(2030, 8)).toHaveLength(6);
  });
});
