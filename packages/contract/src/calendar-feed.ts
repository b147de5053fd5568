import { z } from 'zod';

/** POST /api/me/calendar-feed: the feed's secret address, shown this once (only its hash is kept). */
export const calendarFeedCreatedSchema = z.object({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** GET /api/me/calendar-feed: whether the person has a live feed (its address cannot be shown again). */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedRevokedSchema = z.object({ revoked: z.boolean() });

/** GET /api/calendar/{file}: the secret (256 bits, base64url) and the `.ics` calendar apps expect. */
export const calendarFeedParamsSchema = z.strictObject({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'The feed’s secret followed by .ics'),
});
