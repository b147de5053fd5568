import { asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { AdminMember, Member } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

const byName = [asc(sql`lower(${users.username})`), asc(users.id)];

/**
 * The active members for person pickers (and the deactivated ones too when asked, for the names on
 * their tasks); their e-mail only for an administrator's eyes.
 */
export async function listMembers(
  db: Db,
  options: { withEmail: boolean; withDeactivated: boolean },
): Promise<Member[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(options.withDeactivated ? undefined : isNull(users.deactivatedAt))
    .orderBy(...byName);
  return rows.map(({ email, deactivatedAt, ...member }) => ({
    ...member,
    active: deactivatedAt === null,
    ...(options.withEmail ? { email } : {}),
  }));
}

/** Every account, active or not, with 2FA and the latest activity of any session, for the administration screen. */
export async function listAdminMembers(db: Db): Promise<AdminMember[]> {
  const lastActive = db
    .select({ userId: sessions.userId, at: max(sessions.lastActiveAt).as('at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_active');
  const rows = await db
    .select({ user: users, lastActiveAt: lastActive.at })
    .from(users)
    .leftJoin(lastActive, eq(lastActive.userId, users.id))
    .orderBy(...byName);
  return rows.map(({ user, lastActiveAt }) => presentAdminMember(user, lastActiveAt));
}

export function presentAdminMember(
  user: Pick<
    typeof users.$inferSelect,
    'id' | 'username' | 'email' | 'role' | 'deactivatedAt' | 'twoFactorEnabled' | 'createdAt'
  >,
  lastActiveAt: Date | string | null,
): AdminMember {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    active: user.deactivatedAt === null,
    twoFactorEnabled: user.twoFactorEnabled,
    lastActiveAt: lastActiveAt === null ? null : new Date(lastActiveAt).toISOString(),
    createdAt: user.createdAt.toISOString(),
  };
}
