import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_FEED,
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarFeedRevokedSchema,
  calendarFeedStatusSchema,
  envelope,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-context.ts';

const tags = ['calendar'];

/** A strong validator of the exact text: the same data gives the same feed (feed-ics.ts). */
const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url')}"`;

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });

/**
 * /me's calendar feed, and the feed itself. The address's secret is its only credential: calendar
 * apps send no header of ours, so the feed route is public and answers 404 alike to an unknown,
 * revoked or deactivated person's secret.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/me/calendar-feed',
    {
      schema: {
        operationId: 'createCalendarFeed',
        tags,
        summary: 'Make the person’s calendar feed address (shown once); any earlier one stops working',
        response: { 201: envelope(calendarFeedCreatedSchema) },
      },
    },
    async (request, reply) => {
      const url = await ctx.calendarFeed.create(request.session!.user.id, actorOf(request));
      return reply.code(201).send({ data: { url } });
    },
  );

  app.get(
    '/me/calendar-feed',
    {
      schema: {
        operationId: 'getCalendarFeed',
        tags,
        summary: 'Whether the person has a live calendar feed (its address is never shown again)',
        response: { 200: envelope(calendarFeedStatusSchema) },
      },
    },
    async (request) => ({ data: await ctx.calendarFeed.status(request.session!.user.id) }),
  );

  app.delete(
    '/me/calendar-feed',
    {
      schema: {
        operationId: 'revokeCalendarFeed',
        tags,
        summary: 'Revoke the person’s calendar feed (`revoked: false` when there was none)',
        response: { 200: envelope(calendarFeedRevokedSchema) },
      },
    },
    async (request) => ({
      data: { revoked: await ctx.calendarFeed.revoke(request.session!.user.id, actorOf(request)) },
    }),
  );

  app.get(
    '/calendar/:file',
    {
      config: {
        access: 'public',
        problems: [404],
        rateLimit: { max: CALENDAR_FEED.rateLimit.max, timeWindow: CALENDAR_FEED.rateLimit.windowMs },
      },
      // After the /api default (no-store): a calendar app may keep the feed and ask again with its ETag.
      // Private, since the address is a secret.
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'private, no-cache');
      },
      schema: {
        operationId: 'getCalendarFeedFile',
        tags,
        summary:
          'The person’s deadlines as iCalendar (RFC 5545), with ETag; the secret address is the credential',
        params: calendarFeedParamsSchema,
        response: {
          200: {
            description: 'The calendar',
            content: { 'text/calendar': { schema: z.string() } },
          },
          304: z.null().describe('Unchanged since the ETag sent in If-None-Match'),
        },
      },
    },
    async (request, reply) => {
      const text = await ctx.calendarFeed.read(request.params.file.slice(0, -'.ics'.length));
      if (text === null) throw notFound('Calendar feed');
      const etag = etagOf(text);
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply.type('text/calendar; charset=utf-8').send(text);
    },
  );
};
