import path from 'node:path';
import { z } from 'zod';
import {
  ATTACHMENT_LIMITS,
  NOTIFICATIONS,
  EVENT_STREAM,
  PASSWORD_LOGIN_MODES,
  type PasswordLoginMode,
} from '@jalon/contract';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A comma-separated list; blanks around and between items are dropped. */
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Every environment variable the server reads, parsed once at start-up. `.env.example` documents each.
 * A bad value stops the start-up with one line naming the variable (see `loadConfig`).
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535).default(4000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  ALLOW_REGISTRATION: bool.default(false),
  EXPOSE_DEV_RESET_LINK: bool.optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Jalon <no-reply@jalon.local>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_MINUTES: int(1, 24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: int(1, 24 * 30).default(12),
  SESSION_REMEMBER_IDLE_DAYS: int(1, 90).default(7),
  SESSION_REMEMBER_DAYS: int(1, 365).default(30),
  LOGIN_MAX_FAILURES: int(1, 100).default(5),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(15),
  LOGIN_IP_MAX: int(1, 100_000).default(100),
  LOGIN_IP_WINDOW_MINUTES: int(1, 24 * 60).default(15),
  RESET_EMAIL_MAX: int(1, 100).default(3),
  RESET_IP_MAX: int(1, 100_000).default(20),
  RESET_WINDOW_MINUTES: int(1, 24 * 60).default(15),
  BODY_LIMIT_BYTES: int(1024, 10 * 1024 * 1024).default(256 * 1024),
  LIST_CACHE_MB: int(0, 4096).default(32),
  PGLITE_VACUUM_SECONDS: int(1, 24 * 3600).default(300),
  TOMBSTONE_HORIZON_DAYS: int(1, 3650).default(30),
  EVENT_STREAMS_PER_USER: int(1, 100_000).default(EVENT_STREAM.maxStreamsPerUser),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
  SHUTDOWN_GRACE_MS: int(0, 10 * 60_000).default(10_000),
  DATABASE_STATEMENT_TIMEOUT_MS: int(0, 10 * 60_000).default(10_000),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  OUTBOX_POLL_INTERVAL_MS: int(0, 3_600_000).default(1_000),
  DIGEST_HOUR: int(0, 23).default(NOTIFICATIONS.defaultDigestHour),
  ATTACHMENT_MAX_MB: int(1, 100 * 1024).default(ATTACHMENT_LIMITS.defaultMaxMb),
  // A decimal is allowed (0.5 is 512 MiB), so a small instance or a test can set a small total.
  FILES_MAX_GB: z.coerce
    .number()
    .positive()
    .max(1024 * 1024)
    .default(ATTACHMENT_LIMITS.defaultTotalGb),
  FILES_DIR: z.string().min(1).optional(),
  S3_URL: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  OIDC_ISSUER_URL: z
    .url()
    .refine(
      (value) => value.startsWith('https:') || LOOPBACK_HOSTS.has(new URL(value).hostname),
      'must be an https address (plain http only on this machine, for tests)',
    )
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(60).default('SSO'),
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .transform((value) => value.split(/\s+/).filter((scope) => scope !== ''))
    .refine((scopes) => scopes.includes('openid'), 'must include openid'),
  OIDC_AUTO_CREATE: bool.default(false),
  OIDC_ALLOWED_DOMAINS: list.default([]),
  OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
  OIDC_ADMIN_GROUPS: list.default([]),
  OIDC_TRUST_PROVIDER_MFA: bool.default(true),
  OIDC_LOGOUT: z.enum(['local', 'provider']).default('local'),
  PASSWORD_LOGIN: z.enum(PASSWORD_LOGIN_MODES).default('on'),
  SECRET_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    )
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  allowRegistration: boolean;
  exposeDevResetLink: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  bootstrapAdmin: { email: string | undefined; password: string | undefined };
  session: { idleMs: number; absoluteMs: number; rememberIdleMs: number; rememberAbsoluteMs: number };
  login: { maxFailures: number; lockMs: number; ipMax: number; ipWindowMs: number };
  reset: { emailMax: number; ipMax: number; windowMs: number; validityMs: number };
  bodyLimitBytes: number;
  /** Memory for task-list answers kept while nothing changes (see change-keyed-cache.ts); 0 turns it off. */
  listCacheBytes: number;
  /** How often the embedded database's vacuum looks for tables to clean (PGlite has no autovacuum). */
  vacuumPeriodMs: number;
  /** Deleted projects and tasks are kept this long for offline devices to see the deletion. */
  tombstoneHorizonDays: number;
  /** Event streams one person may hold open at once on an instance, over all their sessions (429 beyond). */
  eventStreamsPerUser: number;
  webDist: string | undefined;
  /** Bearer token that unlocks GET /metrics; unset, /metrics answers 404 like any unknown route. */
  metricsToken: string | undefined;
  /** How long a SIGTERM waits for requests in flight before the process exits anyway. */
  shutdownGraceMs: number;
  /** Every database statement's deadline (db/client.ts); past it the request answers 503. 0: none. */
  statementTimeoutMs: number;
  /** Attached files: one file's limit, the instance's total, and where the content is kept. */
  files: {
    maxBytes: number;
    totalBytes: number;
    /** The folder of the content when no bucket is configured (FILES_DIR, default DATA_DIR/files). */
    dir: string;
    s3: S3Config | undefined;
  };
  /** Master key for secrets at rest (TOTP secrets, backup-code hashes); from the data folder when unset. */
  secretKey: Buffer | undefined;
  /** Webhook targets on loopback, private or link-local addresses are allowed (tests, an internal network). */
  webhookAllowPrivate: boolean;
  /** How often this instance looks for due outbox jobs (webhooks, mail); 0: this instance sends none, and
   * runs no notification reminders or digests either. */
  outboxPollIntervalMs: number;
  /** The hour (server time zone) from which each person's daily notification digest leaves. */
  digestHour: number;
  /** Sign-in through the organisation's OpenID provider; null when OIDC_ISSUER_URL is unset. */
  oidc: OidcConfig | null;
  /** Who may still sign in with a password (`admins`: administrators only, a break-glass account). */
  passwordLogin: PasswordLoginMode;
}

