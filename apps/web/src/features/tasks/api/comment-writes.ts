import { useMemo } from 'react';
import { useEdit } from '../../../offline/use-edit.ts';

/**
 * Comment writes through the outbox, like every task write: shown at once ('En attente de
 * synchronisation'), sent when the network allows, once. An edit of a comment not sent yet merges into
 * the entry that creates it. `taskId` may be a task's `tmp-` id: the server reads it as the task it became.
 */
export function useCommentWrites() {
  const edit = useEdit();
  return useMemo(
    () => ({
      create: (taskId: string, body: string) =>
        edit({ op: 'create', entity: 'comment', data: { taskId, body } }),
      update: (id: string, body: string) => edit({ op: 'patch', entity: 'comment', id, data: { body } }),
      remove: (id: string) => edit({ op: 'delete', entity: 'comment', id }),
    }),
    [edit],
  );
}
