import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ApiTokenScope,
  EmailNotificationMode,
  LabelColor,
  NotificationType,
  Preferences,
  ProjectStatus,
  Role,
  TaskPriority,
  TaskStatus,
} from '@jalon/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored normalised (trimmed, lower case): e-mail matching is case-insensitive. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    role: text('role').$type<Role>().notNull().default('member'),
    passwordHash: text('password_hash').notNull(),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** TOTP secret, AES-256-GCM ciphertext (lib/secret-box.ts); never the base32 secret (S10). */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret being enrolled: it becomes `twoFactorSecret` once a code from it is verified. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The last accepted TOTP time step: only later steps are accepted (replay, S13). */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    preferences: jsonb('preferences').$type<Partial<Preferences>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    /** Set by an administrator: no sign-in, no session (the sessions are revoked in the same transaction). */
    deactivatedAt: ts('deactivated_at'),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    lastActiveAt: ts('last_active_at').notNull().defaultNow(),
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    /**
     * Opened through the organisation's provider, whose ID token said it asked for a second factor
     * (`amr`, OIDC_TRUST_PROVIDER_MFA): the administrators' rule "2FA first" counts it as done.
     */
    secondFactorByProvider: boolean('second_factor_by_provider').notNull().default(false),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/**
 * A sign-in waiting for its second factor (or for 2FA enrolment). Its token is the `tempToken`:
 * valid 5 minutes, only on the two-factor routes, never a session.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').$type<'verify' | 'setup'>().notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (table) => [uniqueIndex('pending_logins_token_hash_key').on(table.tokenHash)],
);

/** Consecutive sign-in failures per normalised e-mail, whether or not an account exists (S05). */
export const loginThrottle = pgTable('login_throttle', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_key').on(table.tokenHash),
    index('password_resets_user_id_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * An administrator's invitation: a single-use link valid 7 days, stored as the SHA-256 of its token.
 * Pending while neither accepted nor revoked nor expired; inviting the same e-mail again revokes the older one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Normalised like users.email. */
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    /** The account the acceptance created. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_key').on(table.tokenHash),
    index('invitations_email_idx').on(table.email),
  ],
);

/** One row per backup code, stored as a keyed hash (HMAC) and consumed atomically (S17, S18). */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (table) => [index('backup_codes_user_idx').on(table.userId, table.codeHash)],
);

/**
 * Passkeys (WebAuthn credentials) a user registered as a second factor beside TOTP (decision 0023). The
 * signature counter only grows: an assertion that does not raise it comes from a clone.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_key').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId),
  ],
);

/**
 * Personal access tokens (issue 39): a person's scripts call the API with `Authorization: Bearer
 * jalon_pat_…`. Only the token's SHA-256 is kept (decision 0074); a revoked token keeps its row, so the
 * audit's `resource` still names it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Null: no expiry (administrators only). */
    expiresAt: ts('expires_at'),
    /** Written at most once a minute per token. */
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId),
  ],
);

/**
 * A person's calendar feed (issue 39): one secret address per person, read by calendar apps that send
 * no credentials. Only the secret's SHA-256 is kept; revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('calendar_feeds_token_hash_key').on(table.tokenHash)],
);

/**
 * A WebAuthn challenge waiting for its answer: single use (deleted when answered) and short-lived. A
 * sign-in challenge belongs to the pending sign-in (tempToken) that asked for it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'register' | 'sign_in' | 'step_up'>().notNull(),
    pendingLoginId: uuid('pending_login_id').references(() => pendingLogins.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (table) => [index('webauthn_challenges_user_idx').on(table.userId)],
);

/**
 * A sign-in sent to the organisation's OpenID provider and not yet back (issue 38): its PKCE verifier
 * and nonce stay here, never in the browser, for `SSO.flowMinutes`. The `state` sent to the provider
 * is the key (hashed); `browser_hash` ties the answer to the browser that started it (a cookie), so a
 * callback address sent to someone else signs nobody in.
 */
