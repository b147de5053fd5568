import { fr } from '../../../locales/fr/index.ts';
import { TASK_VIEWS, VIEW_KEYS, type TaskView } from '../task-views.ts';

const t = fr.tasks.views;
const keyOf = (view: TaskView): string => Object.keys(VIEW_KEYS).find((key) => VIEW_KEYS[key] === view) ?? '';

interface ViewSwitcherProps {
  view: TaskView;
  onChange: (view: TaskView) => void;
}

/** Three toggle buttons; the digit beside each is its keyboard shortcut (`data-view-keys` tells the global shortcuts so). */
export function ViewSwitcher({ view, onChange }: ViewSwitcherProps) {
  return (
    <div role="group" aria-label={t.label} className="view-switcher" data-view-keys="">
      {TASK_VIEWS.map((item) => (
        <button
          key={item}
          type="button"
          className="view-switcher__button"
          aria-pressed={item === view}
          aria-keyshortcuts={keyOf(item)}
          title={t.shortcut(keyOf(item))}
          onClick={() => onChange(item)}
        >
          {t[item]}
          <kbd aria-hidden="true">{keyOf(item)}</kbd>
        </button>
      ))}
    </div>
  );
}
