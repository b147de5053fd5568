import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail the server wrote to its local outbox (no SMTP in the tests) for this address. */
export function mailsTo(address: string): Mail[] {
  const outbox = path.join(dataDir(), 'mail');
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
export async function resetLinkFromInbox(address: string): Promise<string> {
  await expect.poll(() => mailsTo(address).length, { message: `a mail to ${address}` }).toBeGreaterThan(0);
  const mail = mailsTo(address).at(-1)!;
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No reset link in the mail to ${address}:\n${mail.text}`);
  return link;
}
