import type { SyncEntity } from '@jalon/contract';
import type { EntityRules } from './apply-operation.ts';
import type { CommentRow, LabelRow, ProjectRow, TaskRow } from './batch-plan.ts';
import { commentRules } from './comment-rules.ts';
import { labelRules } from './label-rules.ts';
import { projectRules } from './project-rules.ts';
import { taskRules } from './task-rules.ts';

/**
 * Every kind of data the write path knows, each declared once by its rules module (schemas from the
 * contract, table and columns, defaults, derived values, history, audit wording). The loader, the
 * planner and the writer take them from here: adding a kind is adding its rules here, in the order in
 * which rows may point at each other (a kind after those it points at: a task after its project).
 */
export const ENTITIES = [projectRules, labelRules, taskRules, commentRules] as const satisfies ReadonlyArray<{
  entity: SyncEntity;
}>;

export type AnyRow = TaskRow | ProjectRow | LabelRow | CommentRow;
export type RowOf<E extends SyncEntity> = E extends 'task'
  ? TaskRow
  : E extends 'comment'
    ? CommentRow
    : E extends 'label'
      ? LabelRow
      : ProjectRow;

const BY_ENTITY = new Map<SyncEntity, EntityRules<AnyRow>>(
  ENTITIES.map((rules) => [rules.entity, rules as unknown as EntityRules<AnyRow>]),
);

export const rulesOf = <E extends SyncEntity>(entity: E) =>
  BY_ENTITY.get(entity) as unknown as EntityRules<RowOf<E>>;

/** The declarations as the writer and loader walk them, each with its own row type hidden. */
export const ALL_RULES = [...BY_ENTITY.values()];
