import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, login, makeUser, type TestContext } from '../../test/test-app.ts';
import { appendAudit, sanitiseText } from './audit-writer.ts';
import { verifyAuditChain } from './verify-chain.ts';

const run = promisify(execFile);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const actor = {
  id: null,
  email: 'auditor@example.test',
  name: 'Auditor',
  ip: '127.0.0.1',
  userAgent: 'vitest',
};

describe('audit log (S32, S33)', () => {
  it('chains every row to the one before it', async () => {
    const user = await makeUser(ctx.db);
    await login(ctx.app, user.email, 'wrong password');
    await login(ctx.app, user.email, user.password);
    const rows = await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ break: null, checked: rows.length });
  });

  it('keeps the chain linear when many transactions append at once', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.db.transaction((tx) =>
          appendAudit(tx, { type: 'auth.test.parallel', actor, outcome: 'success', details: `n${i}` }),
        ),
      ),
    );
    expect((await verifyAuditChain(ctx.db)).break).toBeNull();
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(ctx.database.pool.query("UPDATE audit_log SET details = 'edited'")).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.database.pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(ctx.database.pool.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('rolls the audit row back with the change it records', async () => {
    const before = (await ctx.db.select().from(auditLog)).length;
    await expect(
      ctx.db.transaction(async (tx) => {
        await appendAudit(tx, { type: 'auth.test.rollback', actor, outcome: 'success' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await ctx.db.select().from(auditLog)).length).toBe(before);
  });

  it('hashes what the database stores: lone surrogates, NUL and a surrogate pair cut by the length limit still verify', async () => {
    const odd = { ...actor, name: 'Lone \ud800 name', userAgent: `${'u'.repeat(255)}\u{1F600}` };
    const row = await ctx.db.transaction((tx) =>
      appendAudit(tx, {
        type: 'auth.test.stored_form',
        actor: odd,
        outcome: 'success',
        resource: 'task:\udc00',
        details: `${'d'.repeat(1_999)}\u{1F600} \ud800`,
        metadata: { 'key\ud800': 'value\udfff', nul: 'a\u0000b', list: ['\ud83d', { deep: '\u0000' }] },
      }),
    );
    const [stored] = (
      await ctx.database.pool.query('SELECT actor_name, details, metadata FROM audit_log WHERE id = $1', [
        row.id,
      ])
    ).rows;
    expect(stored.actor_name).toBe('Lone \ufffd name');
    expect(stored.details.endsWith('d\ufffd…')).toBe(true);
    expect(stored.metadata).toEqual({
      'key\ufffd': 'value\ufffd',
      nul: 'a\\x00b',
      list: ['\ufffd', { deep: '\\x00' }],
    });
    const report = await verifyAuditChain(ctx.db);
    expect(report.breaks).toEqual([]);
    expect(report.break).toBeNull();
  });

  it('escapes control characters and truncates long user agents', () => {
    expect(sanitiseText('a\r\nb\u001b[31m', 100)).toBe('a\\x0d\\x0ab\\x1b[31m');
    expect(sanitiseText('x'.repeat(300), 256)).toHaveLength(257);
  });
});

describe('npm run audit:verify', () => {
  it(
    'names every row whose content was changed behind the trigger’s back, not only the first',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-audit-'));
      const serverUrl = process.env.TEST_DATABASE_URL;
      const database = await openDatabase(
        serverUrl ? { databaseUrl: await freshDatabase(serverUrl), dataDir: null } : { dataDir },
      );
      let env: NodeJS.ProcessEnv;
      let tampered: number[];
      try {
        await runMigrations(database.pool);
        for (let i = 0; i < 5; i++) {
          await database.db.transaction((tx) =>
            appendAudit(tx, { type: 'auth.test.cli', actor, outcome: 'success', details: `row ${i}` }),
          );
        }
        const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.id));
        tampered = [rows[1]!.id, rows[3]!.id];
        // Only a superuser can do this: switch the trigger off, edit rows, switch it back on.
        await database.pool.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete');
        await database.pool.query("UPDATE audit_log SET details = 'nothing happened' WHERE id = ANY($1)", [
          tampered,
        ]);
        await database.pool.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete');
        env = {
          ...process.env,
          DATA_DIR: dataDir,
          ...(serverUrl ? { DATABASE_URL: database.listenerConfig!.connectionString } : {}),
        };
      } finally {
        await database.close();
      }
      const cli = fileURLToPath(new URL('../../cli/audit-verify.ts', import.meta.url));
      const failure = await run('node', ['--import', 'tsx', cli], { env }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('Audit chain broken: 2 of 5 row(s) do not verify.');
      for (const id of tampered!) expect(failure?.stderr).toContain(`row ${id}: its content was changed`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
});

async function freshDatabase(serverUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `jalon_test_cli_${Date.now()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