export const ssoFlows = pgTable('sso_flows', {
  stateHash: text('state_hash').primaryKey(),
  browserHash: text('browser_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * What the callback decided, waiting for the page to exchange its one-time code (decision 0072): the
 * account to open a session for (and whether a second factor is still due), or the refusal to answer.
 * No session token is made before the exchange, so none is ever stored or put in an address.
 */
export const ssoHandoffs = pgTable('sso_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  issuer: text('issuer'),
  subject: text('subject'),
  /** The provider's session (the ID token's `sid`), which a back-channel logout may name. */
  sid: text('sid'),
  secondFactorDue: boolean('second_factor_due').notNull().default(false),
  secondFactorByProvider: boolean('second_factor_by_provider').notNull().default(false),
  returnTo: text('return_to').notNull().default('/dashboard'),
  /** A refusal: its status and problem code (the account fields are then null). */
  errorStatus: integer('error_status'),
  errorCode: text('error_code'),
  expiresAt: ts('expires_at').notNull(),
});

/** A provider identity (issuer and subject) tied to one account, on its first use by verified e-mail. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    uniqueIndex('sso_identities_user_key').on(table.userId, table.issuer),
  ],
);

/**
 * The sessions opened through the provider, so that signing out can also go to the provider, and so
 * that a back-channel logout naming the provider's session (`sid`) or person (`sub`) ends them.
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    sid: text('sid'),
  },
  (table) => [
    index('sso_sessions_subject_idx').on(table.issuer, table.subject),
    index('sso_sessions_sid_idx').on(table.issuer, table.sid),
  ],
);

/**
 * A sign-in through the provider waiting for Jalon's own second factor: the session the step opens
 * is then recorded in `sso_sessions` like any other (provider sign-out, back-channel logout).
 */
export const ssoPendingLogins = pgTable(
  'sso_pending_logins',
  {
    pendingLoginId: uuid('pending_login_id')
      .primaryKey()
      .references(() => pendingLogins.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    sid: text('sid'),
  },
  (table) => [index('sso_pending_logins_subject_idx').on(table.issuer, table.subject)],
);

/** The `jti` of every back-channel logout token accepted, kept while it could be replayed. */
export const ssoLogoutTokens = pgTable(
  'sso_logout_tokens',
  {
    issuer: text('issuer').notNull(),
    jti: text('jti').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.issuer, table.jti] })],
);

/**
 * Append-only, hash-chained audit log: each row stores the hash of the previous one, and a trigger
 * (migration 0001) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: ts('created_at').notNull(),
    type: text('type').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    resource: text('resource'),
    outcome: text('outcome').$type<'success' | 'failure'>().notNull(),
    details: text('details').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_type_idx').on(table.type),
    index('audit_log_created_at_idx').on(table.createdAt),
    // A task's history reads its rows by `resource` (`task:<id>`), newest first.
    index('audit_log_resource_idx').on(table.resource, table.id),
  ],
);

/**
 * The change sequence (docs/sync-protocol.md): every writing transaction takes the next value first, which holds
 * this row's lock until commit, so commit order equals sequence order and delta reads never miss a row.
 * `horizon` is the oldest sequence still served by delta reads (tombstones older than it are purged).
 */
