import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLabelRequestSchema,
  entityVersionHeadersSchema,
  envelope,
  labelIdParamsSchema,
  labelListQuerySchema,
  labelSchema,
  listMetaSchema,
  updateLabelSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { entityVersionHeader } from '../changes/change-log.ts';
import { viewerOf } from '../projects/routes.ts';
import { sendCreated } from '../sync/create-answer.ts';

const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const labelRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/labels',
    {
      schema: {
        operationId: 'listLabels',
        tags: ['labels'],
        summary: 'Every live label by name, or the changes since a cursor (tombstones included)',
        querystring: labelListQuerySchema,
        response: { 200: z.object({ data: z.array(labelSchema) }).extend(listMetaSchema.shape) },
      },
    },
    async (request) => {
      const { items, meta } = await ctx.labels.list(
        viewerOf(request),
        request.query.since,
        request.query.clientId,
      );
      return { data: items, ...meta };
    },
  );

  app.post(
    '/labels',
    {
      schema: {
        operationId: 'createLabel',
        tags: ['labels'],
        summary:
          'Create a label (any member); a name another label has, ignoring case and accents, is 409 name_taken',
        body: createLabelRequestSchema,
        response: { 200: envelope(labelSchema), 201: envelope(labelSchema) },
      },
      config: { problems: [409] },
    },
    async (request, reply) => {
      return sendCreated(reply, await ctx.labels.create(viewerOf(request), request.body, actorOf(request)));
    },
  );

  app.patch(
    '/labels/:id',
    {
      schema: {
        operationId: 'patchLabel',
        tags: ['labels'],
        summary: 'Rename or recolour a label (administrators); X-Entity-Version makes a stale write a 409',
        params: labelIdParamsSchema,
        headers: entityVersionHeadersSchema,
        body: updateLabelSchema,
        response: { 200: envelope(labelSchema) },
      },
    },
    async (request) => ({
      data: await ctx.labels.update(
        viewerOf(request),
        request.params.id,
        request.body,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      ),
    }),
  );

  app.delete(
    '/labels/:id',
    {
      schema: {
        operationId: 'deleteLabel',
        tags: ['labels'],
        summary: 'Delete a label and take it off every task (administrators)',
        params: labelIdParamsSchema,
        headers: entityVersionHeadersSchema,
        response: { 200: envelope(deletedSchema) },
      },
    },
    async (request) => {
      await ctx.labels.delete(
        viewerOf(request),
        request.params.id,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      );
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
};
