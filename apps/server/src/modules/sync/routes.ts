import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  SYNC,
  syncBatchRequestSchema,
  syncBatchResponseSchema,
  syncChangesPageSchema,
  syncChangesQuerySchema,
  TASK_LIMITS,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-context.ts';
import { viewerOf } from '../projects/routes.ts';

/**
 * A full batch of the largest tasks (every description at its limit, each character up to 3 bytes of
 * UTF-8, with its `base`) must fit; the global body limit is sized for single writes.
 */
const BATCH_BODY_LIMIT = SYNC.batchSize * TASK_LIMITS.descriptionMax * 3 * 2 + 64 * 1024;

export const syncRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/sync/batch',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      // The envelope is refused whole: out_of_order, wrong_user, upgrade_required. Text and depth are
      // checked per operation (SyncService), so one operation the server refuses does not hold the others.
      config: { problems: [409], checksStorableTextItself: true },
      schema: {
        operationId: 'syncBatch',
        tags: ['sync'],
        summary:
          'Apply a device’s numbered offline operations in order; each is applied or answered as a conflict, and a gap in the numbering is 409 out_of_order with lastSeq',
        body: syncBatchRequestSchema,
        response: { 200: envelope(syncBatchResponseSchema) },
      },
    },
    async (request) => {
      try {
        const data = await ctx.sync.batch(viewerOf(request), actorOf(request), request.body);
        ctx.metrics.syncBatches.inc({ result: 'answered' });
        return { data };
      } catch (error) {
        ctx.metrics.syncBatches.inc({ result: error instanceof AppError ? error.code : 'failed' });
        throw error;
      }
    },
  );

  app.get(
    '/sync/changes',
    {
      schema: {
        operationId: 'syncChanges',
        tags: ['sync'],
        summary:
          'Every kind of synced data changed since a cursor (tombstones included), each kind a list, one cursor for all; without a cursor, everything from the start of the log, a page at a time',
        querystring: syncChangesQuerySchema,
        response: { 200: syncChangesPageSchema },
      },
    },
    async (request) => {
      const { changes, meta } = await ctx.sync.changes(viewerOf(request), request.query);
      return { data: changes, ...meta };
    },
  );
};
