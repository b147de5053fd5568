import { stripTmpPrefix } from '@jalon/contract';
import type { ConflictRecord } from './conflict-record.ts';
import type { OutboxEntry } from './outbox.ts';
import { namesEntity } from './references.ts';

/** The project a task currently belongs to, as the device knows it (from its stored row). */
export type ProjectOf = (taskId: string) => string | undefined;

/**
 * Which unsent entries wait on an open conflict: those on the conflicting entity and those
 * on entities that reference it (a task whose project it is, by its data or its stored row). Sending them
 * would only earn `depends_on_conflict`, or apply an edit made on top of a state the server refused.
 */
export function heldBy(
  conflicts: readonly ConflictRecord[],
  projectOf: ProjectOf,
): (entry: OutboxEntry) => boolean {
  const blocked = new Set(
    conflicts.filter((conflict) => !conflict.resolved).map((conflict) => stripTmpPrefix(conflict.entityId)),
  );
  if (blocked.size === 0) return () => false;
  return (entry) => {
    if (blocked.has(stripTmpPrefix(entry.id))) return true;
    if ([...blocked].some((id) => namesEntity(entry.data, id))) return true;
    const project = entry.entity === 'task' ? projectOf(entry.id) : undefined;
    return project !== undefined && blocked.has(stripTmpPrefix(project));
  };
}
