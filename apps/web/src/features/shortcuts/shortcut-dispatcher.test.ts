import { describe, expect, it } from 'vitest';
import { createDispatcher, keyName, SEQUENCE_TIMEOUT_MS, type KeyPress } from './shortcut-dispatcher.ts';

const key = (value: string, time: number, extra: Partial<KeyPress> = {}): KeyPress => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  typing: false,
  time,
  ...extra,
});

/** Presses the keys 100 ms apart and returns what each press completed. */
function type(dispatcher: ReturnType<typeof createDispatcher>, keys: string[], start = 0) {
  return keys.map((value, index) => dispatcher.press(key(value, start + index * 100)));
}

describe('the shortcut dispatcher', () => {
  it('completes every two-key sequence of the global shortcuts (g …, n …)', () => {
    const expected: Record<string, string> = {
      'g d': 'goDashboard',
      'g p': 'goProjects',
      'g s': 'goSecurity',
      'g t': 'goTasks',
      'g a': 'goActivity',
      'g m': 'goMe',
      'g n': 'goNotifications',
      'n p': 'newProject',
      'n t': 'newTask',
      'n b': 'newBoard',
    };
    for (const [sequence, action] of Object.entries(expected)) {
      const dispatcher = createDispatcher();
      expect(type(dispatcher, sequence.split(' ')), sequence).toEqual([null, action]);
    }
  });

  it('answers single keys and chords at once', () => {
    const dispatcher = createDispatcher();
    expect(type(dispatcher, ['1', '2', '3', '?', '/', 'r', 'f', 'm', 'Escape'])).toEqual([
      'kanban',
      'list',
      'calendar',
      'help',
      'focusSearch',
      'refresh',
      'filter',
      'menu',
      'close',
    ]);
    expect(dispatcher.press(key('s', 0, { ctrlKey: true }))).toBe('save');
    expect(dispatcher.press(key('z', 0, { ctrlKey: true }))).toBe('undo');
    expect(dispatcher.press(key('Z', 0, { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(dispatcher.press(key('k', 0, { metaKey: true }))).toBe('palette');
  });

  it('forgets a sequence after the timeout', () => {
    const dispatcher = createDispatcher();
    expect(dispatcher.press(key('g', 0))).toBeNull();
    expect(dispatcher.pending()).toEqual(['g']);
    expect(dispatcher.press(key('d', SEQUENCE_TIMEOUT_MS + 1))).toBeNull();
    expect(dispatcher.press(key('g', 5_000))).toBeNull();
    expect(dispatcher.press(key('d', 5_000 + SEQUENCE_TIMEOUT_MS))).toBe('goDashboard');
  });

  it('lets a key that breaks a sequence start its own shortcut', () => {
    const dispatcher = createDispatcher();
    expect(type(dispatcher, ['g', 'x', 'r'])).toEqual([null, null, 'refresh']);
    expect(type(dispatcher, ['g', 'x', 'n', 'p'], 1_000)).toEqual([null, null, null, 'newProject']);
    // m alone is the menu, but after g it finishes g m.
    expect(type(dispatcher, ['g', 'm', 'm'], 2_000)).toEqual([null, 'goMe', 'menu']);
  });

  it('ignores keys typed into a field, except saving the form and the palette', () => {
    const dispatcher = createDispatcher();
    for (const value of ['g', 'd', 'r', '1', '?', '/', 'Escape']) {
      expect(dispatcher.press(key(value, 0, { typing: 'text' })), value).toBeNull();
    }
    expect(dispatcher.press(key('z', 0, { typing: 'text', ctrlKey: true }))).toBeNull();
    expect(dispatcher.press(key('s', 0, { typing: 'text', ctrlKey: true }))).toBe('save');
    expect(dispatcher.press(key('k', 0, { typing: 'text', ctrlKey: true }))).toBe('palette');
    // A g typed in a field does not arm a sequence for the next key outside it.
    dispatcher.press(key('g', 0, { typing: 'text' }));
    expect(dispatcher.press(key('d', 100))).toBeNull();
  });

  it('in a select, which has no undo of its own, Ctrl+Z and Ctrl+Shift+Z are the app’s; its other keys stay its own', () => {
    const dispatcher = createDispatcher();
    expect(dispatcher.press(key('z', 0, { typing: 'select', ctrlKey: true }))).toBe('undo');
    expect(dispatcher.press(key('Z', 0, { typing: 'select', ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(dispatcher.press(key('s', 0, { typing: 'select', ctrlKey: true }))).toBe('save');
    for (const value of ['g', 'r', '1', 'Escape']) {
      expect(dispatcher.press(key(value, 0, { typing: 'select' })), value).toBeNull();
    }
  });

  it('reads the characters an AZERTY keyboard types, not key codes', () => {
    const dispatcher = createDispatcher();
    // AZERTY: ? is Shift+, and / is Shift+: ; the digits need Shift; AltGr arrives as Ctrl+Alt.
    expect(dispatcher.press(key('?', 0, { shiftKey: true }))).toBe('help');
    expect(dispatcher.press(key('/', 0, { shiftKey: true }))).toBe('focusSearch');
    expect(dispatcher.press(key('1', 0, { shiftKey: true }))).toBe('kanban');
    expect(keyName({ key: '/', ctrlKey: true, altKey: true, metaKey: false, shiftKey: false })).toBe('/');
    // Ctrl+Z on AZERTY is the key labelled Z (where QWERTY has W): event.key is 'z'.
    expect(dispatcher.press(key('z', 0, { ctrlKey: true }))).toBe('undo');
    // A dead key (^ before a vowel) is no shortcut.
    expect(dispatcher.press(key('Dead', 0))).toBeNull();
  });

  it('turns single-key shortcuts off with the preference, keeping Escape and the chords', () => {
    let enabled = false;
    const dispatcher = createDispatcher({ singleKeysEnabled: () => enabled });
    expect(type(dispatcher, ['g', 'd', 'n', 't', 'r', '1', '?'])).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(dispatcher.press(key('Escape', 0))).toBe('close');
    expect(dispatcher.press(key('s', 0, { ctrlKey: true }))).toBe('save');
    enabled = true;
    expect(type(dispatcher, ['g', 'd'], 10_000)).toEqual([null, 'goDashboard']);
  });
});
