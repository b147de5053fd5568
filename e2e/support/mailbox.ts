import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every mail the server wrote to its local outbox (no SMTP in the tests) for this address; `dir` is
 * the data folder of a journey's own server (support/own-server.ts), the shared server's by default.
 */
export function mailsTo(address: string, dir: string = dataDir()): Mail[] {
  const outbox = path.join(dir, 'mail');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readMail(path.join(outbox, name)))
    .filter((mail): mail is Mail => mail !== null && mail.to.toLowerCase() === address.toLowerCase());
}

/** A file the server is still writing (for another test) reads as incomplete JSON: skip it this time. */
function readMail(file: string): Mail | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Mail;
  } catch {
    return null;
  }
}

/** Waits for the reset mail, then takes the link out of its text as a person would. */
export const resetLinkFromInbox = (address: string): Promise<string> =>
  linkFromInbox(address, '/reset-password');

/** Waits for a mail to `address`, then takes the link to `page` (with its token) out of its text. */
export async function linkFromInbox(address: string, page: string, dir: string = dataDir()): Promise<string> {
  await expect
    .poll(() => mailsTo(address, dir).length, { message: `a mail to ${address}` })
    .toBeGreaterThan(0);
  const mail = mailsTo(address, dir).at(-1)!;
  const link = new RegExp(`https?://\\S+${page}\\?token=\\S+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`No ${page} link in the mail to ${address}:\n${mail.text}`);
  return link;
}
