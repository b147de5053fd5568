import { createContext, useContext, type ReactNode } from 'react';
import { Router, useLocation, useRouter } from 'wouter';
import { entryIndex } from '../lib/navigation.ts';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query.ts';

/** The screen a task was opened from: on a desk it stays under the task's panel, as it was. */
export interface ScreenUnder {
  path: string;
  search: string;
}

/** A task open in the desk's panel, and how to put things back when it closes. */
export interface OpenTaskPanel {
  taskId: string;
  under: ScreenUnder;
  /** What had the keyboard when the task was opened: it gets it back when the panel closes. */
  opener: HTMLElement | null;
  /** The history entry of the screen under the panel: closing goes back to it rather than adding one. */
  underEntry: number;
}

const TASK_PATH = /^\/tasks\/([^/?#]+)\/?$/i;

/** A task's own address; a task made offline has its `tmp-` id there until the server has it. */
export const taskPath = (id: string): string => `/tasks/${encodeURIComponent(id)}`;

/** The task a path opens, or null ('/tasks/new' is the creation form). */
export function taskIdOfPath(path: string): string | null {
  const match = TASK_PATH.exec(path);
  if (!match || match[1]!.toLowerCase() === 'new') return null;
  return decodeURIComponent(match[1]!);
}

// Module state, not history state: a reloaded or shared address has no screen under it and shows the
// task as a page of its own, which is what a person who was sent the link expects.
let lastOpened: (OpenTaskPanel & { path: string }) | null = null;

/** Called as a task is opened from a screen (a card, a row, a palette option), before the address changes. */
export function rememberTaskOpener(taskId: string, under: ScreenUnder): void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  lastOpened = { taskId, path: taskPath(taskId), under, opener, underEntry: entryIndex() };
}

const PanelContext = createContext<OpenTaskPanel | null>(null);
const AppRouterContext = createContext<ReturnType<typeof useRouter> | null>(null);

/** The task in the desk's panel, or null: the address is not a task's, it was not opened from a screen, or this is a phone. */
export const useOpenTaskPanel = (): OpenTaskPanel | null => useContext(PanelContext);

// The screens read their address through these two hooks: while a task is open in the panel they see the
// address of the screen under it, so that screen keeps its place in the tree (nothing is mounted again),
// its filters and view (read from its query), and its links still navigate the real history.
function useScreenLocation(): [string, (to: string, options?: unknown) => void] {
  const app = useContext(AppRouterContext)!;
  const [path, navigate] = app.hook(app) as [string, (to: string, options?: unknown) => void];
  const panel = useContext(PanelContext);
  return [panel ? panel.under.path : path, navigate];
}

function useScreenSearch(): string {
  const app = useContext(AppRouterContext)!;
  const search = app.searchHook(app);
  const panel = useContext(PanelContext);
  return panel ? panel.under.search : search;
}

/**
 * Wraps the screens: on a desk, `/tasks/{id}` opened from a screen shows that screen underneath and the
 * task in a panel beside it; on a phone, or at an address opened directly, the task's own page.
 */
export function TaskPanelLocation({ children }: { children: ReactNode }) {
  const app = useRouter();
  const [path] = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  const taskId = taskIdOfPath(path);
  const opened = lastOpened;
  const panel =
    !phone &&
    taskId !== null &&
    opened !== null &&
    opened.path.toLowerCase() === path.toLowerCase().replace(/\/$/, '')
      ? opened
      : null;
  return (
    <AppRouterContext.Provider value={app}>
      <PanelContext.Provider value={panel}>
        <Router hook={useScreenLocation} searchHook={useScreenSearch} hrefs={app.hrefs}>
          {children}
        </Router>
      </PanelContext.Provider>
    </AppRouterContext.Provider>
  );
}

/** The open task took its server id (it was made offline and has been sent): the panel stays open on it. */
export function followOpenedTask(taskId: string, newId: string): void {
  if (lastOpened?.taskId === taskId) lastOpened = { ...lastOpened, taskId: newId, path: taskPath(newId) };
}
