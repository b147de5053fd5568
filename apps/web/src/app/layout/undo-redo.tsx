import { useEffect } from 'react';
import { editHistory, recordEdit, setEditWriter } from '../../features/shortcuts/edit-history.ts';
import { useWorkEngine } from '../../offline/work-context.tsx';

/**
 * Connects Ctrl+Z / Ctrl+Shift+Z (the shortcuts' edit history) to the offline engine: each patch the
 * person makes is remembered with the values it replaced, and an undo or redo is a new write through the
 * outbox, so it syncs and can conflict like any edit. The history ends with the engine (sign-out).
 */
export function UndoRedo() {
  const engine = useWorkEngine();
  useEffect(() => {
    if (!engine) return;
    const unregister = setEditWriter(async (entity, id, fields) => {
      await engine.edit({ op: 'patch', entity, id, data: { ...fields } }, { undoable: false });
    });
    // Comments are not in the history: Ctrl+Z in the composer undoes typing, not a comment sent.
    const stopListening = engine.onEdited(
      (edit) => edit.entity !== 'comment' && recordEdit({ ...edit, entity: edit.entity }),
    );
    return () => {
      unregister();
      stopListening();
      editHistory.clear();
    };
  }, [engine]);
  return null;
}
