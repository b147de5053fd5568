import { randomUUID } from 'node:crypto';
import { and, arrayOverlaps, eq } from 'drizzle-orm';
import { isOneOf, WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEvent } from '@jalon/contract';
import type { Tx } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { enqueueJobs } from '../outbox/outbox.ts';

/** The outbox's kind for one webhook delivery (its payload: `{deliveryId}`). */
export const WEBHOOK_DELIVERY_JOB = 'webhook.delivery';

/** Something that happened, named as webhooks name it, with the entity as the API answers it. */
export interface Occurrence {
  type: string;
  data: unknown;
}

/** A message id in the Standard Webhooks form: the `webhook-id` header, a delivery's id. */
export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Queues a delivery to every switched-on webhook that asked for each event, in the caller's transaction
 * (the one that makes the change): the delivery exists if and only if the change commits. Names that are
 * not webhook events (the audit's other types) are ignored, so a writer may hand over everything it did.
 * The body is the Standard Webhooks payload: `{type, timestamp, data}`.
 */
export async function queueWebhookEvents(tx: Tx, occurrences: Occurrence[], at: Date): Promise<void> {
  const wanted = occurrences.filter((occurrence): occurrence is Occurrence & { type: WebhookEvent } =>
    isOneOf(WEBHOOK_EVENTS, occurrence.type),
  );
  if (wanted.length === 0) return;
  const targets = await tx
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.enabled, true),
        arrayOverlaps(webhooks.events, [...new Set(wanted.map((occurrence) => occurrence.type))]),
      ),
    );
  if (targets.length === 0) return;
  const rows = wanted.flatMap((occurrence) => {
    const body = JSON.stringify({
      type: occurrence.type,
      timestamp: at.toISOString(),
      data: occurrence.data,
    });
    return targets
      .filter((target) => target.events.includes(occurrence.type))
      .map((target) => ({
        id: newMessageId(),
        webhookId: target.id,
        event: occurrence.type,
        body,
        createdAt: at,
      }));
  });
  await tx.insert(webhookDeliveries).values(rows);
  await enqueueJobs(
    tx,
    rows.map((row) => ({ kind: WEBHOOK_DELIVERY_JOB, payload: { deliveryId: row.id } })),
    { now: at, giveUpAfterMs: WEBHOOK_LIMITS.retryForMs },
  );
}
