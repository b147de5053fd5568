import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killChildren, runCliScript, startServer } from '../test/child-processes.ts';
import { requestBackup } from './backup-socket.ts';

// Issue 31: online backups of the embedded database reach the server whatever DATA_DIR's path, and
// never starve the requests it serves.

afterEach(() => killChildren());

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

describe('npm run backup against a running server', () => {
  it('reaches it through a DATA_DIR of 150 bytes', { timeout: 180_000 }, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-deep-'));
    const dataDir = path.join(root, 'd'.repeat(150 - root.length - 1));
    expect(Buffer.byteLength(dataDir)).toBe(150);
    try {
      const server = await startServer({ DATA_DIR: dataDir });
      const file = path.join(root, 'deep.tar.gz');
      const backup = await runCliScript('backup.ts', [file], { DATA_DIR: dataDir });
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toContain('taken by the running server');
      expect(backup.code).toBe(0);
      expect(fs.readFileSync(file).subarray(0, 2).equals(GZIP_MAGIC)).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it(
    'three backups asked at once: each is taken or refused with a clear message, and /api/health stays ok meanwhile',
    { timeout: 180_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-busy-'));
      try {
        expect((await runCliScript('seed-demo.ts', [], { DATA_DIR: dataDir })).code).toBe(0);
        const server = await startServer({ DATA_DIR: dataDir });
        let backingUp = true;
        const health: Array<{ status: number; body: string }> = [];
        const probe = (async () => {
          while (backingUp) {
            const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
            health.push({ status: response.status, body: await response.text() });
          }
        })();
        const outcomes = await Promise.allSettled([
          requestBackup(dataDir),
          requestBackup(dataDir),
          requestBackup(dataDir),
        ]);
        backingUp = false;
        await probe;

        const taken = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        expect(taken.length).toBeGreaterThanOrEqual(1);
        for (const outcome of taken) expect(outcome.value?.subarray(0, 2).equals(GZIP_MAGIC)).toBe(true);
        for (const outcome of outcomes.filter((item) => item.status === 'rejected')) {
          expect(String(outcome.reason)).toContain(
            'another backup is being taken: run npm run backup again once it has finished',
          );
        }
        expect(health.length).toBeGreaterThan(0);
        for (const answer of health) {
          expect(answer.status).toBe(200);
          expect(JSON.parse(answer.body).data.status).toBe('ok');
        }
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
