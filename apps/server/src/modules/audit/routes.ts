import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUDIT,
  AUDIT_TYPES,
  auditEntrySchema,
  auditExportParamsSchema,
  auditExportQuerySchema,
  auditIdParamsSchema,
  auditListQuerySchema,
  auditPageSchema,
  auditSearchQuerySchema,
  auditTrendsQuerySchema,
  auditTrendsSchema,
  CLIENT_AUDIT_LIMIT,
  clientAuditEventSchema,
  envelope,
} from '@jalon/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { auditLog } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-context.ts';
import { appendAudit } from './audit-writer.ts';
import { auditCsvStream, auditPdfStream } from './audit-export.ts';
import {
  allAuditRows,
  auditConditions,
  auditPage,
  auditTrends,
  toAuditEntry,
  type AuditViewer,
} from './audit-query.ts';

const viewerOf = (request: FastifyRequest): AuditViewer => ({
  userId: request.session!.user.id,
  isAdmin: request.session!.user.role === 'admin',
});

const exportFileName = (format: 'csv' | 'pdf', now = new Date()) =>
  `${AUDIT.exportFilePrefix}-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.${format}`;

/**
 * The audit journal: a member reads their own entries, an administrator everyone's; what a member may
 * not see answers 404 (S31). Exports stream a page at a time and are audited themselves (S34).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/auth/audit-logs',
    {
      schema: {
        operationId: 'listAuditLogs',
        tags: ['audit'],
        summary: 'Audit entries, newest first, filtered and paged',
        querystring: auditListQuerySchema,
        response: { 200: envelope(auditPageSchema) },
      },
    },
    async (request) => {
      const { limit, before, ...filter } = request.query;
      const page = await auditPage(ctx.db, viewerOf(request), filter, limit, before);
      return { data: { items: page.rows.map(toAuditEntry), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    '/auth/audit-logs/export/:format',
    {
      schema: {
        operationId: 'exportAuditLogs',
        tags: ['audit'],
        summary: 'Export the filtered entries as CSV (UTF-8 with BOM) or a paginated PDF',
        params: auditExportParamsSchema,
        querystring: auditExportQuerySchema,
        response: {
          200: {
            description: 'The file, as an attachment',
            content: { 'text/csv': { schema: z.string() }, 'application/pdf': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { format } = request.params;
      const { timeZone, ...filter } = request.query;
      const viewer = viewerOf(request);
      await ctx.db.transaction((tx) =>
        appendAudit(tx, {
          type: AUDIT_TYPES.auditExported,
          actor: actorOf(request),
          outcome: 'success',
          details: `Journal d’audit exporté en ${format.toUpperCase()}`,
          metadata: { format, filter, scope: viewer.isAdmin ? 'all' : 'own' },
        }),
      );
      const rows = allAuditRows(ctx.db, viewer, filter);
      // A stream, not the string the documented schema types: the untyped reply sends it as it is.
      const file = (reply as FastifyReply).header(
        'content-disposition',
        `attachment; filename="${exportFileName(format)}"`,
      );
      if (format === 'csv') return file.type('text/csv; charset=utf-8').send(auditCsvStream(rows));
      return file.type('application/pdf').send(auditPdfStream(rows, "Jalon : journal d'audit", timeZone));
    },
  );

  app.post(
    '/audit/logs',
    {
      // Each event is a row in an append-only table: a session cannot fill it at will. The auth guard
      // runs before this route's own hooks, so the session is known when the key is computed.
      config: {
        rateLimit: {
          max: CLIENT_AUDIT_LIMIT.perSession,
          timeWindow: CLIENT_AUDIT_LIMIT.windowMs,
          keyGenerator: (request) => request.session!.id,
        },
      },
      schema: {
        operationId: 'recordClientAuditEvent',
        tags: ['audit'],
        summary: 'Record a client-side event about oneself (<family>.client.<event>)',
        body: clientAuditEventSchema,
        response: { 201: envelope(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const { type, details, resource, metadata } = request.body;
      const row = await ctx.db.transaction((tx) =>
        appendAudit(tx, {
          type: type as `auth.${string}`,
          actor: actorOf(request),
          outcome: 'success',
          details,
          resource: resource ?? null,
          metadata: metadata ?? {},
        }),
      );
      return reply.code(201).send({ data: toAuditEntry(row) });
    },
  );

  app.get(
    '/audit/logs/trends',
    {
      schema: {
        operationId: 'getAuditTrends',
        tags: ['audit'],
        summary: 'Entries per day and family, and failures per day',
        querystring: auditTrendsQuerySchema,
        response: { 200: envelope(auditTrendsSchema) },
      },
    },
    async (request) => ({ data: await auditTrends(ctx.db, viewerOf(request), request.query.days) }),
  );

  app.get(
    '/audit/logs/search',
    {
      schema: {
        operationId: 'searchAuditLogs',
        tags: ['audit'],
        summary: 'Free-text search in details and users',
        querystring: auditSearchQuerySchema,
        response: { 200: envelope(auditPageSchema) },
      },
    },
    async (request) => {
      const page = await auditPage(ctx.db, viewerOf(request), { q: request.query.q }, request.query.limit);
      return { data: { items: page.rows.map(toAuditEntry), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    '/audit/logs/:id',
    {
      schema: {
        operationId: 'getAuditLog',
        tags: ['audit'],
        summary: 'One audit entry',
        params: auditIdParamsSchema,
        response: { 200: envelope(auditEntrySchema) },
      },
    },
    async (request) => {
      const [row] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.id, request.params.id), auditConditions(viewerOf(request), {})))
        .limit(1);
      if (!row) throw notFound('Audit entry');
      return { data: toAuditEntry(row) };
    },
  );
};
