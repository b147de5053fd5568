import fs from 'node:fs';
import path from 'node:path';

/** DATA_DIR can be changed by other accounts of the host: start-up stops with one line. */
export class DataDirUnsafeError extends Error {}

/** Folders Jalon makes under DATA_DIR, and the mode of the files in them: the owner's alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const GROUP_OR_OTHERS_WRITE = 0o022;
const GROUP_OR_OTHERS_ANY = 0o077;

/**
 * Everything this process creates from now on is its owner's alone (0600 files, 0700 folders), whatever
 * umask it was started with: the embedded database's files (PGlite creates them through Node's fs, on a
 * worker thread that shares the process umask), the mail outbox, the lock, the backup socket. Called by
 * the entry points (server, command-line tools), never by a library: Node lets only the main thread set it.
 */
export function useOwnerOnlyUmask(): void {
  process.umask(GROUP_OR_OTHERS_ANY);
}

/**
 * Makes DATA_DIR private before anything opens it (issue 31: the database files and the mail outbox, with
 * live invitation links, were readable and writable by every account of the host). A folder that others
 * can write is refused: they could already have put files there, so tightening it now proves nothing.
 * What is only too open (a folder 0755, files 0644 from an older version) is tightened, every level down.
 */
export function secureDataDir(dataDir: string, variable = 'DATA_DIR'): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) throw new DataDirUnsafeError(`${variable} ${dataDir} is not a folder.`);
  if (stat.mode & GROUP_OR_OTHERS_WRITE) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
    throw new DataDirUnsafeError(
      `${variable} ${dataDir} can be written by other users (mode ${mode}): check what is in it, then run chmod 700 on it.`,
    );
  }
  tighten(dataDir, stat);
}

/** Takes group and others' rights off a folder and everything under it; symbolic links are not followed. */
function tighten(target: string, stat: fs.Stats): void {
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if (stat.mode & GROUP_OR_OTHERS_ANY) fs.chmodSync(target, PRIVATE_DIR_MODE);
    for (const name of fs.readdirSync(target)) {
      const child = path.join(target, name);
      tighten(child, fs.lstatSync(child));
    }
  } else if (stat.mode & GROUP_OR_OTHERS_ANY) {
    fs.chmodSync(target, PRIVATE_FILE_MODE);
  }
}
