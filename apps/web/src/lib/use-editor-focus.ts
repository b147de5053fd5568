import { useLayoutEffect, useRef } from 'react';

/**
 * A row's inline editor: closing it puts the keyboard back on the 'Modifier' that opened it, in the same
 * commit, so a key pressed right after Esc or Enter reaches the row (decision 0038).
 */
export function useEditorFocus(editing: boolean, onEdit: (id: string | null) => void) {
  const editButton = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  useLayoutEffect(() => {
    if (editing || !restoreFocus.current) return;
    restoreFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const close = (then?: () => void) => {
    restoreFocus.current = true;
    onEdit(null);
    then?.();
  };
  return { editButton, close };
}
