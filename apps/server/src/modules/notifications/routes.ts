import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationUnreadSchema,
  notificationUnsubscribeQuerySchema,
  taskIdParamsSchema,
  taskWatchSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { unsubscribeTokenUser } from './unsubscribe-token.ts';

const tags = ['notifications'];

/** The inbox, read marks, the e-mail preference, following a task, and the mails' one-click unsubscribe. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { notifications, watchers } = ctx;

  app.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: 'The caller’s notifications, newest first (paged with `before`), and their unread count',
        querystring: notificationListQuerySchema,
        response: { 200: envelope(notificationListSchema) },
      },
    },
    async (request) => ({ data: await notifications.list(request.session!.user.id, request.query) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        operationId: 'readNotification',
        tags,
        summary: 'Mark one of the caller’s notifications read; another person’s is 404',
        params: notificationIdParamsSchema,
        response: { 200: envelope(notificationUnreadSchema) },
      },
      config: { problems: [404] },
    },
    async (request) => ({
      data: { unread: await notifications.markRead(request.session!.user.id, request.params.id) },
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        operationId: 'readAllNotifications',
        tags,
        summary: 'Mark all the caller’s notifications read',
        response: { 200: envelope(notificationUnreadSchema) },
      },
    },
    async (request) => ({ data: { unread: await notifications.markAllRead(request.session!.user.id) } }),
  );

  const oneClick: FastifyPluginAsyncZod = async (unsubscribe) => {
    // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; the token in the address is
    // the credential, and the body says nothing else, so it is read as text and left aside. This route only.
    unsubscribe.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    unsubscribe.post(
      '/notifications/unsubscribe',
      {
        config: { access: 'public', problems: [400] },
        schema: {
          operationId: 'unsubscribeNotificationMail',
          tags,
          summary:
            'One-click unsubscribe (RFC 8058): the signed token of a notification mail turns its person’s mail off',
          querystring: notificationUnsubscribeQuerySchema,
          response: { 200: envelope(notificationPreferencesSchema) },
        },
      },
      async (request) => {
        const userId = unsubscribeTokenUser(ctx.secretBox, request.query.token);
        if (!userId) throw new AppError(400, 'validation_failed', 'This unsubscribe link is not valid');
        return { data: { email: await notifications.setEmailMode(userId, 'off') } };
      },
    );
  };
  await app.register(oneClick);

  app.get(
    '/me/notification-preferences',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        tags,
        summary: 'How the caller is mailed: at once, a daily digest (the default), or never',
        response: { 200: envelope(notificationPreferencesSchema) },
      },
    },
    async (request) => ({ data: { email: await notifications.emailMode(request.session!.user.id) } }),
  );

  app.put(
    '/me/notification-preferences',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        tags,
        summary: 'Choose how the caller is mailed',
        body: notificationPreferencesSchema,
        response: { 200: envelope(notificationPreferencesSchema) },
      },
    },
    async (request) => ({
      data: { email: await notifications.setEmailMode(request.session!.user.id, request.body.email) },
    }),
  );

  for (const [method, watching] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/tasks/:id/watch',
      {
        schema: {
          operationId: watching ? 'watchTask' : 'unwatchTask',
          tags,
          summary: watching
            ? 'Follow a task: be told of its comments and status changes'
            : 'Stop following a task (kept: commenting again does not follow it again)',
          params: taskIdParamsSchema,
          response: { 200: envelope(taskWatchSchema) },
        },
        config: { problems: [404] },
      },
      async (request) => ({
        data: { watching: await watchers.set(request.session!.user.id, request.params.id, watching) },
      }),
    );
  }
};
