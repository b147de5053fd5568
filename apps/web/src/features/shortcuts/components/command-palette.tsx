import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { matchesQuery } from '../../../lib/fold-text.ts';
import { fr } from '../../../locales/fr/index.ts';
import { updatePreferences } from '../../preferences/preferences-store.ts';
import { useColorScheme } from '../../preferences/theme-store.ts';
import { useWork } from '../../../offline/work-context.tsx';

const t = fr.shortcuts.palette;

interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  onSignOut: () => void;
}

/**
 * Items are matched on their label (keywords), ignoring case and accents: 'echeance' finds 'Échéance'.
 * Item values are plain `kind-id` strings: cmdk finds the active option for aria-activedescendant by
 * an URI-encoded value, which a ':' would break.
 */
const filter = (_value: string, search: string, keywords?: string[]) => (matchesQuery((keywords ?? []).join(' '), search) ? 1 : 0);

/** How many projects, and how many tasks, the palette shows for one query. */
const ENTITY_LIMIT = 30;

const PAGES = [
  ['dashboard', '/dashboard'],
  ['projects', '/projects'],
  ['tasks', '/tasks'],
  ['security', '/security'],
  ['activity', '/activity'],
  ['me', '/me'],
  ['shortcuts', '/shortcuts'],
] as const;

const CREATE = [
  ['project', '/projects/new'],
  ['board', '/projects/board/new'],
  ['task', '/tasks/new'],
] as const;

/**
 * Ctrl+K / Cmd+K: go anywhere, open a project or task by name, create, switch theme, sign out. A modal
 * <dialog> (focus kept inside, Esc closes, the page behind inert) around cmdk's combobox and listbox.
 */
export function CommandPalette({ open, onClose, onSignOut }: CommandPaletteProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const scheme = useColorScheme();
  const [search, setSearch] = useState('');
  // The device's copy: the palette finds projects and tasks offline too.
  const work = useWork();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The search field, not the dialog's first control, takes the focus (autoFocus ran while hidden).
      dialog.querySelector<HTMLInputElement>('[cmdk-input]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // A team may have thousands of tasks: only the first matches are rendered (cmdk renders every item).
  const shown = useMemo(() => {
    return {
      projects: work.projects.filter((project) => matchesQuery(project.name, search)).slice(0, ENTITY_LIMIT),
      tasks: work.tasks.filter((task) => matchesQuery(task.title, search)).slice(0, ENTITY_LIMIT),
    };
  }, [work.projects, work.tasks, search]);

  // cmdk 1.1.1 leaves the field's aria-activedescendant unset at first and stale after filtering
  // (upstream issue dip/cmdk#413): mirror the option marked aria-selected onto the field ourselves, so a
  // screen reader always hears the option Enter would open.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const sync = () => {
      const input = dialog.querySelector<HTMLInputElement>('[cmdk-input]');
      const id = dialog.querySelector('[cmdk-item][aria-selected="true"]')?.id;
      if (!input) return;
      if (id && input.getAttribute('aria-activedescendant') !== id) input.setAttribute('aria-activedescendant', id);
      if (!id && input.hasAttribute('aria-activedescendant')) input.removeAttribute('aria-activedescendant');
    };
    const observer = new MutationObserver(sync);
    observer.observe(dialog, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'aria-activedescendant'] });
    sync();
    return () => observer.disconnect();
  }, [open]);

  // The next opening starts from an empty query.
  const close = () => {
    setSearch('');
    onClose();
  };
  const run = (action: () => void) => {
    close();
    action();
  };
  const go = (path: string) => run(() => void navigate(path));

  return (
    <dialog
      ref={dialogRef}
      className="palette"
      aria-labelledby="palette-title"
      // The close event is queued: by the time it arrives, Ctrl+K may have opened the palette again.
      // It only matters when the browser closed the dialog itself (without a cancel event).
      onClose={() => {
        if (!dialogRef.current?.open) close();
      }}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === dialogRef.current) close();
      }}
    >
      {open && (
        <div className="palette__content">
          <h2 id="palette-title" className="visually-hidden">
            {t.title}
          </h2>
          <Command label={t.inputLabel} filter={filter} loop>
            <Command.Input className="input palette__input" placeholder={t.placeholder} value={search} onValueChange={setSearch} />
            {/* A status beside the list, not cmdk's Loading: that one is a progressbar inside the listbox,
                where only options and groups belong (axe: aria-required-children). */}
            {!work.ready && (
              <p role="status" className="palette__loading">
                {t.loading}
              </p>
            )}
            <Command.List className="palette__list" label={t.listLabel}>
              <Command.Empty>{t.empty}</Command.Empty>
              <Command.Group heading={t.groups.navigation}>
                {PAGES.map(([key, path]) => (
                  <Command.Item key={key} value={`page-${key}`} keywords={[t.pages[key]]} onSelect={() => go(path)}>
                    {t.pages[key]}
                  </Command.Item>
                ))}
              </Command.Group>
              <Command.Group heading={t.groups.create}>
                {CREATE.map(([key, path]) => (
                  <Command.Item key={key} value={`create-${key}`} keywords={[t.create[key]]} onSelect={() => go(path)}>
                    {t.create[key]}
                  </Command.Item>
                ))}
              </Command.Group>
              {shown.projects.length > 0 && (
                <Command.Group heading={t.groups.projects}>
                  {shown.projects.map((project) => (
                    <Command.Item
                      key={project.id}
                      value={`project-${project.id}`}
                      keywords={[project.name]}
                      aria-label={t.openProject(project.name)}
                      onSelect={() => go(`/projects/${project.id}`)}
                    >
                      {project.name}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {shown.tasks.length > 0 && (
                <Command.Group heading={t.groups.tasks}>
                  {shown.tasks.map((task) => (
                    <Command.Item
                      key={task.id}
                      value={`task-${task.id}`}
                      keywords={[task.title]}
                      aria-label={t.openTask(task.title)}
                      onSelect={() => go(`/projects/${task.project}`)}
                    >
                      {task.title}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              <Command.Group heading={t.groups.preferences}>
                <Command.Item
                  value="theme"
                  keywords={[scheme === 'light' ? t.themeToDark : t.themeToLight, 'theme', 'thème']}
                  onSelect={() => run(() => updatePreferences({ colorScheme: scheme === 'light' ? 'dark' : 'light' }))}
                >
                  {scheme === 'light' ? t.themeToDark : t.themeToLight}
                </Command.Item>
              </Command.Group>
              <Command.Group heading={t.groups.account}>
                <Command.Item value="sign-out" keywords={[t.signOut]} onSelect={() => run(onSignOut)}>
                  {t.signOut}
                </Command.Item>
              </Command.Group>
            </Command.List>
          </Command>
        </div>
      )}
    </dialog>
  );
}
