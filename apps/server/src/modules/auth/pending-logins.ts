import { and, eq, gt } from 'drizzle-orm';
import { AUTH, PROBLEM_DETAILS } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { pendingLogins, ssoPendingLogins, users } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { toPublicUser, type UserRow } from '../users/user-service.ts';
import type { User } from '@jalon/contract';

export interface PendingLogin {
  id: string;
  user: User;
  purpose: 'verify' | 'setup';
  rememberMe: boolean;
  failedAttempts: number;
  expiresAt: Date;
}

/**
 * The identity provider's session a sign-in came through (issue 38): the Jalon session keeps it, so
 * that signing out can also sign out at the provider and a back-channel logout finds the session.
 */
export interface ProviderSession {
  issuer: string;
  subject: string;
  /** The ID token's `sid`, when the provider sends one. */
  sid: string | null;
}

/** Starts a sign-in that waits for its second factor; returns the `tempToken` (S11). */
export async function createPendingLogin(
  tx: Tx,
  input: {
    user: UserRow;
    purpose: PendingLogin['purpose'];
    rememberMe: boolean;
    providerSession?: ProviderSession;
  },
): Promise<string> {
  const token = newToken();
  const [row] = await tx
    .insert(pendingLogins)
    .values({
      userId: input.user.id,
      tokenHash: sha256(token),
      purpose: input.purpose,
      rememberMe: input.rememberMe,
      expiresAt: new Date(Date.now() + AUTH.tempTokenMinutes * 60_000),
    })
    .returning({ id: pendingLogins.id });
  if (input.providerSession) {
    await tx.insert(ssoPendingLogins).values({ pendingLoginId: row!.id, ...input.providerSession });
  }
  return token;
}

/**
 * Ends a pending sign-in as the session it waited for opens (its tempToken is single use): null when
 * another request took it first; else the provider's session it came through, which the new session
 * keeps (otherwise a sign-in through the provider that went through Jalon's second factor would be
 * forgotten by the provider's sign-out and back-channel logout).
 */
export async function consumePendingLogin(
  tx: Tx,
  id: string,
): Promise<{ providerSession: ProviderSession | null } | null> {
  const [providerSession] = await tx
    .select({ issuer: ssoPendingLogins.issuer, subject: ssoPendingLogins.subject, sid: ssoPendingLogins.sid })
    .from(ssoPendingLogins)
    .where(eq(ssoPendingLogins.pendingLoginId, id));
  const deleted = await tx
    .delete(pendingLogins)
    .where(eq(pendingLogins.id, id))
    .returning({ id: pendingLogins.id });
  if (deleted.length === 0) return null;
  return { providerSession: providerSession ?? null };
}

/** The pending sign-in a tempToken stands for, if it is still valid. */
export async function findPendingLogin(db: Db | Tx, token: string): Promise<PendingLogin | null> {
  const [row] = await db
    .select({ pending: pendingLogins, user: users })
    .from(pendingLogins)
    .innerJoin(users, eq(users.id, pendingLogins.userId))
    .where(and(eq(pendingLogins.tokenHash, sha256(token)), gt(pendingLogins.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  return {
    id: row.pending.id,
    user: toPublicUser(row.user),
    purpose: row.pending.purpose,
    rememberMe: row.pending.rememberMe,
    failedAttempts: row.pending.failedAttempts,
    expiresAt: row.pending.expiresAt,
  };
}

export async function deletePendingLogin(db: Db | Tx, id: string): Promise<void> {
  await db.delete(pendingLogins).where(eq(pendingLogins.id, id));
}

/** The sign-in a 2FA step names by its tempToken; an unknown or expired one is the usual 401. */
export async function requirePendingLogin(db: Db | Tx, token: string): Promise<PendingLogin> {
  const pending = await findPendingLogin(db, token);
  if (!pending) throw new AppError(401, 'session_expired', PROBLEM_DETAILS.sessionExpired);
  return pending;
}
