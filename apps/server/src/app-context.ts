import type { PasskeyService } from './modules/passkeys/passkey-service.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { BackgroundWork } from './lib/background-work.ts';
import type { Notifier } from './lib/notifier.ts';
import type { LoginService } from './modules/auth/login-service.ts';
import type { SsoService } from './modules/sso/sso-service.ts';
import type { ResetService } from './modules/password-reset/reset-service.ts';
import type { SessionService } from './modules/sessions/session-service.ts';
import type { SessionStore } from './modules/sessions/session-store.ts';
import type { DatabaseProbe } from './modules/health/database-probe.ts';
import type { AppMetrics } from './modules/metrics/app-metrics.ts';
import type { TwoFactorService } from './modules/two-factor/two-factor-service.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { LabelService } from './modules/labels/label-service.ts';
import type { ProjectService } from './modules/projects/project-service.ts';
import type { TaskService } from './modules/tasks/task-service.ts';
import type { CommentService } from './modules/comments/comment-service.ts';
import type { DashboardService } from './modules/dashboard/dashboard-service.ts';
import type { PreferencesService } from './modules/preferences/preferences-service.ts';
import type { EventHub } from './modules/events/event-hub.ts';
import type { SyncService } from './modules/sync/sync-service.ts';
import type { InvitationService } from './modules/members/invitation-service.ts';
import type { MemberAdminService } from './modules/members/member-admin-service.ts';
import type { OutboxWorker } from './modules/outbox/outbox.ts';
import type { WebhookService } from './modules/webhooks/webhook-service.ts';
import type { MailQueue } from './modules/mail/mail-queue.ts';
import type { ApiTokenService } from './modules/api-tokens/token-service.ts';
import type { NotificationService } from './modules/notifications/notification-service.ts';
import type { TaskWatchers } from './modules/notifications/watchers.ts';
import type { CalendarFeedService } from './modules/calendar-feed/feed-service.ts';

/** The services a feature module may use, built once in `buildApp` and handed to each module. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  notifier: Notifier;
  /** Mail queued in a write's transaction, sent by the outbox. */
  mail: MailQueue;
  /** Work done after answering (reset links); shutdown waits for it. */
  background: BackgroundWork;
  store: SessionStore;
  sessions: SessionService;
  login: LoginService;
  /** Sign-in through the organisation's OpenID provider; null when none is configured. */
  sso: SsoService | null;
  resets: ResetService;
  probe: DatabaseProbe;
  metrics: AppMetrics;
  secretBox: SecretBox;
  twoFactor: TwoFactorService;
  passkeys: PasskeyService;
  projects: ProjectService;
  labels: LabelService;
  tasks: TaskService;
  comments: CommentService;
  dashboard: DashboardService;
  preferences: PreferencesService;
  sync: SyncService;
  invitations: InvitationService;
  memberAdmin: MemberAdminService;
  webhooks: WebhookService;
  /** Runs the due outbox jobs (webhook deliveries); polling only when OUTBOX_POLL_INTERVAL_MS is not 0. */
  outbox: OutboxWorker;
  /** Personal access tokens: created on /me, read by the auth guard. */
  apiTokens: ApiTokenService;
  /** The person's calendar feed (a secret .ics address). */
  calendarFeed: CalendarFeedService;
  /** The person's inbox, read marks and e-mail preference. */
  notifications: NotificationService;
  /** Who follows which task ('Suivre'). */
  watchers: TaskWatchers;
  /** This instance's open event streams. */
  events: EventHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
