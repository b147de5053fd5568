import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  AUDIT_TYPES,
  WEBHOOK_LIMITS,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { users, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { enqueueJobs, type JobHandler } from '../outbox/outbox.ts';
import { sendOnce } from './send.ts';
import { newWebhookSecret, signedHeaders } from './signature.ts';
import { resolveTarget, TargetRefused, type TargetPolicy } from './target-guard.ts';
import { WEBHOOK_DELIVERY_JOB } from './webhook-events.ts';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Who switches a webhook off after a day of failures: the server itself. */
const SERVER_ACTOR: AuditActor = { id: null, email: null, name: null, ip: '', userAgent: 'jalon-webhooks' };

const present = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  description: row.description,
  enabled: row.enabled,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const presentDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event as WebhookEvent,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
});

/** A URL as the audit log shows it: without its query, which may carry a receiver's token. */
const shown = (url: string) => url.replace(/[?#].*$/, '');

/**
 * Administrators' webhooks ('Intégrations'): saved, listed, changed, deleted (with their log), and their
 * deliveries sent through the outbox by `deliveryHandler`. Writes are audited in their transaction.
 */
export class WebhookService {
  constructor(
    private readonly db: Db,
    private readonly secretBox: SecretBox,
    private readonly policy: TargetPolicy,
    /** The active administrators are told by mail when a webhook is switched off. */
    private readonly admins: { mail: MailQueue; publicUrl: string },
  ) {}

  async list(): Promise<Webhook[]> {
    return (await this.db.select().from(webhooks).orderBy(desc(webhooks.createdAt))).map(present);
  }

  /** Saves a webhook and answers its secret, the only time it is shown. */
  async create(adminId: string, input: CreateWebhookRequest, actor: AuditActor): Promise<CreatedWebhook> {
    await this.checkTarget(input.url);
    const secret = newWebhookSecret();
    const row = await this.db.transaction(async (tx) => {
      // Serialises creations, so two at once cannot both pass the count.
      await tx.execute(sql`lock table webhooks in share row exclusive mode`);
      const [{ total }] = (await tx.select({ total: count() }).from(webhooks)) as [{ total: number }];
      if (total >= WEBHOOK_LIMITS.maxWebhooks)
        throw new AppError(409, 'too_many_webhooks', `At most ${WEBHOOK_LIMITS.maxWebhooks} webhooks`);
      const [inserted] = await tx
        .insert(webhooks)
        .values({
          url: input.url,
          events: input.events!,
          description: input.description ?? '',
          secret: this.secretBox.seal(secret),
          createdBy: adminId,
        })
        .returning();
      await appendAudit(tx, {
        type: AUDIT_TYPES.webhookCreated,
        actor,
        outcome: 'success',
        resource: `webhook:${inserted!.id}`,
        details: `Webhook ajouté : ${shown(inserted!.url)}`,
        metadata: { events: inserted!.events },
      });
      return inserted!;
    });
    return { ...present(row), secret };
  }

  /** Changes a webhook; switching it on again forgets the failures that switched it off. */
  async update(id: string, change: UpdateWebhookRequest, actor: AuditActor): Promise<Webhook> {
    if (change.url !== undefined) await this.checkTarget(change.url);
    return this.db.transaction(async (tx) => {
      const current = await this.locked(tx, id);
      const [row] = await tx
        .update(webhooks)
        .set({
          ...(change.url !== undefined && { url: change.url }),
          ...(change.events !== undefined && { events: change.events }),
          ...(change.description !== undefined && { description: change.description }),
          ...(change.enabled !== undefined && {
            enabled: change.enabled,
            disabledAt: null,
            ...(change.enabled && !current.enabled && { failingSince: null }),
          }),
          updatedAt: new Date(),
        })
        .where(eq(webhooks.id, id))
        .returning();
      await appendAudit(tx, {
        type: AUDIT_TYPES.webhookUpdated,
        actor,
        outcome: 'success',
        resource: `webhook:${id}`,
        details: `Webhook modifié : ${shown(row!.url)}`,
        metadata: {
          fields: Object.keys(change).filter((key) => change[key as keyof typeof change] !== undefined),
        },
      });
      return present(row!);
    });
  }

  /** Deletes a webhook and its log; its deliveries still queued find nothing to send and end. */
  async remove(id: string, actor: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.locked(tx, id);
      await tx.delete(webhooks).where(eq(webhooks.id, id));
      await appendAudit(tx, {
        type: AUDIT_TYPES.webhookDeleted,
        actor,
        outcome: 'success',
        resource: `webhook:${id}`,
        details: `Webhook supprimé : ${shown(current.url)}`,
      });
    });
  }

  /** 'Journal des envois': the last 100 deliveries, newest first. */
  async deliveries(id: string): Promise<WebhookDelivery[]> {
    await this.locked(this.db, id, { lock: false });
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, id))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_LIMITS.journalSize);
    return rows.map(presentDelivery);
  }

  /**
   * 'Renvoyer': the same message (same `webhook-id`, same body) queued again for another day of tries. A
   * delivery still waiting for its next try is sent now instead, so one message never has two jobs.
   */
  async redeliver(id: string, deliveryId: string, actor: AuditActor): Promise<WebhookDelivery> {
    return this.db.transaction(async (tx) => {
      await this.locked(tx, id);
      const [delivery] = await tx
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, id)))
        .for('update');
      if (!delivery) throw notFound('Delivery');
      const now = new Date();
      if (delivery.status === 'pending') {
        await tx.execute(sql`
          update outbox_jobs set run_at = ${now}
           where kind = ${WEBHOOK_DELIVERY_JOB} and status = 'pending' and payload->>'deliveryId' = ${deliveryId}`);
      } else {
        await tx
          .update(webhookDeliveries)
          .set({ status: 'pending' })
          .where(eq(webhookDeliveries.id, deliveryId));
        await enqueueJobs(tx, [{ kind: WEBHOOK_DELIVERY_JOB, payload: { deliveryId } }], {
          now,
          giveUpAfterMs: WEBHOOK_LIMITS.retryForMs,
        });
      }
      await appendAudit(tx, {
        type: AUDIT_TYPES.webhookRedelivered,
        actor,
        outcome: 'success',
        resource: `webhook:${id}`,
        details: `Envoi ${deliveryId} renvoyé`,
      });
      return presentDelivery({ ...delivery, status: 'pending' });
    });
  }

  /** Sends one delivery; records the attempt, and after 24 hours of failures switches the webhook off. */
  readonly deliveryHandler: JobHandler = {
    run: async (job, { now, lastAttempt }) => {
      const deliveryId = String(job.payload.deliveryId);
      const [found] = await this.db
        .select({ delivery: webhookDeliveries, webhook: webhooks })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!found) return { ok: false, error: 'The webhook was deleted', final: true };
      const { delivery, webhook } = found;
      if (!webhook.enabled) {
        await this.db
          .update(webhookDeliveries)
          .set({ status: 'failed', error: 'The webhook is switched off' })
          .where(eq(webhookDeliveries.id, deliveryId));
        return { ok: false, error: 'The webhook is switched off', final: true };
      }
      const headers = signedHeaders(this.secretBox.open(webhook.secret), {
        id: delivery.id,
        timestamp: now,
        body: delivery.body,
      });
      const result = await sendOnce(webhook.url, headers, delivery.body, this.policy);
      await this.db.transaction(async (tx) => {
        await tx
          .update(webhookDeliveries)
          .set({
            status: result.ok ? 'delivered' : lastAttempt ? 'failed' : 'pending',
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            responseStatus: result.status,
            durationMs: result.durationMs,
            error: result.error,
            lastAttemptAt: now,
          })
          .where(eq(webhookDeliveries.id, deliveryId));
        if (result.ok) {
          await tx.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhook.id));
        } else {
          await this.recordFailure(tx, webhook.id, now);
        }
      });
      return result.ok ? { ok: true } : { ok: false, error: result.error ?? 'failed' };
    },
  };

  /**
   * A failed attempt: the webhook is failing since its first one; after 24 hours of nothing but failures it
   * is switched off, the audit log says so, and every active administrator is told by mail, queued in the
   * same transaction (they see it on 'Intégrations' too).
   */
  private async recordFailure(tx: Tx, webhookId: string, now: Date): Promise<void> {
    const [row] = await tx
      .update(webhooks)
      .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now})` })
      .where(eq(webhooks.id, webhookId))
      .returning();
    if (!row || !row.enabled || !row.failingSince) return;
    if (now.getTime() - row.failingSince.getTime() < WEBHOOK_LIMITS.retryForMs) return;
    await tx.update(webhooks).set({ enabled: false, disabledAt: now }).where(eq(webhooks.id, webhookId));
    await appendAudit(tx, {
      type: AUDIT_TYPES.webhookDisabled,
      actor: SERVER_ACTOR,
      outcome: 'failure',
      resource: `webhook:${webhookId}`,
      details: `Webhook désactivé après 24 h d’échecs : ${shown(row.url)}`,
      metadata: { failingSince: row.failingSince.toISOString() },
    });
    await this.tellAdmins(tx, shown(row.url));
  }

  private async tellAdmins(tx: Tx, url: string): Promise<void> {
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)));
    const page = `${this.admins.publicUrl}/admin/integrations`;
    for (const admin of admins)
      await this.admins.mail.queue(tx, {
        to: admin.email,
        subject: 'Jalon : un webhook a été désactivé',
        text: [
          'Bonjour,',
          '',
          `Le webhook ${url} n’a accepté aucun envoi depuis 24 heures : Jalon l’a désactivé.`,
          `Vérifiez le service qui le reçoit, puis réactivez le webhook dans Intégrations : ${page}`,
          '',
          'Le journal des envois dit ce que chaque tentative a reçu.',
        ].join('\n'),
      });
  }

  private async checkTarget(url: string): Promise<void> {
    try {
      await resolveTarget(url, this.policy);
    } catch (error) {
      if (error instanceof TargetRefused) throw new AppError(400, 'webhook_target_refused', error.message);
      throw error;
    }
  }

  private async locked(tx: Db | Tx, id: string, { lock = true } = {}): Promise<WebhookRow> {
    const query = tx.select().from(webhooks).where(eq(webhooks.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Webhook');
    return row;
  }
}
