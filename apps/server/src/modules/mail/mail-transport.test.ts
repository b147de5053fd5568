import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailTransport } from './mail-transport.ts';

describe('mail transport without SMTP', () => {
  it('writes each mail as a whole private JSON file in DATA_DIR/mail, the same file at a second attempt, and logs the file but not the text', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-mail-'));
    const logged: object[] = [];
    const transport = createMailTransport(
      { smtpUrl: undefined, mailFrom: 'Jalon <no-reply@jalon.local>', dataDir },
      { info: (obj) => void logged.push(obj) },
    );
    const mail = { to: 'marie@example.test', subject: 'Réinitialisation', text: 'https://x/reset?token=abc' };
    const queuedAt = new Date('2026-11-28T08:00:00Z');
    await transport.deliver(mail, '<mail-7@jalon.example.org>', queuedAt);
    await transport.deliver(mail, '<mail-7@jalon.example.org>', queuedAt);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toEqual([`${queuedAt.getTime()}-mail-7jalon.example.org.json`]);
    const file = path.join(dataDir, 'mail', files[0]!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      ...mail,
      from: 'Jalon <no-reply@jalon.local>',
      messageId: '<mail-7@jalon.example.org>',
    });
    expect(JSON.stringify(logged)).not.toContain('token=abc');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
