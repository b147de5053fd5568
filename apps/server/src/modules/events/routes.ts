import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { digestRoute } from './digest-route.ts';

/** A Last-Event-ID is a change sequence; anything else is ignored (the stream starts from now). */
const lastEventId = (value: string | string[] | undefined): number | null =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;

/**
 * `GET /api/events`: the live event stream (docs/sync-protocol.md, "Events"), authorised by the session
 * cookie only: an EventSource cannot send an Authorization header, and the stream changes nothing.
 */
export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(digestRoute, { ctx });
  app.get(
    '/events',
    {
      // 429: a sixth stream of one session, or more than the person may hold over all their sessions.
      config: { access: 'cookie', problems: [429] },
      schema: {
        operationId: 'streamEvents',
        tags: ['events'],
        summary:
          'The live event stream (text/event-stream, messages as in @jalon/contract events.ts), by the session cookie only',
        response: {
          200: {
            description: 'Server-sent events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const token = request.cookies[sessionCookieName(ctx.config)]!;
      const stream = ctx.events.open({ id: session.id, userId: session.user.id }, token);
      if (stream === 'session')
        throw new AppError(429, 'rate_limited', 'Too many event streams open for this session');
      if (stream === 'user') {
        const most = ctx.events.maxStreamsPerUser;
        throw new AppError(
          429,
          'rate_limited',
          `Too many event streams open for this person (at most ${most} over all their sessions)`,
        );
      }
      stream.attach(reply.raw);
      // A comment first, so the headers leave now: EventSource (and a proxy) sees the stream open at
      // once rather than at the first ping, up to 25 s later.
      stream.write(': open\n\n');
      const from = lastEventId(request.headers['last-event-id']);
      if (from !== null) {
        ctx.events.replay(stream, from).catch((error: unknown) => {
          request.log.error({ err: error }, 'event replay failed');
          stream.close();
        });
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .send(stream.output);
    },
  );
}
