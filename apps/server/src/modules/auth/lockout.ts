import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema.ts';

export interface LockState {
  lockedUntil: Date | null;
  failures: number;
}

/**
 * Consecutive sign-in failures per normalised e-mail, kept for unknown e-mails too so that a lockout
 * says nothing about which accounts exist (S05). The row is locked while it is updated, so parallel
 * failures all count.
 */
export class Lockout {
  constructor(private readonly config: Config['login']) {}

  async state(db: Db | Tx, email: string, now = new Date()): Promise<LockState> {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.email, email)).limit(1);
    if (!row) return { lockedUntil: null, failures: 0 };
    const locked = row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
    return { lockedUntil: locked, failures: locked || !row.lockedUntil ? row.failures : 0 };
  }

  /** Counts one failure; returns the state after it (locked once the limit is reached). */
  async recordFailure(
    tx: Tx,
    email: string,
    now = new Date(),
  ): Promise<LockState & { attemptsRemaining: number }> {
    await tx.insert(loginThrottle).values({ email, failures: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.email, email)).for('update');
    // A lock that has run out starts a fresh count.
    const previous = row?.lockedUntil && row.lockedUntil <= now ? 0 : (row?.failures ?? 0);
    const failures = previous + 1;
    const lockedUntil =
      failures >= this.config.maxFailures ? new Date(now.getTime() + this.config.lockMs) : null;
    await tx
      .update(loginThrottle)
      .set({ failures, lockedUntil, updatedAt: now })
      .where(eq(loginThrottle.email, email));
    return { failures, lockedUntil, attemptsRemaining: Math.max(0, this.config.maxFailures - failures) };
  }

  async reset(tx: Db | Tx, email: string): Promise<void> {
    await tx.delete(loginThrottle).where(eq(loginThrottle.email, email));
  }
}
