import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('mailer without SMTP', () => {
  it('writes each mail as a whole JSON file in DATA_DIR/mail, and logs the file but not the text', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-mail-'));
    const logged: object[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Jalon <no-reply@jalon.local>', dataDir },
      { info: (obj) => void logged.push(obj), error: (obj) => void logged.push(obj) },
    );
    mailer.send({
      to: 'marie@example.test',
      subject: 'Réinitialisation',
      text: 'secret link https://x/reset?token=abc',
    });
    await mailer.idle();
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.json$/);
    const mail = JSON.parse(fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8'));
    expect(mail).toMatchObject({
      to: 'marie@example.test',
      subject: 'Réinitialisation',
      from: 'Jalon <no-reply@jalon.local>',
    });
    expect(JSON.stringify(logged)).not.toContain('token=abc');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('mailer logging', () => {
  it("logs a delivery with the sending request's logger when given one, so the line carries its request id", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-mail-'));
    const appLines: string[] = [];
    const requestLines: string[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Jalon <no-reply@jalon.local>', dataDir },
      { info: (_obj, msg) => void appLines.push(msg), error: (_obj, msg) => void appLines.push(msg) },
    );
    mailer.send(
      { to: 'marie@example.test', subject: 'Réinitialisation', text: 'lien' },
      { info: (_obj, msg) => void requestLines.push(msg), error: (_obj, msg) => void requestLines.push(msg) },
    );
    await mailer.idle();
    expect(requestLines).toEqual(['no SMTP_URL: mail written to the local outbox']);
    expect(appLines).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
