import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  taskActivityPageSchema,
  taskActivityQuerySchema,
  taskIdParamsSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { viewerOf } from '../projects/routes.ts';
import { taskActivityPage } from './task-activity-query.ts';

/** A task's own history, for its page: whoever may read the task may read what happened to it. */
export const taskActivityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tasks/:id/activity',
    {
      schema: {
        operationId: 'listTaskActivity',
        tags: ['tasks'],
        summary:
          "A task's history (creation, each change with its fields before and after), newest first, paged with `before`",
        params: taskIdParamsSchema,
        querystring: taskActivityQuerySchema,
        response: { 200: envelope(taskActivityPageSchema) },
      },
    },
    async (request) => {
      // The same check as reading the task: unknown or deleted answers 404, and so does its history.
      await ctx.tasks.get(viewerOf(request), request.params.id);
      return {
        data: await taskActivityPage(ctx.db, request.params.id, request.query.limit, request.query.before),
      };
    },
  );
};
