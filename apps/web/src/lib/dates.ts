// Dates as the French UI shows them. Deadlines are instants; a deadline picked as a day means the end
// of that day where the user is, and a deadline is drawn on the day it falls on where the user is.

const dayFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric' });

export function formatDay(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

export const formatMonth = (date: Date): string => monthFormat.format(date);

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** '14:05:09', for a moment later today (a retry time). */
export const formatTime = (ms: number): string => timeFormat.format(new Date(ms));

const pad = (value: number): string => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of the local day a moment falls on. */
export const localDayKey = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A `<input type="date">` value (`YYYY-MM-DD`) as the last millisecond of that local day, in ISO. */
export function endOfDayIso(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
