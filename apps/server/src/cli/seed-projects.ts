import { isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { projects } from '../db/schema.ts';
import { loadMasterKey, SecretBox } from '../lib/secret-box.ts';
import { silentAnnouncer } from '../modules/changes/announced-transaction.ts';
import { CursorCodec, databaseEpoch } from '../modules/changes/change-log.ts';
import { ProjectService } from '../modules/projects/project-service.ts';
import { TaskService } from '../modules/tasks/task-service.ts';
import type { UserRow } from '../modules/users/user-service.ts';
import { PROJECT_STATUSES_FOR_SEED, SEED_PROJECTS, SEED_TASK_TITLES } from './seed-data.ts';

const DAY = 86_400_000;
const TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done'] as const;
const PRIORITIES = ['high', 'medium', 'low'] as const;

/**
 * Projects and tasks through the same services as the API (so counters, versions, change sequence and
 * audit rows are all real). Deterministic: the n-th task always gets the same status, priority and
 * deadline offset, so a newcomer and a test see the same dashboard.
 */
export async function seedProjectsAndTasks(
  { db, pool }: Database,
  config: Config,
  members: UserRow[],
): Promise<{ projects: number; tasks: number } | null> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projects)
    .where(isNull(projects.deletedAt));
  if ((existing?.count ?? 0) > 0) return null;
  const cursors = new CursorCodec(new SecretBox(loadMasterKey(config)), await databaseEpoch(db));
  const projectService = new ProjectService(db, cursors, silentAnnouncer);
  const taskService = new TaskService(db, pool, cursors, silentAnnouncer);
  const now = Date.now();
  let taskCount = 0;
  for (const [index, seed] of SEED_PROJECTS.entries()) {
    const owner = members[index % members.length]!;
    const viewer = { userId: owner.id, isAdmin: false };
    const actor = {
      id: owner.id,
      email: owner.email,
      name: owner.username,
      ip: '127.0.0.1',
      userAgent: 'jalon seed:demo',
    };
    const { presented: project } = await projectService.create(
      viewer,
      {
        name: seed.name,
        description: seed.description,
        deadline: new Date(now + seed.deadlineInDays * DAY).toISOString(),
        status: PROJECT_STATUSES_FOR_SEED[index % PROJECT_STATUSES_FOR_SEED.length],
      },
      actor,
    );
    for (let n = 0; n < 9; n++) {
      const i = taskCount++;
      const status = TASK_STATUSES[i % TASK_STATUSES.length]!;
      await taskService.create(
        viewer,
        {
          project: project.id,
          title: `${SEED_TASK_TITLES[i % SEED_TASK_TITLES.length]} (${seed.short})`,
          description: `${seed.name} : étape ${n + 1}`,
          status,
          priority: PRIORITIES[(i * 7) % PRIORITIES.length],
          progress: status === 'done' ? 100 : status === 'todo' ? 0 : 25 + ((i * 13) % 60),
          deadline: new Date(now + (((i * 5) % 40) - 12) * DAY).toISOString(),
          estimatedMinutes: 15 * (1 + (i % 8)),
          assignee: members[(i + 1) % members.length]!.id,
        },
        actor,
      );
    }
  }
  return { projects: SEED_PROJECTS.length, tasks: taskCount };
}
