/**
 * The global shortcut dispatcher, without the DOM: it turns key presses into actions. Keys are matched
 * by `event.key` (the character typed), never by key codes, so g, n, ?, / and 1-3 work on AZERTY as on
 * QWERTY. Sequences (g then d) wait at most `SEQUENCE_TIMEOUT_MS` between their keys.
 */

export const SEQUENCE_TIMEOUT_MS = 1_000;

export type ShortcutAction =
  | 'goDashboard'
  | 'goProjects'
  | 'goSecurity'
  | 'goTasks'
  | 'goActivity'
  | 'goMe'
  | 'goNotifications'
  | 'newProject'
  | 'newTask'
  | 'newBoard'
  | 'kanban'
  | 'list'
  | 'calendar'
  | 'help'
  | 'focusSearch'
  | 'close'
  | 'save'
  | 'undo'
  | 'redo'
  | 'refresh'
  | 'filter'
  | 'menu'
  | 'palette';

/** One key as the dispatcher names it: `g`, `?`, `Escape`, `ctrl+s`, `ctrl+shift+z`. */
export type KeyName = string;

/** The section of the help page (/shortcuts) that lists a binding. */
export type ShortcutGroup = 'navigation' | 'actions' | 'projectView';

export interface Binding {
  sequence: readonly KeyName[];
  action: ShortcutAction;
  group: ShortcutGroup;
}

/**
 * Every global shortcut, plus Ctrl+K for the command palette: the dispatcher reads them, and the help
 * page lists them from here, section by section in this order, so the page cannot promise a key that
 * does nothing.
 */
export const BINDINGS: readonly Binding[] = [
  { sequence: ['g', 'd'], action: 'goDashboard', group: 'navigation' },
  { sequence: ['g', 'p'], action: 'goProjects', group: 'navigation' },
  { sequence: ['g', 's'], action: 'goSecurity', group: 'navigation' },
  { sequence: ['g', 't'], action: 'goTasks', group: 'navigation' },
  { sequence: ['g', 'a'], action: 'goActivity', group: 'navigation' },
  { sequence: ['g', 'm'], action: 'goMe', group: 'navigation' },
  { sequence: ['g', 'n'], action: 'goNotifications', group: 'navigation' },
  { sequence: ['?'], action: 'help', group: 'navigation' },
  { sequence: ['/'], action: 'focusSearch', group: 'navigation' },
  { sequence: ['ctrl+k'], action: 'palette', group: 'navigation' },
  { sequence: ['m'], action: 'menu', group: 'navigation' },
  { sequence: ['n', 'p'], action: 'newProject', group: 'actions' },
  { sequence: ['n', 't'], action: 'newTask', group: 'actions' },
  { sequence: ['n', 'b'], action: 'newBoard', group: 'actions' },
  { sequence: ['Escape'], action: 'close', group: 'actions' },
  { sequence: ['ctrl+s'], action: 'save', group: 'actions' },
  { sequence: ['ctrl+z'], action: 'undo', group: 'actions' },
  { sequence: ['ctrl+shift+z'], action: 'redo', group: 'actions' },
  { sequence: ['r'], action: 'refresh', group: 'actions' },
  { sequence: ['f'], action: 'filter', group: 'actions' },
  { sequence: ['1'], action: 'kanban', group: 'projectView' },
  { sequence: ['2'], action: 'list', group: 'projectView' },
  { sequence: ['3'], action: 'calendar', group: 'projectView' },
];

/** The keys of an action's binding, as typed (`1` for the kanban view), for a screen that shows them. */
export const keysOf = (action: ShortcutAction): string =>
  BINDINGS.find((binding) => binding.action === action)?.sequence.join(' ') ?? '';

/** A key as a French keyboard's user reads it on the help page: `Esc`, `Ctrl+S`, `Ctrl+Maj+Z`, `g`. */
export function printedKey(name: KeyName): string {
  if (name === 'Escape') return 'Esc';
  if (!name.startsWith('ctrl+')) return name;
  return name
    .split('+')
    .map((part) => (part === 'ctrl' ? 'Ctrl' : part === 'shift' ? 'Maj' : part.toUpperCase()))
    .join('+');
}

