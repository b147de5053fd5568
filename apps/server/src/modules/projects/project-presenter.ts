import type { Project } from '@jalon/contract';
import type { projects } from '../../db/schema.ts';
import { canDeleteProject, type Viewer } from './policy.ts';

export type ProjectRow = typeof projects.$inferSelect;

export const presentProject = (row: ProjectRow, viewer: Viewer): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  deadline: row.deadline?.toISOString() ?? null,
  status: row.status,
  progress: row.taskCount > 0 ? Math.round(row.progressSum / row.taskCount) : 0,
  taskCount: row.taskCount,
  ownerId: row.ownerId,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
  permissions: { canDelete: canDeleteProject(viewer, row) },
});

/** `{field: [before, after]}` for the audit row, long texts shortened. */
export function describeChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const shorten = (value: unknown) =>
    typeof value === 'string' && value.length > 120
      ? `${value.slice(0, 120)}…`
      : value instanceof Date
        ? value.toISOString()
        : value;
  return Object.fromEntries(
    Object.entries(after)
      .filter(
        ([key, value]) =>
          String(before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key]) !==
          String(value instanceof Date ? value.toISOString() : value),
      )
      .map(([key, value]) => [key, [shorten(before[key]), shorten(value)]]),
  );
}
