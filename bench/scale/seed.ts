import type { Query } from '../lib/sql.ts';
import { deriveTaskBookkeeping, uuidSql } from '../tasks/seed.ts';
import { createHash } from 'node:crypto';

/**
 * Issue 40's team at scale, written in set-based SQL before the server starts: `tasks` tasks (100,000 by
 * default) in 200 projects, one holding a tenth of them (10,000) and one 4% (4,000), the others about 434
 * each; 200 members (the bench member and 199 others) who hold them; 20 labels, most tasks carrying one or
 * two; and three history entries per task (the `task.updated` audit rows a task's 'Historique' reads).
 * Ids are md5-derived, so the bench knows them without asking.
 */
export const SCALE = {
  tasks: 100_000,
  projects: 200,
  members: 200,
  labels: 20,
  historyPerTask: 3,
} as const;

export interface ScaleSeed {
  tasks: number;
  /** Tasks of the big project (a tenth) and of the second one (4%). */
  bigProjectTasks: number;
  secondProjectTasks: number;
  history: number;
}

/** The seed's sizes for `tasks` tasks (the other figures follow from it). */
export function scaleSeedOf(tasks: number): ScaleSeed {
  const bigProjectTasks = Math.floor(tasks / 10);
  // Task i goes to the second project when i % 25 = 1, never a multiple of 10 (the big project's).
  const secondProjectTasks = Math.floor((tasks + 24) / 25);
  return { tasks, bigProjectTasks, secondProjectTasks, history: tasks * SCALE.historyPerTask };
}

const uuidOf = (text: string) => {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
};
export const scaleProjectId = (p: number) => uuidOf(`scale-project-${p}`);
export const scaleLabelId = (l: number) => uuidOf(`scale-label-${l}`);
/** Member k of the seed (1…199); member 0 is the bench member, who signs in. */
export const scaleMemberId = (k: number) => uuidOf(`scale-member-${k}`);
export const scaleTaskId = (i: number) => uuidOf(`scale-task-${i}`);
export const BIG_PROJECT = scaleProjectId(1);

/** Task i's project: every 10th to project 1, i % 25 = 1 to project 2, the others over 3…200. */
const PROJECT_OF_TASK = `case when i % 10 = 0 then 1 when i % 25 = 1 then 2 else 3 + (i % ${SCALE.projects - 2}) end`;
/** Task i's assignee: nobody for one in 7, else member i % 200 (0: the bench member). */
const ASSIGNEE_OF_TASK = `case when i % 7 = 0 then null when i % ${SCALE.members} = 0 then $1::uuid
  else ${uuidSql(`'scale-member-' || (i % ${SCALE.members})`)} end`;
/** Task i's labels, a sorted set: none for one in 4, else label i % 20 and, for odd i, label (i * 7) % 20. */
const LABELS_OF_TASK = `case when i % 4 = 0 then '{}'::uuid[] else array(
  select distinct l from unnest(array[${uuidSql(`'scale-label-' || (i % ${SCALE.labels})`)},
    case when i % 2 = 1 then ${uuidSql(`'scale-label-' || ((i * 7) % ${SCALE.labels})`)} end]) as l
  where l is not null order by l) end`;

/**
 * A status + assignee + label filter that matches: member 5 holds tasks i with i % 200 = 5 (so i % 4 = 1:
 * 'in_progress', and i % 20 = 5: label 5), all but one in 7 of them; label 5 alone is on a tenth of the tasks.
 */
export const FILTERED = { status: 'in_progress', member: 5, label: 5 } as const;

