import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  forgotPasswordRequestSchema,
  forgotPasswordResultSchema,
  resetPasswordRequestSchema,
  resetPasswordResultSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ipLimit = { max: ctx.config.reset.ipMax, timeWindow: ctx.config.reset.windowMs };

  app.post(
    '/auth/password/forgot',
    {
      config: { access: 'public', rateLimit: ipLimit },
      schema: {
        operationId: 'forgotPassword',
        tags: ['password'],
        summary: 'Ask for a reset link (same answer whether or not the account exists)',
        body: forgotPasswordRequestSchema,
        response: { 200: envelope(forgotPasswordResultSchema) },
      },
    },
    async (request) => ({
      data: await ctx.resets.requestLink(request.body.email, actorOf(request, null), request.log),
    }),
  );

  app.post(
    '/auth/password/reset',
    {
      config: { access: 'public', rateLimit: ipLimit },
      schema: {
        operationId: 'resetPassword',
        tags: ['password'],
        summary: 'Set a new password with a reset token; ends every session of the user',
        body: resetPasswordRequestSchema,
        response: { 200: envelope(resetPasswordResultSchema) },
      },
    },
    async (request) => {
      await ctx.resets.reset(request.body.token, request.body.password, actorOf(request, null));
      return { data: { success: true as const, message: 'Password updated' } };
    },
  );
};
