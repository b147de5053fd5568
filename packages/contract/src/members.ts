import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { emailSchema, newPasswordSchema, usernameSchema } from './auth.ts';
import { roleSchema } from './enums.ts';
import { safeText } from './text.ts';
import { secondFactorCodeSchema } from './two-factor.ts';

/** How long an invitation link stays valid. */
export const INVITATION_VALIDITY_DAYS = 7;

/**
 * One entry of the members directory (GET /api/members), which feeds every person picker. The e-mail is
 * present only when an administrator asks.
 */
export const memberSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: roleSchema,
  /** False only in answers to `?include=deactivated`, which name the people still shown on their tasks. */
  active: z.boolean(),
  email: z.string().optional(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);
export const memberListQuerySchema = z.strictObject({ include: z.literal('deactivated').optional() });

/** A member as the administration screen shows them: active or not, 2FA, last activity. */
export const adminMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** The latest activity of any of their sessions; null when they never signed in. */
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
export const adminMemberListSchema = z.array(adminMemberSchema);

export const memberIdParamsSchema = z.object({ id: idSchema });

/** At least one of the two; a role or an active flag the member already has changes nothing. */
export const updateMemberRequestSchema = z
  .strictObject({ role: roleSchema.optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, { message: 'Give role or active' });
export type UpdateMemberRequest = z.input<typeof updateMemberRequestSchema>;

/** The administrator's own current code (TOTP or backup code): a step-up before erasing someone's 2FA. */
export const resetMemberTwoFactorRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type ResetMemberTwoFactorRequest = z.input<typeof resetMemberTwoFactorRequestSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** `id`: made by the sending page, so the same invitation sent twice (a double click) is one. */
export const createInvitationRequestSchema = z.strictObject({
  email: emailSchema,
  role: roleSchema,
  id: idSchema.optional(),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;
export const createdInvitationSchema = invitationSchema.extend({
  /** Only when NODE_ENV is development, like `devResetLink`: the link that was mailed. */
  devInviteLink: z.string().optional(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const invitationIdParamsSchema = z.object({ id: idSchema });

export const acceptInvitationRequestSchema = z.strictObject({
  token: safeText().min(1).max(256),
  username: usernameSchema,
  password: newPasswordSchema,
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;
export const acceptedInvitationSchema = z.object({ email: z.string(), role: roleSchema });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** The invitation page, as it opens: is the link still good, and which address does it invite? */
export const checkInvitationRequestSchema = acceptInvitationRequestSchema.pick({ token: true });
export type CheckInvitationRequest = z.input<typeof checkInvitationRequestSchema>;
/** The address and role the link invites (nothing about any other account); a dead link is a 400. */
export const checkedInvitationSchema = acceptedInvitationSchema;
export type CheckedInvitation = z.infer<typeof checkedInvitationSchema>;