export async function seedScale(
  query: Query,
  ids: { memberId: string; adminId: string },
  seed: ScaleSeed,
): Promise<void> {
  const { projects, members, labels } = SCALE;
  await query('begin');
  try {
    // The other members sign in with the bench member's password (its hash copied): none does here.
    await query(
      `insert into users (id, email, username, role, password_hash)
       select ${uuidSql(`'scale-member-' || k`)}, 'membre-' || k || '@bench.local', 'Membre ' || k, 'member',
              (select password_hash from users where id = $1::uuid)
         from generate_series(1, $2::int) as k`,
      [ids.memberId, members - 1],
    );
    await query(
      `insert into projects (id, name, description, deadline, status, owner_id, task_count, progress_sum, version,
                             created_at, updated_at, change_seq)
       select ${uuidSql(`'scale-project-' || p`)},
              case p when 1 then 'Projet de 10 000 tâches' when 2 then 'Projet de 4 000 tâches' else 'Projet ' || p end,
              'Projet ' || p || ' du banc à grande échelle',
              now() + (p % 90) * interval '1 day',
              case when p <= 2 then 'active' else (array['active', 'on_hold', 'completed', 'cancelled'])[1 + p % 4] end,
              case when p % 2 = 1 then $1::uuid else $2::uuid end,
              0, 0, 0,
              now() - interval '400 days' + p * interval '1 minute',
              now() - interval '400 days' + p * interval '1 minute',
              $3::bigint + p
         from generate_series(1, $4::int) as p`,
      [ids.memberId, ids.adminId, seed.tasks, projects],
    );
    await query(
      `insert into labels (id, name, name_key, color, created_by, version, created_at, updated_at, change_seq)
       select ${uuidSql(`'scale-label-' || l`)}, 'Étiquette ' || l, 'etiquette ' || l,
              (array['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'pink'])[1 + l % 8],
              $1::uuid, 0, now() - interval '400 days', now() - interval '400 days', $2::bigint + l
         from generate_series(0, $3::int - 1) as l`,
      [ids.memberId, seed.tasks + projects, labels],
    );
    await query(
      `insert into tasks (id, project_id, title, description, status, priority, progress, assignee_id, deadline,
                          estimated_minutes, created_by, labels, version, created_at, updated_at, change_seq)
       select ${uuidSql(`'scale-task-' || i`)},
              ${uuidSql(`'scale-project-' || (${PROJECT_OF_TASK})`)},
              'Tâche ' || i || ' : préparer le lot ' || (i % 37),
              'Préparer, relire et livrer la partie ' || (i % 37) || ' du lot ' || (i % 11) || '.',
              (array['todo', 'in_progress', 'in_review', 'done'])[1 + i % 4],
              (array['high', 'medium', 'low'])[1 + i % 3],
              case i % 4 when 0 then 0 when 1 then (i * 7) % 100 when 2 then 90 else 100 end,
              ${ASSIGNEE_OF_TASK},
              case when i % 5 = 2 then null else now() + (((i * 7) % 121) - 60) * interval '1 day' end,
              case when i % 4 = 0 then null else 15 * (1 + i % 32) end,
              case when i % 2 = 0 then $1::uuid else $2::uuid end,
              ${LABELS_OF_TASK},
              0,
              now() - i * interval '1 minute',
              now() - i * interval '1 minute',
              i
         from generate_series(1, $3::int) as i`,
      [ids.memberId, ids.adminId, seed.tasks],
    );
    // A task's history is its audit rows (modules/task-activity); the hashes are not a chain here (the
    // audit export's bench does the same): nothing verifies it during the run.
    await query(
      `insert into audit_log (created_at, type, actor_id, actor_name, resource, outcome, details, metadata,
                              prev_hash, hash)
       select now() - ($2::int - j) * interval '10 seconds', 'task.updated', $1::uuid, 'bench-member',
              'task:' || ${uuidSql(`'scale-task-' || (1 + j % $3::int)`)}, 'success', '',
              jsonb_build_object('changes', jsonb_build_object('progress', jsonb_build_array(j % 100, (j + 7) % 100))),
              md5('prev-' || j) || md5('prev2-' || j), md5('hash-' || j) || md5('hash2-' || j)
         from generate_series(1, $2::int) as j`,
      [ids.memberId, seed.history, seed.tasks],
    );
    await deriveTaskBookkeeping(query, seed.tasks + projects + labels);
    await query('commit');
  } catch (error) {
    await query('rollback').catch(() => {});
    throw error;
  }
  // As autovacuum would leave them: the planner's statistics and the GIN indexes' pending lists merged.
  await query('vacuum analyze tasks');
  await query('analyze');
  const [check] = await query(
    `select (select count(*)::int from tasks) as tasks,
            (select task_count from projects where id = $1) as big,
            (select task_count from projects where id = $2) as second,
            (select count(*)::int from users) as users,
            (select count(*)::int from audit_log where type = 'task.updated') as history`,
    [BIG_PROJECT, scaleProjectId(2)],
  );
  if (
    check?.tasks !== seed.tasks ||
    check.big !== seed.bigProjectTasks ||
    check.second !== seed.secondProjectTasks ||
    check.history !== seed.history ||
    Number(check.users) < SCALE.members
  )
    throw new Error(`seed check failed: ${JSON.stringify(check)} for ${JSON.stringify(seed)}`);
}
