import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  AUDIT_TYPES,
  INVITATION_VALIDITY_DAYS,
  type AcceptInvitationRequest,
  type AcceptedInvitation,
  type CheckedInvitation,
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
import { assertAcceptablePassword } from '../../lib/password.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { MailLogger } from '../mail/mail-transport.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { webhookMember } from './member-admin-service.ts';
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
const pending = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/**
 * Invitations: an administrator invites an e-mail with a role; the link (single use, 7 days, stored as
 * a hash like reset links, S21) creates the account with that e-mail and role when accepted.
 */
export class InvitationService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailQueue,
  ) {}

  async create(
    admin: User,
    input: CreateInvitationRequest,
    actor: AuditActor,
    log: MailLogger,
  ): Promise<{ invitation: CreatedInvitation; created: boolean }> {
    const email = normaliseEmail(input.email);
    const token = newToken();
    const link = `${this.config.publicUrl}/invitation?token=${encodeURIComponent(token)}`;
    const { row, created, mailJob } = await this.db.transaction(async (tx) => {
      // Two sends for one address wait for each other here, so neither misses the other's invitation.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${email}`}))`);
      if (await findUserByEmail(tx, email))
        throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
      const now = new Date();
      const [live] = await tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.email, email), pending(now)));
      // The same invitation sent again (a double click, a resend): that invitation, no second mail.
      if (live && input.id === live.id) return { row: live, created: false, mailJob: null };
      // One live link per address, and never a new one that kills a link already mailed (only its hash
      // is kept, so that link cannot be mailed again): revoking it is how to send another.
      if (live) throw new AppError(409, 'invitation_pending', 'This e-mail already has a pending invitation');
      if (
        input.id &&
        (await tx.select({ id: invitations.id }).from(invitations).where(eq(invitations.id, input.id)))
          .length > 0
      ) {
        throw new AppError(409, 'id_taken', 'This id already names another invitation');
      }
      const [inserted] = await tx
        .insert(invitations)
        .values({
          ...(input.id && { id: input.id }),
          email,
          role: input.role,
          tokenHash: sha256(token),
          invitedBy: admin.id,
          expiresAt: new Date(now.getTime() + INVITATION_VALIDITY_DAYS * DAY_MS),
        })
        .returning();
      await appendAudit(tx, {
        type: AUDIT_TYPES.invitationCreated,
        actor,
        outcome: 'success',
        resource: `invitation:${inserted!.id}`,
        details: `Invitation envoyée à ${email} (${roleLabel(input.role)})`,
        metadata: { email, role: input.role },
      });
      const mailJob = await this.mail.queue(tx, {
        to: email,
        subject: 'Jalon : invitation',
        text:
          `Bonjour,\n\n${admin.username} vous invite à rejoindre Jalon. Pour créer votre compte, ouvrez ce lien (valable ${INVITATION_VALIDITY_DAYS} jours) :\n${link}\n\n` +
          'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.\n',
      });
      return { row: inserted!, created: true, mailJob };
    });
    if (!created) return { invitation: present(row), created };
    // The outbox's delivery line names the same job: the two lines meet on it.
    log.info({ mailJob }, 'invitation mail queued');
    const invitation = present(row);
    return {
      invitation: this.config.exposeDevResetLink ? { ...invitation, devInviteLink: link } : invitation,
      created,
    };
  }

  async listPending(): Promise<Invitation[]> {
    const rows = await this.db
      .select()
      .from(invitations)
      .where(pending(new Date()))
      .orderBy(desc(invitations.createdAt), desc(invitations.id));
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

  /** What the invitation page shows as it opens: the address and role a live link invites. Uses nothing up. */
  async check(token: string): Promise<CheckedInvitation> {
    const row = await this.livePending(this.db, token);
    return { email: row.email, role: row.role };
  }

  /** Creates the account the invitation names; an expired, revoked, used or unknown token gets one and the same 400. */
  async accept(
    input: AcceptInvitationRequest,
    actor: Omit<AuditActor, 'id' | 'email' | 'name'>,
  ): Promise<AcceptedInvitation> {
    // The password rules first: a refused password leaves the link usable.
    assertAcceptablePassword(input.password);
    return this.db.transaction(async (tx) => {
      const invitation = await this.livePending(tx, input.token, { lock: true });
      const user = await createUser(tx, {
        email: invitation.email,
        password: input.password,
        username: input.username,
        role: invitation.role,
      });
      await tx
        .update(invitations)
        .set({ acceptedAt: new Date(), userId: user.id })
        .where(eq(invitations.id, invitation.id));
      await appendAudit(tx, {
        type: AUDIT_TYPES.invitationAccepted,
        actor: { ...actor, id: user.id, email: user.email, name: user.username },
        outcome: 'success',
        resource: `user:${user.id}`,
        details: `Invitation acceptée (${roleLabel(user.role)})`,
        metadata: { invitationId: invitation.id, role: user.role },
      });
      await queueWebhookEvents(tx, [{ type: 'member.joined', data: webhookMember(user) }], new Date());
      return { email: user.email, role: user.role };
    });
  }

  private async livePending(tx: Db | Tx, token: string, { lock = false } = {}): Promise<InvitationRow> {
    const query = tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, sha256(token)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
      throw new AppError(400, 'invalid_invitation_token', 'This invitation link is invalid, used or expired');
    }
    return row;
  }
}
