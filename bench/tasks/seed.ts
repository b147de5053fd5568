import { createHash } from 'node:crypto';
import { hasColumn, type Query } from '../lib/sql.ts';

/**
 * The data set of issue 4's benchmark, written in set-based SQL (generate_series) before the server
 * starts: 1,000 projects and 100,000 tasks; project 1 has exactly 1,000 tasks, spread through time
 * among the others' (every 100th task), the 999 others 99 or 100 each. Ids are md5-derived, so the bench
 * knows them without asking. Counters stay consistent: projects.task_count / progress_sum, the change
 * counter, and, when the schema has them, the dashboard's task_counts, task_events and completed_at.
 * Another shape (the peer suite's single project of 4,000 tasks) is passed to `seedTasks`.
 */
export interface SeedShape {
  projects: number;
  tasks: number;
  /** Project 1's share: every (tasks / bigProjectTasks)th task; all of them when there is one project. */
  bigProjectTasks: number;
  bigProjectName: string;
}
export const SEED = {
  projects: 1_000,
  tasks: 100_000,
  bigProjectTasks: 1_000,
  bigProjectName: 'Projet de 1 000 tâches',
} as const satisfies SeedShape;

/**
 * An md5-derived id shaped as a version 4 UUID (version nibble 4, variant 8), as the API's validation
 * wants; `uuidSql` is the same in SQL.
 */
const uuidOf = (text: string) => {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
};
export const uuidSql = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
/** Same as `uuidSql("'bench-project-' || p")` in the SQL below. */
export const projectId = (p: number) => uuidOf(`bench-project-${p}`);
export const taskId = (i: number) => uuidOf(`bench-task-${i}`);
export const BIG_PROJECT_ID = projectId(1);

/** Task i's project: with SEED, every 100th task goes to project 1, the others over projects 2..1000. */
const projectOfTask = ({ projects, tasks, bigProjectTasks }: SeedShape) =>
  `case when i % ${tasks / bigProjectTasks} = 0 then 1 else 2 + (i % ${Math.max(1, projects - 1)}) end`;

export async function seedTasks(
  query: Query,
  ids: { memberId: string; adminId: string },
  shape: SeedShape = SEED,
): Promise<void> {
  const { projects, tasks } = shape;
  if (!Number.isInteger(tasks / shape.bigProjectTasks) || (projects === 1 && tasks !== shape.bigProjectTasks))
    throw new Error(`seed shape: project 1 must hold every nth task (${JSON.stringify(shape)})`);
  await query('begin');
  try {
    await query(
      `insert into projects (id, name, description, deadline, status, owner_id, task_count, progress_sum, version,
                             created_at, updated_at, change_seq)
       select ${uuidSql(`'bench-project-' || p`)},
              case when p = 1 then $5 else 'Projet ' || p end,
              'Projet ' || p || ' du banc d''essai : lots, jalons et livraisons de l''équipe',
              now() + (p % 90) * interval '1 day',
              (array['active', 'on_hold', 'completed', 'cancelled'])[1 + p % 4],
              case when p % 2 = 1 then $1::uuid else $2::uuid end,
              0, 0, 0,
              now() - interval '200 days' + p * interval '1 minute',
              now() - interval '200 days' + p * interval '1 minute',
              $3::bigint + p
         from generate_series(1, $4::int) as p`,
      [ids.memberId, ids.adminId, tasks, projects, shape.bigProjectName],
    );
    await query(
      `insert into tasks (id, project_id, title, description, status, priority, progress, assignee_id, deadline,
                          estimated_minutes, created_by, version, created_at, updated_at, change_seq)
       select ${uuidSql(`'bench-task-' || i`)},
              ${uuidSql(`'bench-project-' || (${projectOfTask(shape)})`)},
              'Tâche ' || i || ' : préparer le lot ' || (i % 37),
              'Préparer, relire et livrer la partie ' || (i % 37) || ' du lot ' || (i % 11)
                || ', avec les notes de la réunion de suivi.',
              (array['todo', 'in_progress', 'in_review', 'done'])[1 + i % 4],
              (array['high', 'medium', 'low'])[1 + i % 3],
              case i % 4 when 0 then 0 when 1 then (i * 7) % 100 when 2 then 90 else 100 end,
              case when i % 3 = 0 then null else $1::uuid end,
              case when i % 5 = 0 then null else now() + ((i % 120) - 30) * interval '1 day' end,
              case when i % 4 = 0 then null else 15 * (1 + i % 32) end,
              case when i % 2 = 0 then $1::uuid else $2::uuid end,
              0,
              now() - i * interval '1 minute',
              now() - i * interval '1 minute',
              i
         from generate_series(1, $3::int) as i`,
      [ids.memberId, ids.adminId, tasks],
    );
    await deriveTaskBookkeeping(query, tasks + projects);
    await query('commit');
  } catch (error) {
    await query('rollback').catch(() => {});
    throw error;
  }
  await query('analyze');
  const [check] = await query(
    `select (select count(*)::int from tasks) as tasks,
            (select task_count from projects where id = $1) as big,
            (select sum(task_count)::int from projects) as counted`,
    [BIG_PROJECT_ID],
  );
  if (check?.tasks !== tasks || check.big !== shape.bigProjectTasks || check.counted !== tasks)
    throw new Error(`seed check failed: ${JSON.stringify(check)}`);
}

/**
 * What the server keeps beside tasks written in bulk, as its task writes would have kept it: each
 * project's count and progress sum, the change counter past `lastChangeSeq`, and, when the schema has
 * them, the dashboard's completed_at, task_counts and task_events (the backfill their migration does).
 */
export async function deriveTaskBookkeeping(query: Query, lastChangeSeq: number): Promise<void> {
  await query(
    `update projects
          set task_count = s.n, progress_sum = s.progress
         from (select project_id, count(*)::int as n,
                      sum(case when status = 'done' then 100 else progress end)::int as progress
                 from tasks where deleted_at is null group by project_id) as s
        where projects.id = s.project_id`,
  );
  await query('update change_counter set value = greatest(value, $1::bigint) where id = 1', [lastChangeSeq]);
  if (await hasColumn(query, 'tasks', 'completed_at'))
    await query(`update tasks set completed_at = updated_at where status = 'done'`);
  if (await hasColumn(query, 'task_counts'))
    await query(
      `insert into task_counts (project_id, status, priority, count)
         select project_id, status, priority, count(*) from tasks where deleted_at is null group by 1, 2, 3
         on conflict (project_id, status, priority) do update set count = excluded.count`,
    );
  if (await hasColumn(query, 'task_events'))
    await query(
      `insert into task_events (task_id, project_id, kind, at)
         select id, project_id, 'created', created_at from tasks where deleted_at is null
         union all
         select id, project_id, case status when 'done' then 'completed' else 'in_review' end, updated_at
           from tasks where deleted_at is null and status in ('done', 'in_review')`,
    );
}
