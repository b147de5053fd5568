import { z } from 'zod';
import {
  AUDIT_FAMILIES,
  LABEL_COLORS,
  PROJECT_STATUSES,
  ROLES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from './enum-values.ts';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskPrioritySchema = z.enum(TASK_PRIORITIES);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const labelColorSchema = z.enum(LABEL_COLORS);
export type LabelColor = z.infer<typeof labelColorSchema>;

export const auditFamilySchema = z.enum(AUDIT_FAMILIES);
export type AuditFamily = z.infer<typeof auditFamilySchema>;

export const AUDIT_TYPES = {
  loginSucceeded: 'auth.login.succeeded',
  loginFailed: 'auth.login.failed',
  loginLocked: 'auth.login.locked',
  logout: 'auth.logout',
  sessionRefreshed: 'auth.session.refreshed',
  sessionRevoked: 'auth.session.revoked',
  otherSessionsRevoked: 'auth.session.revoked_others',
  passwordResetRequested: 'auth.password.reset_requested',
  passwordReset: 'auth.password.reset',
  passwordChanged: 'auth.password.changed',
  passwordChangeFailed: 'auth.password.change_failed',
  registered: 'auth.registered',
  userCreated: 'security.user.created',
  preferencesUpdated: 'auth.preferences.updated',
  secondFactorRequired: 'auth.login.second_factor_required',
  secondFactorFailed: 'auth.login.second_factor_failed',
  twoFactorSetupStarted: 'security.2fa.setup_started',
  twoFactorEnabled: 'security.2fa.enabled',
  twoFactorDisabled: 'security.2fa.disabled',
  twoFactorVerifyFailed: 'security.2fa.verify_failed',
  backupCodesRegenerated: 'security.2fa.backup_codes_regenerated',
  backupCodeUsed: 'security.2fa.backup_code_used',
  codeLocked: 'security.code_locked',
  passkeyAdded: 'security.passkey.added',
  passkeyRemoved: 'security.passkey.removed',
  passkeyFailed: 'security.passkey.failed',
  passkeyCloneSuspected: 'security.passkey.clone_suspected',
  auditExported: 'security.audit.exported',
  tokenCreated: 'security.token.created',
  tokenRevoked: 'security.token.revoked',
  calendarFeedCreated: 'security.calendar_feed.created',
  calendarFeedRevoked: 'security.calendar_feed.revoked',
  projectCreated: 'project.created',
  projectUpdated: 'project.updated',
  projectDeleted: 'project.deleted',
  taskCreated: 'task.created',
  taskUpdated: 'task.updated',
  taskDeleted: 'task.deleted',
  taskRestored: 'task.restored',
  taskAttachmentAdded: 'task.attachment.added',
  taskAttachmentRemoved: 'task.attachment.removed',
  // A comment's audit rows are the task's (`task:<id>` in `resource`), so the journal's 'task*' filter finds them.
  taskCommentCreated: 'task.comment.created',
  taskCommentUpdated: 'task.comment.updated',
  taskCommentDeleted: 'task.comment.deleted',
  labelCreated: 'task.label.created',
  labelUpdated: 'task.label.updated',
  labelDeleted: 'task.label.deleted',
  invitationCreated: 'admin.invitation.created',
  invitationRevoked: 'admin.invitation.revoked',
  invitationAccepted: 'auth.invitation.accepted',
  memberRoleChanged: 'admin.member.role_changed',
  memberDeactivated: 'admin.member.deactivated',
  memberReactivated: 'admin.member.reactivated',
  memberTwoFactorReset: 'admin.member.2fa_reset',
  webhookCreated: 'admin.webhook.created',
  webhookUpdated: 'admin.webhook.updated',
  webhookDeleted: 'admin.webhook.deleted',
  webhookRedelivered: 'admin.webhook.redelivered',
  /** The server switched a webhook off after 24 hours of failed deliveries. */
  webhookDisabled: 'admin.webhook.disabled',
  /** A deactivated member typed the right password and was refused. */
  loginDeactivated: 'auth.login.deactivated',
  /** A sign-in through the organisation's provider opened a session. */
  ssoLogin: 'auth.sso.login',
  /** A provider identity was tied to the account with the same verified e-mail, on its first use. */
  ssoLinked: 'auth.sso.linked',
  /** The provider's answer was refused (state, token checks, unverified e-mail, no account). */
  ssoFailed: 'auth.sso.failed',
  /** The provider said a person signed out there (back-channel logout): the sessions it opened ended. */
  ssoLogout: 'auth.sso.logout',
} as const;
export type AuditType = (typeof AUDIT_TYPES)[keyof typeof AUDIT_TYPES];
