import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedInvitationSchema,
  acceptInvitationRequestSchema,
  checkedInvitationSchema,
  checkInvitationRequestSchema,
  envelope,
  memberListQuerySchema,
  memberListSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { listMembers } from './member-directory.ts';
import { isAdmin } from './policy.ts';

/** The members directory (any signed-in user) and the public acceptance of an invitation. */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The emailed link's routes: public, and limited per IP like the reset routes.
  const linkRoute = {
    access: 'public' as const,
    rateLimit: { max: ctx.config.reset.ipMax, timeWindow: ctx.config.reset.windowMs },
  };
  app.get(
    '/members',
    {
      schema: {
        tags: ['members'],
        summary:
          'Active members sorted by name, for person pickers (e-mail for administrators only); ?include=deactivated adds the others',
        querystring: memberListQuerySchema,
        response: { 200: envelope(memberListSchema) },
      },
    },
    async (request) => ({
      data: await listMembers(ctx.db, {
        withEmail: isAdmin(request.session!.user),
        withDeactivated: request.query.include === 'deactivated',
      }),
    }),
  );

  app.post(
    '/auth/invitations/accept',
    {
      // 409: a name that reads like another member's (the link stays usable).
      config: { ...linkRoute, problems: [409] },
      schema: {
        tags: ['members'],
        summary: 'Create the invited account (e-mail and role from the invitation); signs nobody in',
        body: acceptInvitationRequestSchema,
        response: { 201: envelope(acceptedInvitationSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await ctx.invitations.accept(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        }),
      }),
  );

  // A POST, though it changes nothing: the token stays out of the address, which access logs keep.
  app.post(
    '/auth/invitations/check',
    {
      config: linkRoute,
      schema: {
        tags: ['members'],
        summary:
          'Whether an invitation link is still good, and the e-mail and role it invites; uses nothing up (400 for a dead link)',
        body: checkInvitationRequestSchema,
        response: { 200: envelope(checkedInvitationSchema) },
      },
    },
    async (request) => ({ data: await ctx.invitations.check(request.body.token) }),
  );
};
