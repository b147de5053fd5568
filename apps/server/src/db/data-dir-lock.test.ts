import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartedAt } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('refuses a second process on the same PGlite folder with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'jalon.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`already in use by another Jalon process (pid ${other.pid})`);
    } finally {
      other.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-lock-'));
    fs.writeFileSync(path.join(dir, 'jalon.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'jalon.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'jalon.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a lock whose pid now belongs to a process started after the lock was written (a reused pid)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-lock-'));
    const lockPath = path.join(dir, 'jalon.lock');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      fs.writeFileSync(lockPath, String(other.pid));
      // The lock was written a minute before this process started: its pid was reused.
      const aMinuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(lockPath, aMinuteAgo, aMinuteAgo);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
      release();
    } finally {
      other.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.platform === 'linux')('reads when a process started from /proc', () => {
    const startedAt = processStartedAt(process.pid)!;
    expect(startedAt).toBeLessThanOrEqual(Date.now());
    expect(startedAt).toBeGreaterThan(Date.now() - process.uptime() * 1000 - 5_000);
    expect(processStartedAt(999_999_999)).toBeNull();
  });
});
