import { useEffect } from 'react';
import { getPreferences } from '../../preferences/preferences-store.ts';
import { VIEW_KEYS, type TaskView } from '../task-views.ts';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week']);

/** Keys typed into a field belong to the field (shortcuts are ignored while typing). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

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
