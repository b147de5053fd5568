import { fr } from '../../../locales/fr/index.ts';
import { keysOf } from '../../shortcuts/index.ts';
import { TASK_VIEWS, type TaskView } from '../task-views.ts';

const t = fr.tasks.views;

interface ViewSwitcherProps {
  view: TaskView;
  onChange: (view: TaskView) => void;
}

/**
 * Three toggle buttons; the digit beside each is its keyboard shortcut, which the global shortcuts press
 * here (`data-view-keys`, `data-view`).
 */
export function ViewSwitcher({ view, onChange }: ViewSwitcherProps) {
  return (
    <div role="group" aria-label={t.label} className="view-switcher" data-view-keys="">
      {TASK_VIEWS.map((item) => (
        <button
          key={item}
          type="button"
          className="view-switcher__button"
          data-view={item}
          aria-pressed={item === view}
          aria-keyshortcuts={keysOf(item)}
          title={t.shortcut(keysOf(item))}
          onClick={() => onChange(item)}
        >
          {t[item]}
          <kbd aria-hidden="true">{keysOf(item)}</kbd>
        </button>
      ))}
    </div>
  );
}
