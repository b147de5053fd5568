import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every answer names its request id (`genReqId` in app.ts), the `reqId` of each log line written while
 * handling it: someone reporting a problem can quote the header and the operator finds its lines.
 * An id sent by the client is not reused (requestIdHeader: false), so log lines cannot be forged into
 * someone else's request.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});
