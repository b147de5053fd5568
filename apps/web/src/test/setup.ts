import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { contractSchema } from '../lib/contract-check/answer-check.ts';
import { checkPayload } from '../lib/contract-check/check-payload.ts';
import { resetRedirectState } from '../lib/redirects.ts';
import { reloadSessionFromStorage } from '../lib/session-store.ts';

// findBy… and waitFor wait for what a person would see; on a loaded CI machine the first screen of a
// test can take more than the default second to appear. A longer wait only slows a failing test.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no Worker, so the app checks answers in the page, with the contract's schemas loaded on first
// use (a dynamic import). Load them once before the tests, so that tests on fake timers do not wait on it.
beforeAll(() => checkPayload(contractSchema('problemSchema'), null));

// jsdom has no matchMedia; every query answers "no" unless a test installs its own.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has neither: the virtualised task table measures itself, and the palette scrolls its active option
// into view.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
// Nor does it scroll: each new screen asks for the top of the page (app/scroll-to-top.tsx).
window.scrollTo = () => undefined;
// jsdom's <dialog> has no close(): the palette closes its dialog when an item is chosen.
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

// jsdom has no canvas; saying so through getContext keeps its "not implemented" noise out of the output.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// An unexpected console.error fails the test that caused it (CONVENTIONS §8).
const originalError = console.error;
let errors: unknown[][] = [];

beforeEach(() => {
  // The app's screens keep the person's copy in memory in these tests (the IndexedDB store has its own).
  vi.stubEnv('VITE_OFFLINE_SYNC', 'false');
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.localStorage.clear();
  reloadSessionFromStorage();
  resetRedirectState();
  console.error = originalError;
  expect(errors, 'console.error was called').toEqual([]);
});
