import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenRevokedSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
  envelope,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';

const tags = ['tokens'];

/**
 * /me's personal access tokens. These routes are reached with a session only: a token is refused on
 * them (token-access.ts), so a leaked one cannot mint another.
 */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/me/tokens',
    {
      // 403: no expiry asked by someone who is not an administrator; 409: too many live tokens.
      config: { problems: [409] },
      schema: {
        operationId: 'createApiToken',
        tags,
        summary: 'Create a personal access token; the token is in this answer only',
        body: createApiTokenRequestSchema,
        response: { 201: envelope(createdApiTokenSchema) },
      },
    },
    async (request, reply) => {
      const created = await ctx.apiTokens.create(request.session!.user, request.body, actorOf(request));
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/me/tokens',
    {
      schema: {
        operationId: 'listApiTokens',
        tags,
        summary: 'The person’s tokens that are not revoked, with their last use (never the token)',
        response: { 200: envelope(apiTokenListSchema) },
      },
    },
    async (request) => ({ data: { tokens: await ctx.apiTokens.list(request.session!.user.id) } }),
  );

  app.delete(
    '/me/tokens/:id',
    {
      schema: {
        operationId: 'revokeApiToken',
        tags,
        summary: 'Revoke one of the person’s tokens (another person’s id answers 404)',
        params: apiTokenIdParamsSchema,
        response: { 200: envelope(apiTokenRevokedSchema) },
      },
    },
    async (request) => {
      await ctx.apiTokens.revoke(request.session!.user.id, request.params.id, actorOf(request));
      return { data: { revoked: true as const } };
    },
  );
};
