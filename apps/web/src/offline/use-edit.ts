import type { Edit } from '@jalon/sync';
import { useCallback } from 'react';
import { useWorkEngine } from './work-context.tsx';

/** The one write path of projects and tasks: an edit recorded in the outbox, then sent (docs/sync-protocol.md). */
export function useEdit(): (edit: Edit) => Promise<string> {
  const engine = useWorkEngine();
  return useCallback(
    (edit: Edit) =>
      engine ? engine.edit(edit) : Promise.reject(new Error('The offline engine is not started')),
    [engine],
  );
}

/**
 * If the offline queue fails, the product falls back to a direct create. A create that could
 * not be recorded (the engine not started yet, IndexedDB refusing the write) is sent to the API instead;
 * what the person typed is never lost to a storage problem.
 */
export async function queuedOrDirect(
  queue: () => Promise<string>,
  direct: () => Promise<{ id: string }>,
): Promise<string> {
  try {
    return await queue();
  } catch (error) {
    console.warn('Offline queue failed, creating directly', error);
    return (await direct()).id;
  }
}
