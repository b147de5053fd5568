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
import type { LabelColor, Preferences, ProjectStatus, Role, TaskPriority, TaskStatus } from '@jalon/contract';

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
  auditLog,
  changeCounter,
  projects,
  tasks,
  taskEvents,
  taskCounts,
  syncClients,
  syncResults,
};
export const nowSql = sql`now()`;
