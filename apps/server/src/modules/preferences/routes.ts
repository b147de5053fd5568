import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, preferencesSchema, preferencesUpdateSchema } from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { withDefaults } from './preferences-service.ts';

/**
 * GET/PUT /api/preferences, and PUT /api/auth/sessions/preferences, the older path of the same update,
 * kept for the clients that call it.
 */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/preferences',
    {
      schema: {
        operationId: 'getPreferences',
        tags: ['preferences'],
        summary: 'The user’s display preferences',
        response: { 200: envelope(preferencesSchema) },
      },
    },
    async (request) => ({ data: withDefaults(request.session!.preferences) }),
  );

  for (const url of ['/preferences', '/auth/sessions/preferences']) {
    app.put(
      url,
      {
        schema: {
          operationId: url === '/preferences' ? 'updatePreferences' : 'updateSessionPreferences',
          tags: ['preferences'],
          summary: 'Store the user’s display preferences (partial update; percentages clamped to 0-100)',
          body: preferencesUpdateSchema,
          response: { 200: envelope(preferencesSchema) },
        },
      },
      async (request) => ({ data: await ctx.preferences.update(request.session!.user.id, request.body) }),
    );
  }
};
