import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN (decision 0020). Without
 * the setting the route does not exist: the figures name routes and load, which is nobody's business.
 */
export const metricsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { metricsToken } = ctx.config;
  const expected = metricsToken ? digest(`Bearer ${metricsToken}`) : null;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // Registered either way, so the web app's fallback never answers this path with its page.
    if (!expected) throw notFound('Route');
    // Digests have one length, so the comparison takes as long whatever was sent.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      request.log.warn('metrics asked for without the right token');
      throw new AppError(401, 'unauthorized', 'GET /metrics needs the METRICS_TOKEN bearer token');
    }
    return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });
};
