export interface CalendarDay {
  date: Date;
  inMonth: boolean;
}

/** The weeks (Monday first, as in France) that cover a month, days of the neighbouring months included. */
export function monthGrid(year: number, month: number): CalendarDay[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7;
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const weekCount = Math.ceil((offset + daysInMonth) / 7);
  return Array.from({ length: weekCount }, (_week, w) =>
    Array.from({ length: 7 }, (_day, d) => {
      const date = new Date(year, month, 1 - offset + w * 7 + d);
      return { date, inMonth: date.getMonth() === month };
    }),
  );
}
