import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { serveBackups, type BackupSocket } from './db/backup-socket.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DataDirUnsafeError, secureDataDir, useOwnerOnlyUmask } from './db/data-folder.ts';
import { runMigrations } from './db/migrate.ts';

/** Process entry: configuration, database, migrations, first admin, then listen until a signal. */
async function main(): Promise<void> {
  useOwnerOnlyUmask();
  const config = loadConfig();
  secureDataDir(config.dataDir);
  // FILES_DIR elsewhere than under DATA_DIR is held to the same rule: attached files are as private.
  if (!config.files.s3 && path.relative(config.dataDir, config.files.dir).startsWith('..'))
    secureDataDir(config.files.dir, 'FILES_DIR');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.statementTimeoutMs,
    onIdleError: (error) =>
      process.stderr.write(`Database connection lost (it will reconnect): ${error.message}\n`),
    vacuumPeriodMs: config.vacuumPeriodMs,
    onVacuumError: (error) =>
      process.stderr.write(`Embedded database vacuum failed (it runs again later): ${error.message}\n`),
  });
  await runMigrations(database.pool);
  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 15_000;

  const admin = await ensureFirstAdmin(database.db, config);
  if (admin) {
    const lines = [
      '',
      'Jalon: first start, an administrator account was created.',
      `  E-mail:       ${admin.email}`,
      admin.generatedPassword
        ? `  Password:     ${admin.generatedPassword}   (shown once: write it down)`
        : '  Password:     the value of ADMIN_PASSWORD',
      '  Administrators set up two-factor authentication at their first sign-in.',
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
  if (config.isProduction && !config.smtpUrl) {
    app.log.warn('SMTP_URL is not set: reset mails are written to DATA_DIR/mail instead of being sent');
  }

  await app.listen({ host: config.host, port: config.port });
  const backups = await listenForBackups(config.dataDir, database, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
    // Past the grace period, connections still busy are cut so that the database still closes cleanly
    // (and PGlite releases the data folder); a last timer ends a close that hangs anyway.
    let forced = false;
    const cutOff = setTimeout(() => {
      forced = true;
      app.log.warn(
        { graceMs: config.shutdownGraceMs },
        'requests still running after SHUTDOWN_GRACE_MS: cutting their connections',
      );
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5_000).unref();
    await backups?.close();
    await app.close();
    clearTimeout(cutOff);
    await database.close();
    app.log.info('stopped');
    process.exit(forced ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Announced once signals are handled: whoever waits for this line may stop the server at once.
  process.stdout.write(`Jalon is running on ${config.publicUrl} (database: ${database.kind})\n`);
}

/** With PGlite, `npm run backup` asks this process for a snapshot (db/backup-socket.ts). */
async function listenForBackups(
  dataDir: string,
  database: Database,
  log: FastifyBaseLogger,
): Promise<BackupSocket | null> {
  if (!database.dumpDataDir) return null;
  try {
    return await serveBackups(dataDir, database.dumpDataDir, (error) =>
      log.error({ err: error }, 'backup request failed'),
    );
  } catch (error) {
    // A Unix socket path has at most 107 bytes: without /proc (not Linux) a deep DATA_DIR leaves only
    // the offline backup.
    log.warn(
      { err: error },
      'npm run backup cannot reach this server (control socket unavailable): back up with the server stopped',
    );
    return null;
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirUnsafeError
  ) {
    process.stderr.write(`Jalon cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Jalon cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
