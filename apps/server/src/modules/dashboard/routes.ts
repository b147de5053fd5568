import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardQuerySchema,
  dashboardSchema,
  envelope,
  trendsQuerySchema,
  trendsSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { taskTrends } from '../analytics/trends-service.ts';
import { viewerOf } from '../projects/routes.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dashboard',
    {
      schema: {
        operationId: 'getDashboard',
        tags: ['dashboard'],
        summary:
          'Everything the dashboard home shows, in one answer (counters, charts, cards, deadlines, recent tasks)',
        querystring: dashboardQuerySchema,
        response: { 200: envelope(dashboardSchema) },
      },
    },
    async (request) => ({ data: await ctx.dashboard.home(viewerOf(request), request.query) }),
  );

  app.get(
    '/analytics/trends',
    {
      schema: {
        operationId: 'getAnalyticsTrends',
        tags: ['dashboard'],
        summary: 'Per-day task creations, completions, moves to review, reopenings and new overdue tasks',
        querystring: trendsQuerySchema,
        response: { 200: envelope(trendsSchema) },
      },
    },
    async (request) => ({ data: await taskTrends(ctx.db, request.query.days, request.query.projectId) }),
  );
};