export const changeCounter = pgTable('change_counter', {
  id: integer('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
  horizon: bigint('horizon', { mode: 'number' }).notNull().default(0),
  /** Made by the first migration and anew by a restore: a cursor from another epoch asks for a reset. */
  epoch: uuid('epoch').notNull().defaultRandom(),
});

/** Columns every synchronised entity carries: its version, its change sequence and its tombstone. */
const syncColumns = () => ({
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
  deletedAt: ts('deleted_at'),
});

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    deadline: ts('deadline'),
    status: text('status').$type<ProjectStatus>().notNull().default('active'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept by the task writes in the same transaction, so lists never aggregate over all tasks. */
    taskCount: integer('task_count').notNull().default(0),
    progressSum: integer('progress_sum').notNull().default(0),
    /**
     * The change sequence of the creating transaction, set by a trigger (migration 0007): a later task
     * write moves the counters without a version bump, and the event stream must not call that a creation.
     */
    createdSeq: bigint('created_seq', { mode: 'number' }),
    ...syncColumns(),
  },
  (table) => [
    index('projects_change_seq_idx').on(table.changeSeq, table.id),
    index('projects_live_created_idx')
      .on(table.createdAt)
      .where(sql`deleted_at is null`),
    index('projects_live_deadline_idx')
      .on(table.deadline)
      .where(sql`deleted_at is null`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('todo'),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    progress: integer('progress').notNull().default(0),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    deadline: ts('deadline'),
    estimatedMinutes: integer('estimated_minutes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the task last became done (cleared when it is reopened): overdue history reads it. */
    completedAt: ts('completed_at'),
    /**
     * Its labels' ids, a set kept sorted (decision 0078): one field of the task, merged and versioned with
     * it; a label's delete takes its id off every task in the same transaction.
     */
    /**
     * The task it is a step of (same project, one level: a parent has no parent), kept by the write rules.
     * No foreign key: the tombstone purge deletes a parent's and its sub-tasks' tombstones as each ages.
     */
    parentId: uuid('parent_id'),
    /**
     * A sub-task's place among its parent's, smaller first (null: none given, then by creation): written
     * by the client that reorders them, merged field by field like any other (decision 0089).
     */
    position: integer('position'),
    labels: uuid('labels')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...syncColumns(),
  },
  (table) => [
    index('tasks_change_seq_idx').on(table.changeSeq, table.id),
    // `?label=`: live tasks holding all the given labels (`labels @> …`).
    index('tasks_labels_idx').using('gin', table.labels),
    // `?parent=`, and a parent's move or delete taking its sub-tasks along.
    index('tasks_parent_idx')
      .on(table.parentId)
      .where(sql`parent_id is not null`),
    index('tasks_open_deadline_idx')
      .on(table.deadline)
      .where(sql`deleted_at is null and status <> 'done'`),
    index('tasks_live_deadline_idx')
      .on(table.deadline)
      .where(sql`deleted_at is null`),
    index('tasks_open_project_deadline_idx')
      .on(table.projectId, table.deadline)
      .where(sql`deleted_at is null and status <> 'done'`),
    index('tasks_live_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`deleted_at is null`),
    index('tasks_live_project_idx')
      .on(table.projectId, table.createdAt, table.id)
      .where(sql`deleted_at is null`),
  ],
);

/** Labels any member puts on tasks; one name per live label, ignoring case and accents (`name_key`). */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name without case or accents (`labelNameKey`), unique among live labels. */
    nameKey: text('name_key').notNull(),
    color: text('color').$type<LabelColor>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...syncColumns(),
  },
  (table) => [
    index('labels_change_seq_idx').on(table.changeSeq, table.id),
    uniqueIndex('labels_live_name_key_idx')
      .on(table.nameKey)
      .where(sql`deleted_at is null`),
  ],
);

/**
 * Comments on a task (a sync entity like tasks). A deleted comment stays as a tombstone in its thread with
 * `body` null, its text gone; comments of a deleted task are hidden with it (every read joins the live
 * task), and go with it when its tombstone is purged.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The author: `created_by` like a task's creator, so the writer keeps it on every update. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    body: text('body'),
    /** The active members the body mentions (`<@id>`), as ids, worked out when the body is written. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    ...syncColumns(),
  },
  (table) => [
    index('comments_change_seq_idx').on(table.changeSeq, table.id),
    index('comments_task_created_idx').on(table.taskId, table.createdAt, table.id),
  ],
);

/**
 * What happened to tasks and when, for the dashboard's trends (`/api/analytics/trends`): one row per creation,
 * completion, move to review and reopening, written in the transaction of the change.
 */
export const taskEvents = pgTable(
  'task_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskId: uuid('task_id').notNull(),
    projectId: uuid('project_id').notNull(),
    kind: text('kind').$type<'created' | 'completed' | 'in_review' | 'reopened'>().notNull(),
    at: ts('at').notNull(),
  },
  (table) => [
    index('task_events_at_idx').on(table.at),
    index('task_events_project_at_idx').on(table.projectId, table.at),
  ],
);

/**
 * Live task counts per project, status and priority, kept in the transaction of every task write, so
 * the dashboard's counters and charts never count 100,000 rows.
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    projectId: uuid('project_id').notNull(),
    status: text('status').$type<TaskStatus>().notNull(),
    priority: text('priority').$type<TaskPriority>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.status, table.priority] })],
);

/**
 * Offline devices (docs/sync-protocol.md): each browser installation of a user numbers its operations; `lastSeq` is
 * the last one processed, advanced in the transaction that applied it. Unused for 90 days: removed.
 */
export const syncClients = pgTable(
  'sync_clients',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index('sync_clients_last_seen_idx').on(table.lastSeenAt)],
);

/** The answer to each processed operation, kept until the client acknowledges it (`ackedThrough`), for replays. */
export const syncResults = pgTable(
  'sync_results',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => syncClients.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    result: jsonb('result').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.seq] })],
);

/**
 * The durable outbox (modules/outbox, decision 0076): work to do outside the transaction that asked for it
 * (a webhook delivery now, an e-mail later), written in that transaction so a crash loses none. One
 * instance claims a due job (`for update skip locked`) for a lease; a failure puts it back with a later
 * `run_at`, until `give_up_at`.
 */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which handler runs it (`webhook.delivery`). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'running' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may next run; while running, when its lease ends and another instance may take it. */
    runAt: ts('run_at').notNull(),
    giveUpAt: ts('give_up_at').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (table) => [
    index('outbox_jobs_due_idx')
      .on(table.runAt)
      .where(sql`status in ('pending', 'running')`),
  ],
);

