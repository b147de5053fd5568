import { useSyncExternalStore } from 'react';
import { STORAGE_PREFIX } from '@jalon/contract/plain';
import type { User } from '@jalon/contract';
import { readStored, writeStored } from './storage.ts';

/** What the browser keeps of a session. */
export interface SessionSnapshot {
  readonly token: string | null;
  /** Pending second factor or forced 2FA enrolment: valid only on two-factor routes. */
  readonly tempToken: string | null;
  readonly user: User | null;
  readonly sessionId: string | null;
  /** ISO date-time of the server-side expiry, kept current from responses. */
  readonly sessionExpiry: string | null;
}

const KEYS = ['token', 'tempToken', 'user', 'sessionId', 'sessionExpiry'] as const;

/**
 * The stored user was checked against the contract when it arrived; at start-up a shape check is enough
 * (the schemas load lazily), and GET /api/auth/me replaces it with the server's copy right after.
 */
function parseUser(raw: string | null): User | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<User> | null;
    const looksRight =
      typeof value?.id === 'string' &&
      typeof value.email === 'string' &&
      typeof value.username === 'string' &&
      (value.role === 'admin' || value.role === 'member') &&
      typeof value.twoFactorEnabled === 'boolean';
    return looksRight ? (value as User) : null;
  } catch {
    return null;
  }
}

function readAll(): SessionSnapshot {
  return {
    token: readStored('token'),
    tempToken: readStored('tempToken'),
    user: parseUser(readStored('user')),
    sessionId: readStored('sessionId'),
    sessionExpiry: readStored('sessionExpiry'),
  };
}

let snapshot: SessionSnapshot = readAll();
const listeners = new Set<() => void>();

const emit = (): void => listeners.forEach((listener) => listener());

// Another tab signing in or out changes localStorage; follow it so tabs never disagree for long.
function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key.startsWith(STORAGE_PREFIX)) reloadSessionFromStorage();
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function updateSession(patch: Partial<SessionSnapshot>): void {
  const next: { -readonly [K in keyof SessionSnapshot]: SessionSnapshot[K] } = { ...snapshot };
  let changed = false;
  for (const key of KEYS) {
    if (!(key in patch)) continue;
    const value = patch[key] ?? null;
    if (value === snapshot[key]) continue;
    changed = true;
    if (key === 'user') {
      next.user = value as User | null;
      writeStored(key, value === null ? null : JSON.stringify(value));
    } else {
      next[key] = value as string | null;
      writeStored(key, value as string | null);
    }
  }
  if (!changed) return;
  snapshot = next;
  emit();
}

/** Sign-out, expiry, forceLogin: every stored session value goes. */
export function clearSession(): void {
  updateSession({ token: null, tempToken: null, user: null, sessionId: null, sessionExpiry: null });
}

export function reloadSessionFromStorage(): void {
  snapshot = readAll();
  emit();
}

export function isSessionExpired(session: SessionSnapshot, now: number = Date.now()): boolean {
  if (session.sessionExpiry === null) return false;
  const expiresAt = Date.parse(session.sessionExpiry);
  return !Number.isNaN(expiresAt) && expiresAt <= now;
}

/**
 * The part of the session a component shows, re-rendering it only when that part changes. Every API
 * answer moves `sessionExpiry`: a component reading the whole snapshot (the guard, at the top of the
 * signed-in tree) re-rendered the whole screen on each answer. `select` must answer a primitive or a
 * stored object (the user), never a new one.
 */
export function useSession<T>(select: (session: SessionSnapshot) => T): T {
  const selected = () => select(getSession());
  return useSyncExternalStore(subscribeSession, selected, selected);
}
