import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportDocumentSchema, exportProjectParamsSchema } from '@jalon/contract';
import { contentDisposition } from '../attachments/file-name.ts';
import { viewerOf } from '../projects/routes.ts';
import type { ExportService } from './export-service.ts';

const day = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * 'Exporter': `GET /api/export`, the whole document (its JSON Schema is `JalonExport` in the published
 * document), and `GET /api/export/projects/{id}/csv`, one project's tasks. Both are streamed, one page of
 * rows at a time, and downloaded as files. Any member may export what they may read; a token may too.
 */
export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportService }> = async (app, { exports }) => {
  const tags = ['export'];

  app.get(
    '/export',
    {
      config: { download: true },
      schema: {
        operationId: 'exportAll',
        tags,
        summary:
          'Everything the caller may read (projects, tasks, comments, labels, members without secrets) as one JSON document, streamed; an administrator’s names the members’ e-mails, and can be imported into another Jalon (format jalon)',
        response: {
          200: {
            description: 'The export document, as an attachment',
            content: { 'application/json': { schema: exportDocumentSchema } },
          },
        },
      },
    },
    async (request, reply) =>
      // A stream, not the object the documented schema types: the untyped reply sends it as it is.
      (reply as FastifyReply)
        .header('content-disposition', contentDisposition(`jalon-export-${day()}.json`))
        .type('application/json; charset=utf-8')
        .send(exports.document(viewerOf(request))),
  );

  app.get(
    '/export/projects/:id/csv',
    {
      schema: {
        operationId: 'exportProjectCsv',
        tags,
        summary:
          'A project’s live tasks as CSV (UTF-8 with BOM, `;`), in the columns a CSV import reads: titre, description, statut, priorité, assigné, échéance, étiquettes',
        params: exportProjectParamsSchema,
        response: {
          200: { description: 'The file, as an attachment', content: { 'text/csv': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const { name, stream } = await exports.projectCsv(viewerOf(request), request.params.id);
      return (reply as FastifyReply)
        .header('content-disposition', contentDisposition(`${name}.csv`))
        .type('text/csv; charset=utf-8')
        .send(stream);
    },
  );
};
