import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUDIT_TYPES, type ForgotPasswordResult } from '@jalon/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { BackgroundWork } from '../../lib/background-work.ts';
import { loginThrottle, passwordResets, pendingLogins, users } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAcceptablePassword, hashPassword } from '../../lib/password.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { MailLogger } from '../mail/mail-transport.ts';
import { revokeSessionsWhere, type SessionService } from '../sessions/session-service.ts';
import { revokeTokensOf } from '../api-tokens/token-service.ts';
import { findUserByEmail, normaliseEmail } from '../users/user-service.ts';

const GENERIC_ANSWER = 'If the account exists, a reset link has been sent.';

/** Forgotten-password flow: single-use 15-minute links, no enumeration, no sign-in (S20-S22). */
export class ResetService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailQueue,
    private readonly sessions: SessionService,
    private readonly background: BackgroundWork,
  ) {}

  /**
   * Answers at once: the token, the audit row and the mail are made after the answer, so a known and an
   * unknown e-mail cost the same (S20). Only when the answer carries the link (development) does it
   * wait for them; that answer tells whether the account exists anyway. `log` is the asking request's
   * logger: the mail's delivery line then carries its request id.
   */
  async requestLink(rawEmail: string, actor: AuditActor, log: MailLogger): Promise<ForgotPasswordResult> {
    const email = normaliseEmail(rawEmail);
    if (this.config.exposeDevResetLink) {
      const link = await this.issueLink(email, actor, log);
      return link ? { message: GENERIC_ANSWER, devResetLink: link } : { message: GENERIC_ANSWER };
    }
    this.background.run(() => this.issueLink(email, actor, log));
    return { message: GENERIC_ANSWER };
  }

  /** Stores a new link for an existing account under its per-e-mail limit and mails it; null otherwise. */
  private async issueLink(email: string, actor: AuditActor, log: MailLogger): Promise<string | null> {
    const user = await findUserByEmail(this.db, email);
    const token = newToken();
    const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    let mailJob: number | null = null;
    const sent = await this.db.transaction(async (tx) => {
      const recent = user
        ? await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(passwordResets)
            .where(
              and(
                eq(passwordResets.userId, user.id),
                gt(passwordResets.createdAt, new Date(Date.now() - this.config.reset.windowMs)),
              ),
            )
        : [{ count: 0 }];
      const allowed = user !== undefined && (recent[0]?.count ?? 0) < this.config.reset.emailMax;
      if (user && allowed) {
        // Asking again voids every older link (S21).
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + this.config.reset.validityMs),
        });
        mailJob = await this.mail.queue(tx, {
          to: user.email,
          subject: 'Jalon : réinitialisation du mot de passe',
          text:
            `Bonjour ${user.username},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 15 minutes) :\n${link}\n\n` +
            "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n",
        });
      }
      await appendAudit(tx, {
        type: AUDIT_TYPES.passwordResetRequested,
        actor: { ...actor, id: user?.id ?? null, email, name: user?.username ?? null },
        outcome: allowed ? 'success' : 'failure',
        details: allowed
          ? 'Lien de réinitialisation envoyé'
          : user
            ? 'Lien non envoyé : trop de demandes'
            : 'Lien non envoyé : e-mail inconnu',
      });
      return allowed;
    });
    if (!sent || !user) return null;
    // The outbox's delivery line names the same job: the two lines meet on it.
    log.info({ mailJob }, 'reset mail queued');
    return link;
  }

  async reset(token: string, password: string, actor: AuditActor): Promise<void> {
    assertAcceptablePassword(password);
    const passwordHash = await hashPassword(password);
    const revoked = await this.db.transaction(async (tx) => {
      const [reset] = await tx
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, sha256(token)))
        .for('update');
      if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) {
        throw new AppError(400, 'invalid_reset_token', 'This reset link is invalid, used or expired');
      }
      const now = new Date();
      const [user] = await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, reset.userId))
        .returning();
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
      // A reset signs nobody in and ends every session; a lockout is lifted (S07, S22).
      const ids = await revokeSessionsWhere(tx, { userId: reset.userId }, 'password_reset');
      // A reset is what someone does who fears their account was taken: tokens made with it end too.
      const revokedTokens = await revokeTokensOf(tx, reset.userId, 'password_reset');
      await tx.delete(pendingLogins).where(eq(pendingLogins.userId, reset.userId));
      if (user) await tx.delete(loginThrottle).where(eq(loginThrottle.email, user.email));
      await appendAudit(tx, {
        type: AUDIT_TYPES.passwordReset,
        actor: { ...actor, id: reset.userId, email: user?.email ?? null, name: user?.username ?? null },
        outcome: 'success',
        resource: `user:${reset.userId}`,
        details: `Mot de passe réinitialisé ; ${ids.length} session(s) et ${revokedTokens} jeton(s) révoqué(s)`,
        metadata: { revokedTokens },
      });
      return ids;
    });
    await this.sessions.announceRevoked(revoked);
  }
}
