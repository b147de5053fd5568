import { sql } from 'drizzle-orm';
import {
  DASHBOARD,
  type Dashboard,
  type DashboardQuery,
  type ProjectStatus,
  type TaskPriority,
  type TaskStatus,
} from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../projects/policy.ts';
import { presentProject, type ProjectRow } from '../projects/project-presenter.ts';
import { presentTask, type TaskRow } from '../tasks/task-presenter.ts';

type Json = Record<string, unknown>;
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** Rows arrive as JSON (snake_case, timestamps as text): back to the shapes the presenters take. */
const projectFromJson = (row: Json): ProjectRow => ({
  id: row.id as string,
  name: row.name as string,
  description: row.description as string,
  deadline: date(row.deadline),
  status: row.status as ProjectStatus,
  ownerId: (row.owner_id as string | null) ?? null,
  taskCount: row.task_count as number,
  progressSum: row.progress_sum as number,
  version: row.version as number,
  createdAt: date(row.created_at)!,
  updatedAt: date(row.updated_at)!,
  changeSeq: Number(row.change_seq),
  createdSeq: row.created_seq === null || row.created_seq === undefined ? null : Number(row.created_seq),
  deletedAt: date(row.deleted_at),
});

const taskFromJson = (row: Json): TaskRow => ({
  id: row.id as string,
  projectId: row.project_id as string,
  title: row.title as string,
  description: row.description as string,
  status: row.status as TaskStatus,
  priority: row.priority as TaskPriority,
  progress: row.progress as number,
  assigneeId: (row.assignee_id as string | null) ?? null,
  deadline: date(row.deadline),
  estimatedMinutes: (row.estimated_minutes as number | null) ?? null,
  createdBy: (row.created_by as string | null) ?? null,
  completedAt: date(row.completed_at),
  parentId: (row.parent_id as string | null) ?? null,
  position: (row.position as number | null) ?? null,
  labels: (row.labels as string[] | null) ?? [],
  version: row.version as number,
  createdAt: date(row.created_at)!,
  updatedAt: date(row.updated_at)!,
  changeSeq: Number(row.change_seq),
  deletedAt: date(row.deleted_at),
});

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/**
 * The dashboard home in one SQL statement (one round trip, one snapshot): counters and chart data come
 * from the task_counts table kept by every task write; lists use partial indexes. Nothing here scans
 * all tasks (see docs/performance.md, "Dashboard").
 */
export class DashboardService {
  constructor(private readonly db: Db) {}

  async home(viewer: Viewer, query: DashboardQuery, now = new Date()): Promise<Dashboard> {
    const project = query.projectId ?? null;
    const status = query.status ?? null;
    const recentLimit = project ? DASHBOARD.recentTasksFocused : DASHBOARD.recentTasks;
    const result = await this.db.execute<{ home: Json }>(sql`
      select json_build_object(
        'counts', coalesce((select json_agg(c) from (
            select status, priority, sum(count)::int as n from task_counts
            where (${project}::uuid is null or project_id = ${project}::uuid) group by 1, 2) c), '[]'),
        'projectStatus', coalesce((select json_agg(s) from (
            select status, count(*)::int as n from projects
            where deleted_at is null and (${project}::uuid is null or id = ${project}::uuid) group by 1) s), '[]'),
        'overdue', (select count(*)::int from tasks
            where deleted_at is null and status <> 'done' and deadline < ${now}
              and (${project}::uuid is null or project_id = ${project}::uuid)),
        'cards', coalesce((select json_agg(p) from (
            select * from projects
            where deleted_at is null and (${status}::text is null or status = ${status}::text)
              and (${project}::uuid is null or id = ${project}::uuid)
            order by case when task_count > 0 then progress_sum::float8 / task_count else 0 end desc, created_at desc
            limit ${DASHBOARD.maxProjectCards}) p), '[]'),
        'upcomingProjects', coalesce((select json_agg(p) from (
            select id, name, deadline from projects
            where deleted_at is null and deadline >= ${now} and status not in ('completed', 'cancelled')
              and (${project}::uuid is null or id = ${project}::uuid)
            order by deadline limit ${DASHBOARD.upcomingDeadlines}) p), '[]'),
        'upcomingTasks', coalesce((select json_agg(t) from (
            select id, title, deadline, project_id from tasks
            where deleted_at is null and status <> 'done' and deadline >= ${now}
              and (${project}::uuid is null or project_id = ${project}::uuid)
            order by deadline limit ${DASHBOARD.upcomingDeadlines}) t), '[]'),
        'recent', coalesce((select json_agg(t) from (
            select t.*, p.owner_id as project_owner_id from tasks t join projects p on p.id = t.project_id
            where t.deleted_at is null and (${project}::uuid is null or t.project_id = ${project}::uuid)
            order by t.created_at desc, t.id desc limit ${recentLimit}) t), '[]')
      ) as home`);
    const home = result.rows[0]!.home as {
      counts: Array<{ status: TaskStatus; priority: TaskPriority; n: number }>;
      projectStatus: Array<{ status: ProjectStatus; n: number }>;
      overdue: number;
      cards: Json[];
      upcomingProjects: Array<{ id: string; name: string; deadline: string }>;
      upcomingTasks: Array<{ id: string; title: string; deadline: string; project_id: string }>;
      recent: Json[];
    };

    const tasksByStatus = zeroes(['todo', 'in_progress', 'in_review', 'done'] as const);
    const tasksByPriority = zeroes(['high', 'medium', 'low'] as const);
    let highPriorityOpen = 0;
    for (const { status: taskStatus, priority, n } of home.counts) {
      tasksByStatus[taskStatus] += n;
      tasksByPriority[priority] += n;
      if (priority === 'high' && taskStatus !== 'done') highPriorityOpen += n;
    }
    const projectsByStatus = zeroes(['active', 'on_hold', 'completed', 'cancelled'] as const);
    for (const { status: projectStatus, n } of home.projectStatus) projectsByStatus[projectStatus] += n;
    const totalTasks = Object.values(tasksByStatus).reduce((sum, n) => sum + n, 0);

    const upcoming = [
      ...home.upcomingProjects.map((row) => ({
        kind: 'project' as const,
        id: row.id,
        title: row.name,
        deadline: new Date(row.deadline).toISOString(),
        projectId: row.id,
      })),
      ...home.upcomingTasks.map((row) => ({
        kind: 'task' as const,
        id: row.id,
        title: row.title,
        deadline: new Date(row.deadline).toISOString(),
        projectId: row.project_id,
      })),
    ]
      .sort((a, b) => a.deadline.localeCompare(b.deadline))
      .slice(0, DASHBOARD.upcomingDeadlines);

    return {
      counters: {
        projects: Object.values(projectsByStatus).reduce((sum, n) => sum + n, 0),
        projectsCompleted: projectsByStatus.completed,
        activeTasks: totalTasks - tasksByStatus.done,
        totalTasks,
        highPriority: highPriorityOpen,
        overdue: home.overdue,
      },
      projectsByStatus,
      tasksByStatus,
      tasksByPriority,
      projects: home.cards.map((row) => presentProject(projectFromJson(row), viewer)),
      upcoming,
      recentTasks: home.recent.map((row) =>
        presentTask(taskFromJson(row), viewer, (row.project_owner_id as string | null) ?? null),
      ),
      generatedAt: now.toISOString(),
    };
  }
}
