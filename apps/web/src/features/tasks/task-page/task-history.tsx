import { isTmpId } from '@jalon/contract/plain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { relativeAge } from '../../../lib/relative-age.ts';
import { taskActivityQueryOptions } from '../api/task-activity.ts';
import { changeText, entryText, type HistoryNames } from './history-text.ts';

const t = taskPage.history;

interface TaskHistoryProps {
  taskId: string;
  version: number;
  /** Comments of the task the server has: each adds a 'commented' entry. */
  comments: number;
  names: HistoryNames;
  /** The section's heading level, under the task's title. */
  level: number;
}

/** 'Historique': who did what to the task and when, newest first, a page at a time. */
export function TaskHistory({ taskId, version, comments, names, level }: TaskHistoryProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  // A task made offline is not on the server yet: it has no history to read there.
  const unsent = isTmpId(taskId);
  const history = useInfiniteQuery({
    ...taskActivityQueryOptions(taskId, version, comments),
    enabled: !unsent,
  });
  const entries = useMemo(() => history.data?.pages.flatMap((page) => page.items) ?? [], [history.data]);
  const now = new Date();
  return (
    <section className="task-history" aria-labelledby={headingId} aria-busy={history.isFetching}>
      <Heading id={headingId}>{t.title}</Heading>
      {unsent && <p className="muted-text">{t.unsent}</p>}
      {!unsent && history.isPending && <p className="muted-text">{t.loading}</p>}
      {history.isError && <Alert tone="error">{t.failed(errorMessage(history.error))}</Alert>}
      {!history.isPending && entries.length === 0 && !history.isError && (
        <p className="empty-text">{t.empty}</p>
      )}
      {entries.length > 0 && (
        <ol className="task-history__list">
          {entries.map((entry) => {
            const age = relativeAge(entry.at, now);
            return (
              <li key={entry.id} className="task-history__entry">
                <p className="task-history__what">{entryText(entry)}</p>
                {entry.changes.length > 0 && (
                  <ul className="task-history__changes">
                    {entry.changes.map((change) => (
                      <li key={change.field}>{changeText(change, names)}</li>
                    ))}
                  </ul>
                )}
                <p className="task-history__when muted-text">
                  {t.ago(age.amount, age.unit)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? t.loadingMore : t.more}
        </button>
      )}
    </section>
  );
}
