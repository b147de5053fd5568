import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { DASHBOARD } from './constants.ts';
import { projectStatusSchema, taskPrioritySchema, taskStatusSchema } from './enums.ts';
import { projectSchema } from './projects.ts';
import { taskSchema } from './tasks.ts';

const periodSchema = z.coerce
  .number()
  .int()
  .refine((days) => (DASHBOARD.periods as readonly number[]).includes(days), {
    message: 'days is 7, 14 or 30',
  })
  // A refinement is invisible to JSON Schema: the published document states the same rule.
  .meta({ enum: [...DASHBOARD.periods] });

export const trendsQuerySchema = z.strictObject({
  days: periodSchema.default(DASHBOARD.defaultPeriod),
  projectId: idSchema.optional(),
});

/** One number per day, oldest first; `days` holds the dates (UTC). */
export const trendsSchema = z.object({
  days: z.array(z.string()),
  created: z.array(z.int()),
  completed: z.array(z.int()),
  inReview: z.array(z.int()),
  overdue: z.array(z.int()),
  reopened: z.array(z.int()),
});
export type Trends = z.infer<typeof trendsSchema>;

export const dashboardQuerySchema = z.strictObject({
  /** Focus on one project: counters, charts and recent tasks are scoped to it. */
  projectId: idSchema.optional(),
  /** The status chip: filters the 'Projets en cours' cards only. */
  status: projectStatusSchema.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const upcomingDeadlineSchema = z.object({
  kind: z.enum(['project', 'task']),
  id: z.string(),
  title: z.string(),
  deadline: z.string(),
  projectId: z.string(),
});
export type UpcomingDeadline = z.infer<typeof upcomingDeadlineSchema>;

/**
 * Everything the dashboard home shows, read in one snapshot (issue 5): counters, the two charts, the
 * project cards, upcoming deadlines and recent tasks.
 */
export const dashboardSchema = z.object({
  counters: z.object({
    projects: z.int(),
    projectsCompleted: z.int(),
    /** Tasks not done. */
    activeTasks: z.int(),
    totalTasks: z.int(),
    /** High-priority tasks not done. */
    highPriority: z.int(),
    /** Tasks not done whose deadline is past. */
    overdue: z.int(),
  }),
  projectsByStatus: z.record(projectStatusSchema, z.int()),
  tasksByStatus: z.record(taskStatusSchema, z.int()),
  tasksByPriority: z.record(taskPrioritySchema, z.int()),
  projects: z.array(projectSchema),
  upcoming: z.array(upcomingDeadlineSchema),
  recentTasks: z.array(taskSchema),
  generatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
