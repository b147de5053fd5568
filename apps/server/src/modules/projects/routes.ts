import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createProjectRequestSchema,
  entityVersionHeadersSchema,
  envelope,
  listMetaSchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectSchema,
  updateProjectSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { jsonWithoutValidation } from '../../lib/fast-serializer.ts';
import { actorOf } from '../../lib/request-context.ts';
import { entityVersionHeader } from '../changes/change-log.ts';
import type { Viewer } from './policy.ts';
import { sendCreated } from '../sync/create-answer.ts';

export const viewerOf = (request: FastifyRequest): Viewer => ({
  userId: request.session!.user.id,
  isAdmin: request.session!.user.role === 'admin',
});

const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const projectRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/projects',
    {
      serializerCompiler: jsonWithoutValidation,
      schema: {
        operationId: 'listProjects',
        tags: ['projects'],
        summary: 'Live projects (with task count and progress), or the changes since a cursor',
        querystring: projectListQuerySchema,
        response: { 200: z.object({ data: z.array(projectSchema) }).extend(listMetaSchema.shape) },
      },
    },
    async (request) => {
      const { items, meta } = await ctx.projects.list(
        viewerOf(request),
        request.query.since,
        request.query.clientId,
      );
      return { data: items, ...meta };
    },
  );

  app.post(
    '/projects',
    {
      schema: {
        operationId: 'createProject',
        tags: ['projects'],
        summary:
          'Create a project (the caller owns it); its client-made id sent again answers 200 with that project',
        body: createProjectRequestSchema,
        response: { 200: envelope(projectSchema), 201: envelope(projectSchema) },
      },
      config: { problems: [409] },
    },
    async (request, reply) => {
      return sendCreated(reply, await ctx.projects.create(viewerOf(request), request.body, actorOf(request)));
    },
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        operationId: 'getProject',
        tags: ['projects'],
        summary: 'One project',
        params: projectIdParamsSchema,
        response: { 200: envelope(projectSchema) },
      },
    },
    async (request) => ({ data: await ctx.projects.get(viewerOf(request), request.params.id) }),
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        operationId: 'updateProject',
        tags: ['projects'],
        summary: 'Change a project (status or other fields); X-Entity-Version makes a stale write a 409',
        params: projectIdParamsSchema,
        headers: entityVersionHeadersSchema,
        body: updateProjectSchema,
        response: { 200: envelope(projectSchema) },
      },
    },
    async (request) => ({
      data: await ctx.projects.update(
        viewerOf(request),
        request.params.id,
        request.body,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      ),
    }),
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        operationId: 'deleteProject',
        tags: ['projects'],
        summary: 'Delete a project and its tasks (owner or administrator)',
        params: projectIdParamsSchema,
        headers: entityVersionHeadersSchema,
        response: { 200: envelope(deletedSchema) },
      },
    },
    async (request) => {
      await ctx.projects.delete(
        viewerOf(request),
        request.params.id,
        entityVersionHeader(request.headers['x-entity-version']),
        actorOf(request),
      );
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
};
