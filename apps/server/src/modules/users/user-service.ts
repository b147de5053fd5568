import { eq, sql } from 'drizzle-orm';
import type { Role, User } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAcceptablePassword, hashPassword } from '../../lib/password.ts';
import { isNameFree, nameTaken } from './display-name.ts';

export type UserRow = typeof users.$inferSelect;

/** E-mails are matched case-insensitively: stored and looked up trimmed, NFC and lower case. */
export const normaliseEmail = (email: string): string => email.normalize('NFC').trim().toLowerCase();

export const toPublicUser = (
  row: Pick<UserRow, 'id' | 'email' | 'username' | 'role' | 'twoFactorEnabled'>,
): User => ({
  id: row.id,
  email: row.email,
  username: row.username,
  role: row.role,
  twoFactorEnabled: row.twoFactorEnabled,
});

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export interface NewUser {
  email: string;
  password: string;
  username?: string | undefined;
  role?: Role;
}

/**
 * Creates a user after checking the password policy; a taken e-mail is a 409 `email_taken`, a name that
 * reads like another member's a 409 `username_taken`. Without a name, the e-mail's local part is used, or
 * the whole e-mail when that one is taken.
 */
export async function createUser(tx: Tx, input: NewUser): Promise<UserRow> {
  assertAcceptablePassword(input.password);
  const email = normaliseEmail(input.email);
  const chosen = input.username?.trim();
  let username = chosen || email.split('@')[0] || email;
  if (!(await isNameFree(tx, username))) {
    if (chosen) throw nameTaken();
    username = email;
  }
  const passwordHash = await hashPassword(input.password);
  const [row] = await tx
    .insert(users)
    .values({
      email,
      username,
      role: input.role ?? 'member',
      passwordHash,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
  return row;
}