/** What the dispatcher needs of a keydown event. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /**
   * The key went to a field: 'text' (input, textarea, contenteditable) or 'select'. Fields keep their
   * keys, Ctrl+Z included (the browser's own undo of what was typed); a select has no undo of its own,
   * so there Ctrl+Z and Ctrl+Shift+Z are the app's (the person just changed a status with it).
   */
  typing: false | 'text' | 'select';
  /** Milliseconds, from any fixed origin (event.timeStamp, Date.now()). */
  time: number;
}

/** Modifier shortcuts that make sense inside a field: saving the form one is typing in, the palette. */
const ALLOWED_WHILE_TYPING: ReadonlySet<KeyName> = new Set(['ctrl+s', 'ctrl+k']);
/** And in a select, which has no undo of its own. */
const ALLOWED_IN_SELECT: ReadonlySet<KeyName> = new Set([...ALLOWED_WHILE_TYPING, 'ctrl+z', 'ctrl+shift+z']);

/**
 * The dispatcher's name for a key press, or null for a bare modifier or an AltGr / Alt chord (AltGr
 * types characters such as / and ? on some layouts as Ctrl+Alt: those are characters, not Ctrl chords).
 */
export function keyName(
  press: Pick<KeyPress, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): KeyName | null {
  const { key } = press;
  if (['Control', 'Meta', 'Shift', 'Alt', 'AltGraph', 'Dead', 'Unidentified', 'Process'].includes(key))
    return null;
  if (press.altKey) return press.ctrlKey && key.length === 1 && !/[a-z]/i.test(key) ? key : null;
  if (key === 'Esc') return 'Escape';
  if (press.ctrlKey || press.metaKey) {
    // Shift is part of the chord only for letters: Ctrl+Shift+Z arrives as key 'Z'.
    const shift = press.shiftKey && /^[a-z]$/i.test(key) ? 'shift+' : '';
    return `ctrl+${shift}${key.toLowerCase()}`;
  }
  // A letter typed with Caps Lock or Shift is the same shortcut key.
  return key.length === 1 ? key.toLowerCase() : key;
}

/** A key typed without a modifier: what WCAG 2.1.4 lets people switch off. */
const isSingleCharacter = (name: KeyName): boolean => name.length === 1;

export interface DispatcherOptions {
  bindings?: readonly Binding[];
  timeoutMs?: number;
  /** Read at each key press: the person's preference "single-key shortcuts". */
  singleKeysEnabled?: () => boolean;
}

export interface Dispatcher {
  /** The action this press completes, or null (a prefix waits for the next key, or nothing matched). */
  press(press: KeyPress): ShortcutAction | null;
  /** Whether a sequence has started (for a hint such as "g…"). */
  pending(): readonly KeyName[];
  reset(): void;
}

export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  const bindings = options.bindings ?? BINDINGS;
  const timeoutMs = options.timeoutMs ?? SEQUENCE_TIMEOUT_MS;
  const singleKeysEnabled = options.singleKeysEnabled ?? (() => true);
  let buffer: KeyName[] = [];
  let lastTime = 0;

  const match = (keys: readonly KeyName[]) => {
    let exact: ShortcutAction | null = null;
    let prefix = false;
    for (const binding of bindings) {
      if (binding.sequence.length < keys.length) continue;
      if (!keys.every((key, index) => binding.sequence[index] === key)) continue;
      if (binding.sequence.length === keys.length) exact = binding.action;
      else prefix = true;
    }
    return { exact, prefix };
  };

  return {
    press(press) {
      const name = keyName(press);
      if (name === null) return null;
      if (press.typing && !(press.typing === 'select' ? ALLOWED_IN_SELECT : ALLOWED_WHILE_TYPING).has(name)) {
        buffer = [];
        return null;
      }
      if (isSingleCharacter(name) && !singleKeysEnabled()) {
        buffer = [];
        return null;
      }
      if (buffer.length > 0 && press.time - lastTime > timeoutMs) buffer = [];
      lastTime = press.time;
      // Continue the sequence in progress; if it leads nowhere, the key may start a new one.
      for (const keys of buffer.length > 0 ? [[...buffer, name], [name]] : [[name]]) {
        const { exact, prefix } = match(keys);
        if (exact) {
          buffer = [];
          return exact;
        }
        if (prefix) {
          buffer = keys;
          return null;
        }
      }
      buffer = [];
      return null;
    },
    pending: () => buffer,
    reset() {
      buffer = [];
    },
  };
}
