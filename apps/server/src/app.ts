import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { databaseVersion } from './db/migrate.ts';
import { AppError } from './lib/errors.ts';
import { createNotifier } from './lib/notifier.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { sessionCookieName } from './modules/auth/session-cookie.ts';
import { Lockout } from './modules/auth/lockout.ts';
import { LoginService } from './modules/auth/login-service.ts';
import { DatabaseProbe } from './modules/health/database-probe.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { ResetService } from './modules/password-reset/reset-service.ts';
import { passwordResetRoutes } from './modules/password-reset/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { SessionService } from './modules/sessions/session-service.ts';
import { SessionStore } from './modules/sessions/session-store.ts';
import { authGuardPlugin } from './plugins/auth-guard.ts';
import { errorHandlerPlugin, sendProblem } from './plugins/error-handler.ts';
import { requestIdPlugin } from './plugins/request-id.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { WEBHOOK_LIMITS } from '@jalon/contract';
import { MAX_PATH_PARAM_LENGTH, OVERLONG_PARAM_DETAIL } from './lib/path-limits.ts';
import { loadMasterKey, SecretBox } from './lib/secret-box.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { passkeyRoutes } from './modules/passkeys/routes.ts';
import { PasskeyService } from './modules/passkeys/passkey-service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { ChangeKeyedCache } from './modules/changes/change-keyed-cache.ts';
import { CursorCodec, databaseEpoch } from './modules/changes/change-log.ts';
import { LabelService } from './modules/labels/label-service.ts';
import { labelRoutes } from './modules/labels/routes.ts';
import { ProjectService } from './modules/projects/project-service.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { TaskService } from './modules/tasks/task-service.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { DashboardService } from './modules/dashboard/dashboard-service.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { PreferencesService } from './modules/preferences/preferences-service.ts';
import { preferencesRoutes } from './modules/preferences/routes.ts';
import { TwoFactorService } from './modules/two-factor/two-factor-service.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { SyncService } from './modules/sync/sync-service.ts';
import { TombstonePurge } from './modules/sync/tombstone-purge.ts';
import { EventHub, defaultEventHubOptions, type EventHubOptions } from './modules/events/event-hub.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { createAppMetrics } from './modules/metrics/app-metrics.ts';
import { httpMetricsPlugin } from './modules/metrics/http-metrics.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { adminRoutes } from './modules/members/admin-routes.ts';
import { InvitationService } from './modules/members/invitation-service.ts';
import { MemberAdminService } from './modules/members/member-admin-service.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { openapiOptions } from './openapi/openapi-document.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { taskActivityRoutes } from './modules/task-activity/routes.ts';
import { OutboxWorker } from './modules/outbox/outbox.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { MAIL_JOB, MailQueue } from './modules/mail/mail-queue.ts';
import { createMailTransport, type MailTransport } from './modules/mail/mail-transport.ts';
import { WEBHOOK_DELIVERY_JOB } from './modules/webhooks/webhook-events.ts';
import { WebhookService } from './modules/webhooks/webhook-service.ts';
import { DeliveryPrune } from './modules/webhooks/delivery-prune.ts';
import { apiTokenRoutes } from './modules/api-tokens/routes.ts';
import { ApiTokenService } from './modules/api-tokens/token-service.ts';
import { calendarFeedRoutes } from './modules/calendar-feed/routes.ts';
import { CalendarFeedService } from './modules/calendar-feed/feed-service.ts';
import { API_TOKEN } from '@jalon/contract';
import { searchRoutes } from './modules/search/routes.ts';
import { attachmentRoutes } from './modules/attachments/routes.ts';
import { AttachmentService } from './modules/attachments/attachment-service.ts';
import { IncomingSweep } from './modules/attachments/incoming-sweep.ts';
import { openFileStorage } from './modules/attachments/open-storage.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { SsoService } from './modules/sso/sso-service.ts';
import { CommentService } from './modules/comments/comment-service.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { NotificationMailer } from './modules/notifications/notification-mailer.ts';
import { NOTIFICATION_DIGEST_JOB, NOTIFICATION_MAIL_JOB } from './modules/notifications/notification-mail.ts';
import { NotificationRelay } from './modules/notifications/notification-relay.ts';
import { NotificationSchedule } from './modules/notifications/notification-schedule.ts';
import { PeriodicJob, type Periodic } from './lib/periodic-job.ts';
import { NotificationService } from './modules/notifications/notification-service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { TaskWatchers } from './modules/notifications/watchers.ts';
import { ExportService } from './modules/import-export/export-service.ts';
import { exportRoutes } from './modules/import-export/export-routes.ts';
import { ImportService } from './modules/import-export/import-service.ts';
import { importRoutes } from './modules/import-export/import-routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where mail is handed over (tests keep it in memory); SMTP or the local folder by default. */
  mailTransport?: MailTransport;
  /** The event stream's timings and bounds (tests shorten the ping interval). */
  events?: Partial<EventHubOptions>;
  /** The outbox's clock (tests move it forward to reach a retry without waiting). */
  outboxNow?: () => Date;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The whole server as one Fastify instance: infrastructure first, then each feature module. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // A path that is not UTF-8 once decoded (%FF, a lone surrogate's bytes) or a parameter past the
    // length above: a problem document like every other refusal, not Fastify's own JSON.
    frameworkErrors: (error, request, reply) =>
      sendProblem(
        reply,
        request,
        400,
        'validation_failed',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? OVERLONG_PARAM_DETAIL : 'The address is not valid',
      ),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted: a cross-site form can send text/plain, urlencoded or multipart,
  // never application/json, so this closes one more CSRF door (S27).
  app.removeContentTypeParser('text/plain');
  await app.register(jsonBodyPlugin);

  const notifier = await createNotifier(database, (error) => app.log.error({ err: error }, 'notifier error'));
  const background = new BackgroundWork((error) => app.log.error({ err: error }, 'background work failed'));
  const store = new SessionStore(database.db, config, notifier, (error) =>
    app.log.error({ err: error }, 'session store error'),
  );
  const sessions = new SessionService(database.db, store, notifier);
  const probe = new DatabaseProbe(() => databaseVersion(database.db));
  await probe.start();
  const lockout = new Lockout(config.login);
  const secretBox = new SecretBox(loadMasterKey(config));
  const cursors = new CursorCodec(secretBox, await databaseEpoch(database.db));
  const metrics = createAppMetrics(database);
  const events = new EventHub(
    database.db,
    notifier,
    store,
    { open: metrics.eventStreamsOpen, fanOut: metrics.eventFanOut },
    { ...defaultEventHubOptions, maxStreamsPerUser: config.eventStreamsPerUser, ...options.events },
    (error) => app.log.error({ err: error }, 'event stream error'),
  );
  const mailDomain = new URL(config.publicUrl).hostname;
  const mail = new MailQueue(secretBox, mailDomain);
  const mailTransport = options.mailTransport ?? createMailTransport(config, app.log);
  const notificationMail = new NotificationMailer(database.db, secretBox, config.publicUrl, mailDomain);
  const twoFactor = new TwoFactorService(database.db, secretBox, store, lockout, sessions);
  const webhooks = new WebhookService(
    database.db,
    secretBox,
    { httpsOnly: config.isProduction, allowPrivate: config.webhookAllowPrivate },
    { mail, publicUrl: config.publicUrl },
  );
  const outbox = new OutboxWorker(
    database.db,
    {
      [WEBHOOK_DELIVERY_JOB]: webhooks.deliveryHandler,
      [MAIL_JOB]: mail.handler(mailTransport),
      [NOTIFICATION_MAIL_JOB]: notificationMail.mailHandler(mailTransport),
      [NOTIFICATION_DIGEST_JOB]: notificationMail.digestHandler(mailTransport),
    },
    {
      pollIntervalMs: config.outboxPollIntervalMs,
      // Longer than an attempt's deadline, so a live instance's job is never taken from it.
      leaseMs: 6 * WEBHOOK_LIMITS.timeoutMs,
      batchSize: 10,
      now: options.outboxNow,
      onError: (error) => app.log.error({ err: error }, 'outbox pass failed'),
    },
  );
  const sso = config.oidc
    ? new SsoService(database.db, store, config.oidc, config, (error) =>
        app.log.warn({ err: error }, 'identity provider unreachable'),
      )
    : null;
  // A provider that answers wrongly stops the start-up here; one that does not answer is asked later.
  await sso?.link.start();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    notifier,
    mail,
    background,
    store,
    sessions,
    probe,
    metrics,
    events,
    secretBox,
    login: new LoginService(database.db, lockout, store, config.passwordLogin),
    sso,
    twoFactor,
    passkeys: new PasskeyService(database.db, store, lockout, twoFactor, secretBox, config.publicUrl),
    projects: new ProjectService(database.db, cursors, notifier),
    labels: new LabelService(database.db, cursors, notifier),
    // The cache counts UTF-16 code units of JSON text: two bytes each at most.
    tasks: new TaskService(
      database.db,
      database.pool,
      cursors,
      notifier,
      config.listCacheBytes > 0 ? new ChangeKeyedCache(config.listCacheBytes / 2) : null,
    ),
    comments: new CommentService(database.db, cursors, notifier),
    dashboard: new DashboardService(database.db),
    preferences: new PreferencesService(database.db, store),
    resets: new ResetService(database.db, config, mail, sessions, background),
    sync: new SyncService(database.db, notifier, cursors),
    invitations: new InvitationService(database.db, config, mail),
    memberAdmin: new MemberAdminService(database.db, sessions, store, twoFactor),
    webhooks,
    outbox,
    apiTokens: new ApiTokenService(database.db),
    calendarFeed: new CalendarFeedService(database.db, config.publicUrl),
    notifications: new NotificationService(database.db),
    watchers: new TaskWatchers(database.db),
  };
  app.decorate('ctx', ctx);
  const storage = openFileStorage(config.files);
  const attachments = new AttachmentService(database.db, storage.storage, config.files);
  const relay = new NotificationRelay(database.db, notifier, events, (error) =>
    app.log.error({ err: error }, 'notification stream error'),
  );
  const periodic = (job: Periodic, failure: string) =>
    new PeriodicJob(job, (error) => app.log.error({ err: error }, failure));
  const jobs = [
    periodic(
      new TombstonePurge(database.db, config.tombstoneHorizonDays, (sha256s) =>
        attachments.releaseContents(sha256s),
      ),
      'tombstone purge failed',
    ),
    periodic(new IncomingSweep(storage.storage), 'sweep of cut uploads failed'),
    periodic(new DeliveryPrune(database.db), 'webhook journal pruning failed'),
  ];
  // The instances that send also remind and queue the digests; tests run both themselves.
  if (config.outboxPollIntervalMs > 0) {
    outbox.start();
    jobs.push(
      periodic(
        new NotificationSchedule(database.db, notifier, config.digestHour),
        'notification reminders or digests failed',
      ),
    );
  }
  for (const job of jobs) job.start();
  // Before the server stops accepting: open streams would otherwise hold the close until the grace period.
  app.addHook('preClose', async () => {
    relay.close();
    events.close();
  });
  app.addHook('onClose', async () => {
    // Passes and attempts under way finish, and are recorded, before the database closes.
    await Promise.all([...jobs.map((job) => job.stop()), outbox.stop()]);
    probe.stop();
    // Background work may still queue mail (sent at the next start if this instance is the last).
    await background.idle();
    await notifier.close();
    storage.close();
  });

  await app.register(requestIdPlugin);
  await app.register(httpMetricsPlugin, { metrics: ctx.metrics });
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    hsts: config.isProduction && config.publicUrl.startsWith('https:'),
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new AppError(429, 'rate_limited', 'Too many requests. Please try again later.'),
  });
  // The published document is derived from the routes: see src/openapi/ and docs/architecture.md.
  await app.register(
    swagger,
    openapiOptions({ publicUrl: config.publicUrl, cookieName: sessionCookieName(config), version: '0.1.0' }),
  );
  await app.register(authGuardPlugin, {
    db: database.db,
    store,
    tokens: ctx.apiTokens,
    cookieName: sessionCookieName(config),
  });
  // Each personal token has its own budget on every route it may use. A preHandler, after the routes'
  // own limits (onRequest): @fastify/rate-limit applies one limiter per request, so this one must not
  // run before theirs; the routes that have one are all refused to tokens anyway.
  app.addHook(
    'preHandler',
    app.rateLimit({
      max: API_TOKEN.rateLimit.max,
      timeWindow: API_TOKEN.rateLimit.windowMs,
      keyGenerator: (request) => `token:${request.apiToken?.id ?? ''}`,
      allowList: (request) => request.apiToken === null,
    }),
  );

  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(ssoRoutes, { ctx });
      await api.register(sessionRoutes, { ctx });
      await api.register(passwordResetRoutes, { ctx });
      await api.register(twoFactorRoutes, { ctx });
      await api.register(passkeyRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(projectRoutes, { ctx });
      await api.register(labelRoutes, { ctx });
      await api.register(taskRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(preferencesRoutes, { ctx });
      await api.register(syncRoutes, { ctx });
      await api.register(eventRoutes, { ctx });
      await api.register(memberRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(webhookRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(activityRoutes, { ctx });
      await api.register(taskActivityRoutes, { ctx });
      await api.register(apiTokenRoutes, { ctx });
      await api.register(calendarFeedRoutes, { ctx });
      await api.register(searchRoutes, { ctx });
      await api.register(attachmentRoutes, { ctx, attachments });
      await api.register(commentRoutes, { ctx });
      await api.register(notificationRoutes, { ctx });
      await api.register(importRoutes, { imports: new ImportService(database.db, notifier) });
      await api.register(exportRoutes, { exports: new ExportService(database.db) });
    },
    { prefix: '/api' },
  );

  await app.register(metricsRoutes, { ctx });
  await app.register(webAppPlugin, { root: path.resolve(config.webDist ?? DEFAULT_WEB_DIST) });
  return app;
}
