import { PRODUCT_NAME } from '@jalon/contract/plain';
import { fr } from '../../locales/fr/index.ts';
import { formatDateTime } from '../../lib/dates.ts';

const t = fr.security.backupCodes;

/** Starts with the product's name and ends 'backup-codes.txt'. */
export const BACKUP_CODES_FILE_NAME = `${PRODUCT_NAME.toLowerCase()}-backup-codes.txt`;

/** The text file a user keeps: what it is, for which account, when, then one code per line. */
export function backupCodesFileText(
  codes: readonly string[],
  email: string | null,
  now = new Date(),
): string {
  const lines: string[] = [t.fileTitle];
  if (email) lines.push(t.fileAccount(email));
  lines.push(t.fileCreated(formatDateTime(now.toISOString())), t.fileHint, '', ...codes, '');
  // CRLF so the file reads right in Windows' Notepad too.
  return lines.join('\r\n');
}
