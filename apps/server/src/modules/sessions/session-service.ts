import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { AUDIT_TYPES, type SessionEndReason, type SessionList } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import type { Notifier, RevocationReason } from '../../lib/notifier.ts';
import { describeDevice } from '../../lib/user-agent.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { sessionExpiresAt, type ActiveSession, type SessionStore } from './session-store.ts';

export type RevokeReason =
  | 'logout'
  | 'revoked'
  | 'revoked_others'
  | 'password_reset'
  | 'password_changed'
  | 'deactivated'
  | 'two_factor_reset'
  | 'code_locked'
  /** The identity provider said the person signed out there (back-channel logout). */
  | 'provider_logout';

/** Marks sessions revoked inside the caller's transaction and returns their ids. */
export async function revokeSessionsWhere(
  tx: Tx,
  filter: { userId: string; sessionId?: string; exceptSessionId?: string },
  reason: RevokeReason,
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, filter.userId),
        isNull(sessions.revokedAt),
        filter.sessionId ? eq(sessions.id, filter.sessionId) : undefined,
        filter.exceptSessionId ? ne(sessions.id, filter.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/**
 * Why a token's session has ended, read from its row: deactivated, signed out, revoked, or else expired;
 * null when the token names no session. The session check and the event streams both say it.
 */
export async function sessionEndReason(db: Db, token: string): Promise<SessionEndReason | null> {
  const [row] = await db
    .select({
      reason: sessions.revokedReason,
      revokedAt: sessions.revokedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return null;
  if (row.deactivatedAt !== null || row.reason === 'deactivated') return 'deactivated';
  if (row.reason === 'logout') return 'signed_out';
  return row.revokedAt === null ? 'expired' : 'revoked';
}

/**
 * Session operations a signed-in user performs on their own sessions. Revocations take effect at once:
 * after commit the sessions leave every instance's cache (S25).
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly store: SessionStore,
    private readonly notifier: Notifier,
  ) {}

  /** Call after the transaction that revoked `ids` has committed; their event streams end with `reason`. */
  async announceRevoked(ids: string[], reason: RevocationReason = 'revoked'): Promise<void> {
    if (ids.length === 0) return;
    this.store.forget(ids);
    await this.notifier.publish({ kind: 'sessions.revoked', sessionIds: ids, reason });
  }

  /**
   * Why the session a token names has ended, for the page that still holds that token (it decides
   * whether the person's copy on the device goes); null when the token names no session.
   */
  endReason(token: string): Promise<SessionEndReason | null> {
    return sessionEndReason(this.db, token);
  }

  async list(current: ActiveSession): Promise<SessionList> {
    const now = Date.now();
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, current.user.id),
          isNull(sessions.revokedAt),
          gt(sessions.absoluteExpiresAt, new Date(now)),
        ),
      )
      .orderBy(desc(sessions.lastActiveAt));
    const list = rows
      .map((row) => {
        const isCurrent = row.id === current.id;
        // This instance may know of activity newer than the database (written at most once a minute).
        const lastActiveAt = Math.max(row.lastActiveAt.getTime(), this.store.cachedLastActiveAt(row.id) ?? 0);
        const expiresAt = isCurrent
          ? sessionExpiresAt(current)
          : Math.min(lastActiveAt + this.store.idleMsFor(row.rememberMe), row.absoluteExpiresAt.getTime());
        return { row, isCurrent, lastActiveAt, expiresAt };
      })
      .filter((entry) => entry.isCurrent || entry.expiresAt > now);
    return {
      currentSession: current.id,
      sessions: list.map(({ row, isCurrent, lastActiveAt, expiresAt }) => ({
        id: row.id,
        userAgent: row.userAgent,
        device: describeDevice(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: new Date(lastActiveAt).toISOString(),
        expiresAt: new Date(expiresAt).toISOString(),
        current: isCurrent,
      })),
    };
  }

  async revokeOne(current: ActiveSession, sessionId: string, actor: AuditActor): Promise<void> {
    const ids = await this.db.transaction(async (tx) => {
      const revoked = await revokeSessionsWhere(tx, { userId: current.user.id, sessionId }, 'revoked');
      // Another user's session, a revoked one and an unknown id look the same (S26, S31).
      if (revoked.length === 0) throw notFound('Session');
      await appendAudit(tx, {
        type: AUDIT_TYPES.sessionRevoked,
        actor,
        outcome: 'success',
        resource: `session:${sessionId}`,
        details: sessionId === current.id ? 'Session actuelle révoquée' : 'Session révoquée',
      });
      return revoked;
    });
    await this.announceRevoked(ids);
  }

  async revokeOthers(current: ActiveSession, actor: AuditActor): Promise<number> {
    const ids = await this.db.transaction(async (tx) => {
      const revoked = await revokeSessionsWhere(
        tx,
        { userId: current.user.id, exceptSessionId: current.id },
        'revoked_others',
      );
      await appendAudit(tx, {
        type: AUDIT_TYPES.otherSessionsRevoked,
        actor,
        outcome: 'success',
        resource: `user:${current.user.id}`,
        details: `${revoked.length} autre(s) session(s) révoquée(s)`,
        metadata: { count: revoked.length },
      });
      return revoked;
    });
    await this.announceRevoked(ids);
    return ids.length;
  }

  async logout(current: ActiveSession, actor: AuditActor): Promise<void> {
    const ids = await this.db.transaction(async (tx) => {
      const revoked = await revokeSessionsWhere(
        tx,
        { userId: current.user.id, sessionId: current.id },
        'logout',
      );
      await appendAudit(tx, {
        type: AUDIT_TYPES.logout,
        actor,
        outcome: 'success',
        resource: `session:${current.id}`,
        details: 'Déconnexion',
      });
      return revoked;
    });
    await this.announceRevoked(ids.length ? ids : [current.id], 'signed_out');
  }

  async refresh(current: ActiveSession, actor: AuditActor): Promise<number> {
    const expiresAt = await this.store.refresh(current);
    await this.db.transaction((tx) =>
      appendAudit(tx, {
        type: AUDIT_TYPES.sessionRefreshed,
        actor,
        outcome: 'success',
        resource: `session:${current.id}`,
        details: 'Session prolongée',
      }),
    );
    return expiresAt;
  }
}
