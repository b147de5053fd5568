import type { taskEvents, tasks } from '../../db/schema.ts';

type EventKind = (typeof taskEvents.$inferInsert)['kind'];

/**
 * The history of status moves the dashboard reads instead of scanning tasks (beside its live counts per
 * project, status and priority, which the writer keeps): completion, reopening, or arrival in review.
 */
export function statusEvents(
  before: (typeof tasks.$inferSelect)['status'] | null,
  after: (typeof tasks.$inferSelect)['status'],
): EventKind[] {
  if (before === after) return [];
  if (after === 'done') return ['completed'];
  const events: EventKind[] = before === 'done' ? ['reopened'] : [];
  if (after === 'in_review') events.push('in_review');
  return events;
}
