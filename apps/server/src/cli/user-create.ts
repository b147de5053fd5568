import { z } from 'zod';
import { AUDIT_TYPES, emailSchema, roleSchema, usernameSchema } from '@jalon/contract';
import { AppError } from '../lib/errors.ts';
import { appendAudit } from '../modules/audit/audit-writer.ts';
import { roleLabel } from '../modules/members/role-label.ts';
import { createUser } from '../modules/users/user-service.ts';
import { parseFlags, runCli, withCliDatabase } from './cli-database.ts';

const USAGE = 'Usage: npm run user:create -- --email E --password P [--username U] [--role admin|member]';

const argsSchema = z.object({
  email: emailSchema,
  password: z.string(),
  username: usernameSchema.optional(),
  role: roleSchema.default('member'),
});

runCli(async () => {
  const parsed = argsSchema.safeParse(
    parseFlags(process.argv.slice(2), ['email', 'password', 'username', 'role']),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`--${String(issue.path[0])}: ${issue.message}\n${USAGE}`);
  }
  const args = parsed.data;
  await withCliDatabase(async ({ db }) => {
    try {
      const user = await db.transaction(async (tx) => {
        const created = await createUser(tx, args);
        await appendAudit(tx, {
          type: AUDIT_TYPES.userCreated,
          actor: { id: null, email: null, name: null, ip: '', userAgent: 'jalon-cli' },
          outcome: 'success',
          resource: `user:${created.id}`,
          details: `Utilisateur créé en ligne de commande (${roleLabel(created.role)})`,
        });
        return created;
      });
      console.log(`Created ${user.role} ${user.email} (username ${user.username}, id ${user.id}).`);
    } catch (error) {
      if (error instanceof AppError && error.code === 'email_taken')
        throw new Error(`A user with the e-mail ${args.email} already exists.`);
      if (error instanceof AppError && error.code === 'username_taken')
        throw new Error(
          `The name ${args.username} reads like another member's: choose another with --username.`,
        );
      if (error instanceof AppError) throw new Error(error.detail);
      throw error;
    }
  });
});
