import type { CreateTask, Task, UpdateTask } from '@jalon/contract';
import { TMP_ID_PREFIX } from '@jalon/contract/plain';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { queuedOrDirect, useEdit } from '../../../offline/use-edit.ts';

/** The direct create, for when the outbox cannot take the task; its id makes a resend the same task. */
const createTaskDirectly = (input: CreateTask, id: string): Promise<Task> =>
  apiRequest('/tasks', { method: 'POST', body: { ...input, id }, schema: contractSchema('taskSchema') });

/**
 * Task writes through the outbox: shown at once, sent when the network allows. Each answers the task's id.
 * A create takes the form's client-made id (`useCreateOnce`), as `tmp-<id>` in the outbox: the same id twice is one task.
 */
export function useTaskWrites() {
  const edit = useEdit();
  return useMemo(
    () => ({
      create: (input: CreateTask, id: string) =>
        queuedOrDirect(
          () => edit({ op: 'create', entity: 'task', data: input, id: `${TMP_ID_PREFIX}${id}` }),
          () => createTaskDirectly(input, id),
        ),
      update: (task: Task, patch: UpdateTask) =>
        edit({ op: 'patch', entity: 'task', id: task.id, data: patch }),
      /** A parent's sub-tasks go with it: the server deletes them in the same change. */
      remove: (task: Task) => edit({ op: 'delete', entity: 'task', id: task.id }),
    }),
    [edit],
  );
}
