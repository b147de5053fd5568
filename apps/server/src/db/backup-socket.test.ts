import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { backupSocketPath, requestBackup, serveBackups } from './backup-socket.ts';

describe('backup socket', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-socket-'));
  afterEach(() => fs.rmSync(path.join(dataDir, 'control'), { recursive: true, force: true }));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('hands the dump to whoever asks, through a socket only the owner can reach', async () => {
    const dump = Buffer.alloc(3 * 1024 * 1024, 7);
    const socket = await serveBackups(dataDir, async () => dump, () => {});
    try {
      expect(fs.statSync(path.dirname(backupSocketPath(dataDir))).mode & 0o777).toBe(0o700);
      expect(fs.statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600);
      expect((await requestBackup(dataDir))?.equals(dump)).toBe(true);
    } finally {
      await socket.close();
    }
  });

  it('passes on why a dump failed', async () => {
    const errors: unknown[] = [];
    const socket = await serveBackups(dataDir, async () => Promise.reject(new Error('disk full')), (error) => errors.push(error));
    try {
      await expect(requestBackup(dataDir)).rejects.toThrow('The server could not take the backup: disk full');
      expect(errors).toHaveLength(1);
    } finally {
      await socket.close();
    }
  });

  it('answers null when no server listens, and refuses a path too long for a Unix socket', async () => {
    expect(await requestBackup(dataDir)).toBeNull();
    await expect(serveBackups(path.join(dataDir, 'x'.repeat(100)), async () => Buffer.alloc(0), () => {})).rejects.toThrow(/longer than 107 bytes/);
  });
});
