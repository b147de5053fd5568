import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childDatabase, killChildren, runCliScript, startServer } from '../test/child-processes.ts';
import { secureDataDir } from './data-folder.ts';

// Issue 31: everything Jalon keeps under DATA_DIR is its owner's alone, whatever the umask it starts with.

afterEach(() => killChildren());

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-modes-'));

/** Every entry under `root` whose mode is not 0700 (folder) or 0600 (anything else), with its mode. */
function tooOpen(root: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const stat = fs.lstatSync(target);
    const expected = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== expected)
      found.push(`${path.relative(root, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name));
  };
  walk(root);
  return found;
}

const count = (root: string): number => fs.readdirSync(root, { recursive: true }).length;

const mailCount = (outbox: string): number =>
  fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.json')).length : 0;

/** Until the outbox holds `count` mails: the reset mail is written in the background after the answer. */
async function waitForMails(outbox: string, count: number): Promise<void> {
  for (let i = 0; i < 100 && mailCount(outbox) < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the data folder', () => {
  it('started with umask 000: the database, the key, the lock, the socket, the mail outbox and a backup are 0600 / 0700', async () => {
    const dataDir = tempDir();
    // Left by an older version: a readable folder and mail.
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'mail'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'mail', 'old.json'), '{}', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'mail'), 0o755);
    fs.chmodSync(path.join(dataDir, 'mail', 'old.json'), 0o644);
    const database = await childDatabase();
    try {
      const server = await startServer(
        { DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@example.test', ...database.env },
        60_000,
        { umask: '000' },
      );
      const forgot = await fetch(`http://127.0.0.1:${server.port}/api/auth/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.test' }),
      });
      expect(forgot.status).toBe(200);
      // The older version's mail is there already: the reset mail makes two.
      await waitForMails(path.join(dataDir, 'mail'), 2);
      expect(mailCount(path.join(dataDir, 'mail'))).toBe(2);
      if (!database.env.DATABASE_URL) {
        const backup = await runCliScript(
          'backup.ts',
          [path.join(dataDir, 'backup.tar.gz')],
          { DATA_DIR: dataDir },
          60_000,
          { umask: '000' },
        );
        expect(backup.stdout).toContain('taken by the running server');
        expect(fs.existsSync(path.join(dataDir, 'control', 'backup.sock'))).toBe(true);
        expect(count(path.join(dataDir, 'pglite'))).toBeGreaterThan(100);
      }
      expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(true);
      expect(tooOpen(dataDir)).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await killChildren();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses to start on a DATA_DIR other users can write, in one line, and touches nothing in it', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o777);
    try {
      const failure = await startServer({ DATA_DIR: dataDir }).then(
        () => null,
        (error: Error) => error.message,
      );
      const output = failure!.split('\n').slice(1).join('\n').trim();
      expect(output).toBe(
        `Jalon cannot start: DATA_DIR ${dataDir} can be written by other users (mode 0777): check what is in it, then run chmod 700 on it.`,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o777);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('tightens what an older version left too open, every level down, without following links', () => {
    const dataDir = tempDir();
    const outside = tempDir();
    try {
      fs.mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'pglite', 'base', '1234'), 'x');
      fs.writeFileSync(path.join(outside, 'elsewhere'), 'x');
      fs.symlinkSync(path.join(outside, 'elsewhere'), path.join(dataDir, 'link'));
      fs.chmodSync(path.join(dataDir, 'pglite', 'base', '1234'), 0o666);
      fs.chmodSync(path.join(dataDir, 'pglite', 'base'), 0o775);
      fs.chmodSync(path.join(dataDir, 'pglite'), 0o755);
      fs.chmodSync(path.join(outside, 'elsewhere'), 0o644);
      fs.chmodSync(dataDir, 0o750);
      secureDataDir(dataDir);
      fs.rmSync(path.join(dataDir, 'link'));
      expect(tooOpen(dataDir)).toEqual([]);
      expect(fs.statSync(path.join(outside, 'elsewhere')).mode & 0o777).toBe(0o644);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('creates a DATA_DIR that does not exist yet as 0700', () => {
    const parent = tempDir();
    try {
      secureDataDir(path.join(parent, 'a', 'data'));
      expect(fs.statSync(path.join(parent, 'a', 'data')).mode & 0o777).toBe(0o700);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
