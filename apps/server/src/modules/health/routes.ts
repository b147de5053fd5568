import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, healthSchema } from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';

const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Liveness and database status; 503 while the database has not answered for a few seconds',
        response: { 200: envelope(healthSchema), 503: envelope(healthSchema) },
      },
    },
    async (_request, reply) => {
      const { probe } = ctx;
      const healthy = probe.healthy;
      return reply.code(healthy ? 200 : 503).send({
        data: {
          status: healthy ? 'ok' : 'degraded',
          database: {
            kind: ctx.database.kind,
            version: probe.version,
            reachable: probe.reachable,
            checkedAt: probe.checkedAt.toISOString(),
          },
          version: SERVER_VERSION,
        },
      });
    },
  );
};
