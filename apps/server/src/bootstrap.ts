import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { appendAudit } from './modules/audit/audit-writer.ts';
import { AUDIT_TYPES } from '@jalon/contract';
import { countUsers, createUser } from './modules/users/user-service.ts';

export interface BootstrapResult {
  email: string;
  /** Set only when the password was generated here: it is shown once and never again. */
  generatedPassword: string | null;
}

/**
 * On a database with no user, creates the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * admin@jalon.local with a random password. Returns null when users already exist.
 */
export async function ensureFirstAdmin(db: Db, config: Config): Promise<BootstrapResult | null> {
  if ((await countUsers(db)) > 0) return null;
  const email = config.bootstrapAdmin.email ?? 'admin@jalon.local';
  const generatedPassword = config.bootstrapAdmin.password ? null : randomBytes(12).toString('base64url');
  const password = config.bootstrapAdmin.password ?? generatedPassword!;
  await db.transaction(async (tx) => {
    const user = await createUser(tx, { email, password, username: 'admin', role: 'admin' });
    await appendAudit(tx, {
      type: AUDIT_TYPES.userCreated,
      actor: { id: null, email: null, name: null, ip: '', userAgent: 'jalon-bootstrap' },
      outcome: 'success',
      resource: `user:${user.id}`,
      details: 'Premier administrateur créé au démarrage',
    });
  });
  return { email, generatedPassword };
}
