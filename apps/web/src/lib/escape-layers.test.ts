import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeTopLayer, hasOpenLayer, openLayer } from './escape-layers.ts';

const forget: Array<() => void> = [];
const open = (close: () => void) => {
  const remove = openLayer(close);
  forget.push(remove);
  return remove;
};
const pressEscape = (init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

afterEach(() => {
  forget.splice(0).forEach((remove) => remove());
});

describe('Esc closes what is open', () => {
  it('closes the layer opened last, one per Esc, and marks the key as handled', () => {
    const panel = vi.fn();
    const menu = vi.fn();
    open(panel);
    const removeMenu = open(menu);
    expect(pressEscape().defaultPrevented).toBe(true);
    expect(menu).toHaveBeenCalledTimes(1);
    expect(panel).not.toHaveBeenCalled();
    // The menu closed (its component forgets it): the next Esc is the panel's.
    removeMenu();
    pressEscape();
    expect(panel).toHaveBeenCalledTimes(1);
  });

  it('works from inside a text field: the field belongs to what is open', () => {
    const panel = vi.fn();
    open(panel);
    const input = document.body.appendChild(document.createElement('input'));
    pressEscape({}, input);
    expect(panel).toHaveBeenCalledTimes(1);
    input.remove();
  });

  it('leaves an Esc that a component already handled, and Esc with a modifier', () => {
    const panel = vi.fn();
    open(panel);
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.addEventListener('keydown', (event) => event.preventDefault());
    pressEscape({}, dialog);
    pressEscape({ ctrlKey: true });
    pressEscape({ key: 'Enter' });
    expect(panel).not.toHaveBeenCalled();
    dialog.remove();
  });

  it('stops listening once nothing is open, and says so', () => {
    const panel = vi.fn();
    const remove = open(panel);
    expect(hasOpenLayer()).toBe(true);
    remove();
    remove();
    expect(hasOpenLayer()).toBe(false);
    expect(pressEscape().defaultPrevented).toBe(false);
    expect(closeTopLayer()).toBe(false);
    expect(panel).not.toHaveBeenCalled();
  });
});
