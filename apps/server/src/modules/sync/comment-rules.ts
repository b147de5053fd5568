import { sql } from 'drizzle-orm';
import { AUDIT_TYPES, createCommentSchema, mentionedIds, updateCommentSchema } from '@jalon/contract';
import type { Comment } from '@jalon/contract';
import { comments, tasks, users } from '../../db/schema.ts';
import type { EntityRules } from './apply-operation.ts';
import { fieldValues, type BatchPlan, type CommentRow } from './batch-plan.ts';
import { forgetDeletedComments } from './sync-clients.ts';
import { valuesById } from './values-by-id.ts';
import type { Column } from './table-columns.ts';

/** The active members a text mentions; an unknown or deactivated id stays text and is not listed. */
const activeMentions = (plan: BatchPlan, body: string): string[] =>
  mentionedIds(body).filter((id) => plan.people.get(id)?.active === true);

/** A comment as the API answers it, the author named as they are called now. */
export function presentComment(row: CommentRow, authorName: string | null): Comment {
  return {
    id: row.id,
    taskId: row.taskId,
    body: row.body,
    mentions: row.mentions,
    author: row.createdBy && authorName !== null ? { id: row.createdBy, username: authorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** Every column, as the writer stores a row. */
const COLUMNS: Array<Column<CommentRow>> = [
  ['id', 'uuid', (row) => row.id],
  ['task_id', 'uuid', (row) => row.taskId],
  ['created_by', 'uuid', (row) => row.createdBy],
  ['body', 'text', (row) => row.body],
  ['mentions', 'jsonb', (row) => row.mentions],
  ['version', 'integer', (row) => row.version],
  ['created_at', 'timestamptz', (row) => row.createdAt],
  ['updated_at', 'timestamptz', (row) => row.updatedAt],
  ['change_seq', 'bigint', (row) => row.changeSeq],
  ['deleted_at', 'timestamptz', (row) => row.deletedAt],
];

/**
 * Comments on a task. Anyone who may see the task may comment (every member sees every task); only the
 * author edits a comment, the author or an administrator deletes it. A deleted task hides its comments:
 * they are neither read nor written until it comes back. The audit rows name the task, never the text.
 */
export const commentRules: EntityRules<CommentRow> = {
  entity: 'comment',
  table: comments,
  tableName: 'comments',
  columns: COLUMNS,
  // Told with its task and that task's project; only its own writes move a comment's version.
  changeFeed: {
    projectId: sql`(select project_id from tasks where tasks.id = task_id)`,
    taskId: sql`task_id`,
    created: sql`version = 0`,
  },
  // A deleted task hides its comments; each is presented with its author's current name.
  catchUp: {
    visible: sql`exists (select 1 from ${tasks} where ${tasks.id} = ${comments.taskId} and ${tasks.deletedAt} is null)`,
    async present(tx, _viewer, rows) {
      const authors = rows.flatMap((row) => (row.createdBy ? [row.createdBy] : []));
      const names = await valuesById<string>(tx, users, users.id, users.username, authors);
      return rows.map((row) =>
        presentComment(row, row.createdBy ? (names.get(row.createdBy) ?? null) : null),
      );
    },
  },
  restName: 'Comment',
  refusals: {
    delete: 'Only the author of a comment or an administrator can delete it',
    change: 'Only the author of a comment can change it',
  },
  rows: (plan) => plan.rowsOf('comment'),
  referenceFields: { taskId: 'task' },
  userFields: [],
  people: (data, row) => [
    ...(typeof data.body === 'string' ? mentionedIds(data.body) : []),
    ...(row?.createdBy ? [row.createdBy] : []),
  ],
  hidden: (plan, row) => !plan.liveTask(row.taskId),
  pointsAt: (row) => [{ entity: 'task', id: row.taskId }],
  references: (_plan, row, data) =>
    [typeof data.taskId === 'string' ? data.taskId : row?.taskId].filter((id): id is string => Boolean(id)),
  rowSchema: createCommentSchema as never,
  patchSchema: updateCommentSchema as never,
  normalise: (values) => values,
  fieldsOf: (row, fields) => fieldValues(row, fields, (field) => field as keyof CommentRow),
  present: (plan, row) =>
    presentComment(row, row.createdBy ? (plan.people.get(row.createdBy)?.username ?? null) : null),
  createdBy: (row) => row.createdBy,

  create(plan, id, values) {
    const taskId = values.taskId as string;
    if (!plan.liveTask(taskId)) return 'taskId: Unknown task';
    const body = values.body as string;
    // Comments one batch creates share its time: a millisecond apiece keeps them in the order they were
    // written, as the thread sorts by creation time (the id only breaks ties).
    const createdAt = new Date(plan.now.getTime() + plan.created('comment').size);
    const row: CommentRow = {
      id,
      taskId,
      createdBy: plan.viewer.userId,
      body,
      mentions: activeMentions(plan, body),
      version: 0,
      createdAt,
      updatedAt: createdAt,
      changeSeq: plan.changeSeq,
      deletedAt: null,
    };
    plan.changed('comment').add(id);
    plan.created('comment').add(id);
    plan.audit({
      type: AUDIT_TYPES.taskCommentCreated,
      resource: `task:${taskId}`,
      details: 'Commentaire ajouté',
      metadata: { comment: id, mentions: row.mentions },
      subject: { entity: 'comment', id },
    });
    return row;
  },

  change(plan, current, changes) {
    const body = changes.body as string;
    const row = plan.nextVersion('comment', current, { body, mentions: activeMentions(plan, body) });
    plan.audit({
      type: AUDIT_TYPES.taskCommentUpdated,
      resource: `task:${row.taskId}`,
      details: 'Commentaire modifié',
      metadata: { comment: row.id, mentions: row.mentions },
      subject: { entity: 'comment', id: row.id },
    });
    return row;
  },

  canDelete: (plan, row) => plan.viewer.isAdmin || row.createdBy === plan.viewer.userId,
  mayChange: (plan, row) => row.createdBy === plan.viewer.userId,

  /** Nor do the answers stored for devices' replays (a conflict holds the text sent and the row's). */
  afterWrite: (tx, plan) => forgetDeletedComments(tx, plan),

  /** The tombstone keeps the comment's place in the thread and nothing of what it said. */
  remove(plan, current) {
    const row = plan.nextVersion('comment', current, { deletedAt: plan.now, body: null, mentions: [] });
    plan.audit({
      type: AUDIT_TYPES.taskCommentDeleted,
      resource: `task:${row.taskId}`,
      details: 'Commentaire supprimé',
      metadata: { comment: row.id },
      subject: { entity: 'comment', id: row.id },
    });
    return row;
  },
};
