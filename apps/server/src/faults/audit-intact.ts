import { eq } from 'drizzle-orm';
import { AUDIT_TYPES } from '@jalon/contract';
import { auditLog } from '../db/schema.ts';
import { verifyAuditChain } from '../modules/audit/verify-chain.ts';
import { withServerDatabase, type ServerDatabaseTarget } from '../test/server-database.ts';

/**
 * Opens the database of a stopped server and returns what is wrong with its audit log: the first
 * break in the hash chain, and created tasks with no `task.created` row. Empty when all is well.
 */
export async function auditProblems(
  target: ServerDatabaseTarget,
  createdTaskIds: Iterable<string>,
): Promise<string[]> {
  return withServerDatabase(target, async ({ db }) => {
    const problems: string[] = [];
    const chain = await verifyAuditChain(db);
    for (const item of chain.breaks) problems.push(`chain broken at row ${item.id} (${item.reason})`);
    const rows = await db
      .select({ resource: auditLog.resource })
      .from(auditLog)
      .where(eq(auditLog.type, AUDIT_TYPES.taskCreated));
    const audited = new Set(rows.map((row) => row.resource));
    for (const id of createdTaskIds)
      if (!audited.has(`task:${id}`)) problems.push(`task ${id} created without its audit row`);
    return problems;
  });
}
