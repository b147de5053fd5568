import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTaskRequestSchema,
  entityVersionHeadersSchema,
  envelope,
  listMetaSchema,
  taskIdParamsSchema,
  taskListQuerySchema,
  taskSchema,
  updateTaskSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-context.ts';
import { entityVersionHeader } from '../changes/change-log.ts';
import { viewerOf } from '../projects/routes.ts';
import { sendCreated } from '../sync/create-answer.ts';

const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const taskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tasks',
    {
      schema: {
        operationId: 'listTasks',
        tags: ['tasks'],
        summary:
          'Live tasks, newest first (paged with `after`), or the changes since a cursor (tombstones included)',
        querystring: taskListQuerySchema,
        response: { 200: z.object({ data: z.array(taskSchema) }).extend(listMetaSchema.shape) },
      },
    },
    async (request, reply) => {
      if (request.query.since !== undefined && request.query.after !== undefined) {
        throw new AppError(400, 'validation_failed', 'Use either since or after', {
          errors: [{ path: 'after', message: 'not with since' }],
        });
      }
      const filtered = (['label', 'parent', 'status', 'assignee'] as const).find(
        (name) => request.query[name] !== undefined,
      );
      if (request.query.since !== undefined && filtered) {
        throw new AppError(
          400,
          'validation_failed',
          'Changes are read for all tasks: since cannot be filtered',
          {
            errors: [{ path: filtered, message: 'not with since' }],
          },
        );
      }
      // A task moved out of the project would never show in that project's changes, so the device would
      // keep it there for ever.
      if (request.query.since !== undefined && request.query.projectId !== undefined) {
        throw new AppError(
          400,
          'validation_failed',
          'Changes are read for all projects: since cannot be scoped to a project',
          {
            errors: [{ path: 'projectId', message: 'not with since' }],
          },
        );
      }
      const { itemsJson, meta } = await ctx.tasks.list(viewerOf(request), request.query);
      // The items are JSON text already (built by the database): wrap them, don't parse them. The
      // untyped reply says so: a string sent as JSON goes out as it is, past the schema serializer.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(`{"data":${itemsJson},${JSON.stringify(meta).slice(1)}`);
    },
  );

  app.post(
    '/tasks',
    {
      schema: {
        operationId: 'createTask',
        tags: ['tasks'],
        summary: 'Create a task in a project; its client-made id sent again answers 200 with that task',
        body: createTaskRequestSchema.refine(
          (body) => body.title !== undefined && body.project !== undefined,
          { message: 'title and project are required' },
        ),
        response: { 200: envelope(taskSchema), 201: envelope(taskSchema) },
      },
      config: { problems: [409] },
    },
    async (request, reply) => {
      return sendCreated(reply, await ctx.tasks.create(viewerOf(request), request.body, actorOf(request)));
    },
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        operationId: 'getTask',
        tags: ['tasks'],
        summary: 'One task, with whether the caller follows it (`watching`)',
        params: taskIdParamsSchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const [task, watching] = await Promise.all([
        ctx.tasks.get(viewer, request.params.id),
        ctx.watchers.isWatching(viewer.userId, request.params.id),
      ]);
      return { data: { ...task, watching } };
    },
  );

  app.patch(
    '/tasks/:id',
    {
      schema: {
        operationId: 'patchTask',
        tags: ['tasks'],
        summary: 'Change some fields of a task; X-Entity-Version makes a stale write a 409',
        params: taskIdParamsSchema,
        headers: entityVersionHeadersSchema,
        body: updateTaskSchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (request) => ({
      data: await ctx.tasks.update(
        viewerOf(request),
        request.params.id,
        request.body,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      ),
    }),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        operationId: 'deleteTask',
        tags: ['tasks'],
        summary: 'Delete a task (its creator, the project owner or an administrator)',
        params: taskIdParamsSchema,
        headers: entityVersionHeadersSchema,
        response: { 200: envelope(deletedSchema) },
      },
    },
    async (request) => {
      await ctx.tasks.delete(
        viewerOf(request),
        request.params.id,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      );
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );

  app.post(
    '/tasks/:id/restore',
    {
      schema: {
        operationId: 'restoreTask',
        tags: ['tasks'],
        summary:
          'Bring a deleted task back with the sub-tasks deleted with it (whoever may delete it); a live task is answered as it is, a purged one is 404',
        params: taskIdParamsSchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (request) => ({
      data: await ctx.tasks.restore(viewerOf(request), request.params.id, actorOf(request)),
    }),
  );
};
