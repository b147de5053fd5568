import {
  labelNameKey,
  stripTmpPrefix,
  type SyncBatchRequest,
  type SyncBatchResponse,
  type SyncConflict,
} from '@jalon/contract';
import { jsonEqual } from '@jalon/sync';

/**
 * The reference model of the sync property test: the rows of one run, as the protocol
 * (docs/sync-protocol.md) says the applied operations make them, replayed in change-sequence order. It predicts each operation's result (applied
 * at which version, or which conflict), so the test can hold the server's answers and rows against it.
 * Only the fields the test edits are modelled.
 */
export interface ModelTask {
  id: string;
  version: number;
  deleted: boolean;
  createdBy: string;
  title: string;
  progress: number;
  status: string;
  project: string;
  /** Its labels' ids, a sorted set. */
  labels: string[];
}

export interface ModelLabel {
  id: string;
  version: number;
  deleted: boolean;
  createdBy: string;
  name: string;
}

export interface ModelProject {
  id: string;
  version: number;
  deleted: boolean;
  ownerId: string;
  name: string;
}

/** What happened at one change sequence: a batch's fresh operations, a REST write, or a purge. */
export type ModelEvent =
  | {
      kind: 'batch';
      changeSeq: number;
      userId: string;
      request: SyncBatchRequest;
      answer: SyncBatchResponse;
      freshFrom: number;
    }
  | {
      kind: 'rest';
      changeSeq: number;
      userId: string;
      /** A label's REST write is an administrator's delete. */
      entity: 'task' | 'label';
      op: 'create' | 'patch' | 'delete';
      id: string;
      /** What the server answered (a patch). */
      version?: number;
      data: Record<string, unknown>;
    }
  | { kind: 'purge'; changeSeq: number; until: number; ids: string[] };

type Predicted =
  | { applied: true; version: number }
  | { applied: false; reason: SyncConflict['reason']; fields?: string[]; cause?: number };

export const TASK_FIELDS = ['title', 'progress', 'status', 'project', 'labels'] as const;
export const PROJECT_FIELDS = ['name'] as const;

export class ReferenceModel {
  readonly tasks = new Map<string, ModelTask>();
  readonly projects = new Map<string, ModelProject>();
  readonly labels = new Map<string, ModelLabel>();
  /** Ids purged while an operation may have run: its answer is taken as the server gave it. */
  private unsure = new Map<string, { from: number; until: number }>();
  readonly mismatches: string[] = [];

  replay(events: ModelEvent[]): void {
    const order = (event: ModelEvent) => (event.kind === 'purge' ? event.changeSeq + 0.5 : event.changeSeq);
    for (const event of [...events].sort((a, b) => order(a) - order(b))) {
      if (event.kind === 'purge') this.purge(event);
      else if (event.kind === 'rest') this.rest(event);
      else this.batch(event);
    }
  }

  private purge(event: Extract<ModelEvent, { kind: 'purge' }>): void {
    for (const id of event.ids) {
      this.unsure.set(id, { from: event.changeSeq, until: event.until });
      this.tasks.delete(id);
      this.projects.delete(id);
    }
  }

  /** A label's delete takes it off every task that carries it, tombstones too, one version up. */
  private deleteLabel(label: ModelLabel): void {
    this.labels.set(label.id, { ...label, deleted: true, version: label.version + 1 });
    for (const task of this.tasks.values())
      if (task.labels.includes(label.id))
        this.tasks.set(task.id, {
          ...task,
          labels: task.labels.filter((id) => id !== label.id),
          version: task.version + 1,
        });
  }

  private rest(event: Extract<ModelEvent, { kind: 'rest' }>): void {
    const data = event.data;
    if (event.entity === 'label') {
      const label = this.labels.get(event.id);
      if (!label || label.deleted)
        return void this.mismatches.push(`REST delete of label ${event.id}: no such live label in the model`);
      return this.deleteLabel(label);
    }
    if (event.op === 'create') {
      this.tasks.set(event.id, {
        id: event.id,
        version: 0,
        deleted: false,
        createdBy: event.userId,
        title: data.title as string,
        progress: (data.progress as number) ?? 0,
        status: 'todo',
        project: data.project as string,
        labels: [],
      });
      return;
    }
    const task = this.tasks.get(event.id);
    if (!task)
      return void this.mismatches.push(
        `REST ${event.op} of ${event.id} at ${event.changeSeq}: no such task in the model`,
      );
    if (event.version !== undefined && event.version !== task.version + 1)
      this.mismatches.push(
        `REST ${event.op} of ${event.id} answered version ${event.version}, the model is at ${task.version}`,
      );
    if (event.op === 'delete') this.tasks.set(task.id, { ...task, deleted: true, version: task.version + 1 });
    else this.tasks.set(task.id, { ...task, ...data, version: task.version + 1 });
  }

