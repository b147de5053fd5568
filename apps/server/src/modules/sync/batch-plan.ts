import type { z } from 'zod';
import type { SyncApplied, SyncConflict, SyncEntity } from '@jalon/contract';
import type { comments, labels, projects, taskEvents, tasks } from '../../db/schema.ts';
import type { AuditActor, AuditEntry } from '../audit/audit-writer.ts';
import type { Viewer } from '../projects/policy.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type LabelRow = typeof labels.$inferSelect;
export type TaskEventRow = Omit<typeof taskEvents.$inferInsert, 'id'>;

/** What the batch answers for one operation, and stores for its replays. */
export type OperationResult = { applied: SyncApplied } | { conflict: SyncConflict };

/** One operation as the plan sees it: ids without their `tmp-` prefix, the client's own id kept. */
export interface PlannedOperation {
  seq: number;
  entity: SyncEntity;
  /** `restore` is REST's alone (`POST /api/tasks/{id}/restore`): sync batches have no such op (decision 0090). */
  op: 'upsert' | 'patch' | 'delete' | 'restore';
  /** The real id (the client's uuid without `tmp-`). */
  id: string;
  /** The id as the client sent it (`tmp-…` for a create). */
  clientId: string;
  /** The version the edit started from; none for a REST write without `X-Entity-Version`, which writes
   * over whatever version the row is at. */
  version: number | undefined;
  data: Record<string, unknown>;
  base: Record<string, unknown> | undefined;
  /** Why the operation is refused before any rule looks at it (an id in another spelling, text the
   * database cannot store); its data is then left out, as nothing of it can be stored or answered. */
  refusal?: string;
}

/**
 * An audit row the plan will write, and the row it tells of when that is not its `resource` (a comment's
 * rows name its task): webhooks send that row. The subject is not stored.
 */
export type PlannedAudit = AuditEntry & { subject?: { entity: SyncEntity; id: string } };

/**
 * The batch, worked out in memory before anything is written (decision 0012); a REST write is a batch of
 * one operation. Every row an operation can
 * touch is loaded and locked first; each operation then reads and changes the rows here, exactly as it
 * would have in its own savepoint, and a conflicting operation changes nothing. The writer then stores the
 * final rows, counts, events, audit rows and results in a few set-based statements.
 */
export class BatchPlan {
  /** Each kind's rows, by id: loaded and locked, then changed here. */
  private readonly loaded = new Map<SyncEntity, Map<string, unknown>>();
  /** Each kind's rows as the loader read them, before any operation changed them (what notifications compare). */
  private readonly storedRows = new Map<SyncEntity, Map<string, unknown>>();
  /** Each kind's rows to write (created or changed), by id. */
  private readonly changedIds = new Map<SyncEntity, Set<string>>();
  /** Of those, the rows this batch creates: inserted, never written over an existing row. */
  private readonly createdIds = new Map<SyncEntity, Set<string>>();
  /** Projects deleted by this batch: their tasks not loaded here are tombstoned by the writer. */
  readonly deletedProjects = new Set<string>();
  /** Labels deleted by this batch: the writer takes them off the tasks not loaded here. */
  readonly deletedLabels = new Set<string>();
  /** Tasks this batch brings back from their tombstone: their comments are sent to devices again. */
  readonly restoredTasks = new Set<string>();
  /** Live task counts per `project|status|priority` to add (the dashboard's task_counts). */
  readonly countDeltas = new Map<string, number>();
  readonly events: TaskEventRow[] = [];
  readonly audits: PlannedAudit[] = [];
  /** Entity id -> the seq of the first conflict on it in this batch (for `depends_on_conflict`). */
  readonly conflicted = new Map<string, number>();
  /** The people the rules asked for by `people` (a comment's author and mentions), as they are now. */
  readonly people = new Map<string, { username: string; active: boolean }>();

  constructor(
    readonly viewer: Viewer,
    readonly actor: AuditActor,
    /** The people the operations name who exist (an assignee): filled by the loader. */
    readonly userIds: Set<string>,
    readonly changeSeq: number,
    readonly now: Date,
    /** Where the writes came from, kept in their audit rows (`sync`, or an `import` of a file); a REST
     * write leaves it out. */
    readonly via: 'sync' | 'import' | null,
  ) {}

