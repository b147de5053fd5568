// The business constants (limits, delays, sizes), named once so the server, the web app and the tests agree.

export const PRODUCT_NAME = 'Jalon';
/** Prefix of every local-storage key and of downloaded file names. */
export const STORAGE_PREFIX = 'jalon:';

export const AUTH = {
  passwordMinLength: 8,
  passwordMaxLength: 128,
  /** Consecutive failures (per normalised e-mail) before the account is locked. */
  maxFailedLogins: 5,
  lockoutMinutes: 15,
  tempTokenMinutes: 5,
  resetLinkMinutes: 15,
  totpDigits: 6,
  /** The 2FA disable input strips spaces and keeps at most this many characters. */
  disableCodeMaxLength: 10,
  /** A backup code as it is shown and typed, XXXXX-XXXXX. */
  backupCodeTypedLength: 11,
  /** The sign-in code field: a TOTP or a backup code, with room for the spaces people type in them. */
  secondFactorInputMax: 32,
} as const;

/** Sign-in through the organisation's OpenID provider (issue 38). */
export const SSO = {
  /** Between the redirect to the provider and its answer: state, nonce and PKCE verifier live this long. */
  flowMinutes: 10,
  /** The one-time code the page exchanges for its session, at once after the callback. */
  handoffSeconds: 60,
  handoffCodeMax: 128,
  returnToMax: 512,
  /** Each parameter of the provider's answer (an authorization code, a state, an error's description). */
  callbackParameterMax: 4096,
  /** An unreachable provider is asked again at most this often. */
  retrySeconds: 30,
  /** A back-channel logout token (a signed JWT of a few claims). */
  logoutTokenMax: 8192,
} as const;

export const SESSION = {
  /** The client checks validity this often. */
  checkIntervalMs: 300_000,
  /** The client refreshes this long before expiry (or at once when already inside the window). */
  refreshBeforeExpiryMs: 5 * 60_000,
} as const;

export const REDIRECT = {
  guardMs: 400,
  guardWindowMs: 2_000,
  doubleNavigationMs: 300,
  afterLoginMs: 100,
  afterResetMs: 1_800,
  afterTaskCreateMinMs: 600,
  afterTaskCreateMaxMs: 800,
} as const;

export const REALTIME = {
  baseDelayMs: 2_000,
  minBaseFromAttempt4Ms: 5_000,
  maxDelayMs: 60_000,
  jitterMs: 500,
  maxAttempts: 15,
  /** The server sends a ping at least this often. */
  pingIntervalMs: 25_000,
} as const;

/** The batch format this server speaks; the previous one (none yet) would be upgraded on arrival. */
export const SYNC_SCHEMA_VERSION = 1;

/** 409 codes of the sync batch's envelope: nothing was consumed. */
export const SYNC_REFUSALS = ['out_of_order', 'wrong_user', 'upgrade_required', 'client_unknown'] as const;

export const SYNC = {
  flushIntervalMs: 8_000,
  batchSize: 50,
  conflictOutboxBatchSize: 25,
  backoffBaseMs: 4_000,
  backoffMaxMs: 5 * 60_000,
  backoffJitterRatio: 0.15,
  retryCheckMs: 1_000,
  flushAfterOnlineMs: 300,
  deltaRefreshDebounceMs: 600,
  autoRefreshAfterMs: 10 * 60_000,
  autoRefreshCheckMs: 5_000,
  badgeMs: 5_000,
  conflictPollMs: 5_000,
  conflictPanelLimit: 25,
  conflictDefaultLimit: 50,
  /** Rows of each kind a catch-up read answers at most at once (`hasMore` says to ask again). */
  catchUpPage: 500,
  // 2: the comments' store and the labels' store (neither released before), created together.
  offlineDbVersion: 2,
  offlineWarmUpTimeoutMs: 2_500,
} as const;

/**
 * The service worker: its script at the site's root (scope `/`) and its background-sync
 * tags: `data` catches up (a pull), `outbox` sends the pending edits.
 */
export const SERVICE_WORKER = {
  path: '/service-worker.js',
  tags: { data: 'jalon-sync-data', outbox: 'jalon-sync-outbox' },
} as const;

export const DASHBOARD = {
  refreshIntervalMs: 5 * 60_000,
  periods: [7, 14, 30] as const,
  defaultPeriod: 7,
  defaultDeadlineDays: 14,
  descriptionMinLength: 5,
  maxProjectCards: 6,
  upcomingDeadlines: 8,
  recentTasks: 10,
  recentTasksFocused: 15,
  activities: 12,
  counterAnimationMs: 600,
  scrollAnimationMs: 520,
  createdMessageMs: 1_800,
  chartHeightPx: 300,
} as const;

/** The colour themes a person can choose; a plain list, so the preferences schema and its defaults share it. */
export const THEME_KEYS = ['default', 'emerald', 'indigo', 'amber', 'rose', 'slate'] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];

export const AUDIO = {
  hoverThrottleMs: 120,
  clickThrottleMs: 80,
  masterVolume: 0.85,
  ambientVolume: 0.35,
  animationIntensityMin: 10,
  animationIntensityMax: 100,
  animationIntensityDefault: 70,
  ambientSliderDefault: 70,
} as const;

/** Ambient slider value (0-100) to audio level: never quite silent (5 %) while the drone is on. */
export const ambientLevel = (sliderValue: number): number => 0.05 + (sliderValue / 100) * 0.95;

export const PERFORMANCE = {
  sampleFrames: 180,
  slowFrameMs: 40,
} as const;

