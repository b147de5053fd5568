import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Queues the mail and returns at once: callers answer the same whether or not a mail goes out.
   * `log` is the logger of the request that sends it, so the delivery lines carry its request id.
   */
  send(mail: Mail, log?: MailLogger): void;
  /** Resolves when every queued mail has been handed over (tests, graceful shutdown). */
  idle(): Promise<void>;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise each mail is written as JSON under DATA_DIR/mail, the local
 * outbox a developer (or an e2e test) reads like an inbox; the log names the file, never its content,
 * because a reset link is a secret (S32).
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  appLog: MailLogger,
): Mailer {
  const pending = new Set<Promise<void>>();
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const outbox = path.join(config.dataDir, 'mail');

  async function deliver(mail: Mail, log: MailLogger): Promise<void> {
    if (transport) {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    // The outbox holds live invitation and reset links: its owner's alone, whatever the umask.
    await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
    const file = path.join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
    // Written aside then renamed, so whoever reads the outbox never sees half a mail.
    await fs.writeFile(
      `${file}.tmp`,
      JSON.stringify({ from: config.mailFrom, ...mail, sentAt: new Date().toISOString() }, null, 2),
      { mode: 0o600 },
    );
    await fs.rename(`${file}.tmp`, file);
    log.info({ to: mail.to, subject: mail.subject, file }, 'no SMTP_URL: mail written to the local outbox');
  }

  return {
    send(mail, log = appLog) {
      const job = deliver(mail, log)
        .catch((error: unknown) => log.error({ err: error, to: mail.to }, 'mail delivery failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      await Promise.all(pending);
    },
  };
}
