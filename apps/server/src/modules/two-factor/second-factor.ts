import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { backupCodes, passkeys, users } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { canonicalBackupCode, matchingStep, newBackupCodes } from '../../lib/totp.ts';

type UserSecrets = Pick<typeof users.$inferSelect, 'id' | 'twoFactorLastStep'>;

/**
 * Accepts a TOTP code once: it must match step t-1, t or t+1 (S12) and come after the last accepted step
 * (S13). The caller holds the user row locked (`lockUser`), so two requests with one code cannot both win.
 */
export async function consumeTotp(
  tx: Tx,
  box: SecretBox,
  user: UserSecrets,
  sealedSecret: string,
  code: string,
): Promise<boolean> {
  const step = matchingStep(box.open(sealedSecret), code);
  if (step === null || (user.twoFactorLastStep !== null && step <= user.twoFactorLastStep)) return false;
  await tx.update(users).set({ twoFactorLastStep: step }).where(eq(users.id, user.id));
  return true;
}

/** Marks one unused backup code used, atomically: of two parallel uses exactly one succeeds (S18). */
export async function consumeBackupCode(
  tx: Tx,
  box: SecretBox,
  userId: string,
  code: string,
): Promise<boolean> {
  const used = await tx
    .update(backupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(backupCodes.userId, userId),
        eq(backupCodes.codeHash, box.keyedHash(canonicalBackupCode(code))),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ id: backupCodes.id });
  return used.length === 1;
}

/** Replaces every backup code of a user with ten new ones and returns them in clear, once (S19). */
export async function replaceBackupCodes(tx: Tx, box: SecretBox, userId: string): Promise<string[]> {
  const codes = newBackupCodes();
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await tx
    .insert(backupCodes)
    .values(codes.map((code) => ({ userId, codeHash: box.keyedHash(canonicalBackupCode(code)) })));
  return codes;
}

export async function remainingBackupCodes(tx: Db | Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.count ?? 0;
}

/** Reads the user row with a lock held until the transaction ends. */
export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Reads several user rows with locks held until the transaction ends, always taken in id order. */
export async function lockUsers(tx: Tx, userIds: string[]) {
  return tx.select().from(users).where(inArray(users.id, userIds)).orderBy(asc(users.id)).for('update');
}

/**
 * Turns a user's 2FA off and erases every factor: the TOTP secret, backup codes and passkeys (a passkey
 * is a second factor too, decision 0037). Used when a person turns it off and when an administrator resets it.
 */
export async function eraseSecondFactors(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
}