/** The lengths of an account's and a passkey's text fields, as the API checks them. */
export const ACCOUNT_LIMITS = { emailMax: 254, usernameMax: 64, passkeyNameMax: 64 } as const;

/** A project's field lengths; plain, so a form states them without loading zod. */
export const PROJECT_LIMITS = { nameMax: 200, descriptionMax: 5_000 } as const;

/** Search (GET /api/search, and the device copy's search offline). */
export const SEARCH = {
  /** The longest question, in characters; only its first `wordsMax` words are searched. */
  queryMax: 200,
  wordsMax: 8,
  pageMax: 50,
  pageDefault: 20,
  /** The excerpt of a long text: at most this many characters around the first match. */
  excerptChars: 160,
} as const;

/** A label's name, and how many labels one task may carry. */
export const LABEL_LIMITS = { nameMax: 40, perTask: 10 } as const;

/** A task's field lengths and the list route's page sizes; plain, so the offline engine reads them without zod. */
export const TASK_LIMITS = {
  titleMax: 300,
  descriptionMax: 10_000,
  estimatedMinutesMax: 100_000,
  /** A sub-task's place among its parent's (0 first): far more than a task is ever broken into. */
  positionMax: 10_000,
  listMax: 5_000,
  listDefault: 1_000,
} as const;

/**
 * Attached files: the longest name kept, the multipart field, the size of the server's preview, and the
 * bounds on what the preview decodes (a small file can declare a huge image: a decompression bomb).
 */
export const ATTACHMENT_LIMITS = {
  fieldName: 'file',
  nameMax: 255,
  defaultMaxMb: 25,
  defaultTotalGb: 10,
  previewSide: 320,
  previewMaxInputPixels: 50_000_000,
  previewTimeoutSeconds: 5,
} as const;

/** Import ('Importer') and export ('Exporter'). */
export const IMPORT_FORMATS = ['trello', 'csv', 'jalon'] as const;
export const IMPORT_LIMITS = {
  fieldName: 'file',
  maxBytes: 20 * 1024 * 1024,
  /** The CSV columns, in the order an export writes them; an import finds them by name, in any order. */
  csvColumns: ['titre', 'description', 'statut', 'priorité', 'assigné', 'échéance', 'étiquettes'],
} as const;
/** Rows an export reads per statement: the document is written as it is read, one page in memory. */
export const EXPORT_PAGE_SIZE = 1_000;

/** Raster images the server makes a preview of; SVG is never one (it is a document that can run script). */
export const PREVIEWABLE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;
export const isPreviewable = (contentType: string): boolean =>
  (PREVIEWABLE_TYPES as readonly string[]).includes(contentType);

/**
 * A comment's length (after trimming) and the thread's page sizes; plain, so the composer states the
 * limit without loading zod.
 */
export const COMMENT_LIMITS = {
  bodyMax: 10_000,
  pageMax: 200,
  pageDefault: 100,
} as const;

export const AUDIT = {
  exportFilePrefix: 'audit-logs',
  /** The longest search, user or resource filter the journal takes. */
  searchMax: 200,
  skeletonRows: 6,
} as const;

/**
 * The years a date sent to the API may fall in, once its offset is applied (UTC). PostgreSQL has no
 * year 0 and node-postgres cannot send a five-digit year, so `0000-02-29T00:00:00Z` or
 * `9999-12-31T23:59:59-23:59` (year 10000 in UTC) used to reach the database and fail there (issue 9).
 */
export const DATE_YEARS = { min: 1900, max: 9999 } as const;
/** What a date outside `DATE_YEARS` gets, from the API and under a form's field alike. */
export const DATE_YEARS_MESSAGE = `La date doit être comprise entre les années ${DATE_YEARS.min} et ${DATE_YEARS.max}.`;

/**
 * The events a webhook may ask for. One list that grows: a new kind of data adds its names here, and the
 * server queues them from where it writes that kind.
 */
export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.deleted',
  'task.restored',
  'project.created',
  'project.updated',
  'project.deleted',
  'task.comment.created',
  'member.joined',
  'member.left',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  urlMax: 2_048,
  descriptionMax: 500,
  /** Webhooks one Jalon keeps at most: each change is one delivery per webhook that wants it. */
  maxWebhooks: 50,
  /** 'Journal des envois' shows this many deliveries, newest first. */
  journalSize: 100,
  /** One attempt's whole time: connecting, sending and reading the answer. */
  timeoutMs: 10_000,
  /** Of an answer, at most this much is read (the rest is dropped with the connection). */
  maxResponseBytes: 64 * 1024,
  /** A delivery is retried with a growing delay for this long, then failed; a webhook failing this long is switched off. */
  retryForMs: 24 * 60 * 60_000,
  /** A delivered delivery is kept this long in the journal, then pruned. */
  deliveredRetentionDays: 30,
  /** A failed one longer, so an administrator back from holiday can still read why and resend it. */
  failedRetentionDays: 90,
} as const;

/**
 * Personal access tokens (issue 39): the prefix secret scanners look for, what a person may name and
 * hold, the expiries offered (null: none, administrators only), and the requests one token may make in
 * a window before it answers 429.
 */
export const API_TOKEN = {
  prefix: 'jalon_pat_',
  nameMax: 80,
  perUser: 20,
  expiryDays: [30, 90, 365] as const,
  rateLimit: { max: 300, windowMs: 60_000 },
  /** Last use is written at most this often per token, so a busy script costs no write per request. */
  lastUsedPersistMs: 60_000,
} as const;

/** The calendar feed (issue 39): requests one address may make in a window (calendar apps poll it). */
export const CALENDAR_FEED = {
  rateLimit: { max: 60, windowMs: 60_000 },
} as const;
