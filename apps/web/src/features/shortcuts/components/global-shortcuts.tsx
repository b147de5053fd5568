import Search from 'lucide-react/icons/search';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'wouter';
import { canGoBack, useNavigate } from '../../../lib/navigation.ts';
import { hasOpenLayer, useCloseOnEscape } from '../../../lib/escape-layers.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/shortcuts.css';
import { useSignOut } from '../../../app/layout/use-sign-out.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { getPreferences } from '../../preferences/index.ts';
import { isTyping } from '../../../lib/is-typing.ts';
import { editHistory } from '../edit-history.ts';
import { createDispatcher, type ShortcutAction } from '../shortcut-dispatcher.ts';

const t = fr.shortcuts;

// The palette (and its work over the device's copy) loads when first wanted, not with every signed-in
// screen (issue 17, Lighthouse); pointing at or focusing its button fetches it ahead.
const loadPalette = () => import('./command-palette.tsx');
const CommandPalette = lazy(() => loadPalette().then((module) => ({ default: module.CommandPalette })));

const ROUTES: Partial<Record<ShortcutAction, string>> = {
  goDashboard: '/dashboard',
  goProjects: '/projects',
  goSecurity: '/security',
  goTasks: '/tasks',
  goActivity: '/activity',
  goMe: '/me',
  goNotifications: '/notifications',
  newProject: '/projects/new',
  newTask: '/tasks/new',
  newBoard: '/projects/board/new',
  help: '/shortcuts',
};

const VIEWS: Partial<Record<ShortcutAction, string>> = {
  kanban: 'kanban',
  list: 'list',
  calendar: 'calendar',
};

/** Screens that are a form on their own: Esc leaves them, as the form's 'Annuler' would. */
const FORM_SCREENS = ['/projects/new', '/projects/board/new', '/tasks/new'];

const main = () => document.getElementById('main');

/**
 * Opens the folded panel that holds `element` (the phone's 'Filtres'), through its own button, and lets React
 * show it at once so that the element can take the focus.
 */
function unfold(element: HTMLElement) {
  const panel = element.closest<HTMLElement>('[hidden][id]');
  const toggle =
    panel &&
    document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(panel.id)}"][aria-expanded="false"]`);
  if (toggle) flushSync(() => toggle.click());
}

/** Focuses the first element matching the first selector that matches anything (in priority order). */
function focusFirst(...selectors: string[]): boolean {
  const element = selectors.map((selector) => main()?.querySelector<HTMLElement>(selector)).find(Boolean);
  if (!element) return false;
  unfold(element);
  element.focus();
  if (element instanceof HTMLInputElement) element.select();
  return true;
}

/**
 * Every global shortcut (the dispatcher's `BINDINGS`) and the command palette, for the signed-in shell. Keys go through the
 * pure dispatcher; this component only does what each action says, and announces what has no visible
 * effect (refresh, undo) in a polite live region. `compact` (the phone's top bar): the palette's button
 * is an icon.
 */
