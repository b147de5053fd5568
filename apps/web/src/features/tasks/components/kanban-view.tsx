import type { Task, TaskStatus } from '@jalon/contract';
import { stripTmpPrefix } from '@jalon/contract/plain';
import { useCallback, useMemo, useState } from 'react';
import { RenderAfterPaint } from '../../../components/ui/render-after-paint.tsx';
import { VirtualList } from '../../../components/ui/virtual-list.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { KANBAN_COLUMNS } from '../task-views.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { useMembers } from '../../members/index.ts';
import { useTaskFamily } from '../hooks/use-task-family.ts';
import { KanbanCard } from './kanban-card.tsx';

const t = fr.tasks;

interface KanbanViewProps {
  tasks: readonly Task[];
  pending: ReadonlyMap<string, PendingState>;
  onMove: (task: Task, status: TaskStatus) => void;
}

/**
 * How to move a card, above the board. /tasks shows it while the device's copy is still opening, in the
 * same place: it is the screen's largest text, and waiting for the cards delayed its paint (issue 33).
 */
export const KanbanHint = () => (
  <p className="muted-text" id="kanban-hint">
    {t.kanban.dragHint}
  </p>
);

/** One column per status; each column is virtualised, so thousands of cards stay light. */
export function KanbanView({ tasks, pending, onMove }: KanbanViewProps) {
  const members = useMembers();
  const { family, labelsById } = useTaskFamily();
  const [dragged, setDragged] = useState<Task | null>(null);
  const [over, setOver] = useState<TaskStatus | null>(null);
  const columns = useMemo(() => {
    const byStatus = new Map<TaskStatus, Task[]>(KANBAN_COLUMNS.map((status) => [status, []]));
    for (const task of tasks) byStatus.get(task.status)?.push(task);
    return byStatus;
  }, [tasks]);

  // Stable, as the cards are memoised: a new function on each render of the board re-rendered every card.
  const endDrag = useCallback(() => {
    setDragged(null);
    setOver(null);
  }, []);

  return (
    <>
      <KanbanHint />
      <div className="kanban">
        {KANBAN_COLUMNS.map((status, index) => {
          const cards = columns.get(status) ?? [];
          const label = t.statusLabel(status);
          const list = (
            <VirtualList
              className="kanban__cards"
              label={label}
              items={cards}
              getKey={(task) => stripTmpPrefix(task.id)}
              estimateSize={150}
              renderItem={(task) => (
                <KanbanCard
                  task={task}
                  subTasks={family.progressOf(task.id)}
                  parentTitle={family.parentTitleOf(task)}
                  pending={pending.get(task.id)}
                  members={members.data}
                  labelsById={labelsById}
                  onMove={onMove}
                  onDragStart={setDragged}
                  onDragEnd={endDrag}
                />
              )}
            />
          );
          return (
            <section
              key={status}
              className={`kanban__column${over === status ? ' kanban__column--over' : ''}`}
              aria-labelledby={`kanban-${status}`}
              data-status={status}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
                setOver(status);
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
              }}
              onDrop={(event) => {
                event.preventDefault();
                const id = dragged?.id ?? event.dataTransfer?.getData('text/plain');
                const task = dragged ?? tasks.find((item) => item.id === id);
                endDrag();
                if (task && task.status !== status) onMove(task, status);
              }}
            >
              <h2 id={`kanban-${status}`} className="kanban__title">
                {label} <span className="muted-text">({t.kanban.columnCount(cards.length)})</span>
              </h2>
              {/* The first column's cards come with the board; the others' a frame later, in a task of
                  their own (on a phone only the first column is in view; issue 17). */}
              {index === 0 ? list : <RenderAfterPaint>{list}</RenderAfterPaint>}
            </section>
          );
        })}
      </div>
    </>
  );
}
