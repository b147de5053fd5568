import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityPageSchema, activityPeopleSchema, activityQuerySchema, envelope } from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { activityPage, activityPeople } from './activity-query.ts';

/** /activity: what the team did to projects and tasks, for any signed-in member. */
export const activityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/activity',
    {
      schema: {
        tags: ['activity'],
        summary: 'Project and task activity of the team, newest first, paged; by person or project',
        querystring: activityQuerySchema,
        response: { 200: envelope(activityPageSchema) },
      },
    },
    async (request) => {
      const { limit, before, ...filter } = request.query;
      return { data: await activityPage(ctx.db, filter, limit, before) };
    },
  );

  app.get(
    '/activity/people',
    {
      schema: {
        tags: ['activity'],
        summary: 'The people who appear in the activity',
        response: { 200: envelope(activityPeopleSchema) },
      },
    },
    async () => ({ data: await activityPeople(ctx.db) }),
  );
};
