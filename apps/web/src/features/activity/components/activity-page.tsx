import type { ActivityEntry } from '@jalon/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { memo, useId } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ActivityIcon, activityFamily } from '../../../components/ui/activity-icon.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/activity.css';
import { useWork } from '../../../offline/work-context.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { activityPeopleQueryOptions, activityQueryOptions, readActivityFilter } from '../api/get-activity.ts';
import { TaskLink } from '../../tasks/index.ts';

const t = fr.activity;

// Memo'd: the page renders again as the people and the device's copy of the projects come in, and the
// entries (the same objects until the list changes) then need no new render (issue 17).
const ActivityItem = memo(function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const who = entry.actor.name || t.system;
  const what = t.actions[entry.type] ?? entry.type;
  // A deleted project has no page to open; a task opens its own page, or once deleted the project that listed it.
  const taskId = entry.target?.kind === 'task' && entry.type !== 'task.deleted' ? entry.target.id : null;
  const to =
    entry.target?.projectId && entry.type !== 'project.deleted'
      ? `/projects/${entry.target.projectId}`
      : null;
  return (
    <li className="activity__item">
      <span className="activity__icon">
        <ActivityIcon family={activityFamily(entry.type)} />
      </span>
      <p className="activity__text">
        <strong>{who}</strong> {what}
        {' : '}
        {taskId ? (
          <TaskLink taskId={taskId}>{entry.details}</TaskLink>
        ) : to ? (
          <Link to={to}>{entry.details}</Link>
        ) : (
          <span>{entry.details}</span>
        )}
      </p>
      <p className="activity__meta">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
    </li>
  );
});

/** /activity (shortcut g a): the team's project and task activity, newest first, by person or project. */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filter = readActivityFilter(params);
  const personId = useId();
  const projectId = useId();
  const activity = useInfiniteQuery(activityQueryOptions(filter));
  const people = useQuery(activityPeopleQueryOptions());
  const { projects } = useWork();
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  const setFilter = (name: 'person' | 'project', value: string) =>
    setParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        return current;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t.title}>
        <p>{t.intro}</p>
      </PageHeader>
      <form className="activity__filters" aria-label={t.filters} onSubmit={(event) => event.preventDefault()}>
        <Field id={personId} label={t.person}>
          {(control) => (
            <select
              {...control}
              className="input"
              data-shortcut-filter
              value={filter.actorId}
              onChange={(event) => setFilter('person', event.target.value)}
            >
              <option value="">{t.everyone}</option>
              {people.data?.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={projectId} label={t.project}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={filter.projectId}
              onChange={(event) => setFilter('project', event.target.value)}
            >
              <option value="">{t.allProjects}</option>
              {projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      <section className="card" aria-labelledby="activity-list-title" aria-busy={activity.isPending}>
        <h2 id="activity-list-title" className="visually-hidden">
          {t.title}
        </h2>
        {activity.isPending && <p role="status">{t.loading}</p>}
        {activity.isError && <Alert tone="error">{`${t.loadFailed} ${errorMessage(activity.error)}`}</Alert>}
        {activity.isSuccess && entries.length === 0 && <p className="empty-text">{t.empty}</p>}
        {entries.length > 0 && (
          <ol className="activity" aria-labelledby="activity-list-title">
            {entries.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        {activity.hasNextPage && (
          <button
            type="button"
            className="button"
            disabled={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {activity.isFetchingNextPage ? t.loadingMore : t.more}
          </button>
        )}
      </section>
    </>
  );
}
