import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { LoginResult, Role } from '@jalon/contract';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import type { Mail } from '../modules/mail/mail-transport.ts';
import { users } from '../db/schema.ts';
import { createUser } from '../modules/users/user-service.ts';
import { ResponseValidator } from './response-validator.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { eq } from 'drizzle-orm';
import { inject as provided } from 'vitest';

/**
 * With TEST_DATABASE_URL set (CI does), every test file gets a fresh database on that PostgreSQL
 * server; otherwise an in-memory PGlite. Either way a file's tests share one database, so each test
 * makes its own users (see `uniqueEmail`).
 */
export async function openTestDatabase(
  statementTimeoutMs?: number,
): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // The migrated template of the global setup (database-template.ts) when this suite has one.
    const template = provided('pgliteTemplate');
    const loadDataDir = template ? fs.readFileSync(template) : undefined;
    return {
      database: await openDatabase({ dataDir: null, statementTimeoutMs, loadDataDir }),
      url: null,
      drop: async () => {},
    };
  }
  const scratch = await createScratchDatabase(serverUrl, provided('postgresTemplate') ?? undefined);
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: null,
    poolSize: 5,
    statementTimeoutMs,
  });
  return { database, url: scratch.url, drop: scratch.drop };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** The scratch PostgreSQL database's URL (null on PGlite), for a second instance on the same data. */
  databaseUrl: string | null;
  /** Mails the server "sent", newest last. */
  mailsSent(): Promise<Mail[]>;
  dataDir: string;
  close(): Promise<void>;
}

/** `options.logger` replaces the silent default, for tests that read the log lines. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    events?: BuildAppOptions['events'];
    outboxNow?: BuildAppOptions['outboxNow'];
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_IP_MAX: '10000',
    RESET_IP_MAX: '10000',
    // Tests run the outbox themselves (`ctx.outbox.runDue()`), so nothing is sent behind their back.
    OUTBOX_POLL_INTERVAL_MS: '0',
    ...env,
  });
  const { database, url, drop } = await openTestDatabase(config.statementTimeoutMs);
  await runMigrations(database.pool);
  const mails: Mail[] = [];
  const mailTransport = { deliver: async (mail: Mail) => void mails.push(mail) };
  const app = await buildApp({
    config,
    database,
    mailTransport,
    events: options.events,
    outboxNow: options.outboxNow,
    logger: options.logger ?? (process.env.DEBUG_LOG ? { level: 'error' } : false),
  });
  await app.ready();
  await checkAnswersAgainstDocument(app);
  return {
    app,
    db: database.db,
    database,
    config,
    databaseUrl: url,
    /** Every mail handed over so far, after the outbox has sent what was queued (it runs only when told). */
    async mailsSent(): Promise<Mail[]> {
      await app.ctx.outbox.runDue();
      return mails;
    },
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every answer a test receives through `app.inject` is checked against the published document
 * (/api/openapi.json): an answer it does not describe fails the test that received it.
 */
async function checkAnswersAgainstDocument(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const validator = new ResponseValidator((await inject('/api/openapi.json')).json());
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    validator.check(response);
    return response;
  };
  app.inject = checked as FastifyInstance['inject'];
}

let counter = 0;
export const uniqueEmail = (label = 'user'): string =>
  `${label}-${Date.now().toString(36)}-${counter++}@example.test`;
export const STRONG_PASSWORD = 'Correct horse 7 battery!';

export async function makeUser(
  db: Db,
  options: {
    email?: string;
    password?: string;
    role?: Role;
    username?: string;
    twoFactorEnabled?: boolean;
  } = {},
) {
  const email = options.email ?? uniqueEmail(options.role ?? 'member');
  const password = options.password ?? STRONG_PASSWORD;
  const user = await db.transaction((tx) =>
    createUser(tx, { email, password, role: options.role ?? 'member', username: options.username }),
  );
  if (options.twoFactorEnabled)
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  return { ...user, password };
}

export const json = (response: LightMyRequestResponse) =>
  response.json() as Record<string, unknown> & { data?: never };

export function inject(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  extra: { rememberMe?: boolean; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  body: { data: LoginResult } & Record<string, unknown>;
  headers: LightMyRequestResponse['headers'];
}> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...(extra.rememberMe !== undefined ? { rememberMe: extra.rememberMe } : {}) },
    headers: extra.headers,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A project of the token's user (owner), through the API; its id. */
export async function createProject(
  ctx: TestContext,
  token: string,
  name = 'Projet de test',
): Promise<string> {
  const payload = { name, description: 'x', deadline: '2027-03-31T12:00:00Z' };
  const response = await inject(ctx.app, { method: 'POST', url: '/api/projects', token, payload });
  if (response.statusCode !== 201) throw new Error(`project creation failed: ${response.body}`);
  return response.json().data.id as string;
}

/** Signs a member in and returns its token and session id. */
export async function signIn(ctx: TestContext, options: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(ctx.db, options);
  const result = await login(ctx.app, user.email, user.password);
  if (result.status !== 200 || !result.body.data.token)
    throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
  return { user, token: result.body.data.token, sessionId: result.body.data.sessionId! };
}

/** An administrator with 2FA enrolled through the API, as the security screen does, and a session. */
export async function signInAdmin(ctx: TestContext) {
  const { codeAt } = await import('../lib/totp.ts');
  const user = await makeUser(ctx.db, { role: 'admin' });
  const tempToken = (await login(ctx.app, user.email, user.password)).body.data.tempToken!;
  const setup = (
    await inject(ctx.app, { method: 'POST', url: '/api/2fa/setup', token: tempToken, payload: {} })
  ).json().data;
  const verified = await inject(ctx.app, {
    method: 'POST',
    url: '/api/2fa/verify',
    token: tempToken,
    payload: { code: codeAt(setup.secret, Date.now()) },
  });
  const data = verified.json().data;
  if (!data?.token) throw new Error(`admin enrolment failed: ${verified.body}`);
  return {
    user,
    token: data.token as string,
    sessionId: data.sessionId as string,
    secret: setup.secret as string,
    backupCodes: setup.backupCodes as string[],
  };
}
