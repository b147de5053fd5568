import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML, for the mails that have it (notifications). */
  html?: string;
  /** Headers of its own (a notification's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Where the outbox hands a mail: an SMTP server, or the local folder. */
export interface MailTransport {
  /**
   * Hands one mail over, or throws (the outbox tries again later). `messageId` is the mail's own and the
   * same at every attempt, so a mail handed over twice (a crash before the outbox recorded the first)
   * is recognisable as one.
   */
  deliver(mail: Mail, messageId: string, queuedAt: Date): Promise<void>;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise each mail is written as JSON under DATA_DIR/mail, the local
 * folder a developer (or an e2e test) reads like an inbox; the log names the file, never its content,
 * because a reset link is a secret (S32).
 */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: MailLogger,
): MailTransport {
  // An attempt ends well within the outbox's lease (a minute): a server that does not answer is a failed
  // attempt, tried again later, not a job another instance takes over while this one still waits.
  const smtp = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  const folder = path.join(config.dataDir, 'mail');
  return {
    async deliver(mail, messageId, queuedAt) {
      if (smtp) {
        await smtp.sendMail({ from: config.mailFrom, messageId, ...mail });
        log.info({ to: mail.to, subject: mail.subject, messageId }, 'mail sent');
        return;
      }
      // The folder holds live invitation and reset links: its owner's alone, whatever the umask.
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      // Named by when it was queued and by its Message-ID: a second attempt writes the same file again,
      // and the names sort in the order the mails were asked for.
      const name = `${queuedAt.getTime()}-${messageId.replace(/[^\w.-]/g, '')}.json`;
      const file = path.join(folder, name);
      // Written aside then renamed, so whoever reads the folder never sees half a mail.
      await fs.writeFile(
        `${file}.tmp`,
        JSON.stringify(
          { from: config.mailFrom, messageId, ...mail, sentAt: new Date().toISOString() },
          null,
          2,
        ),
        { mode: 0o600 },
      );
      await fs.rename(`${file}.tmp`, file);
      log.info({ to: mail.to, subject: mail.subject, file }, 'no SMTP_URL: mail written to the local folder');
    },
  };
}
