import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { useWorkEngine } from '../../../offline/work-context.tsx';

/**
 * Brings a deleted task back (with the sub-tasks deleted with it) through `POST /api/tasks/{id}/restore`:
 * online only, as sync batches have no restore; the device's copy then reads it back from the server.
 */
export function useTaskRestore(): (id: string) => Promise<void> {
  const engine = useWorkEngine();
  return useCallback(
    async (id: string) => {
      await apiRequest(`/tasks/${id}/restore`, { method: 'POST', schema: contractSchema('taskSchema') });
      await engine?.refresh();
    },
    [engine],
  );
}
