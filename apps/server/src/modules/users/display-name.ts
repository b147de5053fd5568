import { sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

// Held while a name is checked and written, so two accounts created at once cannot both take one name.
const NAME_LOCK = 7_356_003;

/**
 * What a name looks like, whatever its case and script: 'Admin', 'admin' and 'Аdmin' (Cyrillic А) give
 * one form. Unicode's confusable skeleton (UTS #39, the data of unhomoglyph) on the case-folded,
 * compatibility-normalised name, spaces collapsed (decision 0048).
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  return unhomoglyph(folded.normalize('NFD')).normalize('NFD').toLowerCase();
}

export const nameTaken = (): AppError =>
  new AppError(409, 'username_taken', 'This name is too close to another member’s', {
    errors: [{ path: 'username', message: 'This name is too close to another member’s' }],
  });

/** Whether a name can be told apart from every other account's (deactivated ones too: their names stay on tasks). */
export async function isNameFree(tx: Tx, name: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NAME_LOCK})`);
  const wanted = nameSkeleton(name);
  const taken = await tx.select({ username: users.username }).from(users);
  return !taken.some((row) => nameSkeleton(row.username) === wanted);
}
