import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  changePasswordResultSchema,
  envelope,
  PASSWORD_CHANGE_LIMIT,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { changePassword } from './password-change.ts';

/** The signed-in person's own account (/me): changing the password. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/password/change',
    {
      // Keyed by person, not session: a thief with one session cannot guess on, and a new session
      // would need the password anyway. The auth guard runs first, so the session is known here.
      config: {
        rateLimit: {
          max: PASSWORD_CHANGE_LIMIT.perUser,
          timeWindow: PASSWORD_CHANGE_LIMIT.windowMs,
          keyGenerator: (request) => `password-change:${request.session!.user.id}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Change one’s password (current one required); ends every other session',
        body: changePasswordRequestSchema,
        response: { 200: envelope(changePasswordResultSchema) },
      },
    },
    async (request) => {
      const revokedSessions = await changePassword(
        ctx.db,
        ctx.sessions,
        request.session!,
        request.body,
        actorOf(request),
      );
      return { data: { changed: true as const, revokedSessions } };
    },
  );
};