/** An administrator's webhook: where to send which events, signed with its own secret (sealed at rest). */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description').notNull().default(''),
  /** `whsec_…`, AES-256-GCM ciphertext (lib/secret-box.ts): it must be read back to sign. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Since when every delivery has failed; cleared by a success. 24 hours of it switch the webhook off. */
  failingSince: ts('failing_since'),
  /** Set when the server switched it off after 24 hours of failures (shown until it is switched on). */
  disabledAt: ts('disabled_at'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One message to one webhook ('Journal des envois'): its id is the `webhook-id` header, the same on every
 * attempt and on a 'Renvoyer', so a receiver can drop what it has seen.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The body as sent, kept so every attempt signs the same bytes. */
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: ts('last_attempt_at'),
  },
  (table) => [index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt)],
);

/**
 * Files attached to tasks (online only: not a sync entity). The content lives in the file storage under its
 * SHA-256 (FILES_DIR or the S3 bucket), so the same file attached twice is stored once; a row is the
 * attachment of that content to one task, under the name it was sent with.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('attachments_task_idx').on(table.taskId, table.createdAt),
    index('attachments_sha256_idx').on(table.sha256),
  ],
);

/**
 * What a person is told (issue 36): one row per notification, written in the transaction of the change
 * that causes it. `group_key` says which changes make one notification: `by:<actor>` (one person's changes
 * to one task within NOTIFICATIONS.groupWindowMs update the unread row), or a reminder's
 * `<type>:<deadline>` (unique: each reminder once per deadline, whichever instance writes it).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Who caused it; null for the reminders (and once that person's account is gone). */
    // Who and which comment are not foreign keys: checked row by row, they were a third of the cost of a
    // comment to 1,000 watchers (decision 0098). The writer takes both from the same transaction (the
    // signed-in actor, the comment it creates), users are never deleted, and a comment goes only with its
    // task, which takes its notifications with it.
    actorId: uuid('actor_id'),
    commentId: uuid('comment_id'),
    groupKey: text('group_key').notNull(),
    createdAt: createdAt(),
    readAt: ts('read_at'),
    /** The change that made it or last grouped into it: the event stream reads it after that commit. */
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    // The inbox's pages.
    index('notifications_inbox_idx').on(table.recipientId, table.createdAt, table.id),
    // The grouping's look-up: a task's unread rows of one person (through the inbox index it read every
    // notification of the person's last ten minutes, 110 a person in the bench, for each watcher).
    index('notifications_unread_by_task_idx')
      .on(table.taskId, table.recipientId)
      .where(sql`read_at is null`),
    uniqueIndex('notifications_reminder_key')
      .on(table.taskId, table.recipientId, table.groupKey)
      .where(sql`type in ('due_soon', 'overdue')`),
    index('notifications_change_seq_idx').on(table.changeSeq),
  ],
);

/**
 * Who watches a task. Creators, assignees, commenters and the people mentioned are added as they appear
 * (never over a row already there); `watching = false` is an unfollow, kept so they are not added again.
 */
export const taskWatchers = pgTable(
  'task_watchers',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    watching: boolean('watching').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.userId] })],
);

/** How a person is mailed; no row is the default, 'Résumé quotidien' (`daily`). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').$type<EmailNotificationMode>().notNull().default('daily'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The daily digests taken: one row per person and day (server time zone), inserted by whichever instance
 * gets there first, so a digest is queued once; `until` is where the next one starts.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    until: ts('until').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export const schema = {
  users,
  sessions,
  pendingLogins,
  loginThrottle,
  passwordResets,
  invitations,
  backupCodes,
  passkeys,
  webauthnChallenges,
  ssoFlows,
  ssoHandoffs,
  ssoIdentities,
  ssoSessions,
  ssoPendingLogins,
  ssoLogoutTokens,
  auditLog,
  changeCounter,
  projects,
  tasks,
  comments,
  taskEvents,
  taskCounts,
  syncClients,
  syncResults,
  outboxJobs,
  webhooks,
  webhookDeliveries,
  attachments,
  notifications,
  taskWatchers,
  notificationPreferences,
  notificationDigests,
};
export const nowSql = sql`now()`;
