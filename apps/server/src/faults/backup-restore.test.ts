import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { verifyAuditChain } from '../modules/audit/verify-chain.ts';
import { killChildren, runCliScript, startServer } from '../test/child-processes.ts';

const COUNTED = ['users', 'projects', 'tasks', 'audit_log'] as const;

/** Opens a PGlite data folder in this process and reads what the test compares. */
async function inspect(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED)
      counts[table] = (await database.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n;
    const names = (await database.pool.query('select name from projects order by name')).rows.map(
      (row: { name: string }) => row.name,
    );
    const liveSessions = (
      await database.pool.query('select count(*)::int as n from sessions where revoked_at is null')
    ).rows[0].n as number;
    const epoch = (await database.pool.query('select epoch from change_counter')).rows[0].epoch as string;
    return { counts, names, liveSessions, epoch, chain: await verifyAuditChain(database.db) };
  } finally {
    await database.close();
  }
}

async function api(port: number, method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${url}`).toBeLessThan(300);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe('npm run backup / npm run restore (embedded database)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-backup-'));
  const original = path.join(root, 'original');
  const restored = path.join(root, 'restored');
  const backupFile = path.join(root, 'live.tar.gz');
  afterEach(() => killChildren());
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it(
    'backs up while the server runs, and restores users, projects, tasks and an intact audit chain',
    { timeout: 240_000 },
    async () => {
      expect((await runCliScript('seed-demo.ts', [], { DATA_DIR: original })).code).toBe(0);
      const server = await startServer({ DATA_DIR: original });
      // Written by the running server just before the backup: still only in its WAL, not checkpointed.
      const session = await api(server.port, 'POST', '/api/auth/login', {
        email: 'camille@demo.jalon.local',
        password: 'Jalon demo 2026!',
      });
      const token = session.token as string;
      const project = await api(
        server.port,
        'POST',
        '/api/projects',
        { name: 'Sauvegarde à chaud', description: '', deadline: '2027-01-31T00:00:00.000Z' },
        token,
      );
      await api(
        server.port,
        'POST',
        '/api/tasks',
        { title: 'Écrite juste avant la sauvegarde', project: project.id },
        token,
      );

      const backup = await runCliScript('backup.ts', [backupFile], { DATA_DIR: original });
      expect(backup.stdout).toContain('taken by the running server');
      expect(backup.code).toBe(0);
      expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const offline = await runCliScript('backup.ts', [path.join(root, 'offline.tar.gz')], {
        DATA_DIR: original,
      });
      expect(offline.stdout).toContain('from the data folder (no server was running)');

      const restore = await runCliScript('restore.ts', [backupFile], { DATA_DIR: restored });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      const before = await inspect(original);
      const after = await inspect(restored);
      expect(after.counts).toEqual(before.counts);
      expect(after.counts.tasks).toBeGreaterThan(0);
      expect(after.names).toContain('Sauvegarde à chaud');
      expect(after.chain).toMatchObject({ checked: before.counts.audit_log, broken: 0, break: null });
      // Offline devices must read everything again: their cursors were signed with the old epoch.
      expect(after.epoch).not.toBe(before.epoch);
      expect(restore.stdout).toContain(`Audit chain intact: ${before.counts.audit_log} row(s) verified.`);
      // The session opened before the backup is over: a restored database signs everyone in again.
      expect(before.liveSessions).toBeGreaterThan(0);
      expect(after.liveSessions).toBe(0);
      expect((await runCliScript('audit-verify.ts', [], { DATA_DIR: restored })).stdout).toContain(
        'Audit chain intact',
      );

      const again = await runCliScript('restore.ts', [backupFile], { DATA_DIR: restored });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(
        'already holds a database: restore into an empty DATA_DIR, or add --force to replace it',
      );
    },
  );
});
