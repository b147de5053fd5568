import { z } from 'zod';

/**
 * The years a date sent to the API may fall in, once its offset is applied (UTC). PostgreSQL has no
 * year 0 and node-postgres cannot send a five-digit year, so `0000-02-29T00:00:00Z` or
 * `9999-12-31T23:59:59-23:59` (year 10000 in UTC) used to reach the database and fail there (issue 9).
 */
export const DATE_YEARS = { min: 1900, max: 9999 } as const;

const inDateYears = (value: string): boolean => {
  const year = new Date(value).getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
};
const outOfYears = { message: `Dates must fall between the years ${DATE_YEARS.min} and ${DATE_YEARS.max} (UTC)` };

/** An ISO 8601 date-time with its offset (`Z` or `±hh:mm`): deadlines. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true }).refine(inDateYears, outOfYears);

/** A date-time or a bare day (`2026-03-01`, read as UTC): the bounds of a filter. */
export const isoDateOrDateTimeSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).refine(inDateYears, outOfYears);
