import type { Task } from '@jalon/contract';
import { TASK_LIMITS } from '@jalon/contract/plain';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateOnce } from '../../../lib/use-create-once.ts';
import { fr } from '../../../locales/fr/index.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { PendingBadge } from '../../offline/index.ts';
import { useTaskWrites } from '../api/task-writes.ts';
import { TaskLink } from '../components/task-link.tsx';
import { SubTaskProgress } from '../components/task-family-line.tsx';
import { movedPositions, nextPosition, subTasksOf } from '../task-family.ts';

const t = taskPage.subTasks;

interface TaskSubTasksProps {
  /** A task that is no sub-task itself (one level). */
  task: Task;
  /** The section's heading level, under the task's title. */
  level: number;
}

/**
 * 'Sous-tâches': the task's steps in their order, each with a box (checked: done; unchecked: to do), its
 * 'Monter'/'Descendre' buttons (or Alt+↑/↓ anywhere in its line), and 'Ajouter une sous-tâche' (a title;
 * Enter adds it and leaves the field ready for the next). Every write goes through the outbox, so a parent
 * made offline takes its sub-tasks offline too, sent after it in order.
 */
export function TaskSubTasks({ task, level }: TaskSubTasksProps) {
  const headingId = useId();
  const fieldId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const work = useWork();
  const writes = useTaskWrites();
  const create = useCreateOnce(writes.create);
  const [title, setTitle] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  // After a move, the focus follows the moved line's button once the list shows it in its new place (the
  // edit is recorded first, then shown).
  const focusAfterMove = useRef<{ id: string; index: number; step: -1 | 1 } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const subTasks = subTasksOf(work.tasks, task.id);
  const done = subTasks.filter((subTask) => subTask.status === 'done').length;
  const failed = (error: unknown) => setFailure(t.failed(errorMessage(error)));

  useLayoutEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved || subTasks[moved.index]?.id !== moved.id) return;
    focusAfterMove.current = null;
    const line = list.current?.children[moved.index];
    const button = line?.querySelector<HTMLButtonElement>(`[data-move="${moved.step}"]:not(:disabled)`);
    (button ?? line?.querySelector<HTMLInputElement>('input'))?.focus();
  });

  const add = () => {
    const trimmed = title.trim();
    if (trimmed === '') return;
    setFailure(null);
    create.submit(
      {
        title: trimmed,
        project: task.project,
        parent: task.id,
        position: nextPosition(subTasks),
      },
      {
        onSuccess: () => {
          setTitle('');
          setSaid(t.added(trimmed));
        },
        onError: failed,
      },
    );
  };

  const move = (index: number, step: -1 | 1) => {
    const moved = subTasks[index];
    if (!moved) return;
    const changes = movedPositions(subTasks, index, step);
    if (changes.length === 0) return;
    setFailure(null);
    for (const { task: subTask, position } of changes) writes.update(subTask, { position }).catch(failed);
    setSaid(t.moved(moved.title || fr.tasks.untitled, index + step + 1, subTasks.length));
    focusAfterMove.current = { id: moved.id, index: index + step, step };
  };

  const onLineKeyDown = (index: number) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey) return;
    const step = { ArrowUp: -1, ArrowDown: 1 }[event.key] as -1 | 1 | undefined;
    if (step === undefined) return;
    event.preventDefault();
    move(index, step);
  };

  return (
    <section className="task-sub-tasks" aria-labelledby={headingId}>
      <Heading id={headingId}>
        {t.title} <SubTaskProgress done={done} total={subTasks.length} />
      </Heading>
      {failure && <Alert tone="error">{failure}</Alert>}
      {subTasks.length === 0 ? (
        <p className="empty-text">{t.empty}</p>
      ) : (
        <>
          <p className="muted-text" id={`${headingId}-hint`}>
            {t.reorderHint}
          </p>
          <ol ref={list} className="task-sub-tasks__list" aria-describedby={`${headingId}-hint`}>
            {subTasks.map((subTask, index) => {
              const name = subTask.title || fr.tasks.untitled;
              return (
                <li key={subTask.id} className="task-sub-tasks__item" onKeyDown={onLineKeyDown(index)}>
                  <input
                    type="checkbox"
                    className="task-sub-tasks__check"
                    aria-label={t.done(name)}
                    checked={subTask.status === 'done'}
                    onChange={(event) =>
                      writes.update(subTask, { status: event.target.checked ? 'done' : 'todo' }).catch(failed)
                    }
                  />
                  <span className="task-sub-tasks__title">
                    <TaskLink taskId={subTask.id}>{name}</TaskLink>
                  </span>
                  <PendingBadge state={work.pending.get(subTask.id)} />
                  <span className="inline-actions task-sub-tasks__moves">
                    <button
                      type="button"
                      className="button button--small button--icon"
                      aria-label={t.moveUp(name)}
                      data-move={-1}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" focusable="false" size={16} />
                    </button>
                    <button
                      type="button"
                      className="button button--small button--icon"
                      aria-label={t.moveDown(name)}
                      data-move={1}
                      disabled={index === subTasks.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" focusable="false" size={16} />
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <form
        className="task-sub-tasks__add"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <Field id={fieldId} label={t.add} hint={t.addHint}>
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={TASK_LIMITS.titleMax}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={title.trim() === '' || create.isPending}>
          {t.add}
        </button>
      </form>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </section>
  );
}