export function GlobalShortcuts({ compact = false }: { compact?: boolean }) {
  const navigate = useNavigate();
  const [pathname] = useLocation();
  const queryClient = useQueryClient();
  const signOut = useSignOut(useSession((session) => session.user?.id ?? null));
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Mounted from its first opening on, so that closing keeps its chunk and state.
  const [paletteWanted, setPaletteWanted] = useState(false);
  if (paletteOpen && !paletteWanted) setPaletteWanted(true);
  const [announcement, setAnnouncement] = useState('');
  // The key listener is installed once; it reads the current screen and palette state through refs,
  // brought up to date in the commit (a layout effect), so that a key pressed as soon as a screen shows
  // sees that screen: a plain effect may wait for the next paint (a screen shown after its code loaded
  // did not come from a key or a click, and React runs its plain effects after the paint).
  const pathRef = useRef(pathname);
  const paletteOpenRef = useRef(paletteOpen);
  useLayoutEffect(() => {
    pathRef.current = pathname;
    paletteOpenRef.current = paletteOpen;
  }, [pathname, paletteOpen]);

  // Listening from the commit on: the shortcuts work as soon as the shell shows.
  useLayoutEffect(() => {
    const dispatcher = createDispatcher({ singleKeysEnabled: () => getPreferences().singleKeyShortcuts });
    const say = (text: string) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));

    const perform = (action: ShortcutAction): boolean => {
      const route = ROUTES[action];
      if (route) {
        void navigate(route);
        return true;
      }
      const view = VIEWS[action];
      if (view) {
        // A screen with a view switcher (/tasks, a project's page) switches with its button; other task
        // screens (/tasks/new) keep the key; elsewhere, /tasks opens in that view.
        const button = document.querySelector<HTMLElement>(`[data-view-keys] [data-view="${view}"]`);
        if (button) button.click();
        else if (pathRef.current.startsWith('/tasks')) return false;
        else void navigate(`/tasks?view=${view}`);
        return true;
      }
      switch (action) {
        case 'palette':
          setPaletteOpen((open) => !open);
          return true;
        case 'focusSearch': {
          // The shell's 'Rechercher': its field on a desk, the button that opens it on a phone.
          const search = document.querySelector<HTMLElement>('[data-shortcut-search]');
          if (search instanceof HTMLInputElement) search.focus();
          else search?.click();
          return true;
        }
        case 'filter':
          if (!focusFirst('[data-shortcut-filter]', 'select')) say(t.announce.noFilter);
          return true;
        case 'menu': {
          // On a phone the navigation is in a drawer behind the top bar's 'Menu' button: open it.
          const menuButton = document.querySelector<HTMLElement>('[data-shortcut-menu]');
          if (menuButton) menuButton.click();
          else
            document
              .querySelector<HTMLElement>('nav .nav__link[aria-current="page"], nav .nav__link')
              ?.focus();
          return true;
        }
        case 'refresh':
          void queryClient.invalidateQueries().then(() => say(t.announce.refreshed));
          return true;
        case 'save': {
          const active = document.activeElement;
          const forms = main()?.querySelectorAll('form') ?? [];
          const form =
            (active instanceof HTMLElement ? active.closest('form') : null) ??
            (forms.length === 1 ? forms[0]! : null);
          if (form) form.requestSubmit();
          else say(t.announce.noForm);
          return true;
        }
        case 'undo':
        case 'redo': {
          const undo = action === 'undo';
          if (!(undo ? editHistory.canUndo() : editHistory.canRedo())) {
            say(undo ? t.announce.nothingToUndo : t.announce.nothingToRedo);
            return true;
          }
          void (undo ? editHistory.undo() : editHistory.redo()).then(
            (edit) =>
              say(
                edit
                  ? undo
                    ? t.announce.undone
                    : t.announce.redone
                  : undo
                    ? t.announce.nothingToUndo
                    : t.announce.nothingToRedo,
              ),
            () => say(t.announce.undoFailed),
          );
          return true;
        }
        case 'close':
          // Something open on the screen (a panel, a menu) closes first: the layers handle that Esc.
          if (hasOpenLayer()) return false;
          if (FORM_SCREENS.includes(pathRef.current)) {
            // Back where the person came from; opened directly (no history of ours), to the dashboard.
            // lib/navigation.ts numbers the app's history entries: the first one has nothing of ours behind it.
            if (canGoBack()) void navigate(-1);
            else void navigate('/dashboard');
            return true;
          }
          return false;
        default:
          return false;
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      // The palette handles its own keys (arrows, Enter, Esc); only Ctrl+K toggles it from inside.
      if (event.defaultPrevented || event.repeat) return;
      const action = dispatcher.press({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
        typing: event.target instanceof HTMLSelectElement ? 'select' : isTyping(event.target) && 'text',
        time: event.timeStamp,
      });
      if (!action || (paletteOpenRef.current && action !== 'palette')) return;
      if (perform(action)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, queryClient]);

  const closePalette = () => {
    setPaletteOpen(false);
  };
  // The palette is the top layer while open: its Esc must not also close a panel opened beneath it.
  useCloseOnEscape(paletteOpen, closePalette);

  return (
    <>
      <button
        type="button"
        className={compact ? 'icon-button palette-button' : 'button button--ghost palette-button'}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        aria-label={compact ? t.palette.open : undefined}
        title={compact ? t.palette.open : undefined}
        onClick={() => setPaletteOpen(true)}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
      >
        <Search aria-hidden="true" focusable="false" size={compact ? 20 : 16} />
        {!compact && (
          <>
            {' '}
            {t.palette.open} <kbd>Ctrl+K</kbd>
          </>
        )}
      </button>
      {paletteWanted && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onClose={closePalette} onSignOut={() => void signOut.start()} />
        </Suspense>
      )}
      {signOut.dialog}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
