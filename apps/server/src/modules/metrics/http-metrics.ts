import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppMetrics } from './app-metrics.ts';

/**
 * Counts every answer and its latency under the route pattern (`/api/tasks/:id`), never the raw URL,
 * so the number of series stays bounded whatever clients ask for; unknown URLs share one label.
 */
export const httpMetricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: AppMetrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      status_code: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
});
