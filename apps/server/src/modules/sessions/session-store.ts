import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Preferences, User } from '@jalon/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { toPublicUser } from '../users/user-service.ts';

export interface ActiveSession {
  id: string;
  user: User;
  /** The user's stored display preferences, cached with the session (evicted when they change). */
  preferences: Partial<Preferences>;
  rememberMe: boolean;
  createdAt: Date;
  /** Last activity as this instance knows it (ms); written to the database at most once a minute. */
  lastActiveAt: number;
  persistedActiveAt: number;
  absoluteExpiresAt: number;
  idleMs: number;
  /** When this entry was read from the database; entries are re-read after CACHE_TTL_MS. */
  loadedAt: number;
  /** The provider's own second factor stands for Jalon's (see `sessions.secondFactorByProvider`). */
  secondFactorByProvider: boolean;
}

/** A session ends at its idle deadline or its absolute deadline, whichever comes first (S24). */
export const sessionExpiresAt = (session: ActiveSession): number =>
  Math.min(session.lastActiveAt + session.idleMs, session.absoluteExpiresAt);

const PERSIST_ACTIVITY_EVERY_MS = 60_000;
// Revocations reach every instance at once through the notifier; this bound only limits how stale an
// entry can be if a notification were ever lost (for instance while a listener reconnects).
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 50_000;

/**
 * Authenticates bearer tokens without a database round trip per request: sessions are cached by token
 * hash, and every revocation evicts them here and, through the notifier, on every other instance.
 */