  private batch(event: Extract<ModelEvent, { kind: 'batch' }>): void {
    const conflicted = new Map<string, number>();
    for (const operation of event.request.operations) {
      if (operation.seq < event.freshFrom) continue;
      const applied = event.answer.applied.find((result) => result.seq === operation.seq);
      const conflict = event.answer.conflicts.find((result) => result.seq === operation.seq);
      const where = `batch ${event.changeSeq} seq ${operation.seq} (${operation.op} ${operation.entity} ${operation.id})`;
      const id = stripTmpPrefix(operation.id);
      const window = this.unsure.get(id);
      if (window && event.changeSeq > window.from && event.changeSeq <= window.until) {
        // A purge ran during this batch: the server's answer is either side's; follow it.
        if (conflict) conflicted.set(id, conflict.cause ?? conflicted.get(id) ?? operation.seq);
        continue;
      }
      const predicted = this.apply(event.userId, operation, conflicted);
      if (predicted.applied) {
        if (!applied || applied.version !== predicted.version)
          this.mismatches.push(
            `${where}: model applies at version ${predicted.version}, server answered ${JSON.stringify(applied ?? conflict)}`,
          );
      } else {
        const same =
          conflict &&
          conflict.reason === predicted.reason &&
          jsonEqual([...(conflict.fields ?? [])].sort(), [...(predicted.fields ?? [])].sort()) &&
          conflict.cause === predicted.cause;
        if (!same)
          this.mismatches.push(
            `${where}: model says ${JSON.stringify(predicted)}, server answered ${JSON.stringify(applied ?? conflict)}`,
          );
      }
    }
  }

  /** A task is deleted, or moved to another project, by its creator or the owner of its project. */
  private mayDeleteTask(userId: string, task: ModelTask): boolean {
    return task.createdBy === userId || this.projects.get(task.project)?.ownerId === userId;
  }

  /** The batch's rules for one operation, mirroring what the server must do (apply-operation.ts is what is tested). */
  private apply(
    userId: string,
    operation: SyncBatchRequest['operations'][number],
    conflicted: Map<string, number>,
  ): Predicted {
    const id = stripTmpPrefix(operation.id);
    const data = referencesResolved(operation.data ?? {});
    const base = operation.base && referencesResolved(operation.base);
    if (operation.entity === 'label') return this.applyLabel(userId, operation, id, data, conflicted);
    const isTask = operation.entity === 'task';
    const existing = isTask ? this.tasks.get(id) : this.projects.get(id);
    const conflict = (
      reason: SyncConflict['reason'],
      extra: { fields?: string[]; cause?: number } = {},
    ): Predicted => {
      conflicted.set(id, extra.cause ?? conflicted.get(id) ?? operation.seq);
      return { applied: false, reason, ...extra };
    };
    const references = [
      id,
      ...(isTask
        ? [
            typeof data.project === 'string' ? data.project : (existing as ModelTask | undefined)?.project,
            ...(Array.isArray(data.labels) ? (data.labels as unknown[]) : []),
          ].filter((ref): ref is string => typeof ref === 'string' && ref !== '')
        : []),
    ];
    if (refusedAtTheDoor(operation)) return conflict('invalid');
    for (const ref of references) {
      const cause = conflicted.get(ref);
      if (cause !== undefined) return conflict('depends_on_conflict', { cause });
    }
    const liveProject = (projectId: unknown) =>
      typeof projectId === 'string' && this.projects.get(projectId)?.deleted === false;
    const liveLabels = (labels: unknown) =>
      labels === undefined ||
      (labels as string[]).every((labelId) => this.labels.get(labelId)?.deleted === false);

    if (operation.op === 'upsert' && operation.id !== id) {
      if (existing) return conflict('invalid');
      if (isTask) {
        if (!liveProject(data.project) || !liveLabels(data.labels)) return conflict('invalid');
        this.tasks.set(id, {
          id,
          version: 0,
          deleted: false,
          createdBy: userId,
          title: data.title as string,
          progress: (data.progress as number) ?? 0,
          status: (data.status as string) ?? 'todo',
          project: data.project as string,
          labels: (data.labels as string[] | undefined) ?? [],
        });
      } else {
        this.projects.set(id, { id, version: 0, deleted: false, ownerId: userId, name: data.name as string });
      }
      return { applied: true, version: 0 };
    }
    if (!existing) return conflict('not_found');
    if (operation.op === 'delete') {
      if (existing.deleted) return { applied: true, version: existing.version };
      const allowed = isTask
        ? this.mayDeleteTask(userId, existing as ModelTask)
        : (existing as ModelProject).ownerId === userId;
      if (!allowed) return conflict('forbidden');
      if (operation.version !== existing.version) return conflict('version_mismatch');
      if (isTask)
        this.tasks.set(id, { ...(existing as ModelTask), deleted: true, version: existing.version + 1 });
      else {
        this.projects.set(id, {
          ...(existing as ModelProject),
          deleted: true,
          version: existing.version + 1,
        });
        for (const task of this.tasks.values())
          if (task.project === id && !task.deleted)
            this.tasks.set(task.id, { ...task, deleted: true, version: task.version + 1 });
      }
      return { applied: true, version: existing.version + 1 };
    }
    if (existing.deleted) return conflict('deleted');
    // A whole-row upsert names every required field (a merge resolution resends only what the person
    // edited: the server refuses it as invalid).
    const required = isTask ? ['title', 'project'] : ['name', 'description', 'deadline'];
    if (operation.op === 'upsert' && required.some((field) => typeof data[field] !== 'string'))
      return conflict('invalid');
    const server = existing as unknown as Record<string, unknown>;
    let changes: Record<string, unknown>;
    // The merge only matters when someone else wrote since the edit's version.
    if (operation.op === 'patch' && base !== undefined && operation.version !== existing.version) {
      const merged = fieldMerge(server, data, base);
      if (merged.conflicts.length > 0) return conflict('version_mismatch', { fields: merged.conflicts });
      changes = merged.changes;
    } else {
      if (operation.version !== existing.version) return conflict('version_mismatch');
      changes = Object.fromEntries(
        Object.entries(data).filter(([field, value]) => !jsonEqual(value, server[field])),
      );
    }
    if (Object.keys(changes).length === 0) return { applied: true, version: existing.version };
    // Moving a task is for those who may delete it (else a move into one's own project, then a delete).
    if (isTask && 'project' in changes && !this.mayDeleteTask(userId, existing as ModelTask))
      return conflict('forbidden');
    if (isTask && 'project' in changes && !liveProject(changes.project)) return conflict('invalid');
    if (isTask && !liveLabels(changes.labels)) return conflict('invalid');
    const version = existing.version + 1;
    if (isTask) this.tasks.set(id, { ...(existing as ModelTask), ...changes, version });
    else this.projects.set(id, { ...(existing as ModelProject), ...changes, version });
    return { applied: true, version };
  }

