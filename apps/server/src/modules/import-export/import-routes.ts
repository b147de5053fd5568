import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  IMPORT_LIMITS,
  envelope,
  importFieldsSchema,
  importPreviewSchema,
  importResultSchema,
} from '@jalon/contract';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-context.ts';
import { assertAdmin } from '../members/policy.ts';
import { viewerOf } from '../projects/routes.ts';
import type { ImportFile, ImportService } from './import-service.ts';

/** What a multipart body adds around the file (boundaries, the parts' headers, the two small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new AppError(413, 'file_too_large', `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`);

/** A refusal sent before the body is read to the end: the connection closes rather than read the rest. */
const refuseEarly = (reply: FastifyReply, error: AppError): never => {
  reply.header('connection', 'close');
  throw error;
};

/**
 * The form: `file`, `format`, and `projectId` when the tasks go into an existing project. The file is read
 * into memory (it is at most 20 MB, and every format must be read whole before it can be planned); one
 * byte past the limit, or a Content-Length that says so, is 413 before the rest is read.
 */
async function readForm(request: FastifyRequest, reply: FastifyReply): Promise<ImportFile> {
  if (!request.isMultipart())
    throw new AppError(415, 'unsupported_media_type', 'The file is sent as multipart/form-data');
  if (Number(request.headers['content-length'] ?? 0) > IMPORT_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES)
    refuseEarly(reply, tooLarge());
  const fields: Record<string, string> = {};
  let file: { content: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname === IMPORT_LIMITS.fieldName && !file)
        file = { content: await part.toBuffer(), fileName: part.filename };
      else await part.toBuffer();
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) refuseEarly(reply, tooLarge());
    throw new AppError(400, 'validation_failed', 'The form could not be read');
  }
  if (!file) throw new AppError(400, 'file_missing', `No file in the field ${IMPORT_LIMITS.fieldName}`);
  const parsed = importFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError(400, 'validation_failed', 'The request is not valid', {
      errors: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  return { ...file, ...parsed.data };
}

/**
 * 'Importer' (administrators): `POST /api/admin/import/preview` tells what an import would do and writes
 * nothing; `POST /api/admin/import` does it. Multipart bodies are accepted in this plugin only, as for
 * attached files; CSRF stays closed since only the Authorization header authorises a write (S27).
 */
export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportService }> = async (app, { imports }) => {
  await app.register(multipart, {
    limits: { files: 1, fileSize: IMPORT_LIMITS.maxBytes, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.addHook('preHandler', async (request) => assertAdmin(request.session!.user));
  const config = {
    multipartFile: IMPORT_LIMITS.fieldName,
    multipartFields: z.toJSONSchema(importFieldsSchema) as {
      properties?: Record<string, unknown>;
      required?: string[];
    },
    problems: [404, 413] as const,
  };
  const tags = ['admin'];

  app.post(
    '/admin/import/preview',
    {
      config,
      schema: {
        operationId: 'previewImport',
        tags,
        summary:
          'What importing this file would do (tasks, statuses, people, labels, what is skipped and why); nothing is written. 400 import_malformed names the line or field in French',
        response: { 200: envelope(importPreviewSchema) },
      },
    },
    async (request, reply) => ({ data: await imports.preview(await readForm(request, reply)) }),
  );

  app.post(
    '/admin/import',
    {
      config,
      schema: {
        operationId: 'importFile',
        tags,
        summary:
          'Import a Trello board export, a CSV file or a Jalon export, in one transaction; importing the same file again creates nothing more',
        response: { 200: envelope(importResultSchema) },
      },
    },
    async (request, reply) => {
      const file = await readForm(request, reply);
      return { data: await imports.import(viewerOf(request), actorOf(request), file) };
    },
  );
};
