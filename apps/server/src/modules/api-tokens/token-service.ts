import { and, asc, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import {
  API_TOKEN,
  AUDIT_TYPES,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenRequest,
  type CreatedApiToken,
  type Preferences,
  type User,
} from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { toPublicUser } from '../users/user-service.ts';

const DAY_MS = 86_400_000;

/** Why a token stopped working before its expiry (kept on its row). */
export type TokenRevokeReason = 'revoked' | 'deactivated' | 'password_reset';

/** The person and scope a live token opens. */
export interface TokenIdentity {
  id: string;
  scope: ApiTokenScope;
  user: User;
  preferences: Partial<Preferences>;
  /** Epoch milliseconds; null: no expiry. */
  expiresAt: number | null;
}

const present = (row: typeof apiTokens.$inferSelect): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Whether a bearer credential is a personal access token rather than a session token. */
export const isPersonalToken = (token: string): boolean => token.startsWith(API_TOKEN.prefix);

/** Marks every live token of a person revoked, inside the caller's transaction; returns how many. */
export async function revokeTokensOf(tx: Tx, userId: string, reason: TokenRevokeReason): Promise<number> {
  const rows = await tx
    .update(apiTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}

/**
 * A person's personal access tokens: created with the token shown once, listed without it, revoked.
 * Authentication reads the database on every request (one indexed row with its user), so a revocation
 * or a deactivation holds on the very next request of every instance, with no cache to invalidate.
 */
export class ApiTokenService {
  /** When each token's last use was last written (this instance), so a busy token costs no write each time. */
  private readonly lastPersisted = new Map<string, number>();

  constructor(private readonly db: Db) {}

  async create(user: User, input: CreateApiTokenRequest, actor: AuditActor): Promise<CreatedApiToken> {
    if (input.expiresInDays === null && user.role !== 'admin') {
      throw new AppError(403, 'forbidden', 'Only administrators may create a token without expiry');
    }
    const token = `${API_TOKEN.prefix}${newToken()}`;
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      // The person's row is locked so two creations at once cannot both pass the count.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [live] = await tx
        .select({ n: count() })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)));
      if ((live?.n ?? 0) >= API_TOKEN.perUser) {
        throw new AppError(409, 'too_many_tokens', `At most ${API_TOKEN.perUser} tokens per person`);
      }
      const [inserted] = await tx
        .insert(apiTokens)
        .values({
          userId: user.id,
          name: input.name,
          scope: input.scope,
          tokenHash: sha256(token),
          createdAt: now,
          expiresAt:
            input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
        })
        .returning();
      await appendAudit(tx, {
        type: AUDIT_TYPES.tokenCreated,
        actor,
        outcome: 'success',
        resource: `token:${inserted!.id}`,
        details: `Jeton « ${input.name} » créé (${input.scope === 'read' ? 'lecture' : 'écriture'})`,
        metadata: { scope: input.scope, expiresInDays: input.expiresInDays },
      });
      return inserted!;
    });
    return { ...present(row), token };
  }

  /** The person's tokens not revoked, expired ones included (so they can see why a script stopped). */
  async list(userId: string): Promise<ApiToken[]> {
    const rows = await this.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
    return rows.map(present);
  }

  async revoke(userId: string, tokenId: string, actor: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(apiTokens)
        .set({ revokedAt: new Date(), revokedReason: 'revoked' })
        .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
        .returning();
      // Another person's token, a revoked one and an unknown id look the same.
      if (!row) throw notFound('Token');
      await appendAudit(tx, {
        type: AUDIT_TYPES.tokenRevoked,
        actor,
        outcome: 'success',
        resource: `token:${row.id}`,
        details: `Jeton « ${row.name} » révoqué`,
      });
    });
  }

  /** The person a token opens, or null when it is unknown, revoked, expired or its person deactivated. */
  async authenticate(token: string, now = Date.now()): Promise<TokenIdentity | null> {
    const [row] = await this.db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(
        and(
          eq(apiTokens.tokenHash, sha256(token)),
          isNull(apiTokens.revokedAt),
          isNull(users.deactivatedAt),
          // A deactivation revokes the tokens too; the join above is the second lock.
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, new Date(now))),
        ),
      )
      .limit(1);
    if (!row) return null;
    return {
      id: row.token.id,
      scope: row.token.scope,
      user: toPublicUser(row.user),
      preferences: row.user.preferences,
      expiresAt: row.token.expiresAt?.getTime() ?? null,
    };
  }

  /**
   * Records a use. Written at most once a minute per token on this instance, and only over an older
   * value, so several instances do not write it back in time.
   */
  async touch(tokenId: string, now = Date.now()): Promise<void> {
    const last = this.lastPersisted.get(tokenId);
    if (last !== undefined && now - last < API_TOKEN.lastUsedPersistMs) return;
    this.lastPersisted.set(tokenId, now);
    const at = new Date(now);
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(apiTokens.id, tokenId),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, new Date(now - API_TOKEN.lastUsedPersistMs)),
          ),
        ),
      );
  }
}
