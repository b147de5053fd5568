// The values of the contract's enums, without zod (enums.ts builds its schemas from them): screens list
// and check them on their first paint, before the schemas load (issue 17).

export const ROLES = ['admin', 'member'] as const;
export const PROJECT_STATUSES = ['active', 'on_hold', 'completed', 'cancelled'] as const;
export const TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done'] as const;
export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
/** A label's colour is one of these names; the web app draws each in both schemes (AA contrast, tested). */
export const LABEL_COLORS = ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'pink'] as const;
/** Audit entry types are dotted; the first segment is the family the UI filters on. */
/**
 * Every kind of data a device syncs, in the order rows may point at each other (a task after its project
 * and labels, a comment after its task): the order a device stores a catch-up page in.
 */
export const SYNC_ENTITIES = ['project', 'label', 'task', 'comment'] as const;
export const AUDIT_FAMILIES = ['auth', 'security', 'admin', 'project', 'task'] as const;

/** True when `value` is one of `values` (a select's value, a URL parameter), typed as such. */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
