import { z } from 'zod';
import { DATE_YEARS, DATE_YEARS_MESSAGE } from './constants.ts';

const inDateYears = (value: string): boolean => {
  const year = new Date(value).getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
};
// Refused with the same French sentence the forms show under the field: nothing is moved into the range.
const outOfYears = { message: DATE_YEARS_MESSAGE };

/** An ISO 8601 date-time with its offset (`Z` or `±hh:mm`): deadlines. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true }).refine(inDateYears, outOfYears);

/** A date-time or a bare day (`2026-03-01`, read as UTC): the bounds of a filter. */
export const isoDateOrDateTimeSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .refine(inDateYears, outOfYears);
