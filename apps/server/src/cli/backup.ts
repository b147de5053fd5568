import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, resolveFromInvocation } from '../config.ts';
import { backupSocketPath, requestBackup } from '../db/backup-socket.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { secureDataDir } from '../db/data-folder.ts';
import { backupFilesFolder, copyContent } from '../modules/attachments/content-copy.ts';
import { runCli } from './cli-database.ts';

const USAGE =
  'Usage: npm run backup -- FILE   (writes the embedded database to FILE, a .tar.gz, and the attached files to FILE.files/)';

/** No server running: open the data folder here (this takes its lock) and dump it. */
async function dumpWithoutServer(dataDir: string): Promise<Buffer> {
  if (!fs.existsSync(path.join(dataDir, 'pglite')))
    throw new Error(`${dataDir} holds no database (is DATA_DIR right?)`);
  const database = await openDatabase({ dataDir }).catch((error: unknown) => {
    // A server holds the folder but did not answer on its socket: say so, not only that the folder is in use.
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(`${error.message} It did not answer on ${backupSocketPath(dataDir)}: its log says why.`);
  });
  try {
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

/**
 * `npm run backup -- FILE`: a consistent snapshot of the embedded database, taken by the running
 * server when there is one (db/backup-socket.ts), otherwise from the data folder directly. PostgreSQL
 * has pg_dump (docs/operations.md).
 */
runCli(async () => {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('--')) throw new Error(USAGE);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see docs/operations.md).');
  secureDataDir(config.dataDir);
  const file = resolveFromInvocation(args[0]!);
  const fromServer = await requestBackup(config.dataDir);
  const backup = fromServer ?? (await dumpWithoutServer(config.dataDir));
  // Written aside then renamed: a FILE that exists is always a whole backup. 0600: it holds password hashes.
  fs.writeFileSync(`${file}.partial`, backup, { mode: 0o600 });
  fs.renameSync(`${file}.partial`, file);
  const source = fromServer ? 'by the running server' : 'from the data folder (no server was running)';
  console.log(
    `Backup written to ${file} (${(backup.length / 1024 / 1024).toFixed(1)} MiB), taken ${source}.`,
  );
  // After the database: every file its rows name is in FILES_DIR already (one removed meanwhile aside).
  if (config.files.s3) {
    console.log('The attached files are in the S3 bucket (S3_URL): back it up with its own tools.');
  } else {
    const folder = backupFilesFolder(file);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const { copied, skipped } = copyContent(config.files.dir, folder);
    console.log(`Attached files copied to ${folder}: ${copied} new, ${skipped} already there.`);
  }
  if (!config.secretKey) {
    console.log(
      `The backup does not hold ${path.join(config.dataDir, 'secret.key')}: keep a copy of that file apart from it.`,
    );
  }
});
