import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ATTACHMENT_LIMITS,
  attachmentIdParamsSchema,
  attachmentListSchema,
  attachmentSchema,
  envelope,
  isPreviewable,
  taskIdParamsSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-context.ts';
import { viewerOf } from '../projects/routes.ts';
import { fileTooLarge, type AttachmentService } from './attachment-service.ts';
import { contentDisposition, attachmentName } from './file-name.ts';
import { FileTooLargeError } from './file-storage.ts';
import { makePreview } from './preview.ts';

/** What a multipart body adds around the file (boundaries, the part's headers and its name). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A file answer is never run by the browser: downloaded (attachment), its type never guessed (nosniff), and
 * were it opened anyway, a sandbox with nothing allowed. `private`: a shared cache must not keep it.
 */
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private',
};

/**
 * An answer sent before the body is read to the end: the connection closes after it, rather than Node
 * reading (and throwing away) the rest of a body that may be gigabytes long.
 */
const refuseEarly = (reply: FastifyReply, error: AppError): never => {
  reply.header('connection', 'close');
  throw error;
};

/**
 * Files attached to tasks. Multipart bodies are accepted in this plugin only (every other route still
 * takes application/json alone); CSRF stays closed the same way, since only the Authorization header
 * authorises a write (S27), and a cross-site form cannot send it.
 */
export const attachmentRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  attachments: AttachmentService;
}> = async (app, { ctx, attachments }) => {
  const { maxBytes } = ctx.config.files;
  await app.register(multipart, {
    limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 11 },
  });

  app.get(
    '/tasks/:id/attachments',
    {
      schema: {
        operationId: 'listAttachments',
        tags: ['tasks'],
        summary: "A task's attached files, oldest first",
        params: taskIdParamsSchema,
        response: { 200: envelope(attachmentListSchema) },
      },
    },
    async (request) => {
      await ctx.tasks.get(viewerOf(request), request.params.id);
      return { data: { items: await attachments.list(request.params.id) } };
    },
  );

  app.post(
    '/tasks/:id/attachments',
    {
      schema: {
        operationId: 'addAttachment',
        tags: ['tasks'],
        summary: `Attach a file: multipart/form-data with one file in the field \`${ATTACHMENT_LIMITS.fieldName}\`, at most ATTACHMENT_MAX_MB (413 \`file_too_large\`, refused from Content-Length before the body is read when it says so); 413 \`storage_full\` past FILES_MAX_GB`,
        params: taskIdParamsSchema,
        response: { 201: envelope(attachmentSchema) },
      },
      config: { problems: [413], multipartFile: ATTACHMENT_LIMITS.fieldName },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await ctx.tasks.get(viewer, request.params.id);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', 'Files are sent as multipart/form-data');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) refuseEarly(reply, fileTooLarge(maxBytes));
      await attachments.checkRoom().catch((error: AppError) => refuseEarly(reply, error));
      const file = await request.file();
      if (!file || file.fieldname !== ATTACHMENT_LIMITS.fieldName)
        throw new AppError(400, 'file_missing', `No file in the field ${ATTACHMENT_LIMITS.fieldName}`);
      // A failure of the body itself (the client cut it) is the client's: 400, not a server error.
      let bodyFailure: unknown = null;
      file.file.once('error', (error) => (bodyFailure = error));
      try {
        const created = await attachments.add(
          viewer,
          actorOf(request),
          request.params.id,
          attachmentName(file.filename),
          file.file,
        );
        return reply.code(201).send({ data: created });
      } catch (error) {
        // Our own count, or busboy's limit (one byte past ours) if it tripped first.
        if (error instanceof FileTooLargeError || (error as { statusCode?: number }).statusCode === 413)
          refuseEarly(reply, fileTooLarge(maxBytes));
        if (error === bodyFailure)
          refuseEarly(reply, new AppError(400, 'validation_failed', 'The upload ended before the file did'));
        throw error;
      }
    },
  );

  app.get(
    '/attachments/:id',
    {
      schema: {
        operationId: 'downloadAttachment',
        tags: ['tasks'],
        summary:
          'The file, always as a download (Content-Disposition: attachment), typed from its content, with nosniff',
        params: attachmentIdParamsSchema,
        response: {
          200: { description: 'The file', content: { '*/*': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const row = await attachments.find(request.params.id);
      const content = await attachments.open(row);
      return (reply as FastifyReply)
        .headers(FILE_HEADERS)
        .header('content-disposition', contentDisposition(row.name))
        .header('content-length', row.size)
        .type(row.contentType)
        .send(content);
    },
  );

  app.get(
    '/attachments/:id/preview',
    {
      schema: {
        operationId: 'previewAttachment',
        tags: ['tasks'],
        summary: `A raster image's preview, at most ${ATTACHMENT_LIMITS.previewSide} px a side (WebP); 404 for any other file, SVG included`,
        params: attachmentIdParamsSchema,
        response: {
          200: { description: 'The preview', content: { 'image/webp': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const row = await attachments.find(request.params.id);
      if (!isPreviewable(row.contentType)) throw notFound('Preview');
      let preview: Buffer;
      try {
        preview = await makePreview(await attachments.open(row));
      } catch (error) {
        // Too many pixels, too long, or not readable after all: no preview, like a file that is no image.
        request.log.info({ err: error, attachment: row.id }, 'no preview');
        throw notFound('Preview');
      }
      return (reply as FastifyReply).headers(FILE_HEADERS).type('image/webp').send(preview);
    },
  );

  app.delete(
    '/attachments/:id',
    {
      schema: {
        operationId: 'removeAttachment',
        tags: ['tasks'],
        summary: 'Remove an attached file: its uploader or an administrator',
        params: attachmentIdParamsSchema,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await attachments.remove(viewerOf(request), actorOf(request), request.params.id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
};
