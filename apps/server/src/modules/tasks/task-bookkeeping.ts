import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { taskCounts, taskEvents, type tasks } from '../../db/schema.ts';

type TaskFacts = Pick<typeof tasks.$inferSelect, 'id' | 'projectId' | 'status' | 'priority'>;
type EventKind = (typeof taskEvents.$inferInsert)['kind'];

/**
 * Derived data the dashboard reads instead of scanning tasks: live counts per (project, status,
 * priority), and the history of status moves. Written in the transaction of the task change, so they
 * are exactly as current as the tasks themselves.
 */
async function addCount(tx: Tx, task: TaskFacts, delta: number): Promise<void> {
  await tx
    .insert(taskCounts)
    .values({ projectId: task.projectId, status: task.status, priority: task.priority, count: delta })
    .onConflictDoUpdate({
      target: [taskCounts.projectId, taskCounts.status, taskCounts.priority],
      set: { count: sql`${taskCounts.count} + ${delta}` },
    });
}

async function addEvents(tx: Tx, task: TaskFacts, kinds: EventKind[], at: Date): Promise<void> {
  if (kinds.length === 0) return;
  await tx.insert(taskEvents).values(kinds.map((kind) => ({ taskId: task.id, projectId: task.projectId, kind, at })));
}

/** The history a status move writes: completion, reopening, or arrival in review. */
export function statusEvents(before: TaskFacts['status'] | null, after: TaskFacts['status']): EventKind[] {
  if (before === after) return [];
  if (after === 'done') return ['completed'];
  const events: EventKind[] = before === 'done' ? ['reopened'] : [];
  if (after === 'in_review') events.push('in_review');
  return events;
}

export async function recordTaskCreated(tx: Tx, task: TaskFacts, at: Date): Promise<void> {
  await addCount(tx, task, 1);
  await addEvents(tx, task, ['created', ...statusEvents(null, task.status)], at);
}

export async function recordTaskChanged(tx: Tx, before: TaskFacts, after: TaskFacts, at: Date): Promise<void> {
  if (before.projectId !== after.projectId || before.status !== after.status || before.priority !== after.priority) {
    await addCount(tx, before, -1);
    await addCount(tx, after, 1);
  }
  await addEvents(tx, after, statusEvents(before.status, after.status), at);
}

export async function recordTaskDeleted(tx: Tx, task: TaskFacts): Promise<void> {
  await addCount(tx, task, -1);
}

export async function forgetProjectCounts(tx: Tx, projectId: string): Promise<void> {
  await tx.delete(taskCounts).where(eq(taskCounts.projectId, projectId));
}
