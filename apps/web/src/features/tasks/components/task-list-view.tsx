import type { Task } from '@jalon/contract';
import type { TaskEditPatch } from './task-edit-form.tsx';
import { useState } from 'react';
import { VirtualList } from '../../../components/ui/virtual-list.tsx';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { TaskRow } from './task-row.tsx';

interface TaskListViewProps {
  tasks: readonly Task[];
  pending: ReadonlyMap<string, PendingState>;
  onSave: (task: Task, patch: TaskEditPatch) => void;
}

export function TaskListView({ tasks, pending, onSave }: TaskListViewProps) {
  const [editingId, setEditingId] = useState<string | null>(null);
  return (
    <VirtualList
      className="task-list"
      label={fr.tasks.views.list}
      items={tasks}
      getKey={(task) => task.id}
      estimateSize={132}
      renderItem={(task) => (
        <TaskRow
          task={task}
          editing={editingId === task.id}
          pending={pending.get(task.id)}
          onEdit={() => setEditingId(task.id)}
          onCancel={() => setEditingId(null)}
          onSave={(patch) => {
            setEditingId(null);
            onSave(task, patch);
          }}
        />
      )}
    />
  );
}