export class SessionStore {
  private readonly byTokenHash = new Map<string, ActiveSession>();
  private readonly tokenHashById = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly notifier: Notifier,
    private readonly onError: (error: unknown) => void,
  ) {
    notifier.subscribe((message) => {
      if (message.kind === 'sessions.revoked') this.forget(message.sessionIds);
      if (message.kind === 'user.changed') this.forgetUser(message.userId);
      if (message.kind === 'messages.lost') this.recheckAll();
    });
  }

  idleMsFor(rememberMe: boolean): number {
    return rememberMe ? this.config.session.rememberIdleMs : this.config.session.idleMs;
  }

  cachedLastActiveAt(sessionId: string): number | undefined {
    const tokenHash = this.tokenHashById.get(sessionId);
    return tokenHash ? this.byTokenHash.get(tokenHash)?.lastActiveAt : undefined;
  }

  /** Inserts a new session with a fresh token (S23: nothing the client sent is reused). */
  async create(
    tx: Tx,
    input: {
      user: User;
      preferences?: Partial<Preferences>;
      rememberMe: boolean;
      userAgent: string;
      ip: string;
      secondFactorByProvider?: boolean;
    },
  ): Promise<{ token: string; session: ActiveSession }> {
    const secondFactorByProvider = input.secondFactorByProvider ?? false;
    const token = newToken();
    const now = Date.now();
    const absoluteMs = input.rememberMe
      ? this.config.session.rememberAbsoluteMs
      : this.config.session.absoluteMs;
    const [row] = await tx
      .insert(sessions)
      .values({
        userId: input.user.id,
        tokenHash: sha256(token),
        userAgent: input.userAgent.slice(0, 512),
        ip: input.ip,
        rememberMe: input.rememberMe,
        createdAt: new Date(now),
        lastActiveAt: new Date(now),
        absoluteExpiresAt: new Date(now + absoluteMs),
        secondFactorByProvider,
      })
      .returning({ id: sessions.id });
    const session: ActiveSession = {
      id: row!.id,
      user: input.user,
      preferences: input.preferences ?? {},
      rememberMe: input.rememberMe,
      createdAt: new Date(now),
      lastActiveAt: now,
      persistedActiveAt: now,
      absoluteExpiresAt: now + absoluteMs,
      idleMs: this.idleMsFor(input.rememberMe),
      loadedAt: now,
      secondFactorByProvider,
    };
    return { token, session };
  }

  /** The session a bearer token opens, or null when it is unknown, revoked or expired. */
  async authenticate(token: string, now = Date.now()): Promise<ActiveSession | null> {
    const tokenHash = sha256(token);
    let session = this.byTokenHash.get(tokenHash);
    if (!session || now - session.loadedAt > CACHE_TTL_MS) {
      const loaded = await this.load(tokenHash, now);
      if (!loaded) {
        this.evict(tokenHash);
        return null;
      }
      if (session) loaded.lastActiveAt = Math.max(loaded.lastActiveAt, session.lastActiveAt);
      session = loaded;
      this.remember(tokenHash, session);
    }
    if (sessionExpiresAt(session) <= now) {
      this.evict(tokenHash);
      return null;
    }
    return session;
  }

  private async load(tokenHash: string, now: number): Promise<ActiveSession | null> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        // A deactivated member's sessions are revoked with the deactivation; this is the second lock.
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.absoluteExpiresAt, new Date(now)),
          isNull(users.deactivatedAt),
        ),
      )
      .limit(1);
    if (!row) return null;
    const lastActiveAt = row.session.lastActiveAt.getTime();
    return {
      id: row.session.id,
      user: toPublicUser(row.user),
      preferences: row.user.preferences,
      rememberMe: row.session.rememberMe,
      createdAt: row.session.createdAt,
      lastActiveAt,
      persistedActiveAt: lastActiveAt,
      absoluteExpiresAt: row.session.absoluteExpiresAt.getTime(),
      idleMs: this.idleMsFor(row.session.rememberMe),
      loadedAt: now,
      secondFactorByProvider: row.session.secondFactorByProvider,
    };
  }

  private remember(tokenHash: string, session: ActiveSession): void {
    if (this.byTokenHash.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.byTokenHash.keys().next().value;
      if (oldest !== undefined) this.evict(oldest);
    }
    this.byTokenHash.set(tokenHash, session);
    this.tokenHashById.set(session.id, tokenHash);
  }

  private evict(tokenHash: string): void {
    const session = this.byTokenHash.get(tokenHash);
    this.byTokenHash.delete(tokenHash);
    if (session) this.tokenHashById.delete(session.id);
  }

  /** Records activity; the database hears of it at most once a minute per session. */
  touch(session: ActiveSession, now = Date.now()): void {
    session.lastActiveAt = Math.max(session.lastActiveAt, now);
    if (now - session.persistedActiveAt < PERSIST_ACTIVITY_EVERY_MS) return;
    session.persistedActiveAt = now;
    this.persistActivity(session).catch(this.onError);
  }

  /** Extends the idle deadline now (never past the absolute one) and writes it through. */
  async refresh(session: ActiveSession, now = Date.now()): Promise<number> {
    session.lastActiveAt = Math.max(session.lastActiveAt, now);
    session.persistedActiveAt = now;
    await this.persistActivity(session);
    return sessionExpiresAt(session);
  }

  private async persistActivity(session: ActiveSession): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastActiveAt: new Date(session.lastActiveAt) })
      .where(eq(sessions.id, session.id));
  }

  /** Drops sessions from this instance's cache; their next request reads the database again. */
  forget(sessionIds: Iterable<string>): void {
    for (const id of sessionIds) {
      const tokenHash = this.tokenHashById.get(id);
      if (tokenHash) this.evict(tokenHash);
    }
  }

  /**
   * Revocations may have been missed (the notifier was disconnected): every cached session is read
   * again on its next use. Entries stay, so activity not yet written is merged, not lost.
   */
  private recheckAll(): void {
    for (const session of this.byTokenHash.values()) session.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * After a committed change to a user (2FA, role, preferences…): this instance drops their cached
   * sessions at once, so the very next request reads the new row; the others when the notice reaches
   * them (with PostgreSQL that is a NOTIFY, later than this process's answer).
   */
  async userChanged(userId: string): Promise<void> {
    this.forgetUser(userId);
    await this.notifier.publish({ kind: 'user.changed', userId });
  }

  forgetUser(userId: string): void {
    for (const [tokenHash, session] of this.byTokenHash) {
      if (session.user.id === userId) this.evict(tokenHash);
    }
  }
}
