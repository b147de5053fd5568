import { sql, type SQL } from 'drizzle-orm';

/**
 * Who may be told of a task, as SQL joins (one team: every active member sees every live project and its
 * live tasks, projects/policy.ts). Every notification read, written or mailed goes through these, so a
 * deleted task, a task of a deleted project or a deactivated member is never told of, nor to.
 *
 * `taskId` and `userId` are the columns (aliases are the callers' constants, never input) naming the task
 * and the person; the joined task is `t`, its project `p`, the person `u`.
 */
export const visibleTaskTo = (taskId: string, userId: string): SQL =>
  sql.raw(`
  join users u on u.id = ${userId} and u.deactivated_at is null
  join tasks t on t.id = ${taskId} and t.deleted_at is null
  join projects p on p.id = t.project_id and p.deleted_at is null`);
