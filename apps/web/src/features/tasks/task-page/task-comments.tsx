import type { Comment, Member } from '@jalon/contract';
import { stripTmpPrefix } from '@jalon/contract/plain';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { relativeAge } from '../../../lib/relative-age.ts';
import { useSession } from '../../../lib/session-store.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { useWork } from '../../../offline/work-context.tsx';
import type { PendingState } from '../../../offline/work-rows.ts';
import { useMembers } from '../../members/index.ts';
import { useCommentWrites } from '../api/comment-writes.ts';
import { CommentComposer } from './comment-composer.tsx';
import { MarkdownView } from './markdown-view.tsx';
import { showMentions } from './mention-text.ts';

const t = taskPage.comments;
const ago = taskPage.history.ago;
/** Comments rendered per step: each is parsed as Markdown, and 200 at once would hold the page for long. */
const RENDER_STEP = 20;

/**
 * How many of `total` items to render: a first step at once, then a step per macrotask, so a long thread
 * shows its first comments at once and the page stays responsive while the rest arrive (no task of the
 * whole thread's size). A comment added at the end shows one macrotask later.
 */
function useProgressiveCount(total: number): number {
  const [limit, setLimit] = useState(RENDER_STEP);
  useEffect(() => {
    if (limit >= total) return;
    const timer = setTimeout(() => setLimit((current) => current + RENDER_STEP), 0);
    return () => clearTimeout(timer);
  }, [limit, total]);
  return Math.min(total, limit);
}

interface TaskCommentsProps {
  taskId: string;
  /** The section's heading level, under the task's title. */
  level: number;
}

/**
 * 'Commentaires': the task's thread, oldest first, read from the device's copy (so it shows offline, and
 * what was written here before it is sent), with the composer under it. A deleted comment keeps its place
 * as 'Commentaire supprimé.'; the author edits and deletes their own, an administrator deletes any.
 */
export function TaskComments({ taskId, level }: TaskCommentsProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const work = useWork();
  const members = useMembers().data;
  const viewer = useSession((session) => session.user);
  const writes = useCommentWrites();
  const [failure, setFailure] = useState<string | null>(null);
  // Ages count from when the thread last changed, so a comment's row renders again only when it changes.
  const { thread, now } = useMemo(() => {
    const task = stripTmpPrefix(taskId);
    return {
      thread: work.comments.filter((comment) => stripTmpPrefix(comment.taskId) === task),
      now: new Date(),
    };
  }, [work.comments, taskId]);
  const failed = useCallback((error: unknown) => setFailure(t.failed(errorMessage(error))), []);
  const rendered = useProgressiveCount(thread.length);

  return (
    <section className="task-comments" aria-labelledby={headingId}>
      <Heading id={headingId}>{t.title}</Heading>
      {thread.length === 0 ? (
        <p className="empty-text">{t.empty}</p>
      ) : (
        <ol className="task-comments__list">
          {thread.slice(0, rendered).map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              members={members}
              pending={work.pending.get(comment.id)}
              mine={comment.author?.id === viewer?.id}
              isAdmin={viewer?.role === 'admin'}
              now={now}
              writes={writes}
              onFailure={failed}
            />
          ))}
        </ol>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <CommentComposer
        label={t.label}
        submitLabel={t.send}
        members={members}
        onSubmit={(body) => {
          setFailure(null);
          writes.create(taskId, body).catch(failed);
        }}
      />
    </section>
  );
}

interface CommentItemProps {
  comment: Comment;
  members: readonly Member[] | undefined;
  pending: PendingState | undefined;
  mine: boolean;
  isAdmin: boolean;
  now: Date;
  writes: ReturnType<typeof useCommentWrites>;
  onFailure: (error: unknown) => void;
}

/** One comment; memo'd so that a comment written below does not render the 200 above it again. */
const CommentItem = memo(function CommentItem({
  comment,
  members,
  pending,
  mine,
  isAdmin,
  now,
  writes,
  onFailure,
}: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const author = comment.author;
  const member = author ? members?.find((candidate) => candidate.id === author.id) : undefined;
  const name = member?.username || author?.username || t.unknownAuthor;
  const deleted = comment.deletedAt !== null || comment.body === null;
  const age = relativeAge(comment.createdAt, now);
  return (
    <li className="task-comments__item">
      <p className="task-comments__meta">
        <strong>{member && !member.active ? `${name} ${t.deactivated}` : name}</strong>{' '}
        <span className="muted-text">
          {ago(age.amount, age.unit)} ·{' '}
          <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
          {!deleted && comment.version > 0 && comment.updatedAt !== comment.createdAt && ` · ${t.edited}`}
        </span>{' '}
        {pending && <StatusBadge tone={pending === 'conflict' ? 'danger' : 'info'} label={t.pending} />}
      </p>
      {deleted ? (
        <p className="task-comments__deleted muted-text">{t.deleted}</p>
      ) : editing ? (
        <CommentComposer
          label={t.editLabel}
          submitLabel={t.save}
          initial={comment.body ?? ''}
          members={members}
          onSubmit={(body) => {
            setEditing(false);
            if (body !== comment.body) writes.update(comment.id, body).catch(onFailure);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <MarkdownView source={showMentions(comment.body ?? '', members)} />
      )}
      {!deleted && !editing && (mine || isAdmin) && (
        <div className="inline-actions">
          {mine && (
            <button type="button" className="button button--small" onClick={() => setEditing(true)}>
              {t.edit}
            </button>
          )}
          <button type="button" className="button button--small" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t.deleteTitle}
          message={t.deleteConfirm}
          confirmLabel={t.delete}
          cancelLabel={t.cancel}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            writes.remove(comment.id).catch(onFailure);
          }}
        />
      )}
    </li>
  );
});
