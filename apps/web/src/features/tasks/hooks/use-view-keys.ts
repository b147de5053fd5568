import { useEffect } from 'react';
import { isTyping } from '../../../lib/is-typing.ts';
import { getPreferences } from '../../preferences/index.ts';
import { VIEW_KEYS, type TaskView } from '../task-views.ts';

/** 1, 2 and 3 switch to kanban, list and calendar. */
export function useViewKeys(onView: (view: TaskView) => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      // WCAG 2.1.4: the person may have switched single-key shortcuts off.
      if (!getPreferences().singleKeyShortcuts) return;
      const view = VIEW_KEYS[event.key];
      if (!view) return;
      event.preventDefault();
      onView(view);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onView]);
}
