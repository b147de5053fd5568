import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Linux reports process start times in USER_HZ ticks, 100 a second on every architecture it runs on.
const TICKS_PER_SECOND = 100;
// /proc/stat's boot time is in whole seconds: a holder is only called younger than its lock beyond this.
const START_TIME_SLACK_MS = 2_000;

/** When a process started (ms since the epoch), from /proc on Linux; null where that cannot be told. */
export function processStartedAt(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime 22.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(bootSeconds)) return null;
    return bootSeconds * 1000 + (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Whether the process now at `pid` can be the one that wrote the lock: alive, and (where the system
 * says when it started) started before the lock was written. A process that started afterwards got
 * the pid of a holder that died: another program, or another container's start (issue 14).
 */
function holdsLock(pid: number, lockWrittenAt: number): boolean {
  if (!isAlive(pid)) return false;
  const startedAt = processStartedAt(pid);
  return startedAt === null || startedAt <= lockWrittenAt + START_TIME_SLACK_MS;
}

/**
 * PGlite is a single-process database: two processes writing one data folder corrupt it. The first
 * process takes an exclusive lock file holding its pid; a second one refuses to start with a clear
 * message. A lock left by a process that died, or whose pid now belongs to a process started after the
 * lock was written, is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, 'jalon.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      const writtenAt = fs.statSync(lockPath).mtimeMs;
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && holdsLock(holder, writtenAt)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is already in use by another Jalon process (pid ${holder}). ` +
            'Stop it first, or point DATA_DIR at another folder (or use DATABASE_URL for PostgreSQL).',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
