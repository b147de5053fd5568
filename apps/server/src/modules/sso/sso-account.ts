import { and, asc, eq, isNull } from 'drizzle-orm';
import { AUDIT_TYPES, PROBLEM_DETAILS, type Role } from '@jalon/contract';
import type { OidcConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { ssoIdentities, users } from '../../db/schema.ts';
import { newToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { roleLabel } from '../members/role-label.ts';
import { lockUser } from '../two-factor/second-factor.ts';
import { createUser, findUserByEmail, normaliseEmail, type UserRow } from '../users/user-service.ts';

/**
 * `amr` values (RFC 8176) that mean the provider asked for more than a password: a second factor
 * (`mfa`, a one-time code, a hardware or software key, a smart card) or a biometric one.
 */
const MULTI_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sc', 'fpt', 'face', 'iris', 'retina']);

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  /** The claims of the ID token, completed by the userinfo answer where the token left some out. */
  claims: Record<string, unknown>;
}

export interface SsoDecision {
  user: UserRow;
  secondFactorDue: boolean;
  /** The provider's multi-factor, trusted, stands for Jalon's second factor in the session. */
  secondFactorByProvider: boolean;
}

export const ssoRefusal = {
  noAccount: () => new AppError(403, 'sso_no_account', PROBLEM_DETAILS.ssoNoAccount),
  unverified: () =>
    new AppError(403, 'sso_email_unverified', 'The identity provider did not say the e-mail is verified'),
  deactivated: () => new AppError(403, 'account_deactivated', PROBLEM_DETAILS.accountDeactivated),
};

/**
 * Who a verified provider identity signs in as, in the callback's transaction: the account already
 * tied to it; else the active account with its verified e-mail, tied now (`auth.sso.linked`); else a
 * new account when auto-creation allows its domain; else a refusal. Then the role from the groups,
 * and whether Jalon's own second factor is still due.
 */
export async function resolveAccount(
  tx: Tx,
  oidc: OidcConfig,
  identity: ProviderIdentity,
  actor: Omit<AuditActor, 'id' | 'email' | 'name'>,
): Promise<SsoDecision> {
  const { claims } = identity;
  if (typeof claims.email !== 'string' || claims.email_verified !== true) throw ssoRefusal.unverified();
  const email = normaliseEmail(claims.email);

  const [linked] = await tx
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, identity.issuer), eq(ssoIdentities.subject, identity.subject)));
  let user = linked ? await lockUser(tx, linked.userId) : await findUserByEmail(tx, email);
  if (!user) user = await createAllowed(tx, oidc, email, claims, actor);
  if (!user) throw ssoRefusal.noAccount();
  const who: AuditActor = { ...actor, id: user.id, email: user.email, name: user.username };
  if (user.deactivatedAt) {
    await appendAudit(tx, {
      type: AUDIT_TYPES.loginDeactivated,
      actor: who,
      outcome: 'failure',
      resource: `user:${user.id}`,
      details: 'Connexion SSO refusée : compte désactivé',
    });
    throw ssoRefusal.deactivated();
  }
  if (!linked) {
    // One provider identity per account: an account already tied to another subject of this provider
    // is not taken over by a new identity that shows the same e-mail.
    const [inserted] = await tx
      .insert(ssoIdentities)
      .values({ issuer: identity.issuer, subject: identity.subject, userId: user.id })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw ssoRefusal.noAccount();
    await appendAudit(tx, {
      type: AUDIT_TYPES.ssoLinked,
      actor: who,
      outcome: 'success',
      resource: `user:${user.id}`,
      details: `Compte relié au fournisseur d’identité (${identity.issuer})`,
      metadata: { issuer: identity.issuer, subject: identity.subject },
    });
  }
  const role = await applyGroups(tx, oidc, user, claims, who);
  const providerDidMfa = Array.isArray(claims.amr) && claims.amr.some((value) => MULTI_FACTOR_AMR.has(value));
  const secondFactorByProvider = oidc.trustProviderMfa && providerDidMfa;
  const secondFactorDue = (user.twoFactorEnabled || role === 'admin') && !secondFactorByProvider;
  return { user: { ...user, role }, secondFactorDue, secondFactorByProvider };
}

/** A new account, only with OIDC_AUTO_CREATE=true and an e-mail domain of OIDC_ALLOWED_DOMAINS. */
async function createAllowed(
  tx: Tx,
  oidc: OidcConfig,
  email: string,
  claims: Record<string, unknown>,
  actor: Omit<AuditActor, 'id' | 'email' | 'name'>,
): Promise<UserRow | undefined> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!oidc.autoCreate || !oidc.allowedDomains.includes(domain)) return undefined;
  const name = typeof claims.name === 'string' ? claims.name : undefined;
  // Nobody knows this password: the account signs in through the provider (or after a reset).
  const input = { email, password: newToken(), role: 'member' as const };
  const created = await createUser(tx, { ...input, username: name }).catch((error: unknown) => {
    // The provider's name reads like another member's: the e-mail's local part is used instead.
    if (error instanceof AppError && error.code === 'username_taken') return createUser(tx, input);
    throw error;
  });
  await appendAudit(tx, {
    type: AUDIT_TYPES.userCreated,
    actor: { ...actor, id: created.id, email: created.email, name: created.username },
    outcome: 'success',
    resource: `user:${created.id}`,
    details: 'Compte créé à la première connexion SSO',
    metadata: { via: 'sso' },
  });
  return created;
}

/**
 * With OIDC_ADMIN_GROUPS set, the provider decides who administers: a member of one of those groups
 * becomes administrator, anyone else who was one becomes a member, at each sign-in. The last active
 * administrator stays one (the same guard as the members screen), and the refusal is audited.
 */
async function applyGroups(
  tx: Tx,
  oidc: OidcConfig,
  user: UserRow,
  claims: Record<string, unknown>,
  actor: AuditActor,
): Promise<Role> {
  if (oidc.adminGroups.length === 0) return user.role;
  const claim = claims[oidc.groupsClaim];
  const groups = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  const wanted: Role = groups.some((group) => oidc.adminGroups.includes(String(group))) ? 'admin' : 'member';
  if (wanted === user.role) return user.role;
  const who = `${user.username} <${user.email}>`;
  const metadata = { from: user.role, to: wanted, via: 'sso' };
  if (user.role === 'admin') {
    // Every active administrator's row locked in id order, as the members screen does.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)))
      .orderBy(asc(users.id))
      .for('update');
    if (admins.length <= 1) {
      await appendAudit(tx, {
        type: AUDIT_TYPES.memberRoleChanged,
        actor,
        outcome: 'failure',
        resource: `user:${user.id}`,
        details: `Rôle de ${who} gardé : dernier administrateur actif`,
        metadata,
      });
      return user.role;
    }
  }
  await tx.update(users).set({ role: wanted, updatedAt: new Date() }).where(eq(users.id, user.id));
  await appendAudit(tx, {
    type: AUDIT_TYPES.memberRoleChanged,
    actor,
    outcome: 'success',
    resource: `user:${user.id}`,
    details: `Rôle de ${who} : ${roleLabel(user.role)} → ${roleLabel(wanted)} (groupes du fournisseur)`,
    metadata,
  });
  return wanted;
}
