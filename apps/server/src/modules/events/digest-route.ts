import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { digestQuerySchema, digestSchema, envelope } from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { readDigest } from './digest.ts';

/** `GET /api/events/digest?since=`: "Pendant votre absence…", what the others changed since then. */
export const digestRoute: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/events/digest',
    {
      schema: {
        tags: ['events'],
        summary:
          'What the other members changed in projects and tasks since a time: who, which projects, how many tasks',
        querystring: digestQuerySchema,
        response: { 200: envelope(digestSchema) },
      },
    },
    async (request) => ({
      data: await readDigest(ctx.db, request.session!.user.id, new Date(request.query.since)),
    }),
  );
};
