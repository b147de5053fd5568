import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentChangesQuerySchema,
  commentPageSchema,
  commentIdParamsSchema,
  commentSchema,
  commentThreadQuerySchema,
  commentThreadSchema,
  createCommentRequestSchema,
  entityVersionHeadersSchema,
  envelope,
  taskIdParamsSchema,
  updateCommentSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { entityVersionHeader } from '../changes/change-log.ts';
import { viewerOf } from '../projects/routes.ts';
import { sendCreated } from '../sync/create-answer.ts';

/** A task's comments: whoever may see the task may read and write its thread (every member). */
export const commentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tasks/:id/comments',
    {
      schema: {
        operationId: 'listTaskComments',
        tags: ['comments'],
        summary: "A task's comments, oldest first (deleted ones as tombstones), paged with `after`",
        params: taskIdParamsSchema,
        querystring: commentThreadQuerySchema,
        response: { 200: envelope(commentThreadSchema) },
      },
    },
    async (request) => {
      await ctx.comments.assertLiveTask(request.params.id);
      return {
        data: await ctx.comments.thread(request.params.id, request.query.limit, request.query.after),
      };
    },
  );

  app.post(
    '/tasks/:id/comments',
    {
      schema: {
        operationId: 'createTaskComment',
        tags: ['comments'],
        summary:
          'Comment on a task (`<@userId>` mentions a member); its client-made id sent again answers 200 with that comment',
        params: taskIdParamsSchema,
        body: createCommentRequestSchema,
        response: { 200: envelope(commentSchema), 201: envelope(commentSchema) },
      },
      config: { problems: [409] },
    },
    async (request, reply) => {
      return sendCreated(
        reply,
        await ctx.comments.createOnTask(viewerOf(request), request.params.id, request.body, actorOf(request)),
      );
    },
  );

  app.patch(
    '/comments/:id',
    {
      schema: {
        operationId: 'patchComment',
        tags: ['comments'],
        summary: 'Change the text of a comment (its author only); X-Entity-Version makes a stale write a 409',
        params: commentIdParamsSchema,
        headers: entityVersionHeadersSchema,
        body: updateCommentSchema,
        response: { 200: envelope(commentSchema) },
      },
    },
    async (request) => ({
      data: await ctx.comments.update(
        viewerOf(request),
        request.params.id,
        request.body,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      ),
    }),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        operationId: 'deleteComment',
        tags: ['comments'],
        summary:
          'Delete a comment (its author or an administrator): it stays in the thread as a tombstone, its text gone',
        params: commentIdParamsSchema,
        headers: entityVersionHeadersSchema,
        response: { 200: envelope(commentSchema) },
      },
    },
    async (request) => ({
      data: await ctx.comments.delete(
        viewerOf(request),
        request.params.id,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      ),
    }),
  );

  app.get(
    '/comments',
    {
      schema: {
        operationId: 'listComments',
        tags: ['comments'],
        summary:
          "The comments of live tasks changed since a cursor (tombstones included), or all of them from the log's start, a page at a time",
        querystring: commentChangesQuerySchema,
        response: { 200: commentPageSchema },
      },
    },
    async (request) => {
      const { items, meta } = await ctx.comments.changes(
        viewerOf(request),
        request.query.since,
        request.query.clientId,
      );
      return { data: items, ...meta };
    },
  );
};
