import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { findUnstorable } from '../lib/storable-json.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks storable text and depth itself, item by item (the sync batch answers each
     * operation on its own, so one bad operation must not refuse the others with it).
     */
    checksStorableTextItself?: boolean;
  }
}

/**
 * JSON bodies are parsed as Fastify does (prototype poisoning refused), then refused whole with a 400
 * naming the field when they hold text the database cannot store or nest deeper than the limit: one rule
 * at the door for every route, whatever its schema says about the field.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    parseJson(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const unstorable = request.routeOptions.config?.checksStorableTextItself ? null : findUnstorable(value);
      if (!unstorable) return done(null, value);
      const path = ['body', unstorable.path].filter(Boolean).join('.');
      done(
        new AppError(400, 'validation_failed', 'The request is not valid', {
          errors: [{ path, message: unstorable.message }],
        }),
        undefined,
      );
    });
  });
});