  /**
   * A label's operation: any member creates one, under a name no live label has (ignoring case and
   * accents); the devices' people are members, so a rename or a delete is refused.
   */
  private applyLabel(
    userId: string,
    operation: SyncBatchRequest['operations'][number],
    id: string,
    data: Record<string, unknown>,
    conflicted: Map<string, number>,
  ): Predicted {
    const conflict = (reason: SyncConflict['reason'], cause?: number): Predicted => {
      conflicted.set(id, cause ?? conflicted.get(id) ?? operation.seq);
      return { applied: false, reason, ...(cause !== undefined && { cause }) };
    };
    if (refusedAtTheDoor(operation)) return conflict('invalid');
    const cause = conflicted.get(id);
    if (cause !== undefined) return conflict('depends_on_conflict', cause);
    const existing = this.labels.get(id);
    if (operation.op === 'upsert' && operation.id !== id) {
      if (existing) return conflict('invalid');
      const name = (data.name as string).trim();
      const taken = [...this.labels.values()].some(
        (label) => !label.deleted && labelNameKey(label.name) === labelNameKey(name),
      );
      if (taken) return conflict('invalid');
      this.labels.set(id, { id, version: 0, deleted: false, createdBy: userId, name });
      return { applied: true, version: 0 };
    }
    if (!existing) return conflict('not_found');
    if (operation.op === 'delete' && existing.deleted) return { applied: true, version: existing.version };
    return conflict(existing.deleted ? 'deleted' : 'forbidden');
  }
}

/** `tmp-` taken off the references (a project, labels), and a task's labels as the set the server keeps. */
function referencesResolved(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [
      field,
      field === 'project' && typeof value === 'string'
        ? stripTmpPrefix(value)
        : field === 'labels' && Array.isArray(value)
          ? [...new Set(value.map((labelId) => stripTmpPrefix(labelId as string)))].sort()
          : value,
    ]),
  );
}

/**
 * What the server refuses before any rule: an id in another spelling than a lower-case UUID (with `tmp-`),
 * text PostgreSQL cannot store (NUL, or a surrogate without its pair, which JSON.stringify writes as an
 * escape), or values nested deeper than 32 levels under `{ data, base }`.
 */
function refusedAtTheDoor(operation: SyncBatchRequest['operations'][number]): boolean {
  if (!/^(tmp-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(operation.id))
    return true;
  const fields = { data: operation.data, base: operation.base };
  return /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(fields)) || depthOf(fields) > 32;
}

const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;

/**
 * The merge rule written again from its description (docs/sync-protocol.md), not taken from the core, so that the model does
 * not share a bug with the code it checks: a field conflicts when the server's value differs from what
 * the person saw (or they never saw it) and from the new value.
 */
function fieldMerge(
  server: Record<string, unknown>,
  data: Record<string, unknown>,
  base: Record<string, unknown>,
): { conflicts: string[]; changes: Record<string, unknown> } {
  const changed = Object.keys(data).filter((field) => !jsonEqual(server[field], data[field]));
  return {
    conflicts: changed.filter((field) => !(field in base) || !jsonEqual(server[field], base[field])),
    changes: Object.fromEntries(changed.map((field) => [field, data[field]])),
  };
}
