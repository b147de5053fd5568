import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookRequestSchema,
  envelope,
  updateWebhookRequestSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookListSchema,
  webhookSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { assertAdmin } from '../members/policy.ts';

/** /api/admin/webhooks ('Intégrations'): administrators only, rate-limited per session like the other admin routes. */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', async (request) => assertAdmin(request.session!.user));
  const config = {
    rateLimit: {
      max: ctx.config.login.ipMax,
      timeWindow: ctx.config.login.ipWindowMs,
      keyGenerator: (request: { session: { id: string } | null }) => request.session!.id,
    },
  };
  const tags = ['admin'];

  app.get(
    '/admin/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Every webhook, newest first (never its secret)',
        response: { 200: envelope(webhookListSchema) },
      },
    },
    async () => ({ data: await ctx.webhooks.list() }),
  );

  app.post(
    '/admin/webhooks',
    {
      config: { ...config, problems: [409] },
      schema: {
        tags,
        summary:
          'Add a webhook: its signing secret is answered this once. The target is refused (400 webhook_target_refused) when it is not https in production or resolves to a private address',
        body: createWebhookRequestSchema,
        response: { 201: envelope(createdWebhookSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await ctx.webhooks.create(request.session!.user.id, request.body, actorOf(request)) }),
  );

  app.patch(
    '/admin/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a webhook, or switch it off or on again',
        params: webhookIdParamsSchema,
        body: updateWebhookRequestSchema,
        response: { 200: envelope(webhookSchema) },
      },
    },
    async (request) => ({
      data: await ctx.webhooks.update(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log',
        params: webhookIdParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await ctx.webhooks.remove(request.params.id, actorOf(request));
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: "'Journal des envois': the last 100 deliveries, newest first, with status and duration",
        params: webhookIdParamsSchema,
        response: { 200: envelope(webhookDeliveryListSchema) },
      },
    },
    async (request) => ({ data: await ctx.webhooks.deliveries(request.params.id) }),
  );

  app.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config,
      schema: {
        tags,
        summary: "'Renvoyer': the same message (same webhook-id) queued again",
        params: webhookDeliveryParamsSchema,
        response: { 202: envelope(webhookDeliverySchema) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await ctx.webhooks.redeliver(request.params.id, request.params.deliveryId, actorOf(request)),
      }),
  );
};
