// Dates as the French UI shows them. Deadlines are instants; a deadline picked as a day means the end
// of that day where the user is, and a deadline is drawn on the day it falls on where the user is.
//
// The patterns are written out here, not asked of Intl.DateTimeFormat: the first Intl formatter of a page
// loads ICU's locale data, 70 to 90 ms of main thread on Lighthouse's phone (issue 17, decision 0041), on
// every screen's first render, and the app only ever shows these few French patterns. dates.test.ts checks
// each one against Intl's fr-FR output.

import { DATE_YEARS, DATE_YEARS_MESSAGE } from '@jalon/contract/plain';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
] as const;

const pad = (value: number): string => String(value).padStart(2, '0');

const toDate = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value));

/** '15 janvier 2030'; '' for a value that is not a date. */
export function formatDay(value: string | Date): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime())
    ? ''
    : `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** '15 janv.', for a date close enough that its year goes without saying. */
export const formatDayShort = (date: Date): string => `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]}`;

/** 'mars 2030'. */
export const formatMonth = (date: Date): string => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

const clock = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** '14:05', for a moment later today (the end of a sign-in lock). */
export const formatClock = (ms: number): string => clock(new Date(ms));

/** '14:05:09', for a moment later today (a retry time). */
export const formatTime = (ms: number): string => {
  const date = new Date(ms);
  return `${clock(date)}:${pad(date.getSeconds())}`;
};

const numericDay = (date: Date): string =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

/** '15/01/2030 14:05' for a stored instant; the value itself if it is not one. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${numericDay(date)} ${clock(date)}`;
}

/** '15/01/2030 14:05:09': the journal orders events within a minute too, so seconds are shown. */
export function formatDateTimeSeconds(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${numericDay(date)} ${clock(date)}:${pad(date.getSeconds())}`;
}

/** `YYYY-MM-DD` of the local day a moment falls on. */
export const localDayKey = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * A `<input type="date">` value (`YYYY-MM-DD`) as the last millisecond of that local day, in ISO; null
 * for a value that is not a day or falls outside the years the API accepts. Nothing is moved into range:
 * `new Date(1, 0, 1)` means 1901, which once turned a deadline typed in year 0001 into 1 January 1901.
 */
export function endOfDayIso(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(2000, 0, 1, 23, 59, 59, 999);
  date.setFullYear(year, month, dayOfMonth);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== month) return null;
  const utcYear = date.getUTCFullYear();
  return utcYear >= DATE_YEARS.min && utcYear <= DATE_YEARS.max ? date.toISOString() : null;
}

/** The message under a date field whose value the API would refuse; null when it is empty or accepted. */
export const dayFieldError = (day: string): string | null =>
  day === '' || endOfDayIso(day) !== null ? null : DATE_YEARS_MESSAGE;
