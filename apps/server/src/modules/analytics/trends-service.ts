import { sql } from 'drizzle-orm';
import type { Trends } from '@jalon/contract';
import type { Db } from '../../db/client.ts';

const DAY = 86_400_000;

/**
 * Per-day series over the last `days` days (UTC, oldest first), from the task history: creations,
 * completions, moves to review and reopenings (task_events), and tasks that became overdue that day
 * (deadline on that day, already past, and not completed before it).
 */
export async function taskTrends(
  db: Db,
  days: number,
  projectId: string | undefined,
  now = new Date(),
): Promise<Trends> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const project = projectId ?? null;
  const result = await db.execute<{ day: string; kind: string; n: number }>(sql`
    select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, kind, count(*)::int as n
    from task_events
    where at >= ${start} and at <= ${now} and (${project}::uuid is null or project_id = ${project}::uuid)
    group by 1, 2
    union all
    select to_char(deadline at time zone 'UTC', 'YYYY-MM-DD'), 'overdue', count(*)::int
    from tasks
    where deleted_at is null and deadline >= ${start} and deadline < ${now}
      and (completed_at is null or completed_at > deadline)
      and (${project}::uuid is null or project_id = ${project}::uuid)
    group by 1`);
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(start.getTime() + i * DAY).toISOString().slice(0, 10),
  );
  const series = {
    created: dayList.map(() => 0),
    completed: dayList.map(() => 0),
    in_review: dayList.map(() => 0),
    overdue: dayList.map(() => 0),
    reopened: dayList.map(() => 0),
  };
  for (const row of result.rows) {
    const index = dayList.indexOf(row.day);
    const target = series[row.kind as keyof typeof series];
    if (index >= 0 && target) target[index]! += row.n;
  }
  return {
    days: dayList,
    created: series.created,
    completed: series.completed,
    inReview: series.in_review,
    overdue: series.overdue,
    reopened: series.reopened,
  };
}
