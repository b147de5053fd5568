import { z } from 'zod';
import { AUDIT } from './constants.ts';
import { isoDateOrDateTimeSchema } from './dates.ts';
import { auditFamilySchema } from './enums.ts';
import { safeText } from './text.ts';

export const AUDIT_PAGE_MAX = 200;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: z.string(),
  user: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  ip: z.string(),
  userAgent: z.string(),
  resource: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  details: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditFilterSchema = z.strictObject({
  startDate: isoDateOrDateTimeSchema.optional(),
  endDate: isoDateOrDateTimeSchema.optional(),
  /** A family (`auth`) or a full dotted type (`auth.login.failed`). */
  type: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+)*$/)
    .max(64)
    .optional(),
  /** Matches the actor's name or e-mail. */
  user: safeText().max(254).optional(),
  resource: safeText().max(200).optional(),
  /** Free text over details, actor name and e-mail. */
  q: safeText().max(AUDIT.searchMax).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterSchema
  .extend({
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
    /** Entries with an id below this one (the `nextCursor` of the previous page). */
    before: z.coerce.number().int().positive().optional(),
  })
  .strict();
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditExportParamsSchema = z.object({ format: z.enum(['csv', 'pdf']) });

/** A time zone this runtime knows (an IANA name such as `Europe/Paris`). */
const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** An export's filters, and the viewer's time zone, in which the PDF prints its times (UTC without it). */
export const auditExportQuerySchema = auditFilterSchema
  .extend({
    timeZone: z.string().max(64).refine(isTimeZone, 'fuseau horaire inconnu').optional(),
  })
  .strict();

/** How many client events one session may record in a minute; beyond, 429 with Retry-After (issue 9). */
export const CLIENT_AUDIT_LIMIT = { perSession: 30, windowMs: 60_000 } as const;

/** Client-side events a signed-in user may record about themselves (never about someone else). */
export const clientAuditEventSchema = z
  .strictObject({
    type: z
      .string()
      .regex(/^(project|task|security|auth)\.client\.[a-z_]{1,40}$/, 'type must be <family>.client.<event>'),
    details: safeText().max(500).default(''),
    resource: safeText().max(200).optional(),
    // At most 20 keys: the refinement below checks it, the meta states it in the published document.
    metadata: z
      .record(safeText().max(40), z.union([safeText().max(200), z.number(), z.boolean(), z.null()]))
      .meta({ maxProperties: 20 })
      .optional(),
  })
  .refine((value) => !value.metadata || Object.keys(value.metadata).length <= 20, {
    message: 'at most 20 metadata keys',
  });

export const auditTrendsQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(90).default(7),
});
export const auditTrendsSchema = z.object({
  days: z.array(z.string()),
  byFamily: z.record(auditFamilySchema, z.array(z.int())),
  failures: z.array(z.int()),
});
export const auditSearchQuerySchema = z.strictObject({
  q: safeText().min(1).max(AUDIT.searchMax),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export const auditIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
