import { fr } from '../../../locales/fr/index.ts';

const t = fr.tasks.subTasks;

/** A parent's '2/5', read aloud as '2 sous-tâches terminées sur 5'; nothing for a task without sub-tasks. */
export function SubTaskProgress({ done, total }: { done: number; total: number }) {
  if (total === 0) return null;
  return (
    <span className="sub-task-progress" role="img" aria-label={t.progressLabel(done, total)}>
      {t.progress(done, total)}
    </span>
  );
}

/** A sub-task's parent, under its title in lists and boards; nothing for a task that is no sub-task. */
export function ParentTitle({ title }: { title: string | null }) {
  if (title === null) return null;
  return <span className="task-parent muted-text">{t.parent(title || fr.tasks.untitled)}</span>;
}
