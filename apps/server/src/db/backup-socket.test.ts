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
    const socket = await serveBackups(
      dataDir,
      async () => dump,
      () => {},
    );
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
    const socket = await serveBackups(
      dataDir,
      async () => Promise.reject(new Error('disk full')),
      (error) => errors.push(error),
    );
    try {
      await expect(requestBackup(dataDir)).rejects.toThrow('The server could not take the backup: disk full');
      expect(errors).toHaveLength(1);
    } finally {
      await socket.close();
    }
  });

  it('answers null when no server listens', async () => {
    expect(await requestBackup(dataDir)).toBeNull();
    expect(await requestBackup(path.join(dataDir, 'x'.repeat(150)))).toBeNull();
  });

  it('serves a DATA_DIR whose socket path is longer than a Unix socket allows', async () => {
    const deep = path.join(dataDir, 'x'.repeat(150));
    expect(Buffer.byteLength(backupSocketPath(deep))).toBeGreaterThan(107);
    const socket = await serveBackups(
      deep,
      async () => Buffer.from('the dump'),
      () => {},
    );
    try {
      expect(fs.statSync(backupSocketPath(deep)).mode & 0o777).toBe(0o600);
      expect((await requestBackup(deep))?.toString()).toBe('the dump');
    } finally {
      await socket.close();
    }
    expect(fs.existsSync(backupSocketPath(deep))).toBe(false);
  });

  it('takes one backup at a time: a second request meanwhile is refused with a clear message, a later one is served', async () => {
    let finish = () => {};
    const dumps: string[] = [];
    const socket = await serveBackups(
      dataDir,
      () =>
        new Promise<Buffer>(
          (resolve) => ((finish = () => resolve(Buffer.from('first'))), dumps.push('started')),
        ),
      () => {},
    );
    try {
      const first = requestBackup(dataDir);
      while (dumps.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await expect(requestBackup(dataDir)).rejects.toThrow(
        'The server could not take the backup: another backup is being taken: run npm run backup again once it has finished',
      );
      finish();
      expect((await first)?.toString()).toBe('first');
      const later = requestBackup(dataDir);
      while (dumps.length === 1) await new Promise((resolve) => setTimeout(resolve, 10));
      finish();
      expect(await later).not.toBeNull();
      expect(dumps).toHaveLength(2);
    } finally {
      await socket.close();
    }
  });
});
