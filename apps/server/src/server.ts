import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { runMigrations } from './db/migrate.ts';

/** Process entry: configuration, database, migrations, first admin, then listen until a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => process.stderr.write(`Database connection lost (it will reconnect): ${error.message}\n`),
    vacuumPeriodMs: config.vacuumPeriodMs,
    onVacuumError: (error) => process.stderr.write(`Embedded database vacuum failed (it runs again later): ${error.message}\n`),
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
      admin.generatedPassword ? `  Password:     ${admin.generatedPassword}   (shown once: write it down)` : '  Password:     the value of ADMIN_PASSWORD',
      '  Administrators set up two-factor authentication at their first sign-in.',
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
  if (config.isProduction && !config.smtpUrl) {
    app.log.warn('SMTP_URL is not set: reset mails are written to DATA_DIR/mail instead of being sent');
  }

  await app.listen({ host: config.host, port: config.port });
  process.stdout.write(`Jalon is running on ${config.publicUrl} (database: ${database.kind})\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`Jalon cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Jalon cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
