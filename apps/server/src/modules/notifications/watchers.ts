import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * 'Suivre' / 'Ne plus suivre': a person's own choice for a live task, kept over the automatic one (an
 * unfollow stays, so commenting again does not make them a watcher again).
 */
export class TaskWatchers {
  constructor(private readonly db: Db) {}

  async set(userId: string, taskId: string, watching: boolean): Promise<boolean> {
    const result = await this.db.execute(sql`
      insert into task_watchers (task_id, user_id, watching, updated_at)
      select t.id, ${userId}::uuid, ${watching}, now()
        from tasks t join projects p on p.id = t.project_id and p.deleted_at is null
       where t.id = ${taskId}::uuid and t.deleted_at is null
      on conflict (task_id, user_id) do update set watching = excluded.watching, updated_at = excluded.updated_at
      returning watching`);
    if (result.rows.length === 0) throw notFound('Task');
    return watching;
  }

  async isWatching(userId: string, taskId: string): Promise<boolean> {
    const result = await this.db.execute<{ watching: boolean }>(
      sql`select watching from task_watchers where task_id = ${taskId}::uuid and user_id = ${userId}::uuid`,
    );
    return result.rows[0]?.watching === true;
  }
}
