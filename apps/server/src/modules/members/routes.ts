import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptedInvitationSchema, acceptInvitationRequestSchema, envelope, memberListQuerySchema, memberListSchema } from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { listMembers } from './member-directory.ts';
import { isAdmin } from './policy.ts';

/** The members directory (any signed-in user) and the public acceptance of an invitation. */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/members',
    {
      schema: {
        tags: ['members'],
        summary: 'Active members sorted by name, for person pickers (e-mail for administrators only); ?include=deactivated adds the others',
        querystring: memberListQuerySchema,
        response: { 200: envelope(memberListSchema) },
      },
    },
    async (request) => ({ data: await listMembers(ctx.db, { withEmail: isAdmin(request.session!.user), withDeactivated: request.query.include === 'deactivated' }) }),
  );

  app.post(
    '/auth/invitations/accept',
    {
      // 409: a name that reads like another member's (the link stays usable).
      config: { access: 'public', rateLimit: { max: ctx.config.reset.ipMax, timeWindow: ctx.config.reset.windowMs }, problems: [409] },
      schema: {
        tags: ['members'],
        summary: 'Create the invited account (e-mail and role from the invitation); signs nobody in',
        body: acceptInvitationRequestSchema,
        response: { 201: envelope(acceptedInvitationSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await ctx.invitations.accept(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }) }),
  );
};