/** An S3-compatible bucket: S3_URL is the endpoint with the bucket as the first path segment. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Unset for a public client (PKCE alone). */
  clientSecret: string | undefined;
  displayName: string;
  scopes: string[];
  autoCreate: boolean;
  /** Lower-case e-mail domains whose people get an account on first sign-in when autoCreate is on. */
  allowedDomains: string[];
  groupsClaim: string;
  /** Empty: roles stay as Jalon's administrators set them; else read from these groups at each sign-in. */
  adminGroups: string[];
  trustProviderMfa: boolean;
  /** `provider`: signing out also goes to the provider's end-session endpoint. */
  logout: 'local' | 'provider';
}

export class ConfigError extends Error {}

const MIB = 1024 * 1024;

function s3Config(env: Env): S3Config | undefined {
  if (!env.S3_URL) return undefined;
  const url = new URL(env.S3_URL);
  const bucket = url.pathname.split('/').find(Boolean);
  if (!bucket)
    throw new ConfigError('Invalid environment variable S3_URL: the bucket must be its first path segment');
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid environment variable S3_ACCESS_KEY_ID: S3_URL needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  return {
    endpoint: url.origin,
    bucket,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/**
 * A relative path given by the person at the keyboard, resolved from where they typed the command:
 * `npm run -w` moves workspace scripts into apps/server, and npm keeps the original folder in INIT_CWD.
 * So `npm start` and `npm run backup` from the root both mean ./data at the root.
 */
export function resolveFromInvocation(
  relativeOrAbsolute: string,
  source: NodeJS.ProcessEnv = process.env,
): string {
  return path.resolve(source.INIT_CWD ?? process.cwd(), relativeOrAbsolute);
}

const MINUTE = 60_000;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const env = parsed.data;
  const oidc = oidcConfig(env);
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = resolveFromInvocation(env.DATA_DIR, source);
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    allowRegistration: env.ALLOW_REGISTRATION,
    exposeDevResetLink: env.EXPOSE_DEV_RESET_LINK ?? !isProduction,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    bootstrapAdmin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * MINUTE,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
      rememberIdleMs: env.SESSION_REMEMBER_IDLE_DAYS * 24 * 60 * MINUTE,
      rememberAbsoluteMs: env.SESSION_REMEMBER_DAYS * 24 * 60 * MINUTE,
    },
    login: {
      maxFailures: env.LOGIN_MAX_FAILURES,
      lockMs: env.LOGIN_LOCK_MINUTES * MINUTE,
      ipMax: env.LOGIN_IP_MAX,
      ipWindowMs: env.LOGIN_IP_WINDOW_MINUTES * MINUTE,
    },
    reset: {
      emailMax: env.RESET_EMAIL_MAX,
      ipMax: env.RESET_IP_MAX,
      windowMs: env.RESET_WINDOW_MINUTES * MINUTE,
      validityMs: 15 * MINUTE,
    },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    listCacheBytes: env.LIST_CACHE_MB * 1024 * 1024,
    vacuumPeriodMs: env.PGLITE_VACUUM_SECONDS * 1000,
    tombstoneHorizonDays: env.TOMBSTONE_HORIZON_DAYS,
    eventStreamsPerUser: env.EVENT_STREAMS_PER_USER,
    webDist: env.WEB_DIST,
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    files: {
      maxBytes: env.ATTACHMENT_MAX_MB * MIB,
      totalBytes: Math.floor(env.FILES_MAX_GB * 1024 * MIB),
      dir: env.FILES_DIR ? resolveFromInvocation(env.FILES_DIR, source) : path.join(dataDir, 'files'),
      s3: s3Config(env),
    },
    secretKey: env.SECRET_KEY ? Buffer.from(env.SECRET_KEY, 'base64') : undefined,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    outboxPollIntervalMs: env.OUTBOX_POLL_INTERVAL_MS,
    digestHour: env.DIGEST_HOUR,
    oidc,
    passwordLogin: env.PASSWORD_LOGIN,
  };
}

