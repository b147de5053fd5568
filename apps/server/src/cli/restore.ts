import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, resolveFromInvocation } from '../config.ts';
import { afterRestore } from '../db/after-restore.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { secureDataDir } from '../db/data-folder.ts';
import { runMigrations } from '../db/migrate.ts';
import { describeBreaks, verifyAuditChain } from '../modules/audit/verify-chain.ts';
import { backupFilesFolder, copyContent } from '../modules/attachments/content-copy.ts';
import { runCli } from './cli-database.ts';

const USAGE =
  'Usage: npm run restore -- FILE [--force]   (FILE from npm run backup; the server must be stopped)';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/**
 * Makes room for the restored database. A database already there is never deleted: with --force it
 * is moved aside, so a mistaken restore can be undone by hand.
 */
function clearDatabaseFolder(dataDir: string, force: boolean): string | null {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!fs.existsSync(pgliteDir) || fs.readdirSync(pgliteDir).length === 0) return null;
  if (!force)
    throw new Error(
      `${dataDir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it.`,
    );
  const aside = path.join(dataDir, `pglite.before-restore-${new Date().toISOString().replaceAll(':', '-')}`);
  fs.renameSync(pgliteDir, aside);
  return aside;
}

/**
 * `npm run restore -- FILE [--force]`: unpacks a backup into DATA_DIR, brings it to the current schema,
 * runs `afterRestore` (sessions end; the sync epoch will be renewed there) and checks the audit chain.
 */
runCli(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('--')) throw new Error(USAGE);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/operations.md).');
  secureDataDir(config.dataDir);
  const file = resolveFromInvocation(files[0]!);
  const backup = fs.readFileSync(file);
  if (!backup.subarray(0, 2).equals(GZIP_MAGIC))
    throw new Error(`${file} is not a backup made by npm run backup (not a .tar.gz).`);

  // The lock proves no server uses the folder before anything in it moves. It is released and taken
  // again by openDatabase in the same tick, so no server can start in between.
  const release = lockDataDir(config.dataDir);
  let aside: string | null;
  try {
    aside = clearDatabaseFolder(config.dataDir, force);
  } finally {
    release();
  }
  const database = await openDatabase({ dataDir: config.dataDir, loadDataDir: backup });
  try {
    await runMigrations(database.pool);
    const { sessionsEnded } = await afterRestore(database.db);
    const chain = await verifyAuditChain(database.db);
    if (aside) console.log(`The database that was there was moved to ${aside}.`);
    console.log(
      `Restored ${file} into ${config.dataDir}; ${sessionsEnded} session(s) ended, everyone signs in again.`,
    );
    const filesFolder = backupFilesFolder(file);
    if (!config.files.s3 && fs.existsSync(filesFolder)) {
      fs.mkdirSync(config.files.dir, { recursive: true, mode: 0o700 });
      const { copied } = copyContent(filesFolder, config.files.dir);
      console.log(`Attached files restored into ${config.files.dir}: ${copied} file(s).`);
    }
    if (chain.break) throw new Error(`The restored database does not verify.\n${describeBreaks(chain)}`);
    console.log(`Audit chain intact: ${chain.checked} row(s) verified.`);
  } finally {
    await database.close();
  }
  if (!config.secretKey && !fs.existsSync(path.join(config.dataDir, 'secret.key'))) {
    console.log(
      `No secret.key in ${config.dataDir}: copy the original one there before starting the server, or enrolled ` +
        'authenticator apps must be set up again (a new key would be generated).',
    );
  }
});
