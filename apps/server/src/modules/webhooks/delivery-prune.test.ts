import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '@jalon/contract';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { DeliveryPrune } from './delivery-prune.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const DAY_MS = 24 * 3_600_000;

describe("the journal's pruning", () => {
  it('deletes delivered rows past 30 days and failed ones past their retention, never a pending one', async () => {
    const now = new Date();
    const [hook] = await ctx.db
      .insert(webhooks)
      .values({ url: 'https://example.org/hook', events: ['task.created'], secret: 'sealed' })
      .returning();
    const aged = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const rows = [
      ['old-delivered', 'delivered', WEBHOOK_LIMITS.deliveredRetentionDays + 1],
      ['young-delivered', 'delivered', WEBHOOK_LIMITS.deliveredRetentionDays - 1],
      ['failed-in-retention', 'failed', WEBHOOK_LIMITS.deliveredRetentionDays + 1],
      ['old-failed', 'failed', WEBHOOK_LIMITS.failedRetentionDays + 1],
      ['old-pending', 'pending', WEBHOOK_LIMITS.failedRetentionDays + 1],
    ] as const;
    await ctx.db.insert(webhookDeliveries).values(
      rows.map(([id, status, days]) => ({
        id,
        webhookId: hook!.id,
        event: 'task.created',
        body: '{}',
        status,
        createdAt: aged(days),
      })),
    );

    const prune = new DeliveryPrune(ctx.db);
    expect(await prune.runOnce(now)).toBe(2);
    const left = await ctx.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(left.map((row) => row.id).sort()).toEqual([
      'failed-in-retention',
      'old-pending',
      'young-delivered',
    ]);
    // A second pass finds nothing more: instances running it one after the other do no harm.
    expect(await prune.runOnce(now)).toBe(0);
  });
});
