import type { LiveSnapshot, LiveState } from './live-state.ts';

// The tab's running live updates, if any, for the hooks: they render an idle state before sign-in.
let active: LiveState | null = null;
let unsubscribeActive: (() => void) | null = null;
const listeners = new Set<() => void>();
const idle: LiveSnapshot = {
  connection: { kind: 'connecting' },
  lastSyncAt: Date.now(),
  taskBadges: new Map(),
  autoRefresh: false,
  digest: null,
};
let dismiss: () => void = () => undefined;

const emit = () => listeners.forEach((listener) => listener());

export function setActiveLive(state: LiveState | null, onDismissDigest: () => void = () => undefined): void {
  unsubscribeActive?.();
  active = state;
  dismiss = onDismissDigest;
  unsubscribeActive = state?.subscribe(emit) ?? null;
  emit();
}

export const subscribeLive = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getLiveSnapshot = (): LiveSnapshot => active?.getSnapshot() ?? idle;

export const dismissDigest = (): void => dismiss();
