import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, FieldError, Problem } from '@jalon/contract';
import { databaseUnavailableCause } from '../db/database-unavailable.ts';
import { AppError, type ProblemExtensions } from '../lib/errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  detail: string,
  extensions: ProblemExtensions = {},
): FastifyReply {
  const { headers, ...fields } = extensions;
  const problem: Problem = {
    type: `https://jalon.dev/problems/${code.replaceAll('_', '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    requestId: request.id,
    ...fields,
  };
  if (headers) reply.headers(headers);
  return reply.code(status).type('application/problem+json').send(problem);
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const fieldErrors = (
  validation: Array<{ instancePath?: string; message?: string }>,
  context?: string,
): FieldError[] =>
  validation.map((issue) => ({
    path:
      [context, issue.instancePath?.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.') ||
      '(root)',
    message: issue.message ?? 'invalid',
  }));

/**
 * One place turns every error into an RFC 9457 problem document. Expected errors keep their message;
 * a database outage is a 503 the client may retry; anything unexpected is logged with its request id
 * and answered with a bare 500 (S29).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, request, error.status, error.code, error.detail, error.extensions);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendProblem(reply, request, 400, 'validation_failed', 'The request is not valid', {
        errors: fieldErrors(error.validation, error.validationContext),
      });
    }
    const outage = databaseUnavailableCause(error);
    if (outage) {
      // Only the driver's own cause is logged: the wrapping query error holds SQL and parameters.
      request.log.error({ database: outage }, 'database unavailable');
      return sendProblem(
        reply,
        request,
        503,
        'database_unavailable',
        'The database is unavailable. Please try again shortly.',
        {
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        },
      );
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(reply, request, 413, 'payload_too_large', 'The request body is too large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(
          reply,
          request,
          415,
          'unsupported_media_type',
          'Request bodies must be application/json',
        );
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendProblem(reply, request, 400, 'invalid_json', 'The request body is not valid JSON');
    }
    if (error.statusCode === 400 && (error.name === 'SyntaxError' || error.message.includes('JSON'))) {
      return sendProblem(reply, request, 400, 'invalid_json', 'The request body is not valid JSON');
    }
    if (error.statusCode === 429) {
      return sendProblem(reply, request, 429, 'rate_limited', 'Too many requests. Please try again later.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendProblem(reply, request, error.statusCode, 'validation_failed', 'The request is not valid');
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, request, 500, 'internal_error', 'An unexpected error occurred');
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, 404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`),
  );
});