/** The variables that only mean something together, checked together, each failure naming one. */
function oidcConfig(env: Env): OidcConfig | null {
  const invalid = (name: string, message: string) =>
    new ConfigError(`Invalid environment variable ${name}: ${message}`);
  if (!env.OIDC_ISSUER_URL) {
    // Without a provider, switching passwords off would lock everybody out.
    if (env.PASSWORD_LOGIN !== 'on') throw invalid('PASSWORD_LOGIN', 'needs OIDC_ISSUER_URL to be set');
    if (env.OIDC_CLIENT_ID) throw invalid('OIDC_ISSUER_URL', 'required when OIDC_CLIENT_ID is set');
    return null;
  }
  if (!env.OIDC_CLIENT_ID) throw invalid('OIDC_CLIENT_ID', 'required when OIDC_ISSUER_URL is set');
  if (env.OIDC_AUTO_CREATE && env.OIDC_ALLOWED_DOMAINS.length === 0) {
    throw invalid('OIDC_ALLOWED_DOMAINS', 'required when OIDC_AUTO_CREATE=true (e.g. exemple.fr)');
  }
  return {
    issuer: env.OIDC_ISSUER_URL,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    displayName: env.OIDC_DISPLAY_NAME,
    scopes: env.OIDC_SCOPES,
    autoCreate: env.OIDC_AUTO_CREATE,
    allowedDomains: env.OIDC_ALLOWED_DOMAINS.map((domain) => domain.toLowerCase()),
    groupsClaim: env.OIDC_GROUPS_CLAIM,
    adminGroups: env.OIDC_ADMIN_GROUPS,
    trustProviderMfa: env.OIDC_TRUST_PROVIDER_MFA,
    logout: env.OIDC_LOGOUT,
  };
}
