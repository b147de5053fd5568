import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, searchPageSchema, searchQuerySchema } from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { searchPage } from './search-query.ts';

/** The shell's search: any signed-in member, over what every member may read (search-query.ts). */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/search',
    {
      schema: {
        operationId: 'search',
        tags: ['search'],
        summary:
          'Live tasks and projects whose words match (French stemming, accents folded, the last word as a prefix), best first, paged with `cursor`',
        querystring: searchQuerySchema,
        response: { 200: envelope(searchPageSchema) },
      },
    },
    async (request) => ({ data: await searchPage(ctx.database, request.query) }),
  );
};
