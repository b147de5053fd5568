import { AUDIT_TYPES } from '@jalon/contract';
import type { Tx } from '../db/client.ts';
import { appendAudit, type AuditActor } from '../modules/audit/audit-writer.ts';
import { createUser, findUserByEmail, type UserRow } from '../modules/users/user-service.ts';
import { runCli, withCliDatabase } from './cli-database.ts';
import { seedProjectsAndTasks } from './seed-projects.ts';

/** Demo accounts: members sign in straight away; the password is the same for all, and printed. */
const DEMO_PASSWORD = 'Jalon demo 2026!';
const DEMO_USERS = [
  { email: 'camille@demo.jalon.local', username: 'Camille Martin' },
  { email: 'hugo@demo.jalon.local', username: 'Hugo Bernard' },
  { email: 'lea@demo.jalon.local', username: 'Léa Dubois' },
] as const;

const cliActor = (user: UserRow): AuditActor => ({
  id: user.id,
  email: user.email,
  name: user.username,
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 (jalon seed:demo)',
});

async function seedUser(tx: Tx, demo: (typeof DEMO_USERS)[number]): Promise<UserRow> {
  const existing = await findUserByEmail(tx, demo.email);
  if (existing) return existing;
  const user = await createUser(tx, {
    email: demo.email,
    password: DEMO_PASSWORD,
    username: demo.username,
    role: 'member',
  });
  await appendAudit(tx, {
    type: AUDIT_TYPES.userCreated,
    actor: { id: null, email: null, name: null, ip: '', userAgent: 'jalon seed:demo' },
    outcome: 'success',
    resource: `user:${user.id}`,
    details: 'Utilisateur de démonstration créé',
  });
  // A little history, so the audit journal is not empty on first look.
  await appendAudit(tx, {
    type: AUDIT_TYPES.loginFailed,
    actor: cliActor(user),
    outcome: 'failure',
    details: 'E-mail ou mot de passe incorrect',
  });
  await appendAudit(tx, {
    type: AUDIT_TYPES.loginSucceeded,
    actor: cliActor(user),
    outcome: 'success',
    details: 'Connexion réussie',
  });
  await appendAudit(tx, {
    type: AUDIT_TYPES.logout,
    actor: cliActor(user),
    outcome: 'success',
    details: 'Déconnexion',
  });
  return user;
}

/**
 * `npm run seed:demo`: demo members with a little audit history, and a team's worth of projects and
 * tasks (every status and priority, deadlines past and future), on the configured database. Safe to run
 * twice: users are kept, and projects are added only when there are none yet.
 */
runCli(async () => {
  await withCliDatabase(async (database, config) => {
    const { db } = database;
    const created = await db.transaction(async (tx) => {
      const users = [];
      for (const demo of DEMO_USERS) users.push(await seedUser(tx, demo));
      return users;
    });
    const counts = await seedProjectsAndTasks(database, config, created);
    console.log('Demo data ready. Members (password for all: %s):', DEMO_PASSWORD);
    for (const user of created) console.log(`  ${user.email}  (${user.username})`);
    console.log(
      counts
        ? `  ${counts.projects} projects and ${counts.tasks} tasks added.`
        : '  Projects already present: none added.',
    );
  });
});
