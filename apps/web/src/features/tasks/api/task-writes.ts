import type { CreateTask, Task, UpdateTask } from '@jalon/contract';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { queuedOrDirect, useEdit } from '../../../offline/use-edit.ts';

/** The direct create, for when the outbox cannot take the task. */
const createTaskDirectly = (input: CreateTask): Promise<Task> =>
  apiRequest('/tasks', { method: 'POST', body: input, schema: contractSchema('taskSchema') });

/** Task writes through the outbox: shown at once, sent when the network allows. Each answers the task's id. */
export function useTaskWrites() {
  const edit = useEdit();
  return useMemo(
    () => ({
      create: (input: CreateTask) =>
        queuedOrDirect(() => edit({ op: 'create', entity: 'task', data: input }), () => createTaskDirectly(input)),
      update: (task: Task, patch: UpdateTask) => edit({ op: 'patch', entity: 'task', id: task.id, data: patch }),
    }),
    [edit],
  );
}
