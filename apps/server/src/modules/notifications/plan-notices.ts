import { mentionedIds, type NotificationType } from '@jalon/contract';
import type { BatchPlan, CommentRow, TaskRow } from '../sync/batch-plan.ts';

/** Who a notice goes to: named people, or whoever watches its task once this write's watchers are added. */
export type NoticeAudience = { people: string[] } | 'watchers';

/** Something a write did that people are told of, before recipients and grouping are worked out. */
export interface Notice {
  taskId: string;
  type: Exclude<NotificationType, 'due_soon' | 'overdue'>;
  commentId: string | null;
  to: NoticeAudience;
}

/** What a write means for notifications: the watchers it adds and the notices it sends. */
export interface PlannedNotices {
  watchers: Array<{ taskId: string; userId: string }>;
  notices: Notice[];
}

/** The people a text newly mentions: in `after` and not in `before`. */
const newMentions = (before: string[], after: string[]): string[] =>
  after.filter((id) => !before.includes(id));

/**
 * Reads a written plan's tasks and comments against the rows the loader read before: a task created or
 * given an assignee, a status changed, a description or a comment that mentions someone new, a new
 * comment. Deleted rows tell nobody anything. Who actually receives what (not the actor, active members
 * who may see the task) is the writer's business.
 */
export function planNotices(plan: BatchPlan): PlannedNotices {
  const watchers: PlannedNotices['watchers'] = [];
  const notices: Notice[] = [];
  for (const id of plan.changed('task')) {
    const row = plan.liveTask(id);
    const created = plan.created('task').has(id);
    const before = created ? null : plan.stored<TaskRow>('task', id);
    // A sub-task moved along with its parent was never read by the loader: nothing of it changed for people.
    if (!row || (!created && !before)) continue;
    if (created && row.createdBy) watchers.push({ taskId: id, userId: row.createdBy });
    if (row.assigneeId && row.assigneeId !== before?.assigneeId) {
      watchers.push({ taskId: id, userId: row.assigneeId });
      notices.push({ taskId: id, type: 'assigned', commentId: null, to: { people: [row.assigneeId] } });
    }
    if (before && row.status !== before.status)
      notices.push({ taskId: id, type: 'status_changed', commentId: null, to: 'watchers' });
    const mentioned = newMentions(
      before ? mentionedIds(before.description) : [],
      mentionedIds(row.description),
    );
    if (mentioned.length > 0) {
      for (const userId of mentioned) watchers.push({ taskId: id, userId });
      notices.push({ taskId: id, type: 'mentioned', commentId: null, to: { people: mentioned } });
    }
  }
  for (const id of plan.changed('comment')) {
    const row = plan.rowsOf<CommentRow>('comment').get(id);
    if (!row || row.deletedAt) continue;
    const created = plan.created('comment').has(id);
    const before = created ? null : plan.stored<CommentRow>('comment', id);
    if (created) {
      if (row.createdBy) watchers.push({ taskId: row.taskId, userId: row.createdBy });
      notices.push({ taskId: row.taskId, type: 'commented', commentId: id, to: 'watchers' });
    }
    const mentioned = newMentions(before?.mentions ?? [], row.mentions);
    if (mentioned.length > 0) {
      for (const userId of mentioned) watchers.push({ taskId: row.taskId, userId });
      notices.push({ taskId: row.taskId, type: 'mentioned', commentId: id, to: { people: mentioned } });
    }
  }
  return { watchers, notices };
}
