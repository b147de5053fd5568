import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  AUDIT_TYPES,
  INVITATION_VALIDITY_DAYS,
  type AcceptInvitationRequest,
  type AcceptedInvitation,
  type CreateInvitationRequest,
  type CreatedInvitation,
  type Invitation,
  type User,
} from '@jalon/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invitations } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MailLogger, Mailer } from '../../lib/mailer.ts';
import { assertAcceptablePassword } from '../../lib/password.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { createUser, findUserByEmail, normaliseEmail } from '../users/user-service.ts';
import { roleLabel } from './role-label.ts';

const DAY_MS = 86_400_000;
type InvitationRow = typeof invitations.$inferSelect;

const present = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** Pending: neither accepted, nor revoked, nor expired. */
const pending = (now: Date) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/**
 * Invitations: an administrator invites an e-mail with a role; the link (single use, 7 days, stored as
 * a hash like reset links, S21) creates the account with that e-mail and role when accepted.
 */
export class InvitationService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mailer: Mailer,
  ) {}

  async create(admin: User, input: CreateInvitationRequest, actor: AuditActor, log: MailLogger): Promise<CreatedInvitation> {
    const email = normaliseEmail(input.email);
    const token = newToken();
    const link = `${this.config.publicUrl}/invitation?token=${encodeURIComponent(token)}`;
    const row = await this.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
      const now = new Date();
      // One live link per e-mail: inviting again voids the older one.
      await tx.update(invitations).set({ revokedAt: now }).where(and(eq(invitations.email, email), pending(now)));
      const [created] = await tx
        .insert(invitations)
        .values({ email, role: input.role, tokenHash: sha256(token), invitedBy: admin.id, expiresAt: new Date(now.getTime() + INVITATION_VALIDITY_DAYS * DAY_MS) })
        .returning();
      await appendAudit(tx, {
        type: AUDIT_TYPES.invitationCreated,
        actor,
        outcome: 'success',
        resource: `invitation:${created!.id}`,
        details: `Invitation envoyée à ${email} (${roleLabel(input.role)})`,
        metadata: { email, role: input.role },
      });
      return created!;
    });
    this.mailer.send(
      {
        to: email,
        subject: 'Jalon : invitation',
        text:
          `Bonjour,\n\n${admin.username} vous invite à rejoindre Jalon. Pour créer votre compte, ouvrez ce lien (valable ${INVITATION_VALIDITY_DAYS} jours) :\n${link}\n\n` +
          "Si vous ne vous attendiez pas à cette invitation, ignorez ce message.\n",
      },
      log,
    );
    const invitation = present(row);
    return this.config.exposeDevResetLink ? { ...invitation, devInviteLink: link } : invitation;
  }

  async listPending(): Promise<Invitation[]> {
    const rows = await this.db.select().from(invitations).where(pending(new Date())).orderBy(desc(invitations.createdAt), desc(invitations.id));
    return rows.map(present);
  }

  async revoke(id: string, actor: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(invitations.id, id), pending(new Date())))
        .returning();
      // Used, revoked, expired and unknown invitations look the same.
      if (!row) throw notFound('Invitation');
      await appendAudit(tx, {
        type: AUDIT_TYPES.invitationRevoked,
        actor,
        outcome: 'success',
        resource: `invitation:${row.id}`,
        details: `Invitation de ${row.email} révoquée`,
        metadata: { email: row.email },
      });
    });
  }

  /** Creates the account the invitation names; an expired, revoked, used or unknown token gets one and the same 400. */
  async accept(input: AcceptInvitationRequest, actor: Omit<AuditActor, 'id' | 'email' | 'name'>): Promise<AcceptedInvitation> {
    // The password rules first: a refused password leaves the link usable.
    assertAcceptablePassword(input.password);
    return this.db.transaction(async (tx) => {
      const invitation = await this.lockPending(tx, input.token);
      const user = await createUser(tx, { email: invitation.email, password: input.password, username: input.username, role: invitation.role });
      await tx.update(invitations).set({ acceptedAt: new Date(), userId: user.id }).where(eq(invitations.id, invitation.id));
      await appendAudit(tx, {
        type: AUDIT_TYPES.invitationAccepted,
        actor: { ...actor, id: user.id, email: user.email, name: user.username },
        outcome: 'success',
        resource: `user:${user.id}`,
        details: `Invitation acceptée (${roleLabel(user.role)})`,
        metadata: { invitationId: invitation.id, role: user.role },
      });
      return { email: user.email, role: user.role };
    });
  }

  private async lockPending(tx: Tx, token: string): Promise<InvitationRow> {
    const [row] = await tx.select().from(invitations).where(eq(invitations.tokenHash, sha256(token))).for('update');
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
      throw new AppError(400, 'invalid_invitation_token', 'This invitation link is invalid, used or expired');
    }
    return row;
  }
}
