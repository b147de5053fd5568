/** Where the app is: the path, query and fragment of an address, the state it was pushed with, its entry's key. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** 'default' for the entry the app was opened on (no navigation of the app made it). */
  key: string;
}

/** The history the router moves through: the browser's (clean URLs or `#/path`), or memory in tests. */
export interface RouterHistory {
  readonly location: Location;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
  /** Back and forward (the browser's, or `go` in memory); the router's own push and replace are not told. */
  listen(listener: () => void): () => void;
  /** The `href` of a link to `path`. */
  createHref(path: string): string;
}

/**
 * What each entry of the browser's history holds: the state given to `push`, a key, and the entry's index
 * in the app's history. The index is what screens read to know whether 'Retour' can go back (`idx > 0`).
 */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = beforeHash.indexOf('?');
  const search = searchAt >= 0 ? beforeHash.slice(searchAt) : '';
  const pathname = (searchAt >= 0 ? beforeHash.slice(0, searchAt) : beforeHash) || '/';
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export const createPath = ({
  pathname,
  search,
  hash,
}: Pick<Location, 'pathname' | 'search' | 'hash'>): string => `${pathname}${search}${hash}`;

const newKey = (): string => Math.random().toString(36).slice(2, 10);

const readEntry = (raw: unknown): Partial<EntryState> =>
  raw !== null && typeof raw === 'object' ? (raw as Partial<EntryState>) : {};

/** The browser's history, with the app's path in the URL itself or, in hash mode, after `#`. */
function createWindowHistory(toUrl: (path: string) => string, readPath: () => string): RouterHistory {
  const { history } = window;
  // The entry the app opened on gets its index, so that a reload deep in the history still knows it can go back.
  if (readEntry(history.state).idx === undefined) {
    history.replaceState({ ...readEntry(history.state), idx: 0 }, '');
  }
  const write = (method: 'pushState' | 'replaceState', path: string, usr: unknown, idx: number) => {
    const entry: EntryState = { usr, key: newKey(), idx };
    history[method](entry, '', toUrl(path));
  };
  const currentIdx = () => readEntry(history.state).idx ?? 0;
  return {
    get location() {
      const entry = readEntry(history.state);
      return { ...parsePath(readPath()), state: entry.usr ?? null, key: entry.key ?? 'default' };
    },
    push: (path, state) => write('pushState', path, state, currentIdx() + 1),
    replace: (path, state) => write('replaceState', path, state, currentIdx()),
    go: (delta) => history.go(delta),
    listen(listener) {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
    createHref: toUrl,
  };
}

export const createBrowserHistory = (): RouterHistory =>
  createWindowHistory(
    (path) => path,
    () => createPath(window.location),
  );

/** Hash mode (raw IP addresses, SPEC §2): the path lives after `#`, so any server that serves `/` serves the app. */
export const createHashHistory = (): RouterHistory =>
  createWindowHistory(
    (path) => `#${path}`,
    () => window.location.hash.slice(1) || '/',
  );

/** A history in memory, for tests: `initialEntries` as if visited in turn, the last one current. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): RouterHistory {
  const entries: Location[] = initialEntries.map((path, index) => ({
    ...parsePath(path),
    state: null,
    key: index === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  const entry = (path: string, state: unknown): Location => ({ ...parsePath(path), state, key: newKey() });
  return {
    get location() {
      return entries[index]!;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, entry(path, state));
      index = entries.length - 1;
    },
    replace(path, state) {
      entries[index] = entry(path, state);
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of listeners) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: (path) => path,
  };
}
