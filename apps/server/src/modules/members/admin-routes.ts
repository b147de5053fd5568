import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMemberListSchema,
  adminMemberSchema,
  createdInvitationSchema,
  createInvitationRequestSchema,
  envelope,
  invitationIdParamsSchema,
  invitationListSchema,
  memberIdParamsSchema,
  resetMemberTwoFactorRequestSchema,
  updateMemberRequestSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { listAdminMembers } from './member-directory.ts';
import { assertAdmin } from './policy.ts';

/** /api/admin/*: administrators only (a member gets 403 on every route), each route rate-limited per session. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The auth guard runs first, so the session is known here and when the limit's key is computed.
  app.addHook('preHandler', async (request) => assertAdmin(request.session!.user));
  const config = {
    rateLimit: {
      max: ctx.config.login.ipMax,
      timeWindow: ctx.config.login.ipWindowMs,
      keyGenerator: (request: { session: { id: string } | null }) => request.session!.id,
    },
  };
  const tags = ['admin'];

  app.get(
    '/admin/members',
    {
      config,
      schema: {
        tags,
        summary: 'Every account: role, active, 2FA, last activity',
        response: { 200: envelope(adminMemberListSchema) },
      },
    },
    async () => ({ data: await listAdminMembers(ctx.db) }),
  );

  app.patch(
    '/admin/members/:id',
    {
      config: { ...config, problems: [409] },
      schema: {
        tags,
        summary:
          'Change a role or (de)activate; deactivating revokes every session at once. The last active administrator stays (409)',
        params: memberIdParamsSchema,
        body: updateMemberRequestSchema,
        response: { 200: envelope(adminMemberSchema) },
      },
    },
    async (request) => ({
      data: await ctx.memberAdmin.update(
        request.session!.user,
        request.params.id,
        request.body,
        actorOf(request),
      ),
    }),
  );

  app.post(
    '/admin/members/:id/reset-2fa',
    {
      config: { ...config, problems: [409] },
      schema: {
        tags,
        summary:
          "Erase a member's 2FA and end their sessions, confirmed with the administrator's own current code",
        params: memberIdParamsSchema,
        body: resetMemberTwoFactorRequestSchema,
        response: { 200: envelope(z.object({ reset: z.literal(true) })) },
      },
    },
    async (request) => {
      await ctx.memberAdmin.resetTwoFactor(
        request.session!.user,
        request.session!.id,
        request.params.id,
        request.body.code,
        actorOf(request),
      );
      return { data: { reset: true as const } };
    },
  );

  app.get(
    '/admin/invitations',
    {
      config,
      schema: {
        tags,
        summary: 'Pending invitations, newest first',
        response: { 200: envelope(invitationListSchema) },
      },
    },
    async () => ({ data: await ctx.invitations.listPending() }),
  );

  app.post(
    '/admin/invitations',
    {
      config: { ...config, problems: [409] },
      schema: {
        tags,
        summary:
          'Invite an e-mail with a role: a single-use link valid 7 days, mailed (409 when the account exists or a link is pending; the same id again answers 200)',
        body: createInvitationRequestSchema,
        response: { 200: envelope(createdInvitationSchema), 201: envelope(createdInvitationSchema) },
      },
    },
    async (request, reply) => {
      const { invitation, created } = await ctx.invitations.create(
        request.session!.user,
        request.body,
        actorOf(request),
        request.log,
      );
      return reply.code(created ? 201 : 200).send({ data: invitation });
    },
  );

  app.delete(
    '/admin/invitations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        params: invitationIdParamsSchema,
        response: { 200: envelope(z.object({ revoked: z.literal(true) })) },
      },
    },
    async (request) => {
      await ctx.invitations.revoke(request.params.id, actorOf(request));
      return { data: { revoked: true as const } };
    },
  );
};
