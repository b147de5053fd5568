import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { notFound } from '../lib/errors.ts';

/**
 * Serves the built web app (apps/web/dist) and answers every other non-API GET with its index.html,
 * so that deep links such as /reset-password?token=… open the single-page app.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const index = path.join(options.root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ root: options.root }, 'web app not built: only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, { root: options.root, wildcard: false, index: false, cacheControl: false });
  app.get('/assets/*', { config: { access: 'public' } }, (request, reply) =>
    reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(request.url.split('?')[0]!.slice(1)),
  );
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    if (request.url.startsWith('/api/')) throw notFound('Route');
    const file = decodeURIComponent(request.url.split('?')[0]!.slice(1));
    const candidate = path.resolve(options.root, file);
    if (file && candidate.startsWith(options.root + path.sep) && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
      return reply.header('cache-control', 'no-cache').sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
