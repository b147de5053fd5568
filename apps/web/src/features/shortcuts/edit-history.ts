import type { SyncEntity } from '@jalon/contract';

/**
 * Ctrl+Z / Ctrl+Shift+Z over the person's own edits (tasks, projects, labels). Whoever writes calls
 * `recordEdit()` with the fields before and after; undo writes `before` back as a NEW write through
 * `applyEdit` (the normal write path), so it syncs and conflicts like any edit, and redo writes `after`.
 * Nothing here knows how a write is made: the app registers `applyEdit` (see `setEditWriter`).
 */

export type EditEntity = SyncEntity;
export type Fields = Readonly<Record<string, unknown>>;

export interface Edit {
  entity: EditEntity;
  id: string;
  before: Fields;
  after: Fields;
}

/** Writes fields onto one entity through the app's write path; rejects when the write is refused. */
export type ApplyEdit = (entity: EditEntity, id: string, fields: Fields) => Promise<void>;

export const HISTORY_LIMIT = 50;

export interface EditHistory {
  record(edit: Edit): void;
  /** The edit undone, or null when there is nothing to undo (or no writer is registered). */
  undo(): Promise<Edit | null>;
  redo(): Promise<Edit | null>;
  canUndo(): boolean;
  canRedo(): boolean;
  clear(): void;
}

export function createEditHistory(apply: () => ApplyEdit | null, limit = HISTORY_LIMIT): EditHistory {
  let done: Edit[] = [];
  let undone: Edit[] = [];
  // One write at a time: a second Ctrl+Z waits for the first, so the order of writes is the order asked.
  let queue: Promise<unknown> = Promise.resolve();

  const step = (from: () => Edit[], to: () => Edit[], fieldsOf: (edit: Edit) => Fields) => {
    const run = queue.then(async () => {
      const writer = apply();
      const edit = from().at(-1);
      if (!writer || !edit) return null;
      await writer(edit.entity, edit.id, fieldsOf(edit));
      // Only a write that went through moves the edit; a refused one stays where it was.
      from().pop();
      to().push(edit);
      return edit;
    });
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    record(edit) {
      // Only the fields that changed: undo must not overwrite what someone else edited meanwhile.
      const keys = Object.keys(edit.after).filter((key) => !Object.is(edit.before[key], edit.after[key]));
      if (keys.length === 0) return;
      const pick = (fields: Fields) => Object.fromEntries(keys.map((key) => [key, fields[key]]));
      done.push({ entity: edit.entity, id: edit.id, before: pick(edit.before), after: pick(edit.after) });
      if (done.length > limit) done = done.slice(-limit);
      // A new edit ends the redo branch, as in every editor.
      undone = [];
    },
    undo: () =>
      step(
        () => done,
        () => undone,
        (edit) => edit.before,
      ),
    redo: () =>
      step(
        () => undone,
        () => done,
        (edit) => edit.after,
      ),
    canUndo: () => done.length > 0,
    canRedo: () => undone.length > 0,
    clear() {
      done = [];
      undone = [];
    },
  };
}

let writer: ApplyEdit | null = null;

/** The app's single history: this tab's edits, forgotten on reload and on sign-out. */
export const editHistory = createEditHistory(() => writer);

/** Registers the write path undo and redo go through; returns a function that unregisters it. */
export function setEditWriter(apply: ApplyEdit): () => void {
  writer = apply;
  return () => {
    if (writer === apply) writer = null;
  };
}

/** For whoever writes a task or project: remember the edit so Ctrl+Z can take it back. */
export const recordEdit = (edit: Edit): void => editHistory.record(edit);
