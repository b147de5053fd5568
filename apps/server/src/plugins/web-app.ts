import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SERVICE_WORKER } from '@jalon/contract';
import { AppError, notFound } from '../lib/errors.ts';
import { hasOverlongSegment, OVERLONG_PARAM_DETAIL } from '../lib/path-limits.ts';

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
  // Each file of the build gets its own route (wildcard: false), with its precompressed .br/.gz sent to
  // browsers that accept them. Hashed assets never change; the rest is checked on every visit: index.html,
  // and /service-worker.js (`no-cache`, so the browser sees a new build's worker at once: decision 0016).
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (response, filePath) =>
      response.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      ),
  });
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    // A build without the service worker (VITE_OFFLINE_SYNC=false) answers its path with a 404, never
    // with index.html: a browser must not take the page for a worker script.
    const url = request.url;
    // An API path the router passed over because a parameter was too long is refused as it is without
    // the built app (a 400, not a 404), so the published answers do not depend on the build being there.
    if (url.startsWith('/api/') && hasOverlongSegment(url))
      throw new AppError(400, 'validation_failed', OVERLONG_PARAM_DETAIL);
    if (url.startsWith('/api/') || url.startsWith('/assets/') || url.split('?')[0] === SERVICE_WORKER.path)
      throw notFound('Route');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