  /** The rows of one kind, by id (typed by its rules' `rows`). */
  rowsOf<Row>(entity: SyncEntity): Map<string, Row> {
    return lazily(this.loaded, entity, () => new Map<string, unknown>()) as Map<string, Row>;
  }

  /** Keeps a row as the loader read it. */
  remember(entity: SyncEntity, row: { id: string }): void {
    lazily(this.storedRows, entity, () => new Map<string, unknown>()).set(row.id, row);
  }

  /** A row as it was stored before this batch, if the loader read it. */
  stored<Row>(entity: SyncEntity, id: string): Row | undefined {
    return this.storedRows.get(entity)?.get(id) as Row | undefined;
  }

  changed(entity: SyncEntity): Set<string> {
    return lazily(this.changedIds, entity, () => new Set<string>());
  }

  created(entity: SyncEntity): Set<string> {
    return lazily(this.createdIds, entity, () => new Set<string>());
  }

  get tasks(): Map<string, TaskRow> {
    return this.rowsOf('task');
  }

  get projects(): Map<string, ProjectRow> {
    return this.rowsOf('project');
  }

  get labels(): Map<string, LabelRow> {
    return this.rowsOf('label');
  }

  /** A task that is there and not deleted (a deleted project's tasks are tombstoned with it). */
  liveTask(id: string): TaskRow | null {
    const task = this.tasks.get(id);
    return task && !task.deletedAt ? task : null;
  }

  /** Whether anything is to be written (a batch of replays and conflicts changes nothing). */
  get changedAnything(): boolean {
    return [...this.changedIds.values()].some((ids) => ids.size > 0);
  }

  /**
   * The next version of a stored row: its changes, one version up, stamped with this batch's change
   * sequence and time, and marked changed so the writer stores it and delta readers see it.
   */
  nextVersion<Row extends { id: string; version: number; updatedAt: Date; changeSeq: number }>(
    entity: SyncEntity,
    current: Row,
    changes: Partial<Row>,
  ): Row {
    const row: Row = {
      ...current,
      ...changes,
      version: current.version + 1,
      updatedAt: this.now,
      changeSeq: this.changeSeq,
    };
    this.changed(entity).add(row.id);
    return row;
  }

  countTask(task: Pick<TaskRow, 'projectId' | 'status' | 'priority'>, delta: number): void {
    const key = `${task.projectId}|${task.status}|${task.priority}`;
    this.countDeltas.set(key, (this.countDeltas.get(key) ?? 0) + delta);
  }

  /** A project's kept counters move with its tasks; the row is marked changed for delta readers. */
  adjustProject(projectId: string, countDelta: number, progressDelta: number): void {
    const project = this.projects.get(projectId)!;
    this.projects.set(projectId, {
      ...project,
      taskCount: project.taskCount + countDelta,
      progressSum: project.progressSum + progressDelta,
      changeSeq: this.changeSeq,
    });
    this.changed('project').add(projectId);
  }

  audit(entry: Omit<PlannedAudit, 'actor' | 'outcome'>): void {
    const metadata = this.via ? { ...entry.metadata, via: this.via } : entry.metadata;
    this.audits.push({ ...entry, actor: this.actor, outcome: 'success', ...(metadata && { metadata }) });
  }

  liveProject(id: string): ProjectRow | null {
    const project = this.projects.get(id);
    return project && !project.deletedAt ? project : null;
  }

  liveLabel(id: string): LabelRow | null {
    const label = this.labels.get(id);
    return label && !label.deletedAt ? label : null;
  }
}

function lazily<Value>(map: Map<SyncEntity, Value>, entity: SyncEntity, make: () => Value): Value {
  let value = map.get(entity);
  if (value === undefined) map.set(entity, (value = make()));
  return value;
}

/** The first validation message with its path, as a conflict's `detail`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'data'}: ${issue.message}` : 'invalid';
}

/** A row's values of some contract fields, as the merge compares them (dates as ISO instants). */
export function fieldValues<Row>(
  row: Row,
  fields: string[],
  columnOf: (field: string) => keyof Row,
): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = row[columnOf(field)];
      return [field, value instanceof Date ? value.toISOString() : value];
    }),
  );
}

/** A field's value compared as the schema normalised it: dates as instants. */
export const instant = (value: string | null | undefined): string | null | undefined =>
  value === null || value === undefined ? value : new Date(value).toISOString();
