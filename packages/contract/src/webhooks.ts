import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from './constants.ts';
import { safeText } from './text.ts';

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/** `https://…` (or `http://…`, which the server refuses in production); no credentials in it. */
const webhookUrlSchema = safeText()
  .trim()
  .max(WEBHOOK_LIMITS.urlMax)
  .pipe(z.url({ protocol: /^https?$/ }))
  // The URL check above reports an unparsable value; zod still runs this one, so it must not throw.
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'No user name or password in the URL');

const webhookEventsSchema = z
  .array(webhookEventSchema)
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookRequestSchema = z.strictObject({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: safeText().trim().max(WEBHOOK_LIMITS.descriptionMax).default(''),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** Any of the fields; `enabled: true` switches a webhook back on (after the server switched it off). */
export const updateWebhookRequestSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    description: safeText().trim().max(WEBHOOK_LIMITS.descriptionMax).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field',
  });
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** When the server switched it off after 24 hours of failed deliveries; null otherwise. */
  disabledAt: z.string().nullable(),
  /** Since when every delivery has failed; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);

/** The answer to a creation: the only time the signing secret (`whsec_…`) is shown. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookIdParamsSchema = z.object({ id: idSchema });
export const webhookDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: z.string().max(64) });

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header of every attempt. */
  id: z.string(),
  event: webhookEventSchema,
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  /** The last attempt's HTTP status; null when no answer came (refused, timed out, unreachable). */
  responseStatus: z.int().nullable(),
  durationMs: z.int().nullable(),
  /** Why the last attempt failed, in English for the log (the screen shows the status). */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);
