import { useLayoutEffect, useMemo, useRef, useState, useId, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { rememberTaskOpener, taskIdOfPath } from '../../../app/task-panel-location.tsx';
import { useNavigate } from '../../../lib/navigation.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { updatePreferences, useColorScheme } from '../../preferences/index.ts';
import { useSearchResults } from '../../search/index.ts';
import { paletteGroups, type PaletteAction } from '../palette-items.ts';

const t = fr.shortcuts.palette;

interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  onSignOut: () => void;
}

/**
 * Ctrl+K / Cmd+K: go anywhere, open a project or task by name, create, switch theme, sign out. A modal
 * <dialog> (focus kept inside, Esc closes, the page behind inert) around an ARIA combobox: the focus stays
 * in the search field, the arrows move the active option (named by aria-activedescendant), Enter runs it.
 * Written here rather than taken from a library (decision 0039): the whole pattern is this file, and it
 * renders the active option in the same pass as the options, whatever renders it.
 */
export function CommandPalette({ open, onClose, onSignOut }: CommandPaletteProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A layout effect: the dialog is shown, and closed, in the commit that opens or closes it. Shown after
  // the paint (where React may run a plain effect), the close event of the previous closing could arrive
  // first.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The search field, not the dialog's first control, takes the focus.
      dialog.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="palette"
      aria-labelledby="palette-title"
      // The close event is queued: by the time it arrives, Ctrl+K may have opened the palette again.
      // It only matters when the browser closed the dialog itself (without a cancel event).
      onClose={() => {
        if (!dialogRef.current?.open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      {/* Mounted while open only: each opening starts from an empty query. */}
      {open && <PaletteContent onClose={onClose} onSignOut={onSignOut} />}
    </dialog>
  );
}

/** The search field and its options: the combobox itself. */
function PaletteContent({ onClose, onSignOut }: Omit<CommandPaletteProps, 'open'>) {
  const navigate = useNavigate();
  const [path] = useLocation();
  const query = useSearch();
  const scheme = useColorScheme();
  const [search, setSearch] = useState('');
  // The option the person moved to; null is the first one (a new query starts from the top).
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  // The device's copy: the palette finds projects and tasks offline too.
  const work = useWork();
  const idPrefix = useId();

  // The search too (descriptions, comments; the device copy offline): what the titles do not show.
  const found = useSearchResults(search).items;
  const groups = useMemo(
    () =>
      paletteGroups({
        search,
        projects: work.projects,
        tasks: work.tasks,
        labels: work.labels,
        found,
        scheme,
      }),
    [search, work.projects, work.tasks, work.labels, found, scheme],
  );
  const items = groups.flatMap((group) => group.items);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === chosenKey),
  );
  const active = items[activeIndex];
  const optionId = (key: string) => `${idPrefix}-option-${key}`;
  const activeId = active ? optionId(active.key) : undefined;
  const listId = `${idPrefix}-list`;

  // The active option stays in sight as the arrows move through a list longer than its box.
  useLayoutEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const run = (action: PaletteAction) => {
    onClose();
    const taskId = action.kind === 'go' ? taskIdOfPath(action.path) : null;
    // A task chosen here opens beside the screen the palette was called over, as from a card or a row.
    if (taskId !== null) rememberTaskOpener(taskId, { path, search: query });
    if (action.kind === 'go') void navigate(action.path);
    else if (action.kind === 'toggleTheme')
      updatePreferences({ colorScheme: scheme === 'light' ? 'dark' : 'light' });
    else onSignOut();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && items.length > 0) {
      event.preventDefault();
      // The arrows go round: down from the last option is the first.
      setChosenKey(items[(activeIndex + step + items.length) % items.length]!.key);
    } else if (event.key === 'Enter' && active && !event.nativeEvent.isComposing) {
      event.preventDefault();
      run(active.action);
    }
  };

  return (
    <div className="palette__content">
      <h2 id="palette-title" className="visually-hidden">
        {t.title}
      </h2>
      <input
        className="input palette__input"
        role="combobox"
        aria-label={t.inputLabel}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={items.length > 0}
        aria-activedescendant={activeId}
        placeholder={t.placeholder}
        autoComplete="off"
        spellCheck={false}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setChosenKey(null);
        }}
        onKeyDown={onKeyDown}
      />
      {!work.ready && (
        <p role="status" className="palette__loading">
          {t.loading}
        </p>
      )}
      {/* Always in the page, so that a screen reader hears 'Aucun résultat.' when it appears. */}
      <p role="status" className="palette__empty">
        {items.length === 0 ? t.empty : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t.listLabel}
        className="palette__list"
        hidden={items.length === 0}
      >
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${idPrefix}-group-${group.key}`}>
            <div id={`${idPrefix}-group-${group.key}`} className="palette__heading" aria-hidden="true">
              {group.heading}
            </div>
            {group.items.map((item) => (
              <div
                key={item.key}
                id={optionId(item.key)}
                role="option"
                aria-selected={item === active}
                aria-label={item.ariaLabel}
                className="palette__option"
                // Pointing moves the active option, as the arrows do; the focus stays in the field.
                onPointerMove={() => item !== active && setChosenKey(item.key)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(item.action)}
              >
                {item.label}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
