import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, healthSchema } from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';

const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness and database status', response: { 200: envelope(healthSchema) } },
    },
    async () => ({
      data: {
        status: ctx.probe.reachable ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: ctx.database.kind,
          version: ctx.probe.version,
          reachable: ctx.probe.reachable,
          checkedAt: ctx.probe.checkedAt.toISOString(),
        },
        version: SERVER_VERSION,
      },
    }),
  );
};
