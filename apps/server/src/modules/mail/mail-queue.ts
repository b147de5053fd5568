import type { Tx } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { enqueueJobs, type JobHandler } from '../outbox/outbox.ts';
import type { Mail, MailTransport } from './mail-transport.ts';

/** The outbox's name for a mail to send. */
export const MAIL_JOB = 'mail';

/** A mail server down for days delays mail; after three, the mail is given up (its links are long dead). */
export const MAIL_GIVE_UP_MS = 3 * 24 * 3_600_000;

/**
 * Mail leaves through the database's outbox: queued in the transaction of the change it tells of (an
 * invitation, a reset link), so it exists if and only if that change commits, and sent by one instance,
 * again and again until the mail server takes it. Its content is sealed in the outbox: invitation and
 * reset links are secrets, which the database otherwise keeps only as hashes.
 */
export class MailQueue {
  constructor(
    private readonly box: SecretBox,
    /** The domain of the Message-IDs (the public address's host). */
    private readonly domain: string,
  ) {}

  async queue(tx: Tx, mail: Mail): Promise<number> {
    const now = new Date();
    const payload = { sealed: this.box.seal(JSON.stringify(mail)), queuedAt: now.toISOString() };
    const [id] = await enqueueJobs(tx, [{ kind: MAIL_JOB, payload }], {
      now,
      giveUpAfterMs: MAIL_GIVE_UP_MS,
    });
    return id!;
  }

  /** The outbox's handler for mail: each attempt hands the mail over with the same Message-ID. */
  handler(transport: MailTransport): JobHandler {
    return {
      run: async (job) => {
        const mail = JSON.parse(this.box.open(String(job.payload.sealed))) as Mail;
        try {
          await transport.deliver(
            mail,
            `<mail-${job.id}@${this.domain}>`,
            new Date(String(job.payload.queuedAt)),
          );
          return { ok: true };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      },
    };
  }
}
